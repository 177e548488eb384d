/**
 * What an attacker's probe sees: browser hardening headers on every answer, bodies that cannot crash the
 * parser, framework and parser errors in the error shape without echoing the input, and an answer cache that
 * stays within its byte budget.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../src/config';
import type { Metrics } from '../src/lib/metrics';
import { buildServer } from '../src/server';
import { withTestDb } from './helpers';

const SECRET = 'test-internal-secret-0123456789';

const t = withTestDb();

function server(config: Partial<ApiConfig> = {}): FastifyInstance {
  return buildServer({ db: t.db, config: { rateLimitPerMin: 0, internalSecret: SECRET, ...config }, validateAnswers: true });
}

async function metrics(app: FastifyInstance): Promise<Metrics> {
  return (await app.inject({ method: 'GET', url: '/internal/metrics', headers: { 'x-internal-secret': SECRET } })).json();
}

/** The body is the spec's error shape with a message only: no statusCode, code or error fields. */
function expectPlainError(body: string, message?: string): void {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['message']);
  expect(typeof parsed.message).toBe('string');
  if (message) expect(parsed.message).toBe(message);
}

/** Raw HTTP over a socket, for what inject cannot send (oversized headers, garbage). */
function raw(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) reject(new Error(`no HTTP answer: ${data.slice(0, 200)}`));
      else resolve({ status, headers: head.toLowerCase(), body });
    });
  });
}

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = server({ trustProxy: ['192.0.2.10'] });
  });
  afterAll(() => app.close());

  test('JSON answers forbid everything: CSP, nosniff, no referrer, no framing, same-origin resources, no HSTS on http', async () => {
    for (const [url, status] of [['/spa/info', 200], ['/spa/validate-slug', 422], ['/spa/no-such-call', 404]] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  test('/media may be loaded from any origin; the docs page may use its inline style and nothing else', async () => {
    for (const url of ['/media/tours/1001-1/140x140/image.png', '/media/tours/1001-1/140x140/image.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const docs = await app.inject({ method: 'GET', url: '/api-docs' });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(docs.body).not.toContain('<script');
  });

  test('HSTS only for https visitors: the trusted proxy or the load balancer says so, nobody else', async () => {
    const hsts = async (headers: Record<string, string>, from = '203.0.113.1') =>
      (await app.inject({ method: 'GET', url: '/spa/info', remoteAddress: from, headers })).headers['strict-transport-security'];
    expect(await hsts({ 'x-internal-secret': SECRET, 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' })).toBe('max-age=31536000');
    expect(await hsts({ 'x-forwarded-proto': 'https' }, '192.0.2.10')).toBe('max-age=31536000');
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hsts({ 'x-internal-secret': 'guess', 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hsts({ 'x-internal-secret': SECRET, 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  test("the widgets' CORS calls keep working", async () => {
    const app2 = server({ corsOrigin: '' });
    const res = await app2.inject({ method: 'GET', url: '/spa/search-form', headers: { origin: 'https://agency.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    await app2.close();
  });
});

describe('bodies', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = server();
  });
  afterAll(() => app.close());
  const post = (payload: string, type = 'application/json') =>
    app.inject({ method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': type }, payload });

  test('deeply nested JSON is a 400, never a 500', async () => {
    for (const payload of [`{"data":${'['.repeat(400_000)}`, `{"data":${'['.repeat(400_000)}${']'.repeat(400_000)}}`, `{"data":${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expectPlainError(res.body, 'JSON nested too deeply');
    }
    // Brackets inside strings do not count; ordinary nesting reaches the call (which rejects the fields).
    const ok = await post(JSON.stringify({ data: { comment: '['.repeat(1000), type: 'x' } }));
    expect(ok.statusCode).toBe(422);
  });

  test('malformed, empty, poisoned, oversized and non-JSON bodies: 400, 400, 400, 413, 415 in the error shape', async () => {
    const cases: [string, string, number, string][] = [
      ['{"data":', 'application/json', 400, 'Malformed JSON'],
      ['', 'application/json', 400, 'Empty JSON body'],
      ['{"data":{"__proto__":{"polluted":1}}}', 'application/json', 400, 'Malformed JSON'],
      ['{"data":{"constructor":{"prototype":{"polluted":1}}}}', 'application/json', 400, 'Malformed JSON'],
      [JSON.stringify({ data: { comment: 'x'.repeat(1_100_000) } }), 'application/json', 413, 'Payload too large'],
      ['<data/>', 'application/xml', 415, 'Unsupported media type'],
    ];
    for (const [payload, type, status, message] of cases) {
      const res = await post(payload, type);
      expect(res.statusCode).toBe(status);
      expectPlainError(res.body, message);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('framework and parser errors', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  test('a URL that cannot be decoded is a 400 that does not repeat it', async () => {
    const marker = 'ECHO'.repeat(3000);
    for (const url of [`/spa/${marker}%c0`, `/media/tours/%c0${marker}/image.png`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expectPlainError(res.body, 'Bad request');
      expect(res.body).not.toContain('ECHO');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a route parameter over the length limit is a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/media/tours/${'k'.repeat(400)}/image.png` });
    expect(res.statusCode).toBe(404);
    expectPlainError(res.body, 'Not found');
    expect(res.body).not.toContain('kkkk');
  });

  test('headers over the size limit: 431 in the error shape, no statusCode; garbage: 400 likewise', async () => {
    const big = await raw(port, `GET /spa/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expectPlainError(big.body, 'Request header fields too large');
    expect(big.headers).toContain('content-type: application/json');
    expect(big.headers).toContain('x-content-type-options: nosniff');
    expect(big.body).not.toContain('bbbb');
    const garbage = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectPlainError(garbage.body, 'Bad request');
    // The server still answers.
    expect((await fetch(`http://127.0.0.1:${port}/spa/info`)).status).toBe(200);
  });

  test('unknown calls and methods: JSON 404 without framework fields', async () => {
    for (const [method, url] of [['GET', '/spa/nope'], ['POST', '/spa/info'], ['PUT', '/spa/info'], ['DELETE', '/x'], ['PATCH', '/media/x']] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expectPlainError(res.body, 'Not found');
    }
  });
});

test('a request that arrives while the server closes: 503 in the error shape, then the connection closes', async () => {
  const app = server();
  let release!: () => void;
  const started = new Promise<void>((ok) => {
    app.get('/test/slow', async () => {
      ok();
      await new Promise<void>((r) => (release = r));
      return { ok: 1 };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = net.connect((app.server.address() as net.AddressInfo).port, '127.0.0.1');
  let data = '';
  socket.on('data', (d: Buffer) => (data += d.toString()));
  const closed = new Promise((r) => socket.on('close', r));
  socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
  await started;
  const closing = app.close();
  // A second (pipelined) request on the busy connection, after closing began.
  socket.write('GET /spa/info HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((r) => setTimeout(r, 50));
  release();
  await closing;
  await closed;
  const [first, second] = data.split(/(?=HTTP\/1\.1 )/);
  expect(first).toMatch(/^HTTP\/1\.1 200/);
  expect(second).toMatch(/^HTTP\/1\.1 503/);
  expect(second!.toLowerCase()).toContain('connection: close');
  expectPlainError(second!.split('\r\n\r\n')[1]!, 'Service unavailable');
});

describe('answer cache', () => {
  test('stays within its byte budget under distinct heavy queries: entries evicted, counts in the metrics', async () => {
    // An answer is ≈ 80 KB of JSON, ≈ 320 KB estimated: about six fit.
    const app = server({ cacheMaxMb: 2 });
    for (let i = 1; i <= 20; i++) {
      const res = await app.inject({ method: 'GET', url: `/spa/tours?expand=filters&per-page=24&priceMin=${i}` });
      expect(res.statusCode).toBe(200);
    }
    const { cache } = await metrics(app);
    expect(cache.maxBytes).toBe(2 * 1024 * 1024);
    expect(cache.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(cache.tooBig).toBe(0);
    expect(cache.bytes).toBeGreaterThan(0);
    expect(cache.evictions).toBeGreaterThan(0);
    expect(cache.entries).toBeLessThan(40);
    expect(cache.misses).toBeGreaterThanOrEqual(40);
    // A repeated query is a hit.
    await app.inject({ method: 'GET', url: '/spa/tours?expand=filters&per-page=24&priceMin=20' });
    expect((await metrics(app)).cache.hits).toBeGreaterThan(cache.hits);
    await app.close();
  });

  test('concurrent requests for one answer share one computation', async () => {
    const app = server();
    await app.inject({ method: 'GET', url: '/spa/tours?priceMin=1' }); // reference data and rates cached
    const m0 = (await metrics(app)).cache;
    await app.inject({ method: 'GET', url: '/spa/tours?priceMin=2' });
    const m1 = (await metrics(app)).cache;
    const perRequest = m1.misses - m0.misses;
    expect(perRequest).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/spa/tours?priceMin=3' })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const m2 = (await metrics(app)).cache;
    expect(m2.misses - m1.misses).toBe(perRequest);
    expect(m2.shared - m1.shared).toBeGreaterThanOrEqual(9);
    await app.close();
  });
});
