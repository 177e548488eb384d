/**
 * The sign-in calls (accounts-and-comms §7 'Account and sign-in'): each is marked captcha, so the client adds the
 * invisible token and answers a captcha-required 429 with the captcha modal (§4 'Captcha').
 */
import type { HostContext } from '@tours/shared/contract';
import { DoneAnswer, SendCodeAnswer, SignedInAnswer, type AuthBody, type AuthViaCodeBody, type RegisterBody, type RegisterWithoutPasswordBody, type SendAuthCodeBody } from '@tours/shared/api';

type Api = HostContext['api'];

/** POST /crm/api/user/register-without-password: quick registration; the same answer for a new and a known login. */
export function registerWithoutPassword(api: Api, body: RegisterWithoutPasswordBody): Promise<SendCodeAnswer> {
  return api.post('/crm/api/user/register-without-password', body, { schema: SendCodeAnswer, captcha: true });
}

/** POST /crm/api/user/send-auth-code: the code again, or through another channel. */
export function sendAuthCode(api: Api, body: SendAuthCodeBody): Promise<SendCodeAnswer> {
  return api.post('/crm/api/user/send-auth-code', body, { schema: SendCodeAnswer, captcha: true });
}

/** POST /crm/api/user/auth-via-code: the token, the profile and the favourites now in the account. */
export function authViaCode(api: Api, body: AuthViaCodeBody): Promise<SignedInAnswer> {
  return api.post('/crm/api/user/auth-via-code', body, { schema: SignedInAnswer, captcha: true });
}

/**
 * POST /crm/api/user/auth: signs in with a login (e-mail or phone) and a password. A wrong one is a 422 'Incorrect
 * login or password'; a failure may answer `data: { type: 'redirect', url }` (§4).
 */
export function authWithPassword(api: Api, body: AuthBody): Promise<SignedInAnswer> {
  return api.post('/crm/api/user/auth', body, { schema: SignedInAnswer, captcha: true });
}

/** POST /crm/api/user/password-recovery: e-mails a link to set a new password; the same answer for any address. */
export function passwordRecovery(api: Api, body: { email: string }): Promise<DoneAnswer> {
  return api.post('/crm/api/user/password-recovery', body, { schema: DoneAnswer, captcha: true });
}

/**
 * POST /crm/api/user/register: an account with an e-mail and a password, signed in at once (the token, the profile
 * and the favourites, the device's joined). An e-mail or phone that has an account is a 422 on that field.
 */
export function register(api: Api, body: RegisterBody): Promise<SignedInAnswer> {
  return api.post('/crm/api/user/register', body, { schema: SignedInAnswer, captcha: true });
}
