/**
 * Rate limits as a caller sees them: whose address counts (X-Forwarded-For only from the host server, which
 * proves itself with INTERNAL_API_SECRET), per-class buckets, the host server's own calls, the 429 captcha
 * answer, a bounded limiter table, and /internal/metrics.
 */
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../src/config';
import type { Metrics } from '../src/lib/metrics';
import { buildServer } from '../src/server';
import { expectShape, withTestDb } from './helpers';

const SECRET = 'test-internal-secret-0123456789';
const LIMITS = { rateLimitPerMin: 5, rateLimitWritesPerMin: 2, rateLimitAuthPerMin: 1 };

const t = withTestDb();

interface Clock {
  now: number;
}

function server(config: Partial<ApiConfig> = {}, clock?: Clock): FastifyInstance {
  return buildServer({ db: t.db, config: { ...LIMITS, internalSecret: SECRET, ...config }, validateAnswers: true, ...(clock ? { now: () => clock.now } : {}) });
}

interface Call {
  method?: 'GET' | 'POST';
  from?: string;
  headers?: Record<string, string>;
  payload?: string;
}

async function call(app: FastifyInstance, url: string, { method = 'GET', from = '203.0.113.1', headers = {}, payload }: Call = {}) {
  const res = await app.inject({ method, url, remoteAddress: from, headers: payload ? { 'content-type': 'application/json', ...headers } : headers, ...(payload ? { payload } : {}) });
  return res;
}

const statuses = async (n: number, make: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await make(i)).statusCode);
  return out;
};

async function metrics(app: FastifyInstance): Promise<Metrics> {
  const res = await app.inject({ method: 'GET', url: '/internal/metrics', headers: { 'x-internal-secret': SECRET } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('whose address counts', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    app = server();
  });
  afterEach(() => app.close());

  test('a forged X-Forwarded-For without the secret is ignored: one bucket per socket address', async () => {
    const forged = await statuses(7, (i) => call(app, '/spa/info', { from: '203.0.113.5', headers: { 'x-forwarded-for': `10.0.0.${i}` } }));
    expect(forged).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // A wrong secret is no secret.
    expect((await call(app, '/spa/info', { from: '203.0.113.5', headers: { 'x-forwarded-for': '10.9.9.9', 'x-internal-secret': 'guess' } })).statusCode).toBe(429);
    // Another socket is another visitor.
    expect((await call(app, '/spa/info', { from: '203.0.113.6' })).statusCode).toBe(200);
    expect((await metrics(app)).rateLimit.keys).toBe(2);
  });

  test('with the secret, the last X-Forwarded-For entry is the visitor: different visitors, different buckets', async () => {
    const proxied = (ip: string) => call(app, '/spa/info', { from: '127.0.0.1', headers: { 'x-internal-secret': SECRET, 'x-forwarded-for': ip } });
    expect(await statuses(6, () => proxied('198.51.100.1'))).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await proxied('198.51.100.2')).statusCode).toBe(200);
    // Only the last entry (the one the host wrote) counts.
    expect((await proxied('198.51.100.2, 198.51.100.1')).statusCode).toBe(429);
    // The proxy's own socket address is not the visitor: a direct caller on loopback still has its own bucket.
    expect((await call(app, '/spa/info', { from: '127.0.0.1' })).statusCode).toBe(200);
    // Not an address: the socket's peer counts.
    expect((await proxied('not-an-ip')).statusCode).toBe(200);
  });

  test("the host server's own calls are not limited as a visitor's", async () => {
    const own = await statuses(20, () => call(app, '/spa/validate-slug?slug=tours', { from: '127.0.0.1', headers: { 'x-internal-secret': SECRET, 'x-internal-call': 'host-server' } }));
    expect(own.every((s) => s === 200)).toBe(true);
    // Claiming to be the host server without the secret is a visitor like any other.
    const claimed = await statuses(6, () => call(app, '/spa/validate-slug?slug=tours', { from: '127.0.0.1', headers: { 'x-internal-call': 'host-server' } }));
    expect(claimed.at(-1)).toBe(429);
  });

  test('TRUST_PROXY: behind a load balancer fastify reads X-Forwarded-For from it', async () => {
    const behindLb = server({ trustProxy: ['192.0.2.10'] });
    const viaLb = (ip: string) => call(behindLb, '/spa/info', { from: '192.0.2.10', headers: { 'x-forwarded-for': ip } });
    expect(await statuses(6, () => viaLb('198.51.100.1'))).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await viaLb('198.51.100.2')).statusCode).toBe(200);
    // From anyone else the header is ignored.
    expect(await statuses(6, (i) => call(behindLb, '/spa/info', { from: '203.0.113.9', headers: { 'x-forwarded-for': `10.1.1.${i}` } }))).toEqual([200, 200, 200, 200, 200, 429]);
    await behindLb.close();
  });
});

describe('classes and answers', () => {
  test('429 is the captcha answer with Retry-After and the rate-limit headers; the window resets after a minute', async () => {
    const clock = { now: Date.now() };
    const app = server({}, clock);
    for (let i = 0; i < 5; i++) {
      const ok = await call(app, '/spa/site-tokens');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('5');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    clock.now += 20_000;
    const limited = await call(app, '/spa/site-tokens');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String), data: { type: 'captcha' } });
    expectShape(limited.json(), ErrorBody);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['content-security-policy']).toContain("default-src 'none'");
    clock.now += 40_000;
    expect((await call(app, '/spa/site-tokens')).statusCode).toBe(200);
    await app.close();
  });

  test('writes have their own, stricter limit; auth-like calls a stricter one still; media, docs and unknown top-level paths none', async () => {
    const app = server();
    const write = () => call(app, '/spa/submit-help-request', { method: 'POST', payload: '{"data":{}}' });
    expect(await statuses(3, write)).toEqual([422, 422, 429]);
    // The same visitor's reads are untouched.
    expect((await call(app, '/spa/info')).statusCode).toBe(200);
    const code = () => call(app, '/crm/api/user/send-auth-code', { method: 'POST', payload: '{"login":"anna@example.com"}' });
    expect(await statuses(2, code)).toEqual([200, 429]);
    for (let i = 0; i < 10; i++) {
      expect((await call(app, '/media/tours/1001-1/140x140/image.svg')).statusCode).toBe(200);
      expect((await call(app, '/api-docs/openapi.json')).statusCode).toBe(200);
      expect((await call(app, '/nothing-here')).statusCode).toBe(404);
    }
    // Unknown calls under the API's prefixes count as reads.
    expect(await statuses(6, () => call(app, '/spa/no-such-call', { from: '203.0.113.77' }))).toEqual([404, 404, 404, 404, 404, 429]);
    await app.close();
  });

  test('RATE_LIMIT_PER_MIN=0 switches every limit off', async () => {
    const app = server({ rateLimitPerMin: 0 });
    expect((await statuses(8, () => call(app, '/spa/submit-help-request', { method: 'POST', payload: '{"data":{}}' }))).every((s) => s === 422)).toBe(true);
    expect((await call(app, '/spa/info')).headers['x-ratelimit-limit']).toBeUndefined();
    await app.close();
  });

  test('the limiter table stays bounded: rotating forged addresses are one key, more real ones than maxKeys at most maxKeys', async () => {
    const app = server({ rateLimitPerMin: 1_000_000, rateLimitMaxKeys: 500 });
    // 8 × the table's size (the attack grew the old table by 850,000 keys in 30 s).
    for (let i = 0; i < 4_000; i++) {
      await call(app, '/spa/nope', { from: '203.0.113.50', headers: { 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` } });
    }
    expect((await metrics(app)).rateLimit.keys).toBe(1);
    for (let i = 0; i < 1_500; i++) {
      await call(app, '/spa/nope', { from: '127.0.0.1', headers: { 'x-internal-secret': SECRET, 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` } });
    }
    const m = await metrics(app);
    expect(m.rateLimit).toMatchObject({ keys: 500, maxKeys: 500 });
    await app.close();
  }, 60_000);
});

describe('/internal/metrics', () => {
  test('only with the secret; a plain 404 otherwise, and always when no secret is configured', async () => {
    const app = server();
    for (const headers of [{}, { 'x-internal-secret': 'wrong' }, { 'x-internal-secret': '' }]) {
      const res = await app.inject({ method: 'GET', url: '/internal/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const m = await metrics(app);
    expect(m.memory.rss).toBeGreaterThan(0);
    expect(m.memory.heapUsed).toBeGreaterThan(0);
    expect(m.cache).toMatchObject({ maxBytes: 64 * 1024 * 1024 });
    expect(m.rateLimit).toMatchObject({ maxKeys: 10_000, perMinute: { reads: 5, writes: 2, auth: 1 } });
    await app.close();
    const open = server({ internalSecret: '' });
    expect((await open.inject({ method: 'GET', url: '/internal/metrics', headers: { 'x-internal-secret': '' } })).statusCode).toBe(404);
    expect((await open.inject({ method: 'GET', url: '/internal/metrics' })).statusCode).toBe(404);
    await open.close();
  });
});
