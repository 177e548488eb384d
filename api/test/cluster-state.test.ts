/**
 * Issue 31: the limits that were per process hold across API processes on one PostgreSQL database — a visitor's
 * budget of expensive work (api/src/cluster/work-budget-store.ts), the captcha's memory of a visitor (escalation to
 * the hard captcha, the level asked; api/src/cluster/captcha-memory.ts), the chat's handshakes per address and
 * sockets per person (use-cases/chat-socket.ts). Two servers on one database stand for two processes, each with its
 * own memory; runs with DATABASE_URL (api/scripts/with-postgres.sh), skipped on SQLite, where one process is the design.
 * The tables are migration 0024's (both databases): tested on both, including a PostgreSQL database of before it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Migrator, sql } from 'kysely';
import { io as connectClient, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_MAX_PER_USER } from '@tours/shared/src/api/schemas/chat';
import type { ApiConfig } from '../src/config';
import { migrationProvider } from '../src/db/migrations';
import { SharedCaptchaMemory } from '../src/cluster/captcha-memory';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { Captcha, ESCALATION_WINDOW_MS } from '../src/lib/captcha';
import { WORK_COSTS } from '../src/lib/work-budget';
import { createTestDb, skipNote, solveCaptcha, testServer, usingPostgres, type TestDb } from './helpers';

const pgTest = usingPostgres ? test : test.skip;
if (!usingPostgres) skipNote('limits across two API processes need PostgreSQL (DATABASE_URL)');
const SECRET = 'cluster-state-internal-secret-0123';

let t: TestDb;
const apps: FastifyInstance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestDb();
}, 120_000);

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const app of apps.splice(0)) await app.close();
});

afterAll(async () => {
  await t?.cleanup();
});

/** Two API processes on the test database, configured alike (as the cluster's are). */
async function twoProcesses(config: Partial<ApiConfig>): Promise<[FastifyInstance, FastifyInstance]> {
  const pair = [0, 1].map(() => testServer(t.db, { databaseUrl: t.location, internalSecret: SECRET, ...config })) as [FastifyInstance, FastifyInstance];
  apps.push(...pair);
  await Promise.all(pair.map((app) => app.ready()));
  return pair;
}

pgTest('a visitor has one budget of expensive work, not one per process', async () => {
  // 100 units a minute at 20 an uncached search: 5 searches, wherever they land.
  const [a, b] = await twoProcesses({ rateLimitPerMin: 600, rateLimitCostPerMin: 5 * WORK_COSTS.search });
  const search = (app: FastifyInstance, page: number, from = '203.0.113.41') => app.inject({ url: `/spa/tours?page=${page}&per-page=3`, remoteAddress: from });
  const statuses: number[] = [];
  // Each page is asked once, so each answer is computed (no process has it cached).
  for (let page = 1; page <= 8; page++) statuses.push((await search(page % 2 ? a : b, page)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  // Another visitor's budget is its own.
  expect((await search(b, 20, '203.0.113.42')).statusCode).toBe(200);
});

pgTest('a captcha solved on one process makes the next one the visitor needs on another process a hard one', async () => {
  const [a, b] = await twoProcesses({ rateLimitPerMin: 6 });
  const visitor = '198.51.100.61';
  const info = (app: FastifyInstance, headers: Record<string, string> = {}) => app.inject({ url: '/spa/info', remoteAddress: visitor, headers });
  for (let i = 0; i < 6; i++) expect((await info(i % 2 ? b : a)).statusCode).toBe(200);
  const first = await info(a);
  expect([first.statusCode, first.json()]).toEqual([429, { message: expect.any(String), data: { type: 'captcha' } }]);
  // Solved on a: the visitor's window starts again.
  expect((await info(a, { 'x-captcha-token': await solveCaptcha(a, 'rest/info', false, visitor) })).statusCode).toBe(200);
  let again = await info(b);
  for (let i = 0; i < 10 && again.statusCode === 200; i++) again = await info(b);
  // Within the escalation window, process b asks for the hard one: it knows of the solve on a.
  expect([again.statusCode, again.json()]).toEqual([429, { message: expect.any(String), data: { type: 'hard_captcha' } }]);
  // An easy captcha solved on b does not lift it; a hard one does.
  expect((await info(b, { 'x-captcha-token': await solveCaptcha(b, 'rest/info', false, visitor) })).statusCode).toBe(429);
  expect((await info(b, { 'x-captcha-token': await solveCaptcha(b, 'rest/info', true, visitor) })).statusCode).toBe(200);
});

pgTest('the captcha level a limit asked for on one process is the level of the challenge another process gives', async () => {
  const [, b] = await twoProcesses({ rateLimitPerMin: 600 });
  // Process a's captcha, on the same database (a limit there asks this visitor for level 2 on the sign-in code send).
  const onA = new Captcha(t.db, 'x'.repeat(32), Date.now, Date.now, new SharedCaptchaMemory(t.db, ESCALATION_WINDOW_MS));
  const visitor = '198.51.100.62';
  await onA.demand({ clientIp: visitor, url: '/spa/auth/send-code' } as FastifyRequest, 2);
  const challenge = async (from: string) => (await b.inject({ url: '/spa/captcha/challenge?action=rest/auth/send_code', remoteAddress: from })).json() as { parameters: { data?: { level?: number } } };
  expect((await challenge(visitor)).parameters.data?.level).toBe(2);
  expect((await challenge('198.51.100.63')).parameters.data?.level).toBeUndefined();
});

/** Both processes listening; a socket to one, from `visitor` as the host server forwards it. */
async function listeningPair(config: Partial<ApiConfig>) {
  const pair = await twoProcesses({ rateLimitPerMin: 600, ...config });
  const urls = await Promise.all(pair.map(async (app) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }));
  /** Resolves with 'connected' or the refusal's message. */
  const attempt = (i: number, token: string, visitor: string) => {
    const socket = connectClient(urls[i]!, {
      path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000,
      auth: { token }, extraHeaders: { 'x-internal-secret': SECRET, 'x-forwarded-for': visitor },
    });
    sockets.push(socket);
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  };
  return attempt;
}

const travellerToken = async (email: string) => issueToken(t.db, await insertTraveller(t.db, { first_name: 'Cluster', last_name: 'Visitor', email }));

pgTest('chat handshakes from one address are counted once across processes', async () => {
  const attempt = await listeningPair({ chatHandshakesPerMin: 3 });
  const token = await travellerToken('handshakes@example.com');
  const answers: string[] = [];
  for (let i = 0; i < 4; i++) answers.push(await attempt(i % 2, token, '203.0.113.51'));
  expect(answers.slice(0, 3)).toEqual(['connected', 'connected', 'connected']);
  expect(answers[3]).not.toBe('connected');
  expect(await attempt(0, token, '203.0.113.51')).not.toBe('connected');
  // Another address has handshakes of its own.
  expect(await attempt(1, token, '203.0.113.52')).toBe('connected');
});

pgTest(`at most ${CHAT_SOCKET_MAX_PER_USER} sockets per person, on whichever processes they are`, async () => {
  const attempt = await listeningPair({ chatHandshakesPerMin: 0 });
  const token = await travellerToken('many.tabs.cluster@example.com');
  const answers: string[] = [];
  for (let i = 0; i < CHAT_SOCKET_MAX_PER_USER; i++) answers.push(await attempt(i % 2, token, `203.0.113.${100 + i}`));
  expect(answers).toEqual(Array.from({ length: CHAT_SOCKET_MAX_PER_USER }, () => 'connected'));
  expect(await attempt(0, token, '203.0.113.120')).toBe('Too many connections');
  expect(await attempt(1, token, '203.0.113.121')).toBe('Too many connections');
});

test('migration 0024 makes the shared tables on a database of before it, also one whose cluster made two of them at start', async () => {
  const old = await createTestDb({ seed: false });
  try {
    const migrator = new Migrator({ db: old.db.kysely, provider: migrationProvider });
    expect((await migrator.migrateTo('0023-document-links')).error).toBeUndefined();
    if (usingPostgres) {
      // What the cluster's processes made at start before the migration (api/src/db/queries/cluster.ts then).
      await sql`create table if not exists rate_limit_windows (key text primary key, count integer not null, since bigint not null)`.execute(old.db.kysely);
      await sql`create index if not exists rate_limit_windows_since on rate_limit_windows (since)`.execute(old.db.kysely);
      await sql`alter table outbox add column if not exists claimed_until bigint`.execute(old.db.kysely);
      await sql`insert into rate_limit_windows (key, count, since) values ('reads|192.0.2.1', 3, 1000)`.execute(old.db.kysely);
    }
    const { error, results } = await migrator.migrateTo('0024-cluster-state');
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['0024-cluster-state', 'Success']]);
    for (const table of ['rate_limit_windows', 'work_budgets', 'captcha_solves', 'captcha_demands']) {
      await expect(sql`select count(*) as n from ${sql.table(table)}`.execute(old.db.kysely)).resolves.toBeDefined();
    }
    await expect(sql`select claimed_until from outbox`.execute(old.db.kysely)).resolves.toBeDefined();
    // The windows counted before it stay.
    if (usingPostgres) expect((await sql<{ count: number }>`select count from rate_limit_windows`.execute(old.db.kysely)).rows).toEqual([{ count: 3 }]);
  } finally {
    await old.cleanup();
  }
});
