import type { HostContext } from '@tours/shared/contract';
import * as calls from './api';

/** The sign-in calls: each is marked captcha (the spec's 'captcha'), so the client carries the captcha protocol. */
describe('the sign-in calls', () => {
  const api = { get: jest.fn(() => Promise.resolve()), post: jest.fn(() => Promise.resolve()) } as unknown as HostContext['api'] & { post: jest.Mock };
  beforeEach(() => jest.clearAllMocks());

  test.each<[(a: HostContext['api']) => unknown, string]>([
    [(a) => calls.registerWithoutPassword(a, { phone: '+79991234567' }), '/crm/api/user/register-without-password'],
    [(a) => calls.sendAuthCode(a, { login: '+79991234567' }), '/crm/api/user/send-auth-code'],
    [(a) => calls.authViaCode(a, { login: '+79991234567', code: '12345' }), '/crm/api/user/auth-via-code'],
    [(a) => calls.authWithPassword(a, { login: 'a@b.cd', password: 'x' }), '/crm/api/user/auth'],
    [(a) => calls.passwordRecovery(a, { email: 'a@b.cd' }), '/crm/api/user/password-recovery'],
  ])('%#: %s is a captcha call', (call, path) => {
    void call(api);
    expect(api.post).toHaveBeenCalledWith(path, expect.anything(), expect.objectContaining({ captcha: true, schema: expect.anything() }));
  });
});
