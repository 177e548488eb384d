/**
 * Issue 31: the rate limits hold across API processes on one PostgreSQL database (api/src/cluster/rate-limit-store.ts).
 * Two servers on one database stand for two processes (each with its own limiter); runs with DATABASE_URL
 * (api/scripts/with-postgres.sh), skipped on SQLite, where one process is the design.
 */
import type { FastifyInstance } from 'fastify';
import { createTestDb, skipNote, testServer, usingPostgres, type TestDb } from './helpers';

const pgTest = usingPostgres ? test : test.skip;
if (!usingPostgres) skipNote('limits across two API processes need PostgreSQL (DATABASE_URL)');
let t: TestDb;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestDb();
  // Reads 6 a minute per visitor (RATE_LIMIT_PER_MIN), as both processes are configured.
  a = testServer(t.db, { databaseUrl: t.location, rateLimitPerMin: 6 });
  b = testServer(t.db, { databaseUrl: t.location, rateLimitPerMin: 6 });
  await Promise.all([a.ready(), b.ready()]);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await t?.cleanup();
});

const read = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: '/spa/info', remoteAddress: ip });

pgTest('a visitor gets the limit once, not once per process', async () => {
  const statuses: number[] = [];
  // Alternating between the two processes: 6 pass, then both refuse with the captcha answer.
  for (let i = 0; i < 8; i++) statuses.push((await read(i % 2 ? b : a, '203.0.113.7')).statusCode);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  const refused = await read(b, '203.0.113.7');
  expect(refused.json()).toMatchObject({ data: { type: 'captcha' } });
  // Another visitor is counted apart.
  expect((await read(b, '203.0.113.8')).statusCode).toBe(200);
});

pgTest('the limit counted on one process is what the other process reports', async () => {
  for (let i = 0; i < 4; i++) expect((await read(a, '198.51.100.20')).statusCode).toBe(200);
  const onB = await read(b, '198.51.100.20');
  expect(onB.statusCode).toBe(200);
  expect(onB.headers['x-ratelimit-remaining']).toBe('1');
});
