/**
 * Identity verification (accounts-and-comms §1 'Identity verification', §7 GET get-verification-access-token and
 * GET verification-data) with the default sandbox provider: who may ask (401), which orgId (422), the access token,
 * the states not_started → pending (first token) → approved / rejected (the developer route), the provider's
 * description from the site settings, and the developer route's 404 without DEV_MODE or the internal secret.
 */
import type { FastifyInstance } from 'fastify';
import { SignedInAnswer, VerificationAccessTokenAnswer, VerificationDataAnswer } from '@tours/shared/src/api/schemas/accounts';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { BASE_CONFIG } from '@tours/shared/src/config/app-config';
import { readConfig } from '../src/config';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { SandboxVerificationProvider, VERIFICATION_TOKEN_LIFETIME_MS } from '../src/lib/identity-verification';
import { VERIFICATION_SETTING_KEYS } from '../src/routes/verification';
import { buildServer } from '../src/server';
import { createTestDb, expectShape, get, lastCode, testServer, type TestDb } from './helpers';

const SECRET = 'internal-secret-for-verification-tests';

let t: TestDb;
let app: FastifyInstance;
const clock = { now: Date.now() };
let orgs: number[];
let unknownOrg: number;
let token: string;
let provider: SandboxVerificationProvider;

const bearer = (value: string) => ({ 'x-authorization': `Bearer ${value}` });
const tokenUrl = (orgId: number | string) => `/crm/api/user/get-verification-access-token?orgId=${orgId}`;
const dataUrl = (orgId: number | string) => `/crm/api/user/verification-data?orgId=${orgId}`;
const setState = (applicantId: string, status: unknown, headers: Record<string, string> = {}, server = app) =>
  server.inject({ method: 'POST', url: `/internal/verification/${applicantId}`, payload: { status }, headers });

async function dataOf(orgId: number, as = token, server = app): Promise<VerificationDataAnswer> {
  const res = await get(server, dataUrl(orgId), bearer(as));
  expect(res.status).toBe(200);
  return expectShape(res.body, VerificationDataAnswer);
}

async function accessToken(orgId: number, as = token): Promise<string> {
  const res = await get(app, tokenUrl(orgId), bearer(as));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return expectShape(res.body, VerificationAccessTokenAnswer).accessToken;
}

beforeAll(async () => {
  t = await createTestDb();
  // The sandbox the server builds by default, here with a known key so the test can check its tokens.
  provider = new SandboxVerificationProvider(t.db, { secret: 'sandbox-signing-key-for-tests', now: () => clock.now });
  app = buildServer({ db: t.db, config: { rateLimitPerMin: 0, devMode: true }, validateAnswers: true, now: () => clock.now, verification: provider });
  orgs = (await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').limit(3).execute()).map((r) => Number(r.id));
  const last = await t.db.kysely.selectFrom('organizers').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  unknownOrg = Number(last.id) + 1;
  // A traveller signed in as the site does it: a code to the e-mail, read from the outbox page (DEV_MODE).
  expect((await app.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login: 'vera@example.com' } })).statusCode).toBe(200);
  const res = await app.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: { login: 'vera@example.com', code: await lastCode(app, 'vera@example.com') } });
  expect(res.statusCode).toBe(200);
  token = expectShape(res.json(), SignedInAnswer).token;
});
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

describe('who may ask', () => {
  test.each([tokenUrl, dataUrl])('401 without a live token (%#)', async (url) => {
    for (const headers of [{}, bearer('not-a-token-at-all-0123456789'), { 'x-authorization': 'Basic abc' }]) {
      const res = await get(app, url(orgs[0]!), headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  test.each([tokenUrl, dataUrl])('422 keyed orgId for a missing, malformed or unknown organizer (%#)', async (url) => {
    const cases: [string, string][] = [
      [url('').replace('?orgId=', ''), 'Required field'],
      [url('abc'), 'Incorrect value'],
      [url('1.5'), 'Incorrect value'],
      [url('0'), 'Minimum 1'],
      [url(unknownOrg), 'Incorrect value'],
      [url(2147483647), 'Incorrect value'],
    ];
    for (const [path, message] of cases) {
      const res = await get(app, path, bearer(token));
      expect([path, res.status]).toEqual([path, 422]);
      expect(expectShape(res.body, ErrorBody)).toEqual({ message, errors: { orgId: message } });
    }
  });
});

describe('the sandbox provider', () => {
  test('issues a signed, short-lived access token; the first one starts the verification (pending)', async () => {
    const org = orgs[0]!;
    expect(await dataOf(org)).toEqual({ status: 'not_started', provider: BASE_CONFIG.verificationService });
    const first = await accessToken(org);
    const applicantId = provider.verifyToken(first);
    expect(applicantId).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect((await dataOf(org)).status).toBe('pending');
    // Each call a new token, for the same applicant.
    const second = await accessToken(org);
    expect(second).not.toBe(first);
    expect(provider.verifyToken(second)).toBe(applicantId);
    // A token is refused once altered or expired.
    expect(provider.verifyToken(`${first.slice(0, -2)}${first.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
    expect(provider.verifyToken('sbx.forged')).toBeNull();
    clock.now += VERIFICATION_TOKEN_LIFETIME_MS + 1000;
    expect(provider.verifyToken(second)).toBeNull();
    // One applicant per traveller and organizer.
    const rows = await provider.applicants({ organizerId: org });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ applicant_id: applicantId, organizer_id: org, status: 'pending' });
  });

  test('the developer route moves the applicant: pending → approved, and rejected; another organizer is apart', async () => {
    const [org, other] = [orgs[1]!, orgs[2]!];
    expect((await dataOf(org)).status).toBe('not_started');
    const applicantId = provider.verifyToken(await accessToken(org))!;
    expect((await dataOf(org)).status).toBe('pending');

    const approved = await setState(applicantId, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ applicant_id: applicantId, status: 'approved' });
    expect((await dataOf(org)).status).toBe('approved');
    // A new token does not reset the state.
    await accessToken(org);
    expect((await dataOf(org)).status).toBe('approved');

    expect((await setState(applicantId, 'rejected')).statusCode).toBe(200);
    expect((await dataOf(org)).status).toBe('rejected');

    // Another organizer: its own applicant, its own state; another traveller likewise.
    expect((await dataOf(other)).status).toBe('not_started');
    const someone = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Ivo', last_name: 'Other', email: 'ivo@example.com' }));
    expect((await dataOf(org, someone)).status).toBe('not_started');

    // The developer page lists the applicants.
    const list = await get(app, `/internal/verification?orgId=${org}`);
    expect(list.status).toBe(200);
    expect((list.body as { applicants: { applicant_id: string; status: string }[] }).applicants).toEqual([
      expect.objectContaining({ applicant_id: applicantId, status: 'rejected', organizer_id: org }),
    ]);
  });

  test('the developer route refuses an unknown applicant (404) and an unknown state (422)', async () => {
    expect((await setState('sbx_000000000000000000000000', 'approved')).statusCode).toBe(404);
    expect((await setState('nobody', 'approved')).json()).toEqual({ message: 'Not found' });
    const applicantId = provider.verifyToken(await accessToken(orgs[0]!))!;
    const bad = await setState(applicantId, 'verified');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'Incorrect value', errors: { status: 'Incorrect value' } });
    expect((await app.inject({ method: 'POST', url: `/internal/verification/${applicantId}`, payload: {} })).json()).toEqual({ message: 'Required field', errors: { status: 'Required field' } });
  });
});

describe('without DEV_MODE', () => {
  test('the developer routes are a plain 404 unless the internal secret comes with the request', async () => {
    const prod = testServer(t.db, { internalSecret: SECRET }, { now: () => clock.now });
    try {
      // The calls work as before (the default provider: the sandbox).
      const pia = await insertTraveller(t.db, { first_name: 'Pia', last_name: 'Prod', email: 'pia@example.com' });
      const someone = await issueToken(t.db, pia);
      const res = await get(prod, tokenUrl(orgs[0]!), bearer(someone));
      expect(res.status).toBe(200);
      expect(expectShape(res.body, VerificationAccessTokenAnswer).accessToken).toMatch(/^sbx\./);
      const data = await get(prod, dataUrl(orgs[0]!), bearer(someone));
      expect((data.body as VerificationDataAnswer).status).toBe('pending');
      const [row, ...more] = await provider.applicants({ travellerId: pia, organizerId: orgs[0]! });
      expect(more).toEqual([]);
      const applicantId = row!.applicant_id;

      for (const [method, url] of [['POST', `/internal/verification/${applicantId}`], ['GET', '/internal/verification']] as const) {
        const refused = await prod.inject({ method, url, ...(method === 'POST' ? { payload: { status: 'approved' } } : {}) });
        expect([url, refused.statusCode]).toEqual([url, 404]);
        expect(refused.json()).toEqual({ message: 'Not found' });
        const wrongSecret = await prod.inject({ method, url, headers: { 'x-internal-secret': 'x'.repeat(SECRET.length) }, ...(method === 'POST' ? { payload: { status: 'approved' } } : {}) });
        expect(wrongSecret.statusCode).toBe(404);
      }
      expect((await get(prod, dataUrl(orgs[0]!), bearer(someone))).body).toMatchObject({ status: 'pending' });

      const allowed = await setState(applicantId, 'approved', { 'x-internal-secret': SECRET }, prod);
      expect(allowed.statusCode).toBe(200);
      expect((await get(prod, dataUrl(orgs[0]!), bearer(someone))).body).toMatchObject({ status: 'approved' });
    } finally {
      await prod.close();
    }
  });
});

describe('the provider description', () => {
  test('comes from the site settings (verificationService), each missing key keeping the app configuration\'s', async () => {
    const k = t.db.kysely;
    await k.insertInto('site_settings').values([
      { key: VERIFICATION_SETTING_KEYS.name, value: 'IDcheck' },
      { key: VERIFICATION_SETTING_KEYS.legalName, value: 'IDcheck Ltd' },
      { key: VERIFICATION_SETTING_KEYS.link, value: 'https://idcheck.example/privacy' },
      { key: VERIFICATION_SETTING_KEYS.allowMessagesAboutUnverifiedIdentity, value: '1' },
    ]).execute();
    // A new server: the settings are cached per process for a minute.
    const fresh = testServer(t.db, {}, { now: () => clock.now });
    try {
      expect((await dataOf(orgs[2]!, token, fresh)).provider).toEqual({
        name: 'IDcheck', legalName: 'IDcheck Ltd', link: 'https://idcheck.example/privacy', linkText: BASE_CONFIG.verificationService.linkText,
        allowMessagesAboutUnverifiedIdentity: true,
      });
    } finally {
      await fresh.close();
      await k.deleteFrom('site_settings').where('key', 'in', Object.values(VERIFICATION_SETTING_KEYS)).execute();
    }
  });
});

test('VERIFICATION_PROVIDER: sandbox by default; an unknown provider stops the start', () => {
  expect(readConfig({}).verificationProvider).toBe('sandbox');
  expect(readConfig({ VERIFICATION_PROVIDER: 'Sandbox' }).verificationProvider).toBe('sandbox');
  expect(() => readConfig({ VERIFICATION_PROVIDER: 'acme' })).toThrow(/VERIFICATION_PROVIDER/);
});
