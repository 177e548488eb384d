/**
 * Test databases: a temp SQLite file per test file, or — when DATABASE_URL is set — a fresh PostgreSQL
 * database per test file on that server (created and dropped here).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { is, type Struct } from 'superstruct';
import { SubmitOrderAnswer } from '@tours/shared/src/api/schemas/booking';
import { openDatabase, type Db } from '../src/db';
import { ensureSeeded, type SeedReport } from '../src/db/seed/ensure';
import { isoDate } from '../src/db/seed/text';
import { DEV_STAFF, ensureStaffAccounts } from '../src/db/seed/staff';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { buildServer } from '../src/server';
import type { ApiConfig } from '../src/config';
import type { MessageProviders } from '../src/lib/outbox';

// fastify.inject loads light-my-request, which requires the ESM-only 'cookie' 2.x. Node 20 loads it at runtime
// (require(esm)), but jest on Node < 24.9 cannot unless the root jest config transforms 'cookie'. Until then,
// tests get this CommonJS stand-in for the one function light-my-request uses (only for inject's `cookies` option).
jest.mock('cookie', () => ({
  stringifySetCookie: (c: { name: string; value: string }) => `${c.name}=${encodeURIComponent(c.value)}`,
}));

export const TEST_SIZE = 300;
export const TEST_SEED = 42;
export const TODAY = isoDate(new Date());
export const usingPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDb {
  db: Db;
  /** SQLite file, or the PostgreSQL URL of this test's database. */
  location: string;
  seedReport: SeedReport;
  /** Opens the same database again (after `db.close()`), as a restart would. */
  reopen(): Promise<Db>;
  cleanup(): Promise<void>;
}

async function createPgDatabase(): Promise<string> {
  const base = new URL(process.env.DATABASE_URL as string);
  const name = `api_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(url: string): Promise<void> {
  const base = new URL(process.env.DATABASE_URL as string);
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A migrated database, seeded with the small test catalogue unless `seed: false`. */
export async function createTestDb(options: { size?: number; seed?: boolean } = {}): Promise<TestDb> {
  let location: string;
  let dir: string | null = null;
  if (usingPostgres) {
    location = await createPgDatabase();
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
    location = path.join(dir, 'catalogue.sqlite');
  }
  const open = (): Promise<Db> => openDatabase(usingPostgres ? { url: location } : { file: location });
  const db = await open();
  const seedReport = options.seed === false
    ? { seeded: false, reason: 'not seeded', generateMs: 0, writeMs: 0, stats: null }
    : await ensureSeeded(db, { size: options.size ?? TEST_SIZE, seed: TEST_SEED, today: TODAY });
  const opened: Db[] = [db];
  return {
    db,
    location,
    seedReport,
    async reopen() {
      const again = await open();
      opened.push(again);
      return again;
    },
    async cleanup() {
      for (const d of opened) await d.close();
      if (usingPostgres) await dropPgDatabase(location);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A server on the test database that checks every answer against its schema (limits off unless configured). Uploads
 * go to a temporary folder of its own (never api/.data), removed when the server closes, unless `uploadsDir` is given.
 */
export function testServer(
  db: Db, config: Partial<ApiConfig> = {}, options: { now?: () => number; wallNow?: () => number; providers?: MessageProviders; outboxRetryDelaysMs?: readonly number[] } = {},
): FastifyInstance {
  const uploadsDir = config.uploadsDir ?? path.join(os.tmpdir(), `api-uploads-${randomUUID()}`);
  // The test catalogue has excursions and the suites search them: on unless a test turns them off (issue 32).
  const app = buildServer({ db, config: { rateLimitPerMin: 0, uploadsDir, excursionsEnabled: true, ...config }, validateAnswers: true, ...options });
  if (!config.uploadsDir) app.addHook('onClose', async () => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  return app;
}

/** A temporary uploads folder for the file's servers (a test that reads or writes the stored files), removed after its last test. */
export function testUploadsDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A message as the outbox page lists it (GET /internal/outbox). */
export interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  text: string;
  status: string;
  error: string | null;
  code: string | null;
  links: string[];
}

/** The messages to a recipient, newest first, from the outbox page (the server needs devMode or the internal secret). */
export async function outboxTo(app: FastifyInstance, to: string, headers: Record<string, string> = {}): Promise<OutboxEntry[]> {
  const res = await app.inject({ method: 'GET', url: `/internal/outbox?to=${encodeURIComponent(to)}`, headers });
  if (res.statusCode !== 200) throw new Error(`outbox page: ${res.statusCode}`);
  return (res.json() as { messages: OutboxEntry[] }).messages;
}

/** The newest one-time code sent to a recipient, as a developer or an e-2-e test reads it. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const code = (await outboxTo(app, to)).find((m) => m.code)?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** A request through inject; returns status, the body parsed as JSON (null when it is not JSON), headers and the raw body. */
export async function injectJson(app: FastifyInstance, request: InjectOptions): Promise<{ status: number; body: unknown; headers: Record<string, unknown>; raw: string }> {
  const res = await app.inject(request);
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body };
}

/** GET through inject; returns status, parsed JSON body and headers. */
export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return injectJson(app, { method: 'GET', url, headers });
}

/** The order a submit-order answer made (its request id and uuid); throws with the answer when the order was refused. */
export function madeOrder(res: { status: number; body: unknown }): { id: number; uuid: string } {
  if (res.status !== 200) throw new Error(`submit-order: ${res.status} ${JSON.stringify(res.body)}`);
  const answer = expectShape(res.body, SubmitOrderAnswer);
  return { id: answer.request_id, uuid: answer.requestUUID };
}

/** POST of a JSON body through inject (a string goes as it is, e.g. malformed JSON); returns status and parsed answer. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.inject({ method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Asserts a value matches a shared schema, with a readable failure. */
export function expectShape<T, S>(value: unknown, struct: Struct<T, S>): T {
  if (!is(value, struct)) {
    const [error] = struct.validate(value);
    throw new Error(`Answer does not match the schema at ${error?.path.join('.')}: ${error?.message}\n${JSON.stringify(value).slice(0, 500)}`);
  }
  return value as T;
}

/** Logs once why a test is skipped (so the reason shows in the output). */
export function skipNote(reason: string): void {
  console.log(`skipped: ${reason}`);
}

/**
 * Solves the API's captcha for an action as the browser's widget would: fetches a challenge, solves it with
 * altcha-lib, and answers the payload for x-captcha-token (base64 JSON `{ challenge, solution }`).
 */
export async function solveCaptcha(app: FastifyInstance, action: string, hard = false, from = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/spa/captcha/challenge?action=${encodeURIComponent(action)}${hard ? '&hard=1' : ''}`, remoteAddress: from });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/**
 * A value made in a beforeAll hook, used in the file as a plain const: each read goes to the value of the moment (so
 * `const { t, app } = withTestServer()` at the top of a file needs no `let` and no hooks of its own).
 */
function madeBeforeAll<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (!value) throw new Error(`${what} is made in beforeAll: use it in a test or a hook`);
      const field = Reflect.get(value, key, value) as unknown;
      return typeof field === 'function' ? field.bind(value) : field;
    },
    set(_, key, field) {
      const value = current();
      if (!value) throw new Error(`${what} is made in beforeAll: use it in a test or a hook`);
      return Reflect.set(value, key, field, value);
    },
  });
}

/** The file's test database: made before its first test, removed after its last. */
export function withTestDb(options: Parameters<typeof createTestDb>[0] = {}): TestDb {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb(options);
  }, 60_000);
  afterAll(async () => {
    await t?.cleanup();
  });
  return madeBeforeAll(() => t, 'the test database');
}

/**
 * The file's test database and a server on it (testServer with these settings): made before the file's first test
 * (hooks the file declares after this call run after it), closed after its last.
 */
export function withTestServer(
  config: Partial<ApiConfig> = {}, options: Parameters<typeof testServer>[2] = {}, dbOptions: Parameters<typeof createTestDb>[0] = {},
): { t: TestDb; app: FastifyInstance } {
  let app: FastifyInstance | undefined;
  const t = withTestDb(dbOptions);
  beforeAll(() => {
    app = testServer(t.db, config, options);
  });
  afterAll(async () => {
    await app?.close();
  });
  return { t, app: madeBeforeAll(() => app, 'the test server') };
}

/** The headers of a development staff account (DEV_STAFF) signed in at the agent console (POST /crm/api/agent/auth). */
export async function staffSignIn(app: FastifyInstance, login: string): Promise<Record<string, string>> {
  const account = DEV_STAFF.find((s) => s.login === login)!;
  const res = await app.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: account.login, password: account.password } });
  expect(res.statusCode).toBe(200);
  return { 'x-authorization': `Bearer ${res.json().token as string}` };
}

/** The signed-in sessions the staff calls are checked with: a traveller, and a staff account of each permission set. */
export async function staffSessions(db: Db, app: FastifyInstance) {
  await ensureStaffAccounts(db);
  return {
    traveller: { 'x-authorization': `Bearer ${await issueToken(db, await insertTraveller(db, { first_name: 'Tess', last_name: 'Traveller' }))}` },
    noPermission: await staffSignIn(app, 'staff.none@tours.example'),
    knowledge: await staffSignIn(app, 'staff.knowledge@tours.example'),
    commission: await staffSignIn(app, 'staff.commission@tours.example'),
    all: await staffSignIn(app, 'staff.all@tours.example'),
  };
}
