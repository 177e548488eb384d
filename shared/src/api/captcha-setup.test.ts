import { captchaSetup } from './captcha-setup';

const settings = (captcha_provider: string | null, captcha_key: string | null, hard_captcha_key: string | null = null) => ({ captcha_provider, captcha_key, hard_captcha_key });

describe('captcha setup (accounts-and-comms §5 Captcha, §8 Captcha)', () => {
  test.each([
    ['captcha', settings('altcha', '/spa/captcha/challenge', '/spa/captcha/challenge?hard=1'), { kind: 'ready', provider: 'altcha', key: '/spa/captcha/challenge' }],
    ['hard_captcha', settings('altcha', '/spa/captcha/challenge', '/spa/captcha/challenge?hard=1'), { kind: 'ready', provider: 'altcha', key: '/spa/captcha/challenge?hard=1' }],
    ['captcha', settings(' Turnstile ', '0x4AAA'), { kind: 'ready', provider: 'turnstile', key: '0x4AAA' }],
    ['captcha', settings('yandex', 'ysc1_key'), { kind: 'ready', provider: 'yandex', key: 'ysc1_key' }],
    ['captcha', settings('hcaptcha', 'site-key'), { kind: 'ready', provider: 'hcaptcha', key: 'site-key' }],
    ['captcha', settings(null, 'k'), { kind: 'missing' }],
    ['captcha', settings('', 'k'), { kind: 'missing' }],
    ['captcha', settings('altcha', null), { kind: 'missing' }],
    ['captcha', settings('altcha', '  '), { kind: 'missing' }],
    ['hard_captcha', settings('altcha', '/spa/captcha/challenge', null), { kind: 'missing' }],
    ['captcha', settings('recaptcha', 'k'), { kind: 'unknown', provider: 'recaptcha' }],
    ['captcha', settings('local', null), { kind: 'unknown', provider: 'local' }],
  ] as const)('%s with %p → %p', (type, s, expected) => expect(captchaSetup(type, s)).toEqual(expected));
});
