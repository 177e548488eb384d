/**
 * Sign-in (accounts-and-comms §3, §4 'Sign-in flow', 'Logout', §7 'Account and sign-in', §9): one-time codes
 * (their life, tries and limits), passwords, links, tokens, and that no answer tells whether a login has an account.
 * Codes are read from the outbox page, as a developer or an end-to-end test reads them (never from an answer).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ProfileAnswer, SendCodeAnswer, SignedInAnswer } from '@tours/shared/src/api/schemas/accounts';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { countCodeSends, insertCode } from '../src/db/queries/auth-codes';
import { accountsDb, insertTraveller, travellerByLogin, travellerOfLogin } from '../src/db/queries/travellers';
import { expectShape, get, lastCode, outboxTo, solveCaptcha, testServer, withTestServer } from './helpers';

const clock = { now: Date.now() };
let tours: number[];

const { t, app } = withTestServer({ devMode: true }, { now: () => clock.now });
beforeAll(async () => {
  tours = (await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').limit(3).execute()).map((r) => r.id);
});

const post = (url: string, body?: unknown, headers: Record<string, string> = {}, server = app) =>
  server.inject({ method: 'POST', url: `/crm/api/user/${url}`, ...(body === undefined ? {} : { payload: body as object }), headers });
/** A call refused (422) with these field errors. */
async function expectRefused(url: string, body: unknown, errors: Record<string, string>) {
  const res = await post(url, body);
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual(errors);
}
const bearer = (token: string) => ({ 'x-authorization': `Bearer ${token}` });
const profileStatus = async (token: string) => (await get(app, '/crm/api/user/profile', bearer(token))).status;

/** Sends a code to an e-mail and signs in with it. */
async function signInByCode(email: string, favourites: number[] = []): Promise<SignedInAnswer> {
  expect((await post('send-auth-code', { login: email })).statusCode).toBe(200);
  const res = await post('auth-via-code', { login: email, code: await lastCode(app, email), favourites_tours_ids: favourites });
  expect(res.statusCode).toBe(200);
  return expectShape(res.json(), SignedInAnswer);
}

describe('register-without-password and send-auth-code', () => {
  test('a code goes to the e-mail; the answer is the same for a known and a new login and a known account is not touched', async () => {
    await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com' });
    const known = await post('register-without-password', { email: 'anna@example.com', first_name: 'Mallory', last_name: 'X' });
    const fresh = await post('register-without-password', { email: 'Aria@Example.com', first_name: 'Aria', last_name: 'Nova', timezone: 3, country_id: 1 });
    expect([known.statusCode, fresh.statusCode]).toEqual([200, 200]);
    const expected: SendCodeAnswer = {
      is_bot: false, verification_methods: [{ type: 'email', is_default: true }], masked_email: 'a***a@example.com', is_registered: true,
      error: null, is_verification_code_sent: true, token: null, profile: null,
    };
    // Both masks are 'a***a@example.com': the bodies are byte for byte the same.
    expect(known.body).toBe(fresh.body);
    expect(expectShape(known.json(), SendCodeAnswer)).toEqual(expected);
    expect(await travellerByLogin(t.db, { kind: 'email', value: 'anna@example.com' })).toMatchObject({ first_name: 'Anna', last_name: 'Petrova' });
    expect(await travellerByLogin(t.db, { kind: 'email', value: 'aria@example.com' })).toMatchObject({ first_name: 'Aria', last_name: 'Nova', timezone: 3, country_id: 1, language: 'en' });
    for (const to of ['anna@example.com', 'aria@example.com']) {
      const [message] = await outboxTo(app, to);
      expect(message).toMatchObject({ channel: 'email', status: 'kept', subject: 'Your sign-in code' });
      expect(message!.code).toMatch(/^\d{5}$/);
      // The answers never carry the code.
      expect(known.body + fresh.body).not.toContain(message!.code);
    }
    // send-auth-code: the same for a login nobody has.
    const a = await post('send-auth-code', { login: 'anna@example.com' });
    const b = await post('send-auth-code', { login: 'alva@example.com' });
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual(expected);
  });

  test('a phone gets its code by SMS (default) or WhatsApp; the messages follow X-Language', async () => {
    const sms = await post('register-without-password', { phone: '+7 (916) 123-45-67' }, { 'x-language': 'ru' });
    expect(expectShape(sms.json(), SendCodeAnswer)).toMatchObject({
      verification_methods: [{ type: 'sms', is_default: true }, { type: 'whatsapp', is_default: false }], masked_email: null, is_registered: true,
    });
    const [first] = await outboxTo(app, '+79161234567');
    expect(first).toMatchObject({ channel: 'sms', status: 'kept', subject: '' });
    expect(first!.text).toContain('код для входа');
    const wa = await post('send-auth-code', { login: '+79161234567', code_sender: 'whatsapp' }, { 'x-language': 'de' });
    expect(wa.json().verification_methods).toEqual([{ type: 'sms', is_default: false }, { type: 'whatsapp', is_default: true }]);
    const [second] = await outboxTo(app, '+79161234567');
    expect(second).toMatchObject({ channel: 'whatsapp' });
    expect(second!.text).toContain('Anmeldecode');
  });

  test.each([
    [{}, { phone: 'Required field' }],
    [{ first_name: 'Anna' }, { phone: 'Required field' }],
    [{ code_sender: 'email' }, { email: 'Required field' }],
    [{ phone: '+79161234567', code_sender: 'email' }, { email: 'Required field' }],
    [{ email: 'x@example.com', code_sender: 'sms' }, { phone: 'Required field' }],
    [{ phone: '+79161234567', code_sender: 'telegram' }, { code_sender: 'Incorrect value' }],
    [{ email: 'not-an-email' }, { email: 'Please enter a valid e-mail' }],
    [{ phone: '12345' }, { phone: 'Please enter a valid phone number' }],
    [{ email: 'x@example.com', country_id: 999999 }, { country_id: 'Incorrect value' }],
    [{ email: 'x@example.com', timezone: 20 }, { timezone: 'Maximum 14' }],
    [{ email: 'x@example.com', favourites_tours_ids: ['a'] }, { favourites_tours_ids: 'Incorrect value' }],
  ])('register-without-password %j → 422 %j, nothing sent', async (body, errors) => {
    const res = await post('register-without-password', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: Object.values(errors)[0], errors });
    expect(await outboxTo(app, 'x@example.com')).toEqual([]);
  });

  test.each([
    [{}, { login: 'Required field' }],
    [{ login: '' }, { login: 'Required field' }],
    [{ login: 'nobody' }, { login: 'Incorrect value' }],
    [{ login: 'x@example.com', code_sender: 'sms' }, { code_sender: 'Incorrect value' }],
    [{ login: '+79161234567', code_sender: 'email' }, { code_sender: 'Incorrect value' }],
    [{ login: 'x@example.com', code_sender: 'pigeon' }, { code_sender: 'Incorrect value' }],
  ])('send-auth-code %j → 422 %j', (body, errors) => expectRefused('send-auth-code', body, errors));
});

describe('auth-via-code', () => {
  test('signs in: a token, the profile, the e-mail confirmed, the device favourites merged into the account (existing tours only)', async () => {
    await post('register-without-password', { email: 'maria@example.com', first_name: 'Maria', last_name: 'Ivanova' });
    const code = await lastCode(app, 'maria@example.com');
    const res = await post('auth-via-code', { login: 'MARIA@example.com', code, verify_method: 'email', favourites_tours_ids: [tours[1], tours[0], 999999] });
    expect(res.statusCode).toBe(200);
    const answer = expectShape(res.json(), SignedInAnswer);
    expect(answer.profile).toMatchObject({ first_name: 'Maria', last_name: 'Ivanova', email: 'maria@example.com', is_email_set: true, is_admin_auth: false, is_email_confirmed: true, is_phone_confirmed: false });
    expect(answer.favourites_tours_ids).toEqual([tours[0], tours[1]]);
    expect(expectShape((await get(app, '/crm/api/user/profile', bearer(answer.token))).body, ProfileAnswer).profile.id).toBe(answer.profile.id);
    expect((await travellerByLogin(t.db, { kind: 'email', value: 'maria@example.com' }))?.email_confirmed_at).not.toBeNull();

    // Favourites of the account stay; the next device's join them.
    const again = await signInByCode('maria@example.com', [tours[2]!]);
    expect(again.favourites_tours_ids).toEqual([...tours].sort((a, b) => a - b));
    expect(again.token).not.toBe(answer.token);
  });

  test('a login without an account gets one when its code comes back (send-auth-code signs up)', async () => {
    const answer = await signInByCode('newcomer@example.com');
    expect(answer.profile).toMatchObject({ email: 'newcomer@example.com', first_name: '', last_name: '', is_email_set: true });
    expect(answer.favourites_tours_ids).toEqual([]);
    // A phone login too, through redirect-auth-via-code (the same call).
    await post('send-auth-code', { login: '+4915112345678' });
    const res = await post('redirect-auth-via-code', { login: '+49 151 1234 5678', code: await lastCode(app, '+4915112345678') });
    expect(expectShape(res.json(), SignedInAnswer).profile).toMatchObject({ phone: '+4915112345678', email: null, is_email_set: false, is_email_confirmed: false, is_phone_confirmed: true });
  });

  test('a login that got an account after its code was sent signs in to that account (the check asks, not the send)', async () => {
    expect((await post('send-auth-code', { login: 'late.account@example.com' })).statusCode).toBe(200);
    const code = await lastCode(app, 'late.account@example.com');
    const registered = expectShape((await post('register', { first_name: 'Lena', email: 'late.account@example.com', password: 'correct horse battery', confirm_password: 'correct horse battery' })).json(), SignedInAnswer);
    const res = await post('auth-via-code', { login: 'late.account@example.com', code });
    expect(expectShape(res.json(), SignedInAnswer).profile).toMatchObject({ id: registered.profile.id, first_name: 'Lena', is_email_confirmed: true });
  });

  test('an account made between the code\'s check and the sign-in is the one signed in (its insert refused, then read)', async () => {
    const login = { kind: 'email', value: 'made.meanwhile@example.com' } as const;
    const id = await insertTraveller(t.db, { first_name: 'Ivan', last_name: '', email: login.value, phone: null, language: 'en' });
    const { traveller, created } = await travellerOfLogin(t.db, login, { first_name: '', last_name: '', language: 'en' }, new Date(), { proved: true, held: false });
    expect([traveller.id, traveller.first_name, created]).toEqual([id, 'Ivan', false]);
  });

  test('a wrong code is 422 Incorrect code; after 5 wrong ones the code is dead, even the right one; a new code works', async () => {
    await post('send-auth-code', { login: 'tries@example.com' });
    const code = await lastCode(app, 'tries@example.com');
    const wrong = String((Number(code) + 1) % 100000).padStart(5, '0');
    for (let i = 0; i < 5; i++) {
      const res = await post('auth-via-code', { login: 'tries@example.com', code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Incorrect code', errors: { code: 'Incorrect code' } });
    }
    const dead = await post('auth-via-code', { login: 'tries@example.com', code });
    expect(dead.statusCode).toBe(422);
    expect(dead.json().errors).toEqual({ code: 'The code has expired. Request a new one' });
    await post('send-auth-code', { login: 'tries@example.com' });
    expect((await post('auth-via-code', { login: 'tries@example.com', code: await lastCode(app, 'tries@example.com') })).statusCode).toBe(200);
  });

  test('a code works once; a new code ends the previous one; a code expires after 10 minutes', async () => {
    const login = 'once@example.com';
    await post('send-auth-code', { login });
    const code = await lastCode(app, login);
    expect((await post('auth-via-code', { login, code })).statusCode).toBe(200);
    expect((await post('auth-via-code', { login, code })).json().errors).toEqual({ code: 'The code has expired. Request a new one' });

    await post('send-auth-code', { login });
    const older = await lastCode(app, login);
    await post('send-auth-code', { login });
    const newer = await lastCode(app, login);
    // (Once in 100,000 sends the two codes are the same digits.)
    if (older !== newer) expect((await post('auth-via-code', { login, code: older })).json().errors.code).toBe('Incorrect code');

    await post('send-auth-code', { login });
    const late = await lastCode(app, login);
    clock.now += 10 * 60_000 + 1_000;
    expect((await post('auth-via-code', { login, code: late })).json().errors).toEqual({ code: 'The code has expired. Request a new one' });
  });

  test('guesses sent at once get no more than 5 tries between them, and the right code among them works once', async () => {
    const login = 'parallel@example.com';
    await post('send-auth-code', { login });
    const code = await lastCode(app, login);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 100000).padStart(5, '0');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('auth-via-code', { login, code: wrong(i) })));
    const said = answers.map((res) => res.json().errors.code);
    expect(said.filter((m) => m === 'Incorrect code')).toHaveLength(5);
    expect(said.filter((m) => m === 'The code has expired. Request a new one')).toHaveLength(7);
    expect((await post('auth-via-code', { login, code })).json().errors.code).toBe('The code has expired. Request a new one');

    await post('send-auth-code', { login });
    const next = await lastCode(app, login);
    const rights = await Promise.all(Array.from({ length: 4 }, () => post('auth-via-code', { login, code: next })));
    expect(rights.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422]);
  });

  test('a code of one login does not sign in another', async () => {
    await post('send-auth-code', { login: 'one@example.com' });
    const res = await post('auth-via-code', { login: 'two@example.com', code: await lastCode(app, 'one@example.com') });
    expect(res.statusCode).toBe(422);
  });

  test('codes are kept as an HMAC with the server secret, never as the code or its plain hash', async () => {
    await post('send-auth-code', { login: 'stored@example.com' });
    const code = await lastCode(app, 'stored@example.com');
    const row = await accountsDb(t.db).selectFrom('auth_codes').selectAll().where('login', '=', 'stored@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.code_hash).not.toBe(createHash('sha256').update(`sign_in:stored@example.com:${code}`).digest('hex'));
  });

  test.each([
    [{ login: 'x@example.com' }, { code: 'Required field' }],
    [{ login: 'x@example.com', code: '1234' }, { code: 'Incorrect value' }],
    [{ login: 'x@example.com', code: '123456' }, { code: 'Maximum 5 characters' }],
    [{ login: 'x@example.com', code: 'abcde' }, { code: 'Incorrect value' }],
    [{ code: '12345' }, { login: 'Required field' }],
    [{ login: 'x@example.com', code: '12345', verify_method: 'fax' }, { verify_method: 'Incorrect value' }],
  ])('auth-via-code %j → 422 %j', (body, errors) => expectRefused('auth-via-code', body, errors));
});

describe('one-time sign-in link', () => {
  test("the sign-in e-mail's link signs in once", async () => {
    await post('send-auth-code', { login: 'link@example.com' }, { 'x-language': 'de' });
    const [message] = await outboxTo(app, 'link@example.com');
    expect(message!.links).toHaveLength(1);
    const url = new URL(message!.links[0]!);
    expect(url.origin).toBe('http://localhost:8080');
    expect(url.pathname).toBe('/de/account');
    const token = url.searchParams.get('one_time_token')!;
    const res = await post('access-token-by-one-time-token', { token });
    expect(expectShape(res.json(), SignedInAnswer).profile.email).toBe('link@example.com');
    const again = await post('access-token-by-one-time-token', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'The link has expired. Request a new one', errors: { token: 'The link has expired. Request a new one' } });
    expect((await post('access-token-by-one-time-token', { token: 'a'.repeat(43) })).statusCode).toBe(422);
    expect((await post('access-token-by-one-time-token', { token: 'not a token!' })).json().errors).toEqual({ token: 'Incorrect value' });
  });
});

describe('tokens', () => {
  test('refresh-token answers a new token and ends the old one', async () => {
    const { token } = await signInByCode('refresh@example.com');
    const res = await post('refresh-token', undefined, bearer(token));
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(fresh).not.toBe(token);
    expect(await profileStatus(fresh)).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    expect((await post('refresh-token', undefined, bearer(token))).statusCode).toBe(401);
    expect((await post('refresh-token')).json()).toEqual({ message: 'Unauthorized' });
  });

  test('logout ends the token; it answers success with a dead token or none', async () => {
    const { token } = await signInByCode('logout@example.com');
    const other = (await signInByCode('logout@example.com')).token;
    expect((await post('logout', undefined, bearer(token))).json()).toEqual({ success: true });
    expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(other)).toBe(200);
    expect((await post('logout', undefined, bearer(token))).json()).toEqual({ success: true });
    expect((await post('logout')).json()).toEqual({ success: true });
    // A body that is not an object is refused like anywhere else.
    const bad = await app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(bad.statusCode).toBe(400);
    expectShape(bad.json(), ErrorBody);
  });
});

describe('passwords', () => {
  const password = 'correct horse battery';

  test('register: confirm_password must match; signs in; an e-mail with an account is refused', async () => {
    const mismatch = await post('register', { first_name: 'Petr', email: 'petr@example.com', password, confirm_password: 'something else' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ message: 'Do not match', errors: { confirm_password: 'Do not match' } });
    expect((await post('register', { first_name: 'Petr', email: 'petr@example.com', password: 'short', confirm_password: 'short' })).json().errors)
      .toEqual({ password: 'Minimum 8 characters' });
    expect((await post('register', { first_name: 'Petr', email: '', password, confirm_password: password })).json().errors).toEqual({ email: 'Required field' });
    const res = await post('register', { first_name: 'Petr', last_name: 'Sidorov', email: 'Petr@Example.com', phone: '+79990001122', password, confirm_password: password, timezone: 3 });
    expect(res.statusCode).toBe(200);
    const answer = expectShape(res.json(), SignedInAnswer);
    expect(answer.profile).toMatchObject({ first_name: 'Petr', last_name: 'Sidorov', email: 'petr@example.com', phone: '+79990001122' });
    expect(await profileStatus(answer.token)).toBe(200);
    const stored = await travellerByLogin(t.db, { kind: 'email', value: 'petr@example.com' });
    expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{86}==$/);
    expect((await post('register', { first_name: 'P', email: 'petr@example.com', password, confirm_password: password })).json().errors).toEqual({ email: 'This e-mail is already registered' });
  });

  test('auth: the password signs in by e-mail or phone; a wrong password, an unknown login and an account without one are the same 422', async () => {
    await post('register', { first_name: 'Olga', email: 'olga@example.com', phone: '+79990002233', password, confirm_password: password });
    for (const login of ['olga@example.com', 'OLGA@example.com', '+7 999 000-22-33']) {
      expect(expectShape((await post('auth', { login, password })).json(), SignedInAnswer).profile.email).toBe('olga@example.com');
    }
    // The device's favourites join the account on a password sign-in too.
    const withFavourites = expectShape((await post('auth', { login: 'olga@example.com', password, favourites_tours_ids: [tours[0]] })).json(), SignedInAnswer);
    expect(withFavourites.favourites_tours_ids).toEqual([tours[0]]);
    await insertTraveller(t.db, { first_name: 'NoPassword', last_name: '', email: 'nopass@example.com' });
    const answers = await Promise.all([
      post('auth', { login: 'olga@example.com', password: 'wrong password' }),
      post('auth', { login: 'nobody-here@example.com', password }),
      post('auth', { login: 'nopass@example.com', password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Incorrect login or password' });
    }
    expect((await post('auth', { login: 'olga@example.com', password: '' })).json().errors).toEqual({ password: 'Required field' });
  });

  test('a wrong password takes as long as an unknown login (both check a scrypt hash)', async () => {
    const time = async (login: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) expect((await post('auth', { login, password: 'wrong password' })).statusCode).toBe(422);
      return performance.now() - started;
    };
    await post('register', { first_name: 'Timed', email: 'timed@example.com', password, confirm_password: password });
    const known = await time('timed@example.com');
    const unknown = await time('untimed@example.com');
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });

  test('recovery: the same answer for an unknown address; the link resets the password once and ends every token', async () => {
    const { token } = expectShape((await post('register', { first_name: 'Ivan', email: 'ivan@example.com', password, confirm_password: password })).json(), SignedInAnswer);
    const known = await post('password-recovery', { email: 'ivan@example.com' });
    const unknown = await post('password-recovery', { email: 'ivana@example.com' });
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true });
    expect(await outboxTo(app, 'ivana@example.com')).toEqual([]);
    const [mail] = await outboxTo(app, 'ivan@example.com');
    expect(mail).toMatchObject({ subject: 'Reset your password', code: null });
    const resetToken = new URL(mail!.links[0]!).searchParams.get('password_reset_token')!;
    expect((await post('check-password-reset-token', { token: resetToken })).json()).toEqual({ valid: true });
    expect((await post('check-password-reset-token', { token: 'b'.repeat(43) })).json()).toEqual({ valid: false });

    expect((await post('password-reset', { token: resetToken, password: 'new password 1', confirm_password: 'other' })).json().errors).toEqual({ confirm_password: 'Do not match' });
    expect((await post('password-reset', { token: resetToken, password: 'new password 1' })).json()).toEqual({ success: true });
    expect(await profileStatus(token)).toBe(401);
    expect((await post('auth', { login: 'ivan@example.com', password })).statusCode).toBe(422);
    expect((await post('auth', { login: 'ivan@example.com', password: 'new password 1' })).statusCode).toBe(200);
    expect((await post('check-password-reset-token', { token: resetToken })).json()).toEqual({ valid: false });
    const reused = await post('password-reset', { token: resetToken, password: 'new password 2' });
    expect(reused.json()).toEqual({ message: 'The link has expired. Request a new one', errors: { token: 'The link has expired. Request a new one' } });

    // A link lives an hour; a newer one ends the older.
    await post('password-recovery', { email: 'ivan@example.com' });
    const first = new URL((await outboxTo(app, 'ivan@example.com'))[0]!.links[0]!).searchParams.get('password_reset_token')!;
    await post('password-recovery', { email: 'ivan@example.com' });
    const second = new URL((await outboxTo(app, 'ivan@example.com'))[0]!.links[0]!).searchParams.get('password_reset_token')!;
    expect((await post('check-password-reset-token', { token: first })).json()).toEqual({ valid: false });
    expect((await post('check-password-reset-token', { token: second })).json()).toEqual({ valid: true });
    clock.now += 61 * 60_000;
    expect((await post('check-password-reset-token', { token: second })).json()).toEqual({ valid: false });
    expect((await post('password-reset', { token: second, password: 'new password 3' })).statusCode).toBe(422);
  });

  test('change-password: the old password is checked; the other tokens end, this one goes on', async () => {
    const { token } = expectShape((await post('register', { first_name: 'Lev', email: 'lev@example.com', password, confirm_password: password })).json(), SignedInAnswer);
    const other = expectShape((await post('auth', { login: 'lev@example.com', password })).json(), SignedInAnswer).token;
    const wrong = await post('change-password', { old_password: 'not it at all', password: 'brand new pass', confirm_password: 'brand new pass' }, bearer(token));
    expect(wrong.json()).toEqual({ message: 'Incorrect password', errors: { old_password: 'Incorrect password' } });
    expect((await post('change-password', { old_password: password, password: 'brand new pass', confirm_password: 'brand new' }, bearer(token))).json().errors)
      .toEqual({ confirm_password: 'Do not match' });
    expect((await post('change-password', { old_password: password, password: 'brand new pass', confirm_password: 'brand new pass' }, bearer(token))).json()).toEqual({ success: true });
    expect(await profileStatus(token)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect((await post('auth', { login: 'lev@example.com', password: 'brand new pass' })).statusCode).toBe(200);
    expect((await post('change-password', { password: 'x'.repeat(8), confirm_password: 'x'.repeat(8) })).statusCode).toBe(401);

    // An account that signs in by code sets its first password without an old one.
    const byCode = await signInByCode('codeonly@example.com');
    expect((await post('change-password', { password: 'first password', confirm_password: 'first password' }, bearer(byCode.token))).json()).toEqual({ success: true });
    expect((await post('auth', { login: 'codeonly@example.com', password: 'first password' })).statusCode).toBe(200);
  });

  test("an address registered in someone else's name: its owner's first code sign-in ends that password and those sessions", async () => {
    const squatter = expectShape((await post('register', { first_name: 'Mallory', email: 'victim@example.com', password, confirm_password: password })).json(), SignedInAnswer);
    const owner = await signInByCode('victim@example.com');
    expect(owner.profile.id).toBe(squatter.profile.id);
    expect(await profileStatus(squatter.token)).toBe(401);
    expect(await profileStatus(owner.token)).toBe(200);
    expect((await post('auth', { login: 'victim@example.com', password })).statusCode).toBe(422);
  });
});

describe('code send limits (rate limits on)', () => {
  let limited: FastifyInstance;
  const limitedClock = { now: Date.now() };
  beforeAll(() => {
    limited = testServer(t.db, { devMode: true, rateLimitPerMin: 600, rateLimitAuthPerMin: 1_000 }, { now: () => limitedClock.now });
  });
  afterAll(() => limited.close());

  const send = (login: string, headers: Record<string, string> = {}, from = '198.51.100.7') =>
    limited.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login }, headers, remoteAddress: from });

  test("3 sends to a login in 10 minutes, then 429 'captcha': a solved captcha lets one more through; the next needs a hard one; 5 an hour at most", async () => {
    const login = 'limits@example.com';
    for (let i = 0; i < 3; i++) expect((await send(login)).statusCode).toBe(200);
    const limitedAnswer = await send(login);
    expect(limitedAnswer.statusCode).toBe(429);
    expect(limitedAnswer.json()).toEqual({ message: expect.any(String), data: { type: 'captcha' } });
    // Nothing was sent for the refused call.
    expect((await outboxTo(limited, login))).toHaveLength(3);

    const token = await solveCaptcha(limited, 'user/send_auth_code');
    expect((await send(login, { 'x-captcha-token': token })).statusCode).toBe(200);
    // The same token again: used up.
    expect((await send(login, { 'x-captcha-token': token })).statusCode).toBe(429);
    // This visitor solved one already: the next one is hard, and a normal one does not do.
    const again = await send(login);
    expect(again.json().data).toEqual({ type: 'hard_captcha' });
    expect((await send(login, { 'x-captcha-token': await solveCaptcha(limited, 'user/send_auth_code') })).statusCode).toBe(429);
    expect((await send(login, { 'x-captcha-token': await solveCaptcha(limited, 'user/send_auth_code', true) })).statusCode).toBe(200);

    // Another visitor's sends to the same login are refused too: the login had its 5 codes this hour (issue 28), and a
    // captcha window later still has (abuse-accounts.test.ts has the caps' details); an hour after the first, one goes.
    const capped = await send(login, {}, '198.51.100.8');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().errors).toEqual({ send_error_reason: expect.stringContaining('Too many codes') });
    limitedClock.now += 10 * 60_000 + 1_000;
    expect((await send(login, {}, '198.51.100.8')).statusCode).toBe(429);
    limitedClock.now += 50 * 60_000;
    expect((await send(login, {}, '198.51.100.8')).statusCode).toBe(200);
  }, 60_000);

  test('over the rate limit and the send limit at once: one solved captcha lifts both (one need, not a repeated one)', async () => {
    const strict = testServer(t.db, { devMode: true, rateLimitPerMin: 600, rateLimitAuthPerMin: 3 }, { now: () => limitedClock.now });
    const from = '198.51.100.30';
    const sendHere = (headers: Record<string, string> = {}) =>
      strict.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login: 'both@example.com' }, headers, remoteAddress: from });
    for (let i = 0; i < 3; i++) expect((await sendHere()).statusCode).toBe(200);
    expect((await sendHere()).json().data).toEqual({ type: 'captcha' });
    const token = await solveCaptcha(strict, 'user/send_auth_code', false, from);
    expect((await sendHere({ 'x-captcha-token': token })).statusCode).toBe(200);
    await strict.close();
  }, 30_000);

  test('one visitor sending to many logins is limited too', async () => {
    const from = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(`spray${i}@example.com`, {}, from)).statusCode);
    expect(statuses).toEqual([...new Array(10).fill(200), 429]);
  });
});

describe('countCodeSends: counts up to the limits only', () => {
  const at = new Date('2026-03-02T10:00:00Z');
  const before = (ms: number) => new Date(at.getTime() - ms);
  const windows = { window: before(60_000), hour: before(3_600_000), day: before(86_400_000) };
  const code = (login: string, visitor = '203.0.113.50', triesTaken = 0) => ({
    login, purpose: 'sign_in' as const, travellerId: null, channel: 'email', codeHash: 'x', visitor, expiresAt: at, triesTaken,
  });
  beforeAll(async () => {
    // 25 codes from one address in the window (to 25 logins, 3 of them to one login); older ones to that login: just
    // before the window, half an hour ago (1 wrong entry, then used), two hours ago (4 wrong entries).
    for (let i = 0; i < 25; i++) await insertCode(t.db, code(i < 3 ? 'counted@example.com' : `counted${i}@example.com`), at);
    await insertCode(t.db, code('counted@example.com', '203.0.113.51'), before(60_001));
    await insertCode(t.db, code('counted@example.com', '203.0.113.51', 2), before(30 * 60_000));
    await accountsDb(t.db).updateTable('auth_codes').set({ used_at: at.toISOString() }).where('login', '=', 'counted@example.com').where('tries', '=', 2).execute();
    await insertCode(t.db, code('counted@example.com', '203.0.113.51', 4), before(2 * 3_600_000));
  });

  test.each([
    [{ login: 6, visitor: 20, hour: 5, day: 10 }, { byLogin: 3, byVisitor: 20, loginHour: 5, loginDay: 6, wrongToday: 5 }],
    [{ login: 2, visitor: 100, hour: 4, day: 5 }, { byLogin: 2, byVisitor: 25, loginHour: 4, loginDay: 5, wrongToday: 5 }],
    [{ login: 6, visitor: 25, hour: 10, day: 10 }, { byLogin: 3, byVisitor: 25, loginHour: 5, loginDay: 6, wrongToday: 5 }],
  ])('caps %j → %j', async (caps, expected) => {
    expect(await countCodeSends(t.db, 'counted@example.com', '203.0.113.50', windows, caps)).toEqual(expected);
  });
});
