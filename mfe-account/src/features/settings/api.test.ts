import type { HostContext } from '@tours/shared/contract';
import * as calls from './api';

/** Each call's method, path and whether it carries the captcha protocol (the spec marks some 'captcha'). */
describe('the account page\'s calls', () => {
  const api = { get: jest.fn(() => Promise.resolve()), post: jest.fn(() => Promise.resolve()) } as unknown as HostContext['api'] & { get: jest.Mock; post: jest.Mock };
  beforeEach(() => jest.clearAllMocks());

  test.each<[string, (a: HostContext['api']) => unknown, 'get' | 'post', string, boolean]>([
    ['profile', (a) => calls.fetchProfile(a), 'get', '/crm/api/user/profile', false],
    ['update-profile', (a) => calls.updateProfile(a, { first_name: 'A', last_name: '' }), 'post', '/crm/api/user/update-profile', false],
    ['set-language', (a) => calls.setLanguage(a, { language_code: 'de' }), 'post', '/crm/api/user/set-language', false],
    ['image upload', (a) => calls.uploadImage(a, new File(['x'], 'me.png', { type: 'image/png' }), 'avatars'), 'post', '/crm/api/image/upload', true],
    ['update-profile-photo', (a) => calls.updateProfilePhoto(a, { avatar_id: 7 }), 'post', '/crm/api/user/update-profile-photo', false],
    ['country list', (a) => calls.fetchCountries(a), 'get', '/crm/api/dropdown/country', false],
    ['change-country', (a) => calls.changeCountry(a, { country_id: 1 }), 'post', '/crm/api/user/change-country', true],
    ['change-email', (a) => calls.changeEmail(a, { email: 'a@b.cd' }), 'post', '/crm/api/user/change-email', true],
    ['email-confirmation-request', (a) => calls.requestEmailConfirmation(a), 'post', '/crm/api/user/email-confirmation-request', false],
    ['confirm-email', (a) => calls.confirmEmail(a, { code: '12345' }), 'post', '/crm/api/user/confirm-email', false],
    ['change-phone', (a) => calls.changePhone(a, { phone: '+4930123456' }), 'post', '/crm/api/user/change-phone', true],
    ['phone-confirmation-methods', (a) => calls.fetchPhoneConfirmationMethods(a), 'get', '/crm/api/user/phone-confirmation-methods', true],
    ['send-confirmation-code', (a) => calls.sendConfirmationCode(a, { code_sender: 'sms' }), 'post', '/crm/api/user/send-confirmation-code', true],
    ['confirm-phone', (a) => calls.confirmPhone(a, { code: '12345' }), 'post', '/crm/api/user/confirm-phone', false],
    ['change-password', (a) => calls.changePassword(a, { password: 'x', confirm_password: 'x' }), 'post', '/crm/api/user/change-password', false],
    ['access-token-by-one-time-token', (a) => calls.signInByLink(a, { token: 't' }), 'post', '/crm/api/user/access-token-by-one-time-token', false],
    ['check-password-reset-token', (a) => calls.checkPasswordResetToken(a, { token: 't' }), 'post', '/crm/api/user/check-password-reset-token', false],
    ['password-reset', (a) => calls.resetPassword(a, { token: 't', password: 'x', confirm_password: 'x' }), 'post', '/crm/api/user/password-reset', false],
  ])('%s', (_name, call, method, path, captcha) => {
    void call(api);
    const mock = method === 'get' ? api.get : api.post;
    expect(mock).toHaveBeenCalledTimes(1);
    const [calledPath, ...rest] = mock.mock.calls[0] as [string, ...unknown[]];
    expect(calledPath).toBe(path);
    const options = rest.at(-1) as { captcha?: boolean; schema: unknown };
    expect(options.schema).toBeDefined();
    expect(Boolean(options.captcha)).toBe(captcha);
  });
});

test('the image upload is a multipart form: the bucket and the file, with a longer timeout', () => {
  const api = { get: jest.fn(), post: jest.fn(() => Promise.resolve()) } as unknown as HostContext['api'] & { post: jest.Mock };
  const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
  void calls.uploadImage(api, image, 'avatars');
  const [, body, options] = api.post.mock.calls[0] as [string, FormData, { timeout: number }];
  expect(body).toBeInstanceOf(FormData);
  expect(body.get('bucket')).toBe('avatars');
  expect((body.get('image') as File).name).toBe('me.png');
  expect(options.timeout).toBe(calls.UPLOAD_TIMEOUT_MS);
});
