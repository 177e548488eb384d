/**
 * The service as a whole: a real listening socket, the rate limit (429 captcha), the OpenAPI description,
 * and the entry point (main.ts) started as a process and shut down with SIGTERM. Limits, headers and errors in
 * detail: limits.test.ts and hardening.test.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { InfoAnswer } from '@tours/shared/src/api/schemas/reference';
import type { FastifyInstance } from 'fastify';
import { expectShape, get, TEST_SEED, TEST_SIZE, testServer, usingPostgres, withTestDb } from './helpers';

const t = withTestDb();

test('answers over a real listening socket', async () => {
  const app = testServer(t.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  try {
    const res = await fetch(`http://127.0.0.1:${port}/spa/info`, { headers: { 'X-Language': 'en-US', 'X-Localization': '1', 'X-Currency': 'USD' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expectShape(await res.json(), InfoAnswer);
    // How long the service worked on it, for the browser's Resource Timing (serverTiming).
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d)?$/);
    const missing = await fetch(`http://127.0.0.1:${port}/spa/validate-slug`);
    expect(missing.status).toBe(422);
    expect(missing.headers.get('server-timing')).toMatch(/^app;dur=/);
    expect(await missing.json()).toEqual({ message: 'Required field', errors: { slug: 'Required field' } });
    const image = await fetch(`http://127.0.0.1:${port}/media/tours/1001-1/140x140/image.png`);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const huge = await fetch(`http://127.0.0.1:${port}/spa/validate-slug?slug=${'a'.repeat(100_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  } finally {
    await app.close();
  }
});

describe('rate limit (details in limits.test.ts)', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = testServer(t.db, { rateLimitPerMin: 5 });
  });
  afterAll(() => app.close());
  const from = (remoteAddress: string, url = '/spa/site-tokens', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, remoteAddress, headers });

  test('over the limit: 429 with data.type captcha and Retry-After; per client address, a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.1', '/spa/site-tokens', { 'x-forwarded-for': `10.0.0.${i}` })).statusCode).toBe(200);
    const limited = await from('198.51.100.1', '/spa/site-tokens', { 'x-forwarded-for': '10.0.0.99' });
    expect(limited.statusCode).toBe(429);
    const body = expectShape(limited.json(), ErrorBody);
    expect(body.data).toEqual({ type: 'captcha' });
    expect(body.message).toBeTruthy();
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.2', '/spa/info')).statusCode).toBe(200);
  });

  test('loopback is limited too; media and docs are not', async () => {
    for (let i = 0; i < 5; i++) await get(app, '/spa/info');
    expect((await get(app, '/spa/info')).status).toBe(429);
    expect((await get(app, '/media/tours/1-1/10x10/image.svg')).status).toBe(200);
    expect((await get(app, '/api-docs/openapi.json')).status).toBe(200);
  });
});

test('OpenAPI description generated from the schemas, and an HTML index', async () => {
  const app = testServer(t.db);
  const doc = (await get(app, '/api-docs/openapi.json')).body as {
    openapi: string;
    paths: Record<string, Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[]; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
  };
  expect(doc.openapi).toBe('3.0.3');
  const convert = doc.paths['/node-api/convert-price']?.get;
  expect(convert?.parameters.find((p) => p.name === 'amount')).toMatchObject({ required: true, schema: { type: 'number', minimum: 0, maximum: 1e12 } });
  expect(convert?.parameters.find((p) => p.name === 'from_currency')?.required).toBe(true);
  expect(Object.keys(convert?.responses ?? {})).toEqual(expect.arrayContaining(['200', '422', '429']));
  const blog = doc.paths['/spa/blog-posts']?.get;
  expect(blog?.parameters.find((p) => p.name === 'per-page')).toMatchObject({ required: false, schema: { type: 'integer', default: 20, minimum: 1, maximum: 100 } });
  const answer = blog?.responses['200']?.content?.['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
  expect(Object.keys(answer.properties)).toEqual(['posts', 'pagination', 'category', 'categories']);
  expect(answer.required).toEqual(['posts', 'pagination', 'category', 'categories']);
  const reviews = doc.paths['/spa/organizer-reviews']?.get?.responses['200']?.content?.['application/json']?.schema as { properties: { reviews: { items: { properties: Record<string, { nullable?: boolean }> } } } };
  expect(reviews.properties.reviews.items.properties.reply_review?.nullable).toBe(true);
  expect(doc.paths['/media/{bucket}/{key}/{size}/{file}']).toBeDefined();
  const html = await app.inject({ method: 'GET', url: '/api-docs' });
  expect(html.headers['content-type']).toContain('text/html');
  expect(html.body).toContain('/api-docs/openapi.json');
  expect(html.body).not.toMatch(/<script|https?:\/\/cdn/);
  await app.close();
});

test('main.ts starts on the seeded database, logs its line, and shuts down on SIGTERM', async () => {
  const root = path.resolve(__dirname, '..', '..');
  const env = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', SEED: String(TEST_SEED), CATALOGUE_SIZE: String(TEST_SIZE), LOG_LEVEL: 'warn',
    ...(usingPostgres ? { DATABASE_URL: t.location } : { DB_FILE: t.location, DATABASE_URL: '' }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; output: ${output}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /API listening on http:\/\/127\.0\.0\.1:\d+ \((sqlite .+|postgres)\)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  expect(line).toContain(usingPostgres ? '(postgres)' : `(sqlite ${t.location})`);
  const port = Number(/:(\d+) /.exec(line)?.[1]);
  const res = await fetch(`http://127.0.0.1:${port}/spa/info`);
  expect(res.status).toBe(200);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exit).toBe(0);
});
