/**
 * Hostile probes against sign-in (issue 28, abuse resistance): what an attacker showed — codes brute-forced by
 * solving the captcha with a script and asking one login for code after code, passwords guessed from many
 * addresses, codes lost on a restart — replayed against the API with production limits, and what the owner of the
 * account still gets. Codes are read from the outbox page, as a developer reads them.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { AgentAuthAnswer } from '@tours/shared/src/api/schemas/chat';
import { SignedInAnswer } from '@tours/shared/src/api/schemas/accounts';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { DEV_STAFF, ensureStaffAccounts } from '../src/db/seed/staff';
import { insertTraveller } from '../src/db/queries/travellers';
import { captchaLevel, counterRange } from '../src/lib/captcha';
import { waitText } from '../src/lib/messages';
import { codeTriesFor, sendFailures } from '../src/lib/one-time-codes';
import { KnownDevices } from '../src/lib/known-devices';
import { lockMs, PasswordGuard } from '../src/lib/password-guard';
import { expectShape, lastCode, outboxTo, testServer, withTestServer } from './helpers';

const INTERNAL = 'abuse-test-internal-secret-0123456789';
/** The production limits (the defaults), with the host server's secret so X-Forwarded-For names the visitor. */
const LIMITED = { devMode: true, rateLimitPerMin: 600, rateLimitAuthPerMin: 1_000_000, internalSecret: INTERNAL };
const MINUTE = 60_000;

const clock = { now: Date.now() };

const { t, app } = withTestServer(LIMITED, { now: () => clock.now });
beforeAll(async () => {
  await ensureStaffAccounts(t.db);
});

/** A call from a visitor the host server vouches for (X-Forwarded-For with the internal secret). */
function call(url: string, payload: object, from: string, headers: Record<string, string> = {}, server = app): Promise<LightMyRequestResponse> {
  return server.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.1', headers: { 'x-internal-secret': INTERNAL, 'x-forwarded-for': from, ...headers } });
}
const sendCode = (login: string, from: string, headers: Record<string, string> = {}, server = app) => call('/crm/api/user/send-auth-code', { login }, from, headers, server);
const tryCode = (login: string, code: string, from: string, headers: Record<string, string> = {}, server = app) =>
  call('/crm/api/user/auth-via-code', { login, code }, from, headers, server);

/** The device_id cookie a sign-in set, as the browser sends it back. */
function deviceOf(res: LightMyRequestResponse): { cookie: string } {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('device_id='));
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return { cookie: header.split(';')[0]! };
}

/** A challenge as the visitor's widget fetches it. */
async function challengeFor(action: string, from: string, hard = false, server = app): Promise<Challenge> {
  const res = await server.inject({
    method: 'GET', url: `/spa/captcha/challenge?action=${action}${hard ? '&hard=1' : ''}`, remoteAddress: '127.0.0.1',
    headers: { 'x-internal-secret': INTERNAL, 'x-forwarded-for': from },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Challenge;
}

/** Solves a challenge as the widget does; answers the x-captcha-token header and the secret counter it found. */
async function solve(challenge: Challenge): Promise<{ headers: Record<string, string>; counter: number }> {
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  const token = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
  return { headers: { 'x-captcha-token': token }, counter: solution.counter };
}
const solved = async (from: string, hard = false) => (await solve(await challengeFor('user/send_auth_code', from, hard))).headers;

const wrongOf = (code: string, i = 0) => String((Number(code) + 1 + i) % 100000).padStart(5, '0');

describe('the rules, table by table', () => {
  test.each([
    [0, 0], [4, 0], [5, MINUTE], [6, 2 * MINUTE], [7, 4 * MINUTE], [10, 32 * MINUTE], [15, 1024 * MINUTE], [16, 24 * 60 * MINUTE], [40, 24 * 60 * MINUTE],
  ])('the %i-th wrong password in a row refuses the next try for %i ms', (failures, ms) => {
    expect(lockMs(failures)).toBe(ms);
  });

  test.each([
    [0, 0], [4, 0], [5, 1], [14, 2], [15, 3], [100, 3],
  ])('%i recent failures: a captcha of level %i', (failures, level) => {
    expect(captchaLevel(failures)).toBe(level);
  });

  test.each([
    [false, 0, [1_500, 3_000]], [false, 1, [3_000, 6_000]], [false, 2, [6_000, 12_000]], [false, 3, [8_000, 16_000]],
    [true, 0, [5_000, 10_000]], [true, 1, [8_000, 16_000]], [true, 3, [8_000, 16_000]],
  ])('hard %p, level %i: the secret counter is in %j (never over 16,000: a cheap phone solves it in seconds)', (hard, level, range) => {
    expect(counterRange(hard, level)).toEqual(range);
  });

  test.each([
    [{ wrongToday: 0, loginHour: 1, byVisitor: 1 }, 0], [{ wrongToday: 7, loginHour: 5, byVisitor: 12 }, 11], [{ wrongToday: 0, loginHour: 3, byVisitor: 10 }, 0],
  ])('the failures a send captcha costs more for: %j → %i (visitor limit 10)', (counts, failures) => {
    expect(sendFailures(counts, 10)).toBe(failures);
  });

  test.each([[0, 5], [15, 5], [16, 4], [19, 1], [20, 1], [60, 1]])('after %i wrong codes today a new code takes %i tries', (wrong, tries) => {
    expect(codeTriesFor(wrong)).toBe(tries);
  });

  test.each([
    [30_000, 'en', '1 minute'], [60 * MINUTE, 'en', '60 minutes'], [95 * MINUTE, 'en', '2 hours'], [24 * 60 * MINUTE, 'en', '24 hours'],
    [MINUTE, 'de', '1 Minute'], [5 * MINUTE, 'de', '5 Minuten'], [3 * 60 * MINUTE, 'de', '3 Stunden'],
    [MINUTE, 'ru', '1 минуту'], [2 * MINUTE, 'ru', '2 минуты'], [5 * MINUTE, 'ru', '5 минут'], [21 * 60 * MINUTE, 'ru', '21 час'], [22 * 60 * MINUTE, 'ru', '22 часа'],
    [5 * MINUTE, 'cn', '5 分钟'], [2 * 60 * MINUTE, 'cn', '2 小时'],
  ] as const)('a wait of %i ms in %s: %s', (ms, locale, text) => {
    expect(waitText(ms, locale)).toBe(text);
  });
});

describe('codes to one login', () => {
  test('5 an hour and 10 a day, from any address and with solved captchas; past them a 429 on send_error_reason, and the holder is told once', async () => {
    const login = 'capped@example.com';
    for (let i = 1; i <= 3; i++) expect((await sendCode(login, `203.0.113.${i}`)).statusCode).toBe(200);
    // The 4th and the 5th need the captcha the script solves (the 5th a hard one)...
    expect((await sendCode(login, '203.0.113.4')).json().data).toEqual({ type: 'captcha' });
    expect((await sendCode(login, '203.0.113.4', await solved('203.0.113.4'))).statusCode).toBe(200);
    expect((await sendCode(login, '203.0.113.5')).json().data).toEqual({ type: 'hard_captcha' });
    expect((await sendCode(login, '203.0.113.5', await solved('203.0.113.5', true))).statusCode).toBe(200);
    // ...but the 6th is refused whatever it solved and wherever it comes from.
    const refused = await sendCode(login, '203.0.113.6', await solved('203.0.113.6', true));
    expect(refused.statusCode).toBe(429);
    const text = 'Too many codes have been sent to this e-mail address or phone number. Please try again in 60 minutes.';
    expect(expectShape(refused.json(), ErrorBody)).toEqual({ message: text, errors: { send_error_reason: text } });
    expect(refused.headers['retry-after']).toBe('3600');
    const german = await sendCode(login, '203.0.113.7', { 'x-language': 'de' });
    expect(german.json().errors.send_error_reason).toBe('An diese E-Mail-Adresse oder Telefonnummer wurden zu viele Codes gesendet. Bitte versuchen Sie es in 60 Minuten erneut.');
    // register-without-password is the same send.
    expect((await call('/crm/api/user/register-without-password', { email: login }, '203.0.113.8')).statusCode).toBe(429);

    // The holder got the 5 codes and one notice, not a message per refusal.
    const messages = await outboxTo(app, login);
    expect(messages.filter((m) => m.code)).toHaveLength(5);
    const notices = messages.filter((m) => !m.code);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ channel: 'email', subject: 'Codes were requested for your address' });
    expect(notices[0]!.text).toContain('If it was not you, you can ignore this message');

    // An hour later codes go again, 10 in the day: spaced 11 minutes apart, no captcha is asked.
    clock.now += 61 * MINUTE;
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(login, `198.51.100.${i + 1}`)).statusCode).toBe(200);
      clock.now += 11 * MINUTE;
    }
    const daily = await sendCode(login, '198.51.100.9');
    expect(daily.statusCode).toBe(429);
    // Free again 24 hours after the first of the day's 10 codes (sent 116 minutes ago).
    expect(Number(daily.headers['retry-after'])).toBe(24 * 3600 - 116 * 60);
    expect(daily.json().message).toContain('Please try again in 23 hours.');
    expect((await outboxTo(app, login)).filter((m) => !m.code)).toHaveLength(1);
  }, 60_000);

  test("a device that signed in to the login's account still gets codes past the caps; the notice is in the account's language", async () => {
    const login = 'owner@example.com';
    await insertTraveller(t.db, { first_name: 'Olga', last_name: 'Owner', email: login, language: 'de' });
    await sendCode(login, '192.0.2.1');
    const signedIn = await tryCode(login, await lastCode(app, login), '192.0.2.1');
    expect(signedIn.statusCode).toBe(200);
    const ownDevice = deviceOf(signedIn);
    // Someone else's known device is not this account's.
    await sendCode('other@example.com', '192.0.2.9');
    const otherDevice = deviceOf(await tryCode('other@example.com', await lastCode(app, 'other@example.com'), '192.0.2.9'));

    for (let i = 0; i < 4; i++) {
      clock.now += 11 * MINUTE;
      expect((await sendCode(login, `192.0.2.${20 + i}`)).statusCode).toBe(200);
    }
    clock.now += MINUTE;
    expect((await sendCode(login, '192.0.2.30')).statusCode).toBe(429);
    expect((await sendCode(login, '192.0.2.31', otherDevice)).statusCode).toBe(429);
    const own = await sendCode(login, '192.0.2.32', ownDevice);
    expect(own.statusCode).toBe(200);
    const [newest, notice] = await outboxTo(app, login);
    expect((await tryCode(login, newest!.code!, '192.0.2.32', ownDevice)).statusCode).toBe(200);
    // The attacker asked in English; the holder reads German.
    expect(notice).toMatchObject({ subject: 'Für Ihre Adresse wurden Codes angefordert', code: null });
  }, 30_000);

  test('wrong codes for one login are bounded across its codes: past 20 a day a new code takes one try, so the right first one still works', async () => {
    const login = 'guessed@example.com';
    const guess = async () => {
      const code = await lastCode(app, login);
      const said: string[] = [];
      for (let i = 0; i < 5; i++) said.push((await tryCode(login, wrongOf(code, i), `203.0.113.${100 + i}`)).json().errors.code as string);
      return { code, said };
    };
    for (let n = 0; n < 4; n++) {
      expect((await sendCode(login, '203.0.113.99')).statusCode).toBe(200);
      expect((await guess()).said).toEqual(new Array(5).fill('Incorrect code'));
      clock.now += 11 * MINUTE;
    }
    // 20 wrong entries today: the 5th code has one try.
    expect((await sendCode(login, '203.0.113.99')).statusCode).toBe(200);
    const { code, said } = await guess();
    expect(said).toEqual(['Incorrect code', ...new Array(4).fill('The code has expired. Request a new one')]);
    expect((await tryCode(login, code, '203.0.113.99')).json().errors).toEqual({ code: 'The code has expired. Request a new one' });
    // Its holder's next code, entered right at once, signs in.
    clock.now += 61 * MINUTE;
    expect((await sendCode(login, '203.0.113.98')).statusCode).toBe(200);
    expect((await tryCode(login, await lastCode(app, login), '203.0.113.98')).statusCode).toBe(200);
  }, 60_000);
});

describe('the captcha costs more after failures', () => {
  test("wrong codes raise the level of the send captcha: its challenge has it, a cheaper one is refused, the costlier one passes", async () => {
    const login = 'costly@example.com';
    const from = '203.0.113.150';
    // A visitor asked for a captcha with no failures behind it gets the base one.
    const base = await challengeFor('user/send_auth_code', '203.0.113.151');
    expect(base.parameters.data).toEqual({ action: 'user/send_auth_code', hard: false });

    for (let n = 0; n < 3; n++) {
      expect((await sendCode(login, from)).statusCode).toBe(200);
      const code = await lastCode(app, login);
      for (let i = 0; i < 5; i++) expect((await tryCode(login, wrongOf(code, i), from)).statusCode).toBe(422);
    }
    // 15 wrong codes: the 4th send asks for a captcha of level 3, from this visitor or any other.
    expect((await sendCode(login, from)).json().data).toEqual({ type: 'captcha' });
    const cheap = await solve(base);
    expect((await sendCode(login, '203.0.113.151', cheap.headers)).json().data).toEqual({ type: 'captcha' });
    const costly = await challengeFor('user/send_auth_code', from);
    expect(costly.parameters.data).toEqual({ action: 'user/send_auth_code', hard: false, level: 3 });
    const work = await solve(costly);
    expect(work.counter).toBeGreaterThanOrEqual(8_000);
    expect(work.counter).toBeLessThanOrEqual(16_000);
    expect((await sendCode(login, from, work.headers)).statusCode).toBe(200);
  }, 60_000);
});

describe('passwords: a lock per account that does not lock its owner out', () => {
  const password = 'correct horse battery';
  const auth = (login: string, pass: string, from: string, headers: Record<string, string> = {}) => call('/crm/api/user/auth', { login, password: pass }, from, headers);
  const lockedText = (wait: string) => `Too many wrong passwords. Please try again in ${wait}, sign in with a one-time code, or use a device you have signed in from before.`;

  test('30 wrong passwords from 30 addresses, then the right one: refused from a new device, let in from a known one; free again when the lock ends', async () => {
    const login = 'locked@example.com';
    const registered = await call('/crm/api/user/register', { first_name: 'Lena', email: login, password, confirm_password: password }, '192.0.2.200');
    expect(registered.statusCode).toBe(200);
    const known = deviceOf(registered);

    const answers = [];
    for (let i = 1; i <= 30; i++) answers.push(await auth(login, `wrong password ${i}`, `198.18.0.${i}`));
    expect(answers.map((r) => r.statusCode)).toEqual([...new Array(5).fill(422), ...new Array(25).fill(429)]);
    expect(answers[0]!.json()).toEqual({ message: 'Incorrect login or password' });
    expect(answers[5]!.json()).toEqual({ message: lockedText('1 minute') });
    expect(answers[5]!.headers['retry-after']).toBe('60');

    const rightFromNew = await auth(login, password, '198.18.0.31');
    expect([rightFromNew.statusCode, rightFromNew.json()]).toEqual([429, { message: lockedText('1 minute') }]);
    // A made-up device cookie is no known device.
    expect((await auth(login, password, '198.18.0.32', { cookie: `device_id=${'A'.repeat(43)}` })).statusCode).toBe(429);
    const rightFromKnown = await auth(login, password, '192.0.2.201', known);
    expect(rightFromKnown.statusCode).toBe(200);
    expectShape(rightFromKnown.json(), SignedInAnswer);
    // The owner signing in does not lift the lock the attacker set off; its end does.
    expect((await auth(login, password, '198.18.0.33')).statusCode).toBe(429);
    clock.now += MINUTE + 1_000;
    expect((await auth(login, password, '198.18.0.34')).statusCode).toBe(200);
  }, 60_000);

  test('each wrong password past the lock doubles it; tries sent at once get no more than the free ones checked', async () => {
    const login = 'doubled@example.com';
    await call('/crm/api/user/register', { first_name: 'Dora', email: login, password, confirm_password: password }, '192.0.2.210');
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => auth(login, `guess ${i}`, `198.18.1.${i + 1}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([...new Array(5).fill(422), ...new Array(7).fill(429)]);
    clock.now += MINUTE + 1_000;
    expect((await auth(login, 'guess 13', '198.18.1.13')).statusCode).toBe(422);
    const twice = await auth(login, password, '198.18.1.14');
    expect([twice.statusCode, twice.json().message]).toEqual([429, lockedText('2 minutes')]);
    clock.now += 2 * MINUTE + 1_000;
    expect((await auth(login, password, '198.18.1.15')).statusCode).toBe(200);
  }, 60_000);

  test('the guard counts tries started at once one by one: 5 of 12 get their password checked', async () => {
    const now = () => clock.now;
    const guard = new PasswordGuard(t.db, new KnownDevices(t.db, now), now);
    let checked = 0;
    const verify = async () => {
      checked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return false;
    };
    const request = { headers: {} } as FastifyRequest;
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => guard.check(request, { account: null, loginSubject: 'login:at-once@example.com' }, verify)));
    expect(checked).toBe(5);
    expect(verdicts.filter((v) => v.status === 'locked')).toHaveLength(7);
  });

  test('a login without an account locks alike: the answers do not tell whether it has one', async () => {
    await call('/crm/api/user/register', { first_name: 'Vera', email: 'exists@example.com', password, confirm_password: password }, '192.0.2.220');
    const bodies = async (login: string) => {
      const out: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await auth(login, 'wrong password', `198.18.2.${i + 1}`);
        out.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body}`);
      }
      return out;
    };
    expect(await bodies('nobody-here@example.com')).toEqual(await bodies('exists@example.com'));
  }, 60_000);

  test('staff accounts too: the agent console refuses a new device after the wrong passwords and lets a known one in', async () => {
    const staff = DEV_STAFF[0];
    const agentAuth = (pass: string, from: string, headers: Record<string, string> = {}) => call('/crm/api/agent/auth', { login: staff.login, password: pass }, from, headers);
    const first = await agentAuth(staff.password, '192.0.2.230');
    expect(first.statusCode).toBe(200);
    const known = deviceOf(first);
    const answers = [];
    for (let i = 1; i <= 30; i++) answers.push(await agentAuth(`wrong password ${i}`, `198.18.3.${i}`));
    expect(answers.map((r) => r.statusCode)).toEqual([...new Array(5).fill(422), ...new Array(25).fill(429)]);
    const text = 'Too many wrong passwords. Please try again in 1 minute, or sign in from a device you have signed in from before.';
    expect(answers[29]!.json()).toEqual({ message: text, errors: { password: text } });
    expect((await agentAuth(staff.password, '198.18.3.31')).statusCode).toBe(429);
    const fromKnown = await agentAuth(staff.password, '192.0.2.231', known);
    expect(fromKnown.statusCode).toBe(200);
    expectShape(fromKnown.json(), AgentAuthAnswer);
    clock.now += MINUTE + 1_000;
    expect((await agentAuth(staff.password, '198.18.3.32')).statusCode).toBe(200);
  }, 60_000);
});

describe('a restart of the API', () => {
  test('codes and solved captchas stay good on the same database without AUTH_CODE_SECRET or CAPTCHA_SECRET; a set one wins', async () => {
    const login = 'restart@example.com';
    const before = testServer(t.db, LIMITED, { now: () => clock.now });
    await sendCode(login, '203.0.113.200', {}, before);
    const code = await lastCode(before, login);
    const captcha = await solve(await challengeFor('user/send_auth_code', '203.0.113.201', false, before));
    await before.close();

    const db = await t.reopen();
    const after = testServer(db, LIMITED, { now: () => clock.now });
    try {
      // Three codes to a login, then a captcha is asked: the one solved before the restart does.
      for (let i = 0; i < 3; i++) expect((await sendCode('other-restart@example.com', '203.0.113.201', {}, after)).statusCode).toBe(200);
      expect((await sendCode('other-restart@example.com', '203.0.113.201', {}, after)).json().data).toEqual({ type: 'captcha' });
      expect((await sendCode('other-restart@example.com', '203.0.113.201', captcha.headers, after)).statusCode).toBe(200);
      expect((await tryCode(login, code, '203.0.113.200', {}, after)).statusCode).toBe(200);

      await sendCode(login, '203.0.113.202', {}, after);
      const configured = testServer(db, { ...LIMITED, authCodeSecret: 'a-configured-pepper-0123456789' }, { now: () => clock.now });
      expect((await tryCode(login, await lastCode(after, login), '203.0.113.202', {}, configured)).json().errors).toEqual({ code: 'Incorrect code' });
      await configured.close();
    } finally {
      await after.close();
    }
  }, 60_000);
});
