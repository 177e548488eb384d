/**
 * Issue 31: the statements a code sign-in and a submit-order send to PostgreSQL in the cluster's configuration (the
 * limits counted in the shared table). On PostgreSQL each statement is a round trip, a socket write and a backend's
 * work, most of what these calls cost there: the counts are bounds, so a change that adds one says so here.
 * PostgreSQL only (DATABASE_URL; api/scripts/with-postgres.sh).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { OutboxClaims } from '../src/cluster/outbox-claims';
import { Outbox } from '../src/lib/outbox';
import { createTestDb, lastCode, skipNote, testServer, TODAY, usingPostgres, type TestDb } from './helpers';

const pgTest = usingPostgres ? test : test.skip;
if (!usingPostgres) skipNote('statements sent to PostgreSQL need PostgreSQL (DATABASE_URL)');
// Before the pool opens its connections (db/index.ts keeps each connection's query as it finds it).
const sent = jest.spyOn(pg.Client.prototype, 'query');
let t: TestDb;
let app: FastifyInstance;
let variant: { tour: number; id: number };

beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestDb();
  app = testServer(t.db, { databaseUrl: t.location, rateLimitPerMin: 100_000, devMode: true, coordinatorEmail: 'coordinators@example.com' });
  await app.ready();
  const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string>>>;
  const open = await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id').select(['v.id as id', 'v.tour_id as tour'])
    .where('t.is_published', '=', 1).where('v.is_busy', '=', 0).where('v.start', '>=', TODAY).orderBy('v.id').executeTakeFirstOrThrow();
  variant = { tour: Number(open.tour), id: Number(open.id) };
  await k.updateTable('tour_variants').set({ number_of_free_seats: 10_000 }).where('id', '=', variant.id).execute();
}, 120_000);

afterAll(async () => {
  sent.mockRestore();
  await app?.close();
  await t?.cleanup();
});

/** The statements `call` sent (its answer must be 200). */
async function statementsOf(call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  sent.mockClear();
  const res = await call();
  expect(res.statusCode).toBe(200);
  if (process.env.SHOW_STATEMENTS) console.log(sent.mock.calls.map((c) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text?: string })?.text).slice(0, 100)).join('\n'));
  return sent.mock.calls.length;
}

const post = (url: string, body: object, ip: string, headers: Record<string, string> = {}) => () => app.inject({
  method: 'POST', url, payload: JSON.stringify(body), remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers },
});

pgTest('a code sign-in: 6 statements to send the code, 6 to sign a new login in, 7 a known one', async () => {
  const counts: number[][] = [];
  // The first of each warms up: the limiter's first count also sweeps ended windows. The third signs login 2 in again.
  for (const n of [1, 2, 2]) {
    const login = `statements-${n}@example.com`;
    const send = await statementsOf(post('/crm/api/user/send-auth-code', { login, code_sender: 'email' }, `198.51.100.${n}`));
    const code = await lastCode(app, login);
    const signIn = await statementsOf(post('/crm/api/user/auth-via-code', { login, code, verify_method: 'email' }, `198.51.100.${n}`));
    counts.push([send, signIn]);
  }
  // The limit's count, the login's account, the send limits, the code, the e-mail's link, the message.
  expect(counts[1]![0]).toBeLessThanOrEqual(6);
  // The limit's count, the code's try (which answers that no account holds the login), the account made, the guest's
  // requests joined, the device, the token (7 before: the account was read first).
  expect(counts[1]![1]).toBeLessThanOrEqual(6);
  // A known login: the account read instead of made, and its favourites read (as before).
  expect(counts[2]![1]).toBeLessThanOrEqual(7);
});

pgTest('a guest\'s submit-order on a date, its confirmation going: 12 statements', async () => {
  const order = { data: { tour_id: variant.tour, dates: variant.id, adults: 2, children: 0, name: 'Anna Petrova', phone: '+79161234567', email: 'anna.statements@example.com', agree: true, timezone: 0 } };
  const counts: number[] = [];
  for (const n of [1, 2]) counts.push(await statementsOf(post('/spa/submit-order', order, `203.0.113.${n}`, { 'idempotency-key': `statements-${randomUUID()}` })));
  // The limit's count; the tour (archived and title with it) and the date; begin, the request (returned as stored),
  // its history, the confirmation's allowance and record, the seats, commit; the coordinators' notice; the
  // confirmation (the tour's titles and the date's days as the submit read them). 19 before issue 31's changes.
  expect(counts[1]).toBeLessThanOrEqual(12);
});

pgTest('a message through a provider in the cluster: 1 statement to write it, claimed by its writer', async () => {
  const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  const releases: (() => void)[] = [];
  // The provider holds each delivery until the count is taken (its outcome is written after it).
  const outbox = new Outbox(t.db, { email: { send: () => new Promise<void>((resolve) => releases.push(resolve)) } }, { now: Date.now, log, claims: new OutboxClaims(t.db, Date.now, log) });
  const message = { channel: 'email', recipient: 'statements.outbox@example.com', subject: 'Code', text: 'Your code: 12345' } as const;
  await outbox.send(message); // The first also sweeps old messages.
  sent.mockClear();
  await outbox.send(message);
  const count = sent.mock.calls.length;
  for (const release of releases) release();
  await outbox.close();
  // The insert (2 before: the writer's claim was an update after it).
  expect(count).toBe(1);
});
