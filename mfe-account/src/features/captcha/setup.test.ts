import { providerLanguage, turnstileAction } from './setup';

// captchaSetup and altchaChallengeUrl moved to shared (shared/src/api/captcha-setup.test.ts): the partner widget uses them too.
describe('the hosted providers\' parameters (accounts-and-comms §4 Captcha)', () => {
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
