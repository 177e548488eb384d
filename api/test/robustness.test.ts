/**
 * Bad input on every call (driven by the OpenAPI description, so new calls are covered automatically):
 * wrong types, 100 kB strings, unicode, negative and huge numbers, repeated keys, unknown currencies.
 * Always a 4xx in the error shape or a 200 — never a 5xx, never a stack trace.
 */
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import type { FastifyInstance } from 'fastify';
import { is } from 'superstruct';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { get as getAnonymous, testServer, withTestServer } from './helpers';

let paths: [string, { name: string; required: boolean }[]][] = [];
/** Every call is asked as a signed-in traveller (public calls ignore it; account calls need it). */
let signedIn: Record<string, string> = {};
/** The staff tools' calls (issue 16) are asked as the seeded staff with every permission. */
let staffSignedIn: Record<string, string> = {};
const STAFF_TOOL_PATHS = ['/crm/api/user/private-data', '/spa/tour-private-data', '/spa/tour-private-variants-data', '/spa/private-generate-tour-program-pdf', '/spa/private-tour-program-pdf',
  '/crm/api/organizer/list', '/crm/api/organizer/view'];
const get = (a: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  getAnonymous(a, url, { ...(STAFF_TOOL_PATHS.includes(url.split('?')[0]!) ? staffSignedIn : signedIn), ...headers });
let validBase: Record<string, string> = {};
/** Valid values of the parameters; blog-posts takes a category slug. */
let tourSlug = '';
/** Valid values of the tour page's calls (issue 5): a published tour, one of its programme days and FAQ items, an individual tour. */
let tourPageValid: Record<string, Record<string, string>> = {};
const validFor = (p: string): Record<string, string> =>
  p === '/spa/blog-posts' ? { ...validBase, slug: 'travel-tips' } : p === '/spa/tour' ? { ...validBase, slug: tourSlug } : p.startsWith('/spa/tours') && !p.includes('cities') ? { ...validBase, slug: 'tours' } : tourPageValid[p] ? { ...validBase, ...tourPageValid[p] } : validBase;

const HOSTILE = [
  '', ' ', 'x'.repeat(100_000), '%F0%9F%92%A9%E4%BD%A0%E5%A5%BD', '-1', '-99999999999999999999', '1e308', '1e999', '99999999999999999999',
  '0x1F', 'NaN', 'Infinity', 'null', 'undefined', 'true', '%00', '%27%3B%20drop%20table%20tours%3B%20--', '[]', '{}', '1.5', 'ZZZ', 'usd',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '..%2F..%2Fetc%2Fpasswd',
];

function assertSafe(status: number, raw: string, context: string): void {
  if (status >= 500) throw new Error(`${context} → ${status}: ${raw.slice(0, 300)}`);
  expect(raw).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  if (status >= 400) {
    const body: unknown = JSON.parse(raw);
    if (!is(body, ErrorBody)) throw new Error(`${context} → ${status} without the error shape: ${raw.slice(0, 300)}`);
  }
}

const { t, app } = withTestServer();
beforeAll(async () => {
  signedIn = { 'x-authorization': `Bearer ${await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Robust', last_name: 'Tester' }))}` };
  const doc = (await get(app, '/api-docs/openapi.json')).body as { paths: Record<string, { get?: { parameters: { name: string; in: string; required: boolean }[] } }> };
  paths = Object.entries(doc.paths)
    .filter(([p, ops]) => ops.get && !p.includes('{') && !p.startsWith('/crm/api/agent/'))
    .map(([p, ops]) => [p, (ops.get?.parameters ?? []).filter((x) => x.in === 'query')]);
  const post = await t.db.kysely.selectFrom('blog_posts').select('slug_en').where('is_published', '=', 1).executeTakeFirstOrThrow();
  const organizer = await t.db.kysely.selectFrom('organizers').select('id').executeTakeFirstOrThrow();
  tourSlug = (await t.db.kysely.selectFrom('tours').select('slug_en').where('is_published', '=', 1).executeTakeFirstOrThrow()).slug_en;
  validBase = { from_currency: 'USD', to_currency: 'EUR', amount: '10', id: String(organizer.id), slug: post.slug_en };
  {
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const day = await t.db.kysely.selectFrom('program_days').select('id').where('tour_id', '=', tour.id).executeTakeFirstOrThrow();
    const faq = await t.db.kysely.selectFrom('tour_faq').select('id').where('tour_id', '=', tour.id).executeTakeFirstOrThrow();
    const { individualTourUuidOf } = await import('../src/db/queries/individual-tours');
    const tourId = { tour_id: String(tour.id) };
    tourPageValid = {
      '/spa/tour-reviews': { id: String(tour.id), slug: tourSlug },
      '/spa/tour-program': { ...tourId, program_id: String(day.id) },
      '/spa/tour-question': { ...tourId, question_id: String(faq.id) },
      '/spa/tours-cities': tourId,
      '/crm/api/ticket/tour-cities': tourId,
      '/spa/individual-tour': { uuid: (await individualTourUuidOf(t.db, tour.id))! },
      '/spa/tour-for-request': { id: String(tour.id) },
      '/spa/info-page': { page: 'faq' },
    };
    // The request-bound reads (issue 14) need a request: one sent by a guest, read with its uuid.
    const sent = await app.inject({ method: 'POST', url: '/spa/submit-help-request', payload: { data: { type: 'common_help', name: 'Robust', phone: '+79161234567', agree: true } } });
    const { request_id: requestId, requestUUID } = sent.json() as { request_id: number; requestUUID: string };
    const byUuid = { uuid: requestUUID };
    // The chat reads (issue 15) need a chat of the signed-in traveller: their support chat.
    const chatId = String((((await getAnonymous(app, '/crm/api/chat/get-chat-with-support?site_id=1', signedIn)).body) as { id: number }).id);
    const { DEV_STAFF, ensureStaffAccounts } = await import('../src/db/seed/staff');
    await ensureStaffAccounts(t.db);
    const staffAll = DEV_STAFF.find((x) => x.login === 'staff.all@tours.example')!;
    const staffAuth = await app.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: staffAll.login, password: staffAll.password } });
    staffSignedIn = { 'x-authorization': `Bearer ${staffAuth.json().token as string}` };
    for (const p of STAFF_TOOL_PATHS.filter((x) => x.startsWith('/spa/'))) tourPageValid[p] = { id: String(tour.id) };
    // Organizer-meet pages (issue 16): the development key and a file of its contract.
    const { DEV_ORGANIZER_MEET_KEY: key, ensureDevOrganizerMeetKey } = await import('../src/db/seed/organizer-meet');
    await ensureDevOrganizerMeetKey(t.db);
    const boundary = 'robust-boundary';
    const file = await app.inject({
      method: 'POST', url: `/spa/contract-organizer-meet-file-save?key=${key}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const fileId = String((file.json() as { id: number }).id);
    Object.assign(tourPageValid, {
      '/spa/contract-organizer-meet-data': { key },
      '/spa/contract-organizer-meet-file': { key, file_id: fileId },
      '/crm/api/chat/get-chat': { chat_id: chatId },
      '/crm/api/chat/get-messages': { chat_id: chatId },
      '/crm/api/request/get': { id: String(requestId), uuid: requestUUID },
      '/crm/api/request/get-by-uuid': byUuid,
      '/spa/tourists-info': byUuid,
    });
  }
});

test('the OpenAPI description lists the calls of this issue', () => {
  const names = paths.map(([p]) => p);
  for (const p of ['/node-api/convert-price', '/spa/site-tokens', '/spa/country-by-ip', '/crm/api/dropdown/country', '/spa/contacts', '/spa/work-time',
    '/spa/groups-in-social-network', '/spa/chat-sources-list', '/spa/info', '/spa/search-form', '/spa/blog-posts', '/spa/blog-post', '/spa/organizer-reviews', '/spa/validate-slug',
    '/spa/tour', '/spa/autocomplete']) {
    expect(names).toContain(p);
  }
});

test('every call with valid input answers 200', async () => {
  for (const [p, params] of paths) {
    const valid = validFor(p);
    const qs = params.filter((x) => x.required || x.name in valid).map((x) => `${x.name}=${encodeURIComponent(valid[x.name] ?? '1')}`).join('&');
    const res = await get(app, `${p}?${qs}`);
    if (res.status !== 200) throw new Error(`${p}?${qs} → ${res.status} ${res.raw.slice(0, 200)}`);
  }
});

/**
 * Calls behind a key (organizer-meet pages): a missing, malformed or wrong key is the same 404 as an expired one,
 * before any other input is read — nothing is told about what the key guards.
 */
const KEY_GUARDED = ['/spa/contract-organizer-meet-data', '/spa/contract-organizer-meet-file'];

test('every call without its required input answers 422 with field errors', async () => {
  for (const [p, params] of paths) {
    const required = params.filter((x) => x.required);
    const res = await get(app, p);
    assertSafe(res.status, res.raw, p);
    if (KEY_GUARDED.includes(p)) expect({ p, status: res.status, body: res.body }).toEqual({ p, status: 404, body: { message: 'Not found' } });
    else if (required.length) {
      expect({ p, status: res.status }).toEqual({ p, status: 422 });
      const errors = (res.body as { errors: Record<string, string> }).errors;
      for (const r of required) expect(errors[r.name]).toBe('Required field');
    } else expect({ p, status: res.status }).toEqual({ p, status: 200 });
  }
});

test('hostile values in every parameter never give a 5xx', async () => {
  let count = 0;
  for (const [p, params] of paths) {
    const valid = validFor(p);
    for (const param of params) {
      for (const value of HOSTILE) {
        const others = params.filter((x) => x !== param && (x.required || x.name in valid)).map((x) => `${x.name}=${encodeURIComponent(valid[x.name] ?? '1')}`);
        const url = `${p}?${[...others, `${param.name}=${value}`].join('&')}`;
        const res = await get(app, url);
        assertSafe(res.status, res.raw, `${p} ${param.name}=${value.slice(0, 30)}`);
        count++;
      }
      const repeated = await get(app, `${p}?${param.name}=1&${param.name}=2`);
      assertSafe(repeated.status, repeated.raw, `${p} repeated ${param.name}`);
      if (repeated.status !== 200) expect({ p, param: param.name, status: repeated.status }).toEqual({ p, param: param.name, status: KEY_GUARDED.includes(p) ? 404 : 422 });
    }
  }
  expect(count).toBeGreaterThan(300);
  // Every parameter of every call, 25 values each: ≈5,000 requests (the search calls alone have 40+ parameters).
}, 60_000);

test('odd headers fall back to defaults', async () => {
  const headers = { 'x-language': 'xx-YY'.repeat(1000), 'x-currency': '€€€', 'x-localization': '-12', 'x-user-role': 'client' };
  for (const [p, params] of paths) {
    const valid = validFor(p);
    const qs = params.filter((x) => x.required || x.name in valid).map((x) => `${x.name}=${encodeURIComponent(valid[x.name] ?? '1')}`).join('&');
    const res = await get(app, `${p}?${qs}`, headers);
    expect({ p, status: res.status }).toEqual({ p, status: 200 });
  }
});

test('unknown calls and methods are JSON 404s', async () => {
  for (const [method, url] of [['GET', '/spa/nope'], ['GET', '/'], ['POST', '/spa/info'], ['DELETE', '/spa/contacts'], ['GET', `/${'x'.repeat(5000)}`]] as const) {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  }
});

test('malformed JSON bodies are 400, oversized ones 413, all in the error shape', async () => {
  const probe = testServer(t.db);
  probe.post('/test/echo', async (request) => ({ got: request.body }));
  await probe.ready();
  const bad = await probe.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ message: 'Malformed JSON' });
  const big = await probe.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(2_000_000) }) });
  expect(big.statusCode).toBe(413);
  expect(big.json()).toEqual({ message: 'Payload too large' });
  const media = await probe.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
  expect(media.statusCode).toBe(415);
  await probe.close();
});

test('a failing handler is a 500 without internals', async () => {
  const probe = testServer(t.db);
  probe.get('/test/boom', async () => {
    throw new Error('secret internal detail');
  });
  const res = await probe.inject({ method: 'GET', url: '/test/boom' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: 'Internal server error' });
  await probe.close();
});
