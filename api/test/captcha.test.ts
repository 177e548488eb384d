/**
 * The API's own captcha (accounts-and-comms §4 'Captcha', §5 'Captcha', §7 'Captcha headers', §8): site-tokens names
 * it, the challenge call, and a solved challenge passing a rate limit once — for its action only, before it expires,
 * hard when a hard one is due. Challenges are solved with altcha-lib, as the browser's widget does.
 */
import type { FastifyInstance } from 'fastify';
import { captchaAction } from '@tours/shared/src/api/captcha';
import { SiteTokensAnswer } from '@tours/shared/src/api/schemas/reference';
import { Captcha } from '../src/lib/captcha';
import { buildServer } from '../src/server';
import { CaptchaChallengeAnswer } from '../src/routes/captcha';
import { accountsDb } from '../src/db/queries/travellers';
import { expectShape, get, solveCaptcha, testServer, withTestDb } from './helpers';
import { wallClock } from '../src/lib/clock';

const t = withTestDb();

describe('site-tokens and the challenge', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = testServer(t.db);
  });
  afterAll(() => app.close());

  test('site-tokens names the captcha served here: altcha, the challenge URL, the hard one; no invisible captcha', async () => {
    const body = expectShape((await get(app, '/spa/site-tokens')).body, SiteTokensAnswer);
    expect(body).toMatchObject({
      captcha_provider: 'altcha', captcha_key: '/spa/captcha/challenge', hard_captcha_key: '/spa/captcha/challenge?hard=1',
      invisible_captcha_provider: '', invisible_captcha_key: '',
    });
  });

  test('a challenge is signed, carries its action and whether it is hard, and expires in 10 minutes', async () => {
    const res = await get(app, '/spa/captcha/challenge?action=user/send_auth_code');
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = expectShape(res.body, CaptchaChallengeAnswer);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, data: { action: 'user/send_auth_code', hard: false } });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // On the real clock, which altcha-lib checks it on too (lib/clock.ts; jest's Date runs on a fixed calendar).
    expect(challenge.parameters.expiresAt! - wallClock() / 1000).toBeGreaterThan(595);
    expect(challenge.parameters.expiresAt! - wallClock() / 1000).toBeLessThanOrEqual(600);
    const hard = expectShape((await get(app, '/spa/captcha/challenge?hard=1&action=rest/info')).body, CaptchaChallengeAnswer);
    expect(hard.parameters.data).toEqual({ action: 'rest/info', hard: true });
  });

  test.each([['', 'Required field'], ['?action=', 'Required field'], ['?action=a%20b', 'Incorrect value'], [`?action=${'a'.repeat(101)}`, 'Maximum 100 characters']])(
    'challenge%s → 422 on action', async (query, message) => {
      const res = await get(app, `/spa/captcha/challenge${query}`);
      expect([res.status, res.body]).toEqual([422, { message, errors: { action: message } }]);
    },
  );
});

describe('verifying a solved challenge', () => {
  const clock = { now: Date.now() };
  const secret = 'test-captcha-secret-0123456789';
  let captcha: Captcha;
  let solved: string;

  beforeAll(async () => {
    captcha = new Captcha(t.db, secret, () => clock.now, () => clock.now);
    const app = testServer(t.db, { captchaSecret: secret }, { now: () => clock.now, wallNow: () => clock.now });
    solved = await solveCaptcha(app, 'user/auth');
    await app.close();
  });

  test('passes once, for its action; tampering, a wrong secret and garbage are refused', async () => {
    expect(await captcha.verify(solved, 'user/send_auth_code')).toEqual({ valid: false, hard: false, reason: 'action' });
    const payload = JSON.parse(Buffer.from(solved, 'base64').toString()) as { challenge: { parameters: { data: Record<string, unknown> } } };
    payload.challenge.parameters.data.hard = true;
    expect((await captcha.verify(Buffer.from(JSON.stringify(payload)).toString('base64'), 'user/auth')).reason).toBe('signature');
    const other = new Captcha(t.db, 'another-secret-0123456789abcdef', () => clock.now, () => clock.now);
    expect((await other.verify(solved, 'user/auth')).reason).toBe('signature');
    for (const garbage of ['', 'x', Buffer.from('null').toString('base64'), Buffer.from('{"challenge":{}}').toString('base64'), 'A'.repeat(5000)]) {
      expect((await captcha.verify(garbage, 'user/auth')).reason).toBe('malformed');
    }
    expect(await captcha.verify(solved, 'user/auth')).toEqual({ valid: true, hard: false });
    expect(await captcha.verify(solved, 'user/auth')).toEqual({ valid: false, hard: false, reason: 'used' });
    const used = await accountsDb(t.db).selectFrom('captcha_uses').selectAll().execute();
    expect(used).toHaveLength(1);
  });

  test('an expired challenge is refused', async () => {
    const app = testServer(t.db, { captchaSecret: secret }, { now: () => clock.now, wallNow: () => clock.now });
    const token = await solveCaptcha(app, 'user/auth');
    await app.close();
    clock.now += 10 * 60_000 + 1_000;
    expect((await captcha.verify(token, 'user/auth')).reason).toBe('expired');
  });
});

describe('a rate limit answers 429 captcha; the retry with a solved one passes', () => {
  const clock = { now: Date.now() };
  let app: FastifyInstance;
  beforeEach(() => {
    app = buildServer({ db: t.db, config: { rateLimitPerMin: 2, rateLimitWritesPerMin: 2, rateLimitAuthPerMin: 2 }, validateAnswers: true, now: () => clock.now, wallNow: () => clock.now });
  });
  afterEach(() => app.close());

  const info = (headers: Record<string, string> = {}, from = '203.0.113.30') => app.inject({ method: 'GET', url: '/spa/info', headers, remoteAddress: from });
  const action = captchaAction('/spa/info');

  test('the retry passes and starts the window again; the token works once; the next time a hard one is due', async () => {
    expect([(await info()).statusCode, (await info()).statusCode]).toEqual([200, 200]);
    const limited = await info();
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: expect.any(String), data: { type: 'captcha' } }]);
    // The visitor over the reads limit still gets the challenge (its own class), then the retry passes.
    const token = await solveCaptcha(app, action, false, '203.0.113.30');
    expect((await info({ 'x-captcha-token': token })).statusCode).toBe(200);
    // The window started again: calls that waited for the same captcha pass without a token.
    expect((await info()).statusCode).toBe(200);
    const again = await info();
    expect([again.statusCode, again.json().data]).toEqual([429, { type: 'hard_captcha' }]);
    // Replay: used up.
    expect((await info({ 'x-captcha-token': token })).statusCode).toBe(429);
    // A normal captcha no longer does; a hard one does (solved elsewhere: a token is not bound to an address).
    expect((await info({ 'x-captcha-token': await solveCaptcha(app, action, false, '198.51.100.1') })).statusCode).toBe(429);
    expect((await info({ 'x-captcha-token': await solveCaptcha(app, action, true, '198.51.100.2') })).statusCode).toBe(200);
  }, 60_000);

  test("a captcha solved for another action, or expired, does not lift the limit", async () => {
    const from = '203.0.113.31';
    const elsewhere = await solveCaptcha(app, 'user/auth');
    const expiring = await solveCaptcha(app, action);
    clock.now += 10 * 60_000 + 1_000;
    await info({}, from);
    await info({}, from);
    expect((await info({ 'x-captcha-token': elsewhere }, from)).statusCode).toBe(429);
    expect((await info({ 'x-captcha-token': expiring }, from)).statusCode).toBe(429);
    expect((await info({ 'x-captcha-token': 'garbage' }, from)).statusCode).toBe(429);
  }, 60_000);
});
