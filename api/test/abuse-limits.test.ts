/**
 * Issue 28's hostile probes, as the attacker ran them: work one visitor cannot monopolise (30 first-time PDFs at once
 * while another visitor's cheap calls keep their latency; uncached searches against a cost budget), a product that
 * cannot be used to mail anyone (25 programme e-mails from 25 addresses to one inbox; a first e-mail carries a link,
 * not the file), and a rate limiter that does not forget a limited visitor through a flood of new addresses.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import type { ProgrammeSchema } from '../src/db/schema';
import type { ApiConfig } from '../src/config';
import { MAIL_LIMIT_MESSAGE } from '../src/lib/mail-limits';
import type { Metrics } from '../src/lib/metrics';
import { WORK_COSTS } from '../src/lib/work-budget';
import { expectShape, outboxTo, solveCaptcha, testServer, type OutboxEntry, withTestDb } from './helpers';

const SECRET = 'test-internal-secret-0123456789';
const DAY = 86_400_000;

const t = withTestDb();

interface Clock { now: number }

/** A server with the production limits (unless `config` says otherwise) on a clock the test moves. */
function server(config: Partial<ApiConfig> = {}, clock?: Clock): FastifyInstance {
  return testServer(t.db, { rateLimitPerMin: 600, internalSecret: SECRET, devMode: true, ...config }, clock ? { now: () => clock.now } : {});
}

const attachmentsOf = (m: OutboxEntry) => (m as OutboxEntry & { attachments: unknown[] | null }).attachments ?? [];

function post(app: FastifyInstance, url: string, body: unknown, from: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: JSON.stringify(body), remoteAddress: from, headers: { 'content-type': 'application/json', ...headers } });
}

/** The captcha 429 of the spec (accounts-and-comms §4) with a Retry-After in seconds. */
function expectCaptcha429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, maxRetryAfter: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: expect.any(String), data: { type: expect.stringMatching(/^(captcha|hard_captcha)$/) } });
  expectShape(res.json(), ErrorBody);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('expensive work one visitor cannot monopolise', () => {
  test('30 concurrent first-time PDFs from one visitor: its budget\'s worth are made, off the event loop; the rest answer the captcha 429; another visitor\'s /spa/info p95 stays under 50 ms', async () => {
    const app = server();
    // 30 links to 30 tours' PDFs (the longest programmes: the dearest to make), as if e-mailed earlier.
    const tours = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('days', 'desc').orderBy('id').limit(30).execute();
    expect(tours).toHaveLength(30);
    const links = tours.map((tour, i) => ({ tour_id: tour.id, token: `flood-link-token-${String(i).padStart(5, '0')}` }));
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    await (t.db.kysely as unknown as Kysely<ProgrammeSchema>).insertInto('programme_links')
      .values(links.map((l) => ({ token_hash: sha(l.token), tour_id: l.tour_id, locale: 'en', currency: 'EUR', request_id: null, created_at: new Date().toISOString() })))
      .execute();
    // Warm the other visitor's call (its first answers compile code paths, not the flood's doing).
    for (let i = 0; i < 10; i++) await app.inject({ url: '/spa/info', remoteAddress: '198.51.100.20' });

    const flood = Promise.all(links.map((l) => app.inject({ url: `/spa/tour-program-pdf/${l.token}`, remoteAddress: '203.0.113.66' })));
    let settled = false;
    void flood.then(() => (settled = true));
    const latencies: number[] = [];
    let duringFlood = 0;
    // 40 calls, one every ~10 ms: the p95 is the 38th, so the burst's one or two stalls (60–160 ms under jest; the
    // event loop's longest gap is ≤ 40 ms under tsx) cannot decide it.
    for (let i = 0; i < 40; i++) {
      if (!settled) duringFlood++;
      const t0 = performance.now();
      const res = await app.inject({ url: '/spa/info', remoteAddress: '198.51.100.20' });
      latencies.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers = await flood;

    const made = answers.filter((r) => r.statusCode === 200);
    // The default budget (600 units a minute) holds four PDFs (150 each).
    expect(made).toHaveLength(600 / WORK_COSTS.pdf);
    for (const r of made) expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(26);
    for (const r of refused) expectCaptcha429(r, 15);
    latencies.sort((a, b) => a - b);
    // The calls were measured while the PDFs were being made (on the event loop they could not even start meanwhile).
    expect(duringFlood).toBeGreaterThanOrEqual(5);
    expect(percentile(latencies, 95)).toBeLessThan(50);
    await app.close();
  });

  test('a full PDF queue refuses at once with the captcha 429 (every visitor within its budget)', async () => {
    const app = server({ pdfQueue: 1 });
    const tours = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('days').orderBy('id').limit(6).execute();
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    await (t.db.kysely as unknown as Kysely<ProgrammeSchema>).insertInto('programme_links')
      .values(tours.map((tour, i) => ({ token_hash: sha(`queue-link-token-${i}0000`), tour_id: tour.id, locale: 'de', currency: 'USD', request_id: null, created_at: new Date().toISOString() })))
      .execute();
    // Six visitors, one PDF each: one is made, one waits, the others find the queue full.
    const answers = await Promise.all(tours.map((_, i) => app.inject({ url: `/spa/tour-program-pdf/queue-link-token-${i}0000`, remoteAddress: `203.0.113.${100 + i}` })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((a) => a.statusCode === 429)) expectCaptcha429(r, 60);
    await app.close();
  });

  test('uncached searches spend the visitor\'s budget: past it the captcha 429; cached answers and other visitors go on; a solved captcha or a minute refills it', async () => {
    const clock = { now: Date.now() };
    const app = server({}, clock);
    const search = (page: number, from = '203.0.113.77', headers: Record<string, string> = {}) => app.inject({ url: `/spa/tours?page=${page}&per-page=3`, remoteAddress: from, headers });
    // 600 units at 20 a search computed: 30 a minute.
    const within = 600 / WORK_COSTS.search;
    for (let page = 1; page <= within; page++) expect((await search(page)).statusCode).toBe(200);
    const over = await search(within + 1);
    expectCaptcha429(over, 2);
    // What is cached costs nothing; another visitor has a budget of its own.
    expect((await search(1)).statusCode).toBe(200);
    expect((await search(within + 1, '198.51.100.77')).statusCode).toBe(200);
    // The captcha's retry goes through (and refills the budget).
    const token = await solveCaptcha(app, 'rest/tours', false, '203.0.113.77');
    expect((await search(within + 2, '203.0.113.77', { 'x-captcha-token': token })).statusCode).toBe(200);
    expect((await search(within + 3)).statusCode).toBe(200);
    // Without a captcha, time refills it.
    for (let page = within + 4; page < within + 60; page++) if ((await search(page)).statusCode === 429) break;
    expect((await search(500)).statusCode).toBe(429);
    clock.now += 60_000;
    expect((await search(501)).statusCode).toBe(200);
    await app.close();
  });
});

describe('the site cannot be used to mail anyone', () => {
  test('25 programme e-mails from 25 addresses to one inbox: 3 reach the outbox, the rest a field error on email, nothing sent', async () => {
    const app = server();
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => post(app, '/spa/tour-program-order-via-email', { email: 'victim@example.com', tour_id: tour.id }, `198.51.100.${i + 1}`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ message: MAIL_LIMIT_MESSAGE, errors: { email: MAIL_LIMIT_MESSAGE } });
    }
    const inbox = await outboxTo(app, 'victim@example.com');
    expect(inbox).toHaveLength(3);
    // None carries a file: the address never asked for one.
    for (const m of inbox) expect(attachmentsOf(m)).toEqual([]);
    // The same holds for subscriptions and WhatsApp (each its own kind, each 3 a day).
    const tours = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').limit(5).execute();
    const subscribed = [];
    for (const [i, tr] of tours.entries()) subscribed.push((await post(app, '/spa/subscribe-tour-program', { email: 'victim@example.com', tour_id: tr.id }, `198.51.100.${50 + i}`)).statusCode);
    expect(subscribed).toEqual([200, 200, 200, 422, 422]);
    const whatsapp = [];
    for (let i = 0; i < 5; i++) whatsapp.push((await post(app, '/spa/tour-program-order-via-whatsapp', { phone: '+79160001122', tour_id: tour.id }, `198.51.100.${60 + i}`)).statusCode);
    expect(whatsapp).toEqual([200, 200, 200, 422, 422]);
    expect(await outboxTo(app, 'victim@example.com')).toHaveLength(6);
    expect(await outboxTo(app, '+79160001122')).toHaveLength(3);
    await app.close();
  });

  test('the limit is per 24 hours: the next day the address gets programmes again', async () => {
    const clock = { now: Date.now() };
    const app = server({ mailPerRecipientPerDay: 1 }, clock);
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const send = (from: string) => post(app, '/spa/tour-program-order-via-email', { email: 'daily@example.com', tour_id: tour.id }, from);
    expect((await send('203.0.113.1')).statusCode).toBe(200);
    expect((await send('203.0.113.2')).statusCode).toBe(422);
    clock.now += DAY - 1_000;
    expect((await send('203.0.113.3')).statusCode).toBe(422);
    clock.now += 2_000;
    expect((await send('203.0.113.4')).statusCode).toBe(200);
    expect(await outboxTo(app, 'daily@example.com')).toHaveLength(2);
    await app.close();
  });

  test('a first-time recipient gets a link, not an attachment; the link serves the PDF and expires after 30 days', async () => {
    const clock = { now: Date.now() };
    const app = server({}, clock);
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const res = await post(app, '/spa/tour-program-order-via-email', { email: 'First.Time@Example.com', tour_id: tour.id }, '203.0.113.9', { 'x-language': 'en' });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, email: 'first.time@example.com' }]);
    const [message] = await outboxTo(app, 'first.time@example.com');
    expect(attachmentsOf(message!)).toEqual([]);
    expect(message!.text).toMatch(/\(PDF\): http:\/\/localhost:8080\/spa\/tour-program-pdf\/[A-Za-z0-9_-]{22}\nThe link works for 30 days\.$/);
    const path = new URL(message!.links[0]!).pathname;
    // Unguessable: 128 random bits; another token is a 404.
    expect((await app.inject({ url: path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(404);
    clock.now += 29 * DAY;
    const pdf = await app.inject({ url: path, remoteAddress: '192.0.2.5' });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    clock.now += 2 * DAY;
    const expired = await app.inject({ url: path, remoteAddress: '192.0.2.5' });
    expect([expired.statusCode, expired.json()]).toEqual([404, { message: 'Not found' }]);
    await app.close();
  });
});

describe('a rate limiter that does not forget', () => {
  test('a visitor just limited stays limited through a flood of 10,500 new addresses in the same minute; the table stays bounded', async () => {
    const clock = { now: Date.now() };
    const app = server({ rateLimitPerMin: 5, rateLimitMaxKeys: 100 }, clock);
    const info = (from: string) => app.inject({ url: '/spa/info', remoteAddress: from });
    const limited = '203.0.113.200';
    const first = [];
    for (let i = 0; i < 6; i++) first.push((await info(limited)).statusCode);
    expect(first).toEqual([200, 200, 200, 200, 200, 429]);
    for (let i = 0; i < 10_500; i++) await info(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const again = [];
    for (let i = 0; i < 100; i++) again.push((await info(limited)).statusCode);
    expect(again.every((s) => s === 429)).toBe(true);
    const metrics = (await app.inject({ url: '/internal/metrics', headers: { 'x-internal-secret': SECRET } })).json() as Metrics;
    // 100 keys of their own; the newcomers beyond them shared 16 /24 buckets and then one global one.
    expect(metrics.rateLimit).toMatchObject({ keys: 100, maxKeys: 100, overflowKeys: 17 });
    // Newcomers during the flood are limited more strictly (their buckets are spent)...
    expect((await info('10.0.5.250')).statusCode).toBe(429);
    expect((await info('192.0.2.77')).statusCode).toBe(429);
    // ...and a minute later everyone starts afresh.
    clock.now += 60_000;
    expect((await info(limited)).statusCode).toBe(200);
    expect((await info('192.0.2.77')).statusCode).toBe(200);
    await app.close();
  }, 120_000);
});
