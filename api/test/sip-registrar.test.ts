/**
 * The real SIP registrar (Debian's kamailio with infra/kamailio/kamailio.cfg) as an attacker and as the product use
 * it (issue 28 'SIP'; accounts-and-comms §7 'Phone codes and internet calls'):
 * - credentials minted as the API mints them register; a wrong password, an expired credential or another identity
 *   do not;
 * - a call from a traveller to support goes through, ACK and BYE included (the in-dialog requests of a dialog the
 *   registrar created);
 * - the open-relay probes are refused and nothing reaches a listener on another port: a forged To-tag with a Route
 *   naming the registrar, aliases and transports pointing elsewhere, an authenticated caller aiming at another host,
 *   a participant redirecting its own dialog, two credentials in one request;
 * - whom a credential may call: the one callee the API named, only while the site's settings allow it (calls to
 *   organizers are off by default), and only soon after minting.
 * Skipped (with a note) when kamailio is not installed; `npm test` installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { SIP_CALL_START_S, SIP_CREDENTIAL_TTL_S, WEB_CALL_SETTING_KEYS, ephemeralPassword, mintCredentials, type WebCallCredentials } from '../src/lib/sip-credentials';
import { createTestDb, skipNote, testServer, type TestDb } from './helpers';
import { SDP, SipPeer, header, uriOf, type SipMessage } from './sip-client';

const SECRET = 'test-sip-secret-0123456789abcdef';
const DOMAIN = 'tours.localhost';
const root = path.resolve(__dirname, '../..');
const port = 27000 + (process.pid % 2000);
const url = `ws://127.0.0.1:${port}`;
// kamailio checks expiries on the machine's real clock; jest runs on a fixed calendar (scripts/jest/fixed-clock.ts).
const realNowMs = () => performance.timeOrigin + performance.now();
const realNowS = () => Math.floor(realNowMs() / 1000);

let kamailio: ChildProcess | undefined;
let t: TestDb;
let app: FastifyInstance;
let travellerId: number;
let organizerId: number;
let auth: Record<string, string>;
const peers: SipPeer[] = [];

/** Everything that reaches 127.0.0.1:<port> over UDP or TCP: the addresses the relay probes aim at. */
const listener = { port: 0, received: [] as string[], udp: dgram.createSocket('udp4'), tcp: net.createServer() };

const mint = (user: string, targetUser: string, over: Partial<{ expiresAtS: number; callByS: number }> = {}): WebCallCredentials =>
  mintCredentials({ secret: SECRET, domain: DOMAIN, wsUrl: url, user, targetUser, expiresAtS: realNowS() + SIP_CREDENTIAL_TTL_S, callByS: realNowS() + SIP_CALL_START_S, ...over });

async function peer(): Promise<SipPeer> {
  const p = await SipPeer.connect(url);
  peers.push(p);
  return p;
}

/** A registered line (support's, an organizer's) as the agent console registers it: its credential calls nobody. */
async function line(user: string): Promise<SipPeer> {
  const p = await peer();
  expect(await p.register(mint(user, user), DOMAIN)).toBe(200);
  return p;
}

const webCallData = (body: object, server = app) => server.inject({ method: 'POST', url: '/crm/api/phone-code/web-call-data', payload: body, headers: auth });

beforeAll(async () => {
  const { kamailioMissing } = (await import(path.join(root, 'scripts/lib/kamailio.mjs'))) as { kamailioMissing: () => string | null };
  if (kamailioMissing()) return skipNote('kamailio is not installed: the registrar tests are skipped (npm test installs it)');
  await new Promise<void>((resolve) => listener.tcp.listen(0, '127.0.0.1', resolve));
  listener.port = (listener.tcp.address() as net.AddressInfo).port;
  listener.tcp.on('connection', (socket) => {
    listener.received.push('tcp connection');
    socket.on('data', (d) => listener.received.push(d.toString()));
  });
  listener.udp.on('message', (d) => listener.received.push(d.toString()));
  await new Promise<void>((resolve) => listener.udp.bind(listener.port, '127.0.0.1', resolve));

  kamailio = spawn(process.execPath, [path.join(root, 'scripts/lib/kamailio.mjs')], { env: { ...process.env, SIP_PORT: String(port), SIP_SECRET: SECRET, SIP_DOMAIN: DOMAIN }, stdio: 'ignore' });
  t = await createTestDb();
  app = testServer(t.db, { sipWsUrl: url, sipDomain: DOMAIN, sipSecret: SECRET }, { wallNow: realNowMs });
  travellerId = await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Petrova', email: 'sip-relay@example.com', phone: '+79161234501', language: 'en' });
  auth = { 'x-authorization': `Bearer ${await issueToken(t.db, travellerId)}` };
  organizerId = (await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('kamailio did not start');
}, 30_000);

afterAll(async () => {
  for (const p of peers) p.close();
  listener.udp.close();
  listener.tcp.close();
  await app?.close();
  await t?.cleanup();
  if (kamailio && kamailio.exitCode === null) {
    const exited = new Promise((r) => kamailio!.once('exit', r));
    kamailio.kill('SIGTERM');
    await exited;
  }
  // The run folder scripts/lib/kamailio.mjs wrote for this port.
  if (kamailio) rmSync(path.join(root, '.data', `kamailio-${port}`), { recursive: true, force: true });
});

afterEach(() => {
  for (const p of peers.splice(0)) p.close();
});

/** The traveller's credentials as the API mints them for `body` (a support call unless it names an organizer). */
async function travellerCredentials(body: object = { is_support_call: true }, server = app): Promise<WebCallCredentials> {
  const res = await webCallData(body, server);
  expect(res.statusCode).toBe(200);
  return res.json() as WebCallCredentials;
}

/** Starts a call as the browser does (INVITE with SDP, answering the proxy challenge); resolves the final answer. */
function invite(from: SipPeer, creds: WebCallCredentials, target = creds.target, ids = { callId: randomBytes(8).toString('hex'), fromTag: randomBytes(4).toString('hex') }) {
  return from.request({ method: 'INVITE', uri: target, from: creds.public_identity, to: target, credentials: creds, body: SDP, ...ids });
}

describe('the registrar (infra/kamailio/kamailio.cfg)', () => {
  test('credentials minted as the API mints them register; a wrong password, an expired credential or another identity do not', async () => {
    if (!kamailio) return;
    const creds = mint(`traveller-${travellerId}`, 'support');
    const p = await peer();
    expect(await p.register(creds, DOMAIN)).toBe(200);
    expect(await p.register({ ...creds, password: ephemeralPassword('another-secret-0123456789', creds.private_identity) }, DOMAIN)).toBe(401);
    const expired = `${realNowS() - 10}:traveller-${travellerId}:support:${realNowS() + 60}`;
    expect(await p.register({ ...creds, private_identity: expired, password: ephemeralPassword(SECRET, expired) }, DOMAIN)).toBe(401);
    // A traveller's credential cannot register as support.
    expect(await p.register({ ...creds, public_identity: `sip:support@${DOMAIN}` }, DOMAIN)).toBe(403);
  }, 20_000);

  test('a traveller calls support: the INVITE, its ACK and the BYE reach the line (a dialog the registrar created)', async () => {
    if (!kamailio) return;
    const support = await line('support');
    const traveller = await peer();
    const creds = await travellerCredentials();
    expect(await traveller.register(creds, DOMAIN)).toBe(200);
    const ids = { callId: randomBytes(8).toString('hex'), fromTag: randomBytes(4).toString('hex') };
    const answered = invite(traveller, creds, creds.target, ids);
    const incoming = await support.next((m) => m.method === 'INVITE');
    expect(incoming).not.toBeNull();
    expect(uriOf(header(incoming!, 'from'))).toBe(creds.public_identity);
    support.reply(incoming!, 200, 'OK');
    const ok = (await answered)!;
    expect(ok.status).toBe(200);
    const dialog = inDialog(ok, ids);
    await traveller.request({ ...dialog, method: 'ACK', cseq: 2 });
    expect(await support.next((m) => m.method === 'ACK')).not.toBeNull();
    const bye = traveller.request({ ...dialog, method: 'BYE', cseq: 3 });
    const byeIn = await support.next((m) => m.method === 'BYE');
    expect(byeIn).not.toBeNull();
    support.reply(byeIn!, 200, 'OK');
    expect((await bye)?.status).toBe(200);
  }, 20_000);

  test('the open-relay probes are refused and nothing reaches another address', async () => {
    if (!kamailio) return;
    listener.received.length = 0;
    const attacker = await peer();
    const elsewhere = `127.0.0.1:${listener.port}`;
    const viaProxy = `Route: <sip:127.0.0.1:${port};transport=ws;lr>`;
    const forged = { from: 'sip:anonymous@evil.example', to: 'sip:victim@evil.example', toTag: 'forged-to-tag', extra: [viaProxy] };
    const answers: (number | undefined)[] = [];
    // A To-tag and a Route naming the registrar, to a UDP, TCP or aliased address; also as BYE, MESSAGE, REFER, NOTIFY.
    for (const uri of [`sip:victim@${elsewhere}`, `sip:victim@${elsewhere};transport=tcp`, `sip:victim@evil.example;alias=127.0.0.1~${listener.port}~1`, `sip:victim@evil.example;alias=127.0.0.1~${listener.port}~2`]) {
      for (const method of ['INVITE', 'BYE', 'MESSAGE', 'REFER', 'NOTIFY', 'INFO']) answers.push((await attacker.request({ ...forged, method, uri, body: method === 'INVITE' ? SDP : undefined }, 500))?.status);
    }
    // The same without the Route, and a forged ACK (never answered, never forwarded).
    answers.push((await attacker.request({ ...forged, extra: [], method: 'INVITE', uri: `sip:victim@${elsewhere}`, body: SDP }, 500))?.status);
    await attacker.request({ ...forged, method: 'ACK', uri: `sip:victim@${elsewhere}` });
    await new Promise((r) => setTimeout(r, 300));
    expect(listener.received).toEqual([]);
    // New requests without credentials are challenged, never forwarded; MESSAGE and friends are not served at all.
    const challenged = await attacker.request({ method: 'INVITE', uri: `sip:victim@${elsewhere}`, from: `sip:traveller-1@${DOMAIN}`, to: `sip:victim@${elsewhere}`, body: SDP });
    expect(challenged?.status).toBe(407);
    expect((await attacker.request({ method: 'MESSAGE', uri: `sip:support@${DOMAIN}`, from: `sip:traveller-1@${DOMAIN}`, to: `sip:support@${DOMAIN}` }))?.status).toBe(405);
    expect((await attacker.request({ method: 'INVITE', uri: `sip:victim@${elsewhere}`, from: 'sip:anonymous@evil.example', to: `sip:victim@${elsewhere}`, body: SDP }))?.status).toBe(403);
    expect(answers.every((s) => s !== undefined && s >= 400)).toBe(true);
    expect(answers.filter((s) => s === 481)).toHaveLength(answers.length);

    // A traveller with real credentials aiming at another host, or carrying a second credential.
    const creds = await travellerCredentials();
    expect((await invite(attacker, creds, `sip:support@${elsewhere};transport=udp`))?.status).toBe(404);
    const spec = { method: 'INVITE', uri: creds.target, from: creds.public_identity, to: creds.target, body: SDP };
    const challenge = (await attacker.request(spec))!;
    const nonce = /nonce="([^"]*)"/.exec(header(challenge, 'proxy-authenticate'))![1];
    const second = `Proxy-Authorization: Digest username="9999999999:traveller-1:organizer-${organizerId}:9999999999", realm="other", nonce="${nonce}", uri="${creds.target}", response="00000000000000000000000000000000", algorithm=MD5`;
    expect((await attacker.request({ ...spec, extra: [second], credentials: creds }))?.status).toBe(400);

    await new Promise((r) => setTimeout(r, 500));
    expect(listener.received).toEqual([]);
  }, 30_000);

  test("a participant cannot redirect its own dialog to another address", async () => {
    if (!kamailio) return;
    listener.received.length = 0;
    const support = await line('support');
    const traveller = await peer();
    const creds = await travellerCredentials();
    const ids = { callId: randomBytes(8).toString('hex'), fromTag: randomBytes(4).toString('hex') };
    const answered = invite(traveller, creds, creds.target, ids);
    const incoming = (await support.next((m) => m.method === 'INVITE'))!;
    support.reply(incoming, 200, 'OK');
    const dialog = inDialog((await answered)!, ids);
    await traveller.request({ ...dialog, method: 'ACK', cseq: 2 });
    for (const uri of [`sip:x@127.0.0.1:${listener.port};transport=udp`, `sip:x@127.0.0.1:${listener.port};transport=tcp`, `sip:x@evil.example;alias=127.0.0.1~${listener.port}~1`]) {
      expect((await traveller.request({ ...dialog, uri, method: 'INFO', cseq: 4 }))?.status).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(listener.received).toEqual([]);
    expect(support.requests('INFO')).toEqual([]);
  }, 20_000);

  test("whom a credential calls: the callee the API named, as the site's settings allow, soon after minting", async () => {
    if (!kamailio) return;
    const organizerLine = `organizer-${organizerId}`;
    const organizer = await line(organizerLine);
    const support = await line('support');
    const traveller = await peer();

    // Calls to organizers are off by default: the API mints none, and a support credential cannot call one.
    expect((await webCallData({ is_support_call: false, organizer_id: organizerId })).statusCode).toBe(403);
    const forSupport = await travellerCredentials();
    expect((await invite(traveller, forSupport, `sip:${organizerLine}@${DOMAIN}`))?.status).toBe(403);
    // Nor another traveller, nor may the console's line (it only answers) call anyone.
    const other = await line('traveller-999999');
    expect((await invite(traveller, forSupport, `sip:traveller-999999@${DOMAIN}`))?.status).toBe(403);
    expect((await invite(support, mint('support', 'support'), `sip:traveller-999999@${DOMAIN}`))?.status).toBe(403);
    // A credential kept past its call-by time registers but cannot start a call.
    const stale = mint(`traveller-${travellerId}`, 'support', { callByS: realNowS() - 1 });
    expect(await traveller.register(stale, DOMAIN)).toBe(200);
    expect((await invite(traveller, stale))?.status).toBe(403);
    expect(organizer.requests('INVITE')).toEqual([]);
    expect(other.requests('INVITE')).toEqual([]);
    expect(support.requests('INVITE')).toEqual([]);

    // With the setting on, the API mints a credential for that organizer and the call reaches the organizer's line.
    await t.db.kysely.insertInto('site_settings').values({ key: WEB_CALL_SETTING_KEYS.canCallToOrganizer, value: '1' }).execute();
    const server = testServer(t.db, { sipWsUrl: url, sipDomain: DOMAIN, sipSecret: SECRET }, { wallNow: realNowMs });
    try {
      const forOrganizer = await travellerCredentials({ is_support_call: false, organizer_id: organizerId }, server);
      const answer = invite(traveller, forOrganizer);
      const incoming = (await organizer.next((m: SipMessage) => m.method === 'INVITE'))!;
      expect(incoming).not.toBeNull();
      organizer.reply(incoming, 486, 'Busy Here');
      expect((await answer)?.status).toBe(486);
      // That credential calls that organizer only.
      expect((await invite(traveller, forOrganizer, `sip:support@${DOMAIN}`))?.status).toBe(403);
    } finally {
      await server.close();
      await t.db.kysely.deleteFrom('site_settings').where('key', '=', WEB_CALL_SETTING_KEYS.canCallToOrganizer).execute();
    }
  }, 30_000);
});

/** The caller's in-dialog request fields after a 2xx: the callee's Contact as the URI, the route set reversed. */
function inDialog(ok: SipMessage, ids: { callId: string; fromTag: string }) {
  const to = header(ok, 'to');
  const routes = (ok.headers.get('record-route') ?? []).flatMap((v) => v.split(/,\s*(?=<)/)).reverse();
  return {
    uri: uriOf(header(ok, 'contact')),
    from: uriOf(header(ok, 'from')),
    to: uriOf(to),
    toTag: /;tag=([^;>\s]+)/.exec(to)![1],
    ...ids,
    extra: routes.map((r) => `Route: ${r}`),
  };
}
