/**
 * Internet call credentials (accounts-and-comms §3 'Web call credentials', §5 'Internet call', §7
 * phone-code/web-call-data): answers, 401, the settings gate, malformed input, 503 without a registrar, and
 * credentials the registrar accepts: the same HMAC as kamailio's auth_ephemeral. The real registrar's tests (REGISTER,
 * calls and the relay probes) are in sip-registrar.test.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../src/config';
import { insertStaff, issueStaffToken } from '../src/db/queries/chat';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { WebCallCredentialsAnswer, WebCallSettingsAnswer } from '@tours/shared/src/api/schemas/web-calls';
import { SIP_CALL_START_S, SIP_CREDENTIAL_TTL_S, WEB_CALL_SETTING_KEYS } from '../src/lib/sip-credentials';
import { expectShape, get, testServer, withTestServer } from './helpers';

const SECRET = 'test-sip-secret-0123456789abcdef';
const SIP = { sipWsUrl: 'ws://localhost:15999', sipDomain: 'tours.localhost', sipSecret: SECRET };
// The clock of the servers: now, fixed (the session tokens are issued on the real clock).
const NOW = Math.floor(Date.now() / 1000) * 1000;

let travellerId: number;
let auth: Record<string, string>;
let organizerId: number;

const { t, app } = withTestServer({ ...SIP, devMode: true }, { now: () => NOW, wallNow: () => NOW });
beforeAll(async () => {
  travellerId = await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Petrova', email: 'calls@example.com', phone: '+79161234500', language: 'en' });
  auth = { 'x-authorization': `Bearer ${await issueToken(t.db, travellerId)}` };
  organizerId = (await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

const webCallData = (body: unknown, headers: Record<string, string> = auth, server = app) =>
  server.inject({ method: 'POST', url: '/crm/api/phone-code/web-call-data', payload: body as object, headers });

/** A server whose site settings say `settings` (settings are cached per server). */
async function withSettings(settings: Record<string, string>, run: (server: FastifyInstance) => Promise<void>, config = SIP) {
  const k = t.db.kysely;
  const entries = Object.entries(settings).map(([key, value]) => ({ key, value }));
  if (entries.length) await k.insertInto('site_settings').values(entries).execute();
  const server = testServer(t.db, config, { now: () => NOW, wallNow: () => NOW });
  try {
    await run(server);
  } finally {
    await server.close();
    if (entries.length) await k.deleteFrom('site_settings').where('key', 'in', Object.keys(settings)).execute();
  }
}

describe('POST /crm/api/phone-code/web-call-data', () => {
  test("a support call: the support identity as target, the traveller's own identity, ephemeral credentials", async () => {
    const res = await webCallData({ is_support_call: true, organizer_id: null, chat_id: null });
    expect(res.statusCode).toBe(200);
    const creds = expectShape(res.json(), WebCallCredentialsAnswer);
    const expiry = NOW / 1000 + SIP_CREDENTIAL_TTL_S;
    const callBy = NOW / 1000 + SIP_CALL_START_S;
    const username = `${expiry}:traveller-${travellerId}:support:${callBy}`;
    expect(creds).toEqual({
      target: 'sip:support@tours.localhost',
      ws_url: 'ws://localhost:15999',
      public_identity: `sip:traveller-${travellerId}@tours.localhost`,
      private_identity: username,
      password: createHmac('sha1', SECRET).update(username).digest('base64'),
    });
  });

  test('without a live session: 401', async () => {
    expect((await webCallData({ is_support_call: true }, {})).statusCode).toBe(401);
    expect((await webCallData({ is_support_call: true }, { 'x-authorization': 'Bearer nope' })).statusCode).toBe(401);
  });

  test('support calls only when webCalls.canCallToSupport', async () => {
    await withSettings({ [WEB_CALL_SETTING_KEYS.canCallToSupport]: '0' }, async (server) => {
      const res = await webCallData({ is_support_call: true }, auth, server);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Calls to support are not available' });
      expect(expectShape((await get(server, '/crm/api/phone-code/web-call-settings')).body, WebCallSettingsAnswer)).toEqual({ available: true, can_call_to_support: false, can_call_to_organizer: false });
    });
  });

  test('organizer calls are governed by webCalls.canCallToOrganizer (off by default)', async () => {
    expect((await webCallData({ is_support_call: false, organizer_id: organizerId })).statusCode).toBe(403);
    await withSettings({ [WEB_CALL_SETTING_KEYS.canCallToOrganizer]: '1' }, async (server) => {
      const res = await webCallData({ is_support_call: false, organizer_id: organizerId, chat_id: 5 }, auth, server);
      expect(res.statusCode).toBe(200);
      const creds = expectShape(res.json(), WebCallCredentialsAnswer);
      expect(creds.target).toBe(`sip:organizer-${organizerId}@tours.localhost`);
      // The signed username names the organizer as the one callee (the registrar enforces it).
      expect(creds.private_identity.split(':')[2]).toBe(`organizer-${organizerId}`);
      // An organizer that does not exist.
      const unknown = await webCallData({ organizer_id: 2147483646 }, auth, server);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ errors: { organizer_id: 'Incorrect value' } });
    });
  });

  test.each([
    ['no target at all', {}, 'organizer_id'],
    ['organizer_id not an id', { organizer_id: 'abc' }, 'organizer_id'],
    ['organizer_id zero', { organizer_id: 0 }, 'organizer_id'],
    ['is_support_call not a boolean', { is_support_call: 'yes' }, 'is_support_call'],
    ['chat_id fractional', { is_support_call: true, chat_id: 1.5 }, 'chat_id'],
  ])('malformed input (%s): 422 on the field', async (_name, body, field) => {
    const res = await webCallData(body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { errors: Record<string, string> }).errors)).toContain(field);
  });

  test('a body that is not an object: 400 or 422, never a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/crm/api/phone-code/web-call-data', payload: '[1]', headers: { ...auth, 'content-type': 'application/json' } });
    expect([400, 422]).toContain(res.statusCode);
  });

  test('no registrar configured: 503 with a message, and the settings call says unavailable', async () => {
    await withSettings({}, async (server) => {
      const res = await webCallData({ is_support_call: true }, auth, server);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Internet calls are unavailable at the moment' });
      expect(expectShape((await get(server, '/crm/api/phone-code/web-call-settings')).body, WebCallSettingsAnswer)).toEqual({ available: false, can_call_to_support: false, can_call_to_organizer: false });
    }, { sipWsUrl: '', sipDomain: 'tours.localhost', sipSecret: '' });
  });
});

describe('POST /crm/api/agent/web-call-data (the agent console, staff session)', () => {
  const agent = (body: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/crm/api/agent/web-call-data', payload: body as object, headers });
  const staffAuth = async (kind: 'support' | 'organizer', organizer: number | null) => {
    const id = await insertStaff(t.db, { login: `${kind}-${randomBytes(4).toString('hex')}@calls.example`, name: kind, kind, organizer_id: organizer, password_hash: 'x' }, new Date());
    return { 'x-authorization': `Bearer ${await issueStaffToken(t.db, id, new Date())}` };
  };

  test("support staff get the support line; a call back targets the traveller; an organizer's staff get their organizer's line", async () => {
    const support = await staffAuth('support', null);
    const answer = expectShape((await agent({}, support)).json(), WebCallCredentialsAnswer);
    expect(answer).toMatchObject({ public_identity: 'sip:support@tours.localhost', target: 'sip:support@tours.localhost' });
    // The console's line registers and answers: its credential calls nobody.
    expect(answer.private_identity).toMatch(/^\d+:support:-:\d+$/);
    const back = expectShape((await agent({ traveller_id: travellerId }, support)).json(), WebCallCredentialsAnswer);
    expect(back.target).toBe(`sip:traveller-${travellerId}@tours.localhost`);
    expect(back.private_identity.split(':')[2]).toBe(`traveller-${travellerId}`);
    const org = expectShape((await agent({}, await staffAuth('organizer', organizerId))).json(), WebCallCredentialsAnswer);
    expect(org.public_identity).toBe(`sip:organizer-${organizerId}@tours.localhost`);
    expect((await agent({ traveller_id: 'x' }, support)).statusCode).toBe(422);
  });

  test("without a staff session: 401 (a traveller's token is not one)", async () => {
    expect((await agent({})).statusCode).toBe(401);
    expect((await agent({}, auth)).statusCode).toBe(401);
  });
});

test('SIP settings from the environment: SIP_WS_URL must be ws(s)://, SIP_SECRET at least 16 characters', () => {
  expect(readConfig({}).sipWsUrl).toBe('');
  expect(readConfig({ SIP_WS_URL: 'wss://example.com/sip', SIP_DOMAIN: 'example.com', SIP_SECRET: SECRET })).toMatchObject({ sipWsUrl: 'wss://example.com/sip', sipDomain: 'example.com', sipSecret: SECRET });
  expect(() => readConfig({ SIP_WS_URL: 'http://example.com' })).toThrow(/SIP_WS_URL/);
  expect(() => readConfig({ SIP_SECRET: 'short' })).toThrow(/SIP_SECRET/);
});
