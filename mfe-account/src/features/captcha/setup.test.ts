import { altchaChallengeUrl, captchaSetup, providerLanguage, turnstileAction } from './setup';

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

  test.each([
    ['/spa/captcha/challenge', 'user/send_auth_code', '/spa/captcha/challenge?action=user%2Fsend_auth_code'],
    ['/spa/captcha/challenge?hard=1', 'rest/submit_help_request', '/spa/captcha/challenge?hard=1&action=rest%2Fsubmit_help_request'],
    ['/spa/captcha/challenge?', 'a', '/spa/captcha/challenge?action=a'],
    ['https://captcha.example.com/challenge#x', 'a b', 'https://captcha.example.com/challenge?action=a%20b#x'],
    ['javascript:alert(1)', 'a', null],
    ['//evil.example.com/c', 'a', null],
    ['challenge', 'a', null],
  ])('ALTCHA challenge of key %p and action %p: %p', (key, action, url) => expect(altchaChallengeUrl(key, action)).toBe(url));

  test.each([
    ['user/send_auth_code', 'user_send_auth_code'],
    ['rest/submit-help-request', 'rest_submit-help-request'],
    ['a'.repeat(40), 'a'.repeat(32)],
  ])('Turnstile action of %p is %p', (action, expected) => expect(turnstileAction(action)).toBe(expected));

  test.each([
    ['altcha', 'cn', 'zh-cn'],
    ['turnstile', 'de', 'de'],
    ['hcaptcha', 'cn', 'zh-CN'],
    ['yandex', 'de', 'en'],
    ['yandex', 'ru', 'ru'],
    ['turnstile', 'xx', 'en'],
  ] as const)('%s speaks %s as %p', (provider, locale, code) => expect(providerLanguage(provider, locale)).toBe(code));
});
