/** @jest-environment node */
/**
 * The host server against a fake API (a plain http server on port 0): the forwarding protocol, links from the
 * configured origins only, 503 instead of soft 404s, security headers and the page CSP, 413 and malformed URLs.
 * The host build is a small fixture (entry.json only: the shell renders empty without host/dist/server/ssr.js).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { HostServerOptions } from './app';
import type { HostSettings } from './settings';
import { withTestHost } from './test-host';
import fixture from './tour-head.fixture.json';

const TOUR = 'pacific-ocean-cruise-from-petropavlovsk-kamchatsky-1007';
const REQUEST_UUID = '0b6f1c2e-4a8d-4f3b-9c1e-2d7a5b8e6f10';
const MEET_KEY = 'a'.repeat(43);

interface Seen { method: string; url: string; headers: IncomingHttpHeaders; bodyLength: number }
type Answer = { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> };

/** The fake API: records each request; `answer` decides the reply (default: a 200 that suits each call). */
class FakeApi {
  seen: Seen[] = [];
  answer: (url: URL) => Answer = (url) => defaultAnswer(url);
  private server: Server = createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (c: Buffer) => { bodyLength += c.length; });
    req.on('end', () => {
      this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyLength });
      const a = this.answer(new URL(req.url ?? '/', 'http://api'));
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(JSON.stringify(a.body ?? {}));
      }, a.delayMs ?? 0);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  last(pathPrefix: string): Seen | undefined {
    return [...this.seen].reverse().find((s) => s.url.startsWith(pathPrefix));
  }
}

function defaultAnswer(url: URL): Answer {
  switch (url.pathname) {
    case '/spa/validate-slug': return url.searchParams.get('slug') === 'no-such-place' ? { status: 404, body: { message: 'Not found' } } : { status: 200, body: { result: { valid: true } } };
    case '/spa/reviews': return url.searchParams.get('region') === 'atlantis' ? { status: 404, body: { message: 'Not found' } } : { status: 200, body: { reviews: [] } };
    case '/spa/tour': return url.searchParams.get('slug') === TOUR ? { status: 200, body: fixture } : { status: 404, body: { message: 'Not found' } };
    case '/spa/blog-post': return url.searchParams.get('slug') === 'baikal-in-winter-7' ? { status: 200, body: { post: {} } } : { status: 404, body: { message: 'Not found' } };
    case '/spa/blog-posts': return url.searchParams.get('slug') === 'atlantis' ? { status: 404, body: { message: 'Not found' } } : { status: 200, body: { posts: [] } };
    // Issue 29: the order page's tour, a request's link, an organizer-meet key.
    case '/spa/tour-for-request': return url.searchParams.get('id') === '1007' ? { status: 200, body: { id: 1007 } } : { status: 404, body: { message: 'Not found' } };
    case '/crm/api/request/get-by-uuid': return url.searchParams.get('uuid') === REQUEST_UUID ? { status: 200, body: { request: {} } } : { status: 404, body: { message: 'Request not found' } };
    case '/spa/contract-organizer-meet-data': return url.searchParams.get('key') === MEET_KEY ? { status: 200, body: {} } : { status: 404, body: { message: 'Not found' } };
    // A remote's compiled catalogue, as its build ships it (scripts/webpack/remote-meta-plugin.js).
    case '/cdn/comms/i18n/en.abcd1234.json': return { status: 200, body: { 'page.chat-guide.title': [{ type: 0, value: 'Chat guide' }], 'comms.guide.title': [{ type: 0, value: 'How to reach a coordinator' }] } };
    default: return { status: 200, body: { ok: true } };
  }
}

const SETTINGS: HostSettings = {
  siteOrigin: 'https://www.example.com',
  siteOrigins: ['https://cn.example.com'],
  trustProxy: [],
  internalSecret: 's3cret',
  overrideOrigins: ['http://localhost:*'],
  mapsScriptApi: false,
};
const MANIFEST = {
  'mfe-search': { url: 'http://localhost:8081/mf-manifest.json', version: '1' },
  'mfe-tour': { url: 'https://tour.cdn.example/mf-manifest.json', version: '1' },
  widgets: { url: 'http://localhost:8097/loader.js', version: 'abc' },
};

const hosts = withTestHost('host-server', { entry: { js: ['/assets/main.js?1'], css: ['/assets/main.css'] }, manifest: MANIFEST });
let fake: FakeApi;
let apiUrl: string;

beforeAll(async () => {
  fake = new FakeApi();
  apiUrl = await fake.start();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.seen = [];
  fake.answer = defaultAnswer;
});

function host(over: Partial<HostServerOptions> & { settings?: Partial<HostSettings> } = {}): Promise<FastifyInstance> {
  return hosts.start({ apiUrl, ...over, settings: { ...SETTINGS, ...over.settings } });
}

/** An address nothing listens on: the API is down. */
async function deadApiUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

const html = { accept: 'text/html' };
const initialState = (body: string) => JSON.parse(/<script id="__INITIAL__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(body)![1]!) as { status: number; notFound?: string; config: { debugOrigins: string[] } };

describe('forwarding protocol', () => {
  test('a proxied request: X-Forwarded-For overwritten with the peer, host-set proto/host, the secret added, forged internal headers dropped', async () => {
    const app = await host();
    const res = await app.inject({
      url: '/spa/search?q=1',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-real-ip': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-internal-secret': 'forged', 'x-internal-call': 'host-server', cookie: 'a=1' },
    });
    expect(res.statusCode).toBe(200);
    const seen = fake.last('/spa/search')!;
    expect(seen.url).toBe('/spa/search?q=1');
    expect(seen.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'www.example.com', 'x-internal-secret': 's3cret', cookie: 'a=1' });
    expect(seen.headers).not.toHaveProperty('x-internal-call');
    expect(seen.headers).not.toHaveProperty('x-real-ip');
    expect(seen.headers).not.toHaveProperty('forwarded');
  });

  test('the query reaches the API as sent, even one the API must refuse', async () => {
    const app = await host();
    await app.inject({ url: '/spa/tours?q=%AA%AA&a=1&a=2&b=x+y' });
    expect(fake.last('/spa/tours')!.url).toBe('/spa/tours?q=%AA%AA&a=1&a=2&b=x+y');
  });

  test('without INTERNAL_API_SECRET no secret is sent, and a client\'s is still dropped', async () => {
    const app = await host({ settings: { internalSecret: undefined } });
    await app.inject({ url: '/crm/api/x', headers: { 'x-internal-secret': 'forged' } });
    expect(fake.last('/crm/api/x')!.headers).not.toHaveProperty('x-internal-secret');
  });

  test('behind a trusted proxy (TRUST_PROXY) the visitor and protocol come from it; from anyone else they do not', async () => {
    const app = await host({ settings: { trustProxy: ['10.0.0.0/8'] } });
    const viaProxy = await app.inject({ url: '/spa/a', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' } });
    expect(fake.last('/spa/a')!.headers).toMatchObject({ 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const direct = await app.inject({ url: '/spa/b', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' } });
    expect(fake.last('/spa/b')!.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  test('the host\'s own calls carry X-Internal-Call and the secret', async () => {
    const app = await host();
    await app.inject({ url: '/en/moscow', headers: html });
    await app.inject({ url: '/en/reviews/baikal', headers: html });
    await app.inject({ url: `/en/${TOUR}`, headers: html });
    for (const call of ['/spa/validate-slug?slug=moscow', '/spa/reviews?region=baikal', `/spa/tour?slug=${TOUR}`]) {
      expect(fake.last(call)?.headers).toMatchObject({ 'x-internal-call': 'host-server', 'x-internal-secret': 's3cret' });
    }
  });
});

describe("the traveller's session out of page scripts' reach (issue 28)", () => {
  const TOKEN = 'tok-abcdefghijklmnopqrstuvwxyz0123456789';
  const setCookieOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);

  test('a sign-in answer sets the HttpOnly cookie and gives the page a marker, never the token', async () => {
    const app = await host();
    fake.answer = (url) => (url.pathname === '/crm/api/user/auth-via-code' ? { status: 200, body: { token: TOKEN, profile: { id: 7 }, favourites_tours_ids: [] } } : defaultAnswer(url));
    const res = await app.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: { login: 'a@example.com', code: '12345' }, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    const body = res.json() as { token: string; profile: { id: number } };
    expect(body.token).toMatch(/^cookie\.[A-Za-z0-9_-]{32}$/);
    expect(body.profile).toEqual({ id: 7 });
    const [cookie] = setCookieOf(res);
    expect(cookie).toBe(`auth_token=${TOKEN}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict`);
    // The account call reached the API asking for a plain body (the host rewrites it).
    expect(fake.last('/crm/api/user/auth-via-code')!.headers['accept-encoding']).toBeUndefined();
    // Over https the cookie is Secure.
    const secure = await host({ settings: { trustProxy: ['127.0.0.1'] } });
    const viaTls = await secure.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: {}, headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookieOf(viaTls)[0]).toMatch(/; Secure$/);
  });

  test("the marker with its cookie reaches the API as the token; without the cookie, or with another's, no token at all", async () => {
    const app = await host();
    fake.answer = (url) => (url.pathname === '/crm/api/user/auth' ? { status: 200, body: { token: TOKEN, profile: {}, favourites_tours_ids: [] } } : defaultAnswer(url));
    const signIn = await app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: {} });
    const marker = (signIn.json() as { token: string }).token;
    const cookie = setCookieOf(signIn)[0]!.split(';')[0]!;

    await app.inject({ method: 'POST', url: '/spa/submit-order', payload: {}, headers: { 'x-authorization': `Bearer ${marker}`, cookie } });
    expect(fake.last('/spa/submit-order')!.headers['x-authorization']).toBe(`Bearer ${TOKEN}`);
    // A cross-site form cannot send the header: the cookie alone authorizes nothing.
    await app.inject({ method: 'POST', url: '/spa/submit-order', payload: {}, headers: { cookie } });
    expect(fake.last('/spa/submit-order')!.headers['x-authorization']).toBeUndefined();
    // The marker without the cookie, or with another session's cookie.
    await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: { 'x-authorization': `Bearer ${marker}` } });
    expect(fake.last('/crm/api/user/profile')!.headers['x-authorization']).toBeUndefined();
    await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: { 'x-authorization': `Bearer ${marker}`, cookie: 'auth_token=another-token-0123456789' } });
    expect(fake.last('/crm/api/user/profile')!.headers['x-authorization']).toBeUndefined();
    // A real token (an API client, the staff console) passes as it came.
    await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: { 'x-authorization': 'Bearer real-token-0123456789' } });
    expect(fake.last('/crm/api/user/profile')!.headers['x-authorization']).toBe('Bearer real-token-0123456789');
  });

  test('logout removes the cookie; so does a 401 to a marker; other answers pass untouched', async () => {
    const app = await host();
    const logout = await app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: { cookie: `auth_token=${TOKEN}` } });
    expect(setCookieOf(logout)).toEqual(['auth_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict']);
    fake.answer = () => ({ status: 401, body: { message: 'Unauthorized' } });
    const expired = await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: { 'x-authorization': 'Bearer cookie.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', cookie: `auth_token=${TOKEN}` } });
    expect(expired.statusCode).toBe(401);
    expect(setCookieOf(expired)).toEqual(['auth_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict']);
    expect(expired.json()).toEqual({ message: 'Unauthorized' });
    fake.answer = () => ({ status: 422, body: { errors: { code: 'Incorrect code' }, token: 'not-a-session' } });
    const refused = await app.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: {} });
    expect(refused.statusCode).toBe(422);
    expect(setCookieOf(refused)).toEqual([]);
    expect(refused.json()).toEqual({ errors: { code: 'Incorrect code' }, token: 'not-a-session' });
  });
});

describe('links from the configured origins only', () => {
  test('Host: evil.example gets the page with SITE_ORIGIN\'s canonical and hreflang', async () => {
    const app = await host();
    const res = await app.inject({ url: '/en/visa', headers: { ...html, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://www.example.com/en/visa">');
    expect(res.body).not.toContain('evil.example');
  });

  test('a Host among SITE_ORIGINS keeps its own origin; the tour head too', async () => {
    const app = await host();
    const res = await app.inject({ url: `/en/${TOUR}`, headers: { ...html, host: 'cn.example.com' } });
    expect(res.body).toContain(`<link rel="canonical" href="https://cn.example.com/en/${TOUR}">`);
  });
});

describe('no soft 404s: an undecidable route check is a 503', () => {
  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
    expect(res.body).not.toContain('rel="canonical"');
    expect(initialState(res.body)).toMatchObject({ status: 503 });
    expect(initialState(res.body).notFound).toBeUndefined();
  };

  test('API down: a search slug, a review region and a tour page answer 503; the proxy too', async () => {
    const app = await host({ apiUrl: await deadApiUrl() });
    for (const url of ['/en/moscow', '/en/reviews/baikal', `/en/${TOUR}`, '/en/blog/baikal-in-winter-7', '/en/blog/travel-tips']) expect503(await app.inject({ url, headers: html }));
    const proxied = await app.inject({ url: '/spa/search' });
    expect(proxied.statusCode).toBe(503);
    expect(proxied.headers['retry-after']).toBe('10');
    expect(proxied.json()).toEqual({ message: 'The service is temporarily unavailable' });
    // Pages that need no check are served.
    expect((await app.inject({ url: '/en/visa', headers: html })).statusCode).toBe(200);
  });

  test('API limiting the host (429), failing (500) or too slow: 503', async () => {
    const app = await host({ apiTimeoutMs: 150 });
    fake.answer = () => ({ status: 429, body: { message: 'Too many requests' } });
    for (const url of ['/en/moscow', '/en/reviews/baikal', `/en/${TOUR}`]) expect503(await app.inject({ url, headers: html }));
    fake.answer = () => ({ status: 500, body: { message: 'Internal server error' } });
    expect503(await app.inject({ url: '/en/moscow', headers: html }));
    fake.answer = (url) => ({ ...defaultAnswer(url), delayMs: 1000 });
    expect503(await app.inject({ url: `/en/${TOUR}`, headers: html }));
  });

  test('a definite not-found is still a 404; a known slug a 200', async () => {
    const app = await host();
    for (const url of ['/en/no-such-place', '/en/reviews/atlantis', '/en/no-such-tour-99', '/en/blog/no-such-article-8', '/de/reiseblog/baikal-in-winter-70', '/en/blog/atlantis']) {
      const res = await app.inject({ url, headers: html });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(initialState(res.body)).toMatchObject({ status: 404, notFound: 'validation' });
    }
    for (const url of ['/en/moscow', '/en/blog/baikal-in-winter-7', '/en/blog/travel-tips', '/en/blog']) {
      const ok = await app.inject({ url, headers: html });
      expect([url, ok.statusCode]).toEqual([url, 200]);
      expect(ok.headers['retry-after']).toBeUndefined();
    }
  });
});

describe('the order page, a request\'s link and an organizer-meet key: real 404s (issue 29)', () => {
  /** mfe-account's own declaration of the organizer-meet route (its src/routes.json), published in the manifest. */
  const withAccount = () => {
    const file = hosts.file('manifest-account.json');
    const routes = JSON.parse(readFileSync(path.join(__dirname, '../../mfe-account/src/routes.json'), 'utf8')) as unknown[];
    writeFileSync(file, JSON.stringify({ ...MANIFEST, 'mfe-account': { url: 'http://localhost:8084/mf-manifest.json', version: '1', routes } }));
    return host({ manifestFile: file });
  };
  const UNKNOWN_UUID = '0b6f1c2e-4a8d-4f3b-9c1e-2d7a5b8e6f11';

  test('a malformed or unknown tour id, request uuid or meet key is a 404 (the page says so); known ones are 200', async () => {
    const app = await withAccount();
    const notFound = [
      '/en/tour/abc/order', '/en/tour/0/order', '/en/tour/99999/order',
      `/en/arrival/${UNKNOWN_UUID}`, '/en/arrival/not-a-uuid', `/de/arrival/${REQUEST_UUID.toUpperCase()}`,
      `/en/order/${UNKNOWN_UUID}/add-tourists`,
      `/en/organizer-meet/${'b'.repeat(43)}`, '/en/organizer-meet/short',
    ];
    for (const url of notFound) {
      const res = await app.inject({ url, headers: html });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(initialState(res.body)).toMatchObject({ status: 404, notFound: 'validation' });
    }
    // What cannot be a tour id, uuid or key never reaches the API.
    expect(fake.seen.filter((x) => /[?&](id=abc|id=0|uuid=not-a-uuid|key=short)/.test(x.url))).toEqual([]);
    for (const url of ['/en/tour/1007/order', `/en/arrival/${REQUEST_UUID}`, `/en/order/${REQUEST_UUID}/add-tourists?request_id=1234567890`, `/en/organizer-meet/${MEET_KEY}`]) {
      const res = await app.inject({ url, headers: html });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // The checks are the host's own calls.
    expect(fake.last('/crm/api/request/get-by-uuid')?.headers).toMatchObject({ 'x-internal-call': 'host-server', 'x-internal-secret': 's3cret' });
  });

  test('an API that cannot decide (down, 500, 429) makes them 503, never a guessed 200 or 404', async () => {
    const down = await host({ apiUrl: await deadApiUrl() });
    for (const url of ['/en/tour/1007/order', `/en/arrival/${REQUEST_UUID}`, `/en/order/${REQUEST_UUID}/add-tourists`]) {
      const res = await down.inject({ url, headers: html });
      expect([url, res.statusCode]).toEqual([url, 503]);
      expect(initialState(res.body)).toMatchObject({ status: 503 });
    }
    const app = await withAccount();
    for (const status of [500, 429]) {
      fake.answer = () => ({ status, body: { message: 'x' } });
      for (const url of ['/en/tour/1007/order', `/en/arrival/${REQUEST_UUID}`, `/en/organizer-meet/${MEET_KEY}`]) {
        expect([url, status, (await app.inject({ url, headers: html })).statusCode]).toEqual([url, status, 503]);
      }
    }
  });
});

describe("first screens painted with the HTML (issue 33): what the server knows of the page's largest element", () => {
  const firstScreen = (body: string) => (initialState(body) as { firstScreen?: Record<string, unknown> }).firstScreen;
  const preloads = (body: string) => body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  const IMAGE = '/media/tours/1007-1/{{size}}/image.svg';

  test("the request page: the tour's image from the order page's own check, in the state and preloaded", async () => {
    fake.answer = (url) => (url.pathname === '/spa/tour-for-request' ? { status: 200, body: { id: 1007, image: IMAGE } } : defaultAnswer(url));
    const res = await (await host()).inject({ url: '/en/tour/1007/order', headers: html });
    expect(res.statusCode).toBe(200);
    expect(firstScreen(res.body)).toEqual({ path: '/tour/1007/order', locale: 'en', tourImage: IMAGE });
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="/media/tours/1007-1/400x400/image.svg" fetchpriority="high">']);
    // One call: the route check's answer serves the first screen too.
    expect(fake.seen.filter((x) => x.url.startsWith('/spa/tour-for-request'))).toHaveLength(1);
  });

  test("the default search: the first results' images of the URL's search; a slow API leaves them out and the page is not held", async () => {
    const tours = { result: { groups: [{ key: 'tours', items: [{ id: 1, image: IMAGE }, { id: 2, image: IMAGE.replace('1007', '1008') }] }] } };
    fake.answer = (url) => (url.pathname === '/spa/tours' ? { status: 200, body: tours } : defaultAnswer(url));
    const app = await host();
    const res = await app.inject({ url: '/en/tours?sort=price', headers: html });
    expect(res.statusCode).toBe(200);
    expect(firstScreen(res.body)).toEqual({ path: '/tours', locale: 'en', cardImages: [IMAGE, IMAGE.replace('1007', '1008')] });
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="/media/tours/1007-1/400x400/image.svg" fetchpriority="high">']);
    expect(fake.last('/spa/tours')?.url).toBe('/spa/tours?sort=price&slug=tours');
    fake.answer = (url) => (url.pathname === '/spa/tours' ? { status: 200, body: tours, delayMs: 1500 } : defaultAnswer(url));
    const started = Date.now();
    const slow = await app.inject({ url: '/en/tours?sort=-price', headers: html });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(slow.statusCode).toBe(200);
    expect(firstScreen(slow.body)).toBeUndefined();
    expect(preloads(slow.body)).toEqual([]);
  });

  test("a place's search is titled by the place's name; no first screen on a page that does not show (404) or is no search", async () => {
    const tours = { result: { groups: [{ key: 'tours', items: [{ id: 1, image: IMAGE }] }] } };
    const kinds: Record<string, unknown> = { baikal: { valid: true, kind: 'region', name: 'Lake Baikal', slug: 'baikal' }, winter: { valid: true, kind: 'blog', name: 'Winter', slug: 'winter' } };
    fake.answer = (url) => (url.pathname === '/spa/tours' ? { status: 200, body: tours }
      : url.pathname === '/spa/validate-slug' && kinds[url.searchParams.get('slug') ?? ''] ? { status: 200, body: { result: kinds[url.searchParams.get('slug')!] } }
        : defaultAnswer(url));
    const app = await host();
    expect(firstScreen((await app.inject({ url: '/en/baikal', headers: html })).body)).toEqual({ path: '/baikal', locale: 'en', cardImages: [IMAGE], placeName: 'Lake Baikal' });
    expect(firstScreen((await app.inject({ url: '/en/winter', headers: html })).body)).toBeUndefined();
    expect(firstScreen((await app.inject({ url: '/en/no-such-place', headers: html })).body)).toBeUndefined();
    expect(firstScreen((await app.inject({ url: '/en/tour/99999/order', headers: html })).body)).toBeUndefined();
  });
});

describe('pages compressed like every other answer (issue 33)', () => {
  test("a page's HTML (its inlined messages and state) comes brotli- or gzip-compressed, as asked, and unpacks to the page", async () => {
    const app = await host();
    const plain = await app.inject({ url: '/en/visa', headers: { accept: 'text/html' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [asked, encoding, unpack] of [['gzip, deflate, br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const res = await app.inject({ url: '/en/visa', headers: { accept: 'text/html', 'accept-encoding': asked } });
      expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, encoding]);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      // The same page, but for the nonce every answer draws afresh.
      const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
      expect(withoutNonce(unpack(res.rawPayload).toString())).toBe(withoutNonce(plain.body));
    }
  });
});

describe('security headers and the page CSP', () => {
  test('every answer: nosniff, referrer policy, frame-ancestors and X-Frame-Options; no HSTS over http', async () => {
    const app = await host();
    for (const url of ['/healthz', '/mfe-manifest.json', '/i18n/en.json', '/spa/x', '/en/visa', '/assets/nothing.js', '/nothing.json']) {
      const res = await app.inject({ url, headers: { accept: url === '/en/visa' ? 'text/html' : 'application/json' } });
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'SAMEORIGIN' });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      if (url !== '/en/visa') expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; ?frame-ancestors 'self'$/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('a proxied answer keeps the API\'s own security headers', async () => {
    const app = await host();
    fake.answer = () => ({ status: 200, body: {}, headers: { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' } });
    const res = await app.inject({ url: '/spa/info' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('an HTML page: the manifest\'s remote and widget origins, the developer origins, and a fresh nonce on every script', async () => {
    const app = await host();
    const res = await app.inject({ url: `/en/${TOUR}`, headers: html });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic' 'self' http:\/\/localhost:8081 https:\/\/tour\.cdn\.example http:\/\/localhost:\* http:\/\/localhost:8097 /);
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+' http:\/\/localhost:8081 https:\/\/tour\.cdn\.example http:\/\/localhost:\* /);
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:8081 https:\/\/tour\.cdn\.example http:\/\/localhost:\* http:\/\/localhost:8097 /);
    const scripts = res.body.match(/<script\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThanOrEqual(3); // entry, JSON-LD, initial state
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(initialState(res.body).config.debugOrigins).toEqual(['http://localhost:*']);
    const again = await app.inject({ url: `/en/${TOUR}`, headers: html });
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
  });

  test('the manifest is read per request: a new remote origin is allowed without a restart', async () => {
    const app = await host();
    writeFileSync(hosts.file('manifest.json'), JSON.stringify({ ...MANIFEST, 'mfe-comms': { url: 'https://comms.example/mf-manifest.json', version: '2' } }));
    try {
      const res = await app.inject({ url: '/en/visa', headers: html });
      expect(res.headers['content-security-policy']).toContain('https://comms.example');
    } finally {
      writeFileSync(hosts.file('manifest.json'), JSON.stringify(MANIFEST));
    }
  });
});

describe('bodies and URLs', () => {
  test('a body over 1 MiB through the proxy is a 413 in the error shape, never forwarded', async () => {
    const app = await host();
    const res = await app.inject({ method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Payload too large' });
    expect(fake.last('/spa/submit-help-request')).toBeUndefined();
  });

  test('a chunked body over the limit is a 413 as well; a small one goes through', async () => {
    const app = await host();
    const chunks = () => Readable.from(Array.from({ length: 12 }, () => Buffer.alloc(100_000, 120)));
    const res = await app.inject({ method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' }, payload: chunks() });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Payload too large' });
    const small = await app.inject({ method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect(small.statusCode).toBe(200);
    expect(fake.last('/spa/submit-help-request')!.bodyLength).toBe(7);
  });

  test('the upload calls take their kind\'s file size through the proxy; past it, a 413', async () => {
    const app = await host();
    const form = (bytes: number) => ({ method: 'POST' as const, headers: { 'content-type': 'multipart/form-data; boundary=b' }, payload: Buffer.alloc(bytes, 97) });
    const photo = await app.inject({ ...form(3 * 1024 * 1024), url: '/crm/api/image/upload' });
    expect(photo.statusCode).toBe(200);
    expect(fake.last('/crm/api/image/upload')!.bodyLength).toBe(3 * 1024 * 1024);
    expect((await app.inject({ ...form(6 * 1024 * 1024), url: '/crm/api/image/upload' })).statusCode).toBe(413);
    expect((await app.inject({ ...form(9 * 1024 * 1024), url: '/crm/api/file/upload?x=1' })).statusCode).toBe(200);
    expect((await app.inject({ ...form(2 * 1024 * 1024), url: '/spa/submit-help-request' })).statusCode).toBe(413);
  });

  test('requests node refuses (headers over 16 KB, broken syntax) are answered in the error shape', async () => {
    const app = await host();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const send = (text: string) => new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.end(text));
      socket.on('data', (c) => chunks.push(c)).on('error', reject).on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    const big = await send(`GET /spa/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toContain('\r\nX-Content-Type-Options: nosniff\r\n');
    expect(big.slice(big.indexOf('\r\n\r\n') + 4)).toBe('{"message":"Request header fields too large"}');
    const broken = await send('GET /spa/info HTTP/1.1\r\nHost x\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken.slice(broken.indexOf('\r\n\r\n') + 4)).toBe('{"message":"Bad request"}');
  });

  test.each(['/%', '/%E0%A4%A', '/en/%ZZ', '/spa/%E0%A4%A', '/media/%'])('malformed %s is a 400 {message} without echo', async (url) => {
    const app = await host();
    const res = await app.inject({ url, headers: html });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Bad request' });
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
  });
});

describe('routes and texts a remote declares (runtime manifest, no restart)', () => {
  test("a declared route answers 200 with the owner's title and its texts inlined; beside it 404; gone again on rollback", async () => {
    const manifestFile = hosts.file('declared-manifest.json');
    writeFileSync(manifestFile, JSON.stringify(MANIFEST));
    const app = await host({ manifestFile });
    expect((await app.inject({ url: '/en/chat-guide', headers: html })).statusCode).toBe(200); // a search slug until then
    fake.answer = (url) => (url.pathname === '/spa/validate-slug' ? { status: 404, body: { message: 'Not found' } } : defaultAnswer(url));
    expect((await app.inject({ url: '/en/chat-guide', headers: html })).statusCode).toBe(404);

    writeFileSync(manifestFile, JSON.stringify({
      ...MANIFEST,
      'mfe-comms': {
        url: `${apiUrl}/cdn/comms/mf-manifest.json`, version: '9.10.0', contract: '0.2.0',
        routes: [{ name: 'chat-guide', paths: { base: '/chat-guide' } }],
        i18n: { en: `${apiUrl}/cdn/comms/i18n/en.abcd1234.json` },
      },
    }));
    const res = await app.inject({ url: '/en/chat-guide', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Chat guide | ');
    const state = initialState(res.body) as unknown as { messages: Record<string, unknown>; routes: unknown[]; inlinedTexts: string[] };
    expect(state.messages['comms.guide.title']).toEqual([{ type: 0, value: 'How to reach a coordinator' }]);
    expect(state.routes).toEqual([{ name: 'chat-guide', owner: 'mfe-comms', paths: { base: '/chat-guide' } }]);
    expect(state.inlinedTexts).toEqual([`${apiUrl}/cdn/comms/i18n/en.abcd1234.json`]);
    expect((await app.inject({ url: '/en/chat-guide/more', headers: html })).statusCode).toBe(404);

    writeFileSync(manifestFile, JSON.stringify(MANIFEST));
    expect((await app.inject({ url: '/en/chat-guide', headers: html })).statusCode).toBe(404);
  });

  test('a catalogue that cannot be fetched leaves the page as it is (the browser fetches it itself)', async () => {
    const manifestFile = hosts.file('declared-manifest-2.json');
    writeFileSync(manifestFile, JSON.stringify({ ...MANIFEST, 'mfe-comms': { url: `${apiUrl}/cdn/x/mf-manifest.json`, version: '1', routes: [{ name: 'chat-guide', paths: { base: '/chat-guide' } }], i18n: { en: `${await deadApiUrl()}/en.json` } } }));
    const app = await host({ manifestFile });
    const res = await app.inject({ url: '/en/chat-guide', headers: html });
    expect(res.statusCode).toBe(200);
    expect((initialState(res.body) as unknown as { inlinedTexts: string[] }).inlinedTexts).toEqual([]);
  });
});

describe('the site icon', () => {
  test('/favicon.ico and the versioned /favicon.svg are real icons with a long cache, linked from every page head', async () => {
    const app = await host();
    const ico = await app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=2592000');
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1); // an icon resource

    const page = await app.inject({ url: '/en/visa', headers: html });
    const svgHref = /<link rel="icon" href="(\/favicon\.svg\?v=[0-9a-f]{8})" type="image\/svg\+xml">/.exec(page.body)?.[1];
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    const svg = await app.inject({ url: svgHref! });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.body).toContain('fill="#e8542f"');
    // A 404 page links it too.
    expect((await app.inject({ url: '/en/no/such/page', headers: html })).body).toContain('/favicon.ico');
  });
});
