/**
 * The hostile-request suite (issue 11): the probes an attacker and an unlucky network ran against the product,
 * replayed against the started product on its own ports, with the behaviour each must now have. The main e2e
 * product answers the stateless probes; a second API + host (./hostile/instance.ts) with production-like limits
 * answers the ones that exhaust limits, flood the cache or take the API down.
 */
import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { WebSocket } from '@playwright/test';
import { expect, productNow, test } from './fixtures';
import { E2E_PORTS, E2E_TMP } from '../playwright.config';
import { closeAgents, isErrorShape, pool, raw, request } from './hostile/http';
import { HostileInstance, LIMITS } from './hostile/instance';
import { MANIFEST_FILE, REMOTE_PORTS, ROOT, sessionToken, signInTraveller } from './support';
import { MAILBOX_FILE, mailTo } from '../mailbox';
import { SDP, SipPeer } from '../../api/test/sip-client';

const STATIC_SERVERS: Record<string, { port: number; ok: string }> = {
  ...Object.fromEntries(Object.entries(REMOTE_PORTS).map(([name, port]) => [name, { port, ok: '/mf-manifest.json' }])),
  widgets: { port: E2E_PORTS.widgets, ok: '/loader.js' },
  'partner site': { port: E2E_PORTS.partner, ok: '/' },
};
const ALL_SERVERS: Record<string, { port: number; ok: string }> = {
  host: { port: E2E_PORTS.host, ok: '/healthz' },
  api: { port: E2E_PORTS.api, ok: '/spa/info' },
  ...STATIC_SERVERS,
};

test.afterAll(() => closeAgents());

test.describe('every server survives any request (main product)', () => {
  for (const [name, { port, ok }] of Object.entries(ALL_SERVERS)) {
    test(`${name}: malformed URLs answer 400 in the error shape and the server keeps serving`, async () => {
      for (const target of ['/%', '/%E0%A4%A', `/%${'A'.repeat(12_000)}`]) {
        const res = await raw(port, `GET ${target} HTTP/1.1`);
        expect(res.status, `${name} GET ${target.slice(0, 30)}`).toBe(400);
        expect(isErrorShape(res.body), res.body.slice(0, 200)).toBe(true);
        // The input is never echoed back.
        expect(res.body.length).toBeLessThan(300);
        expect(res.body).not.toContain('AAAA');
      }
      // A malformed query: refused (static servers) or read leniently (the API's query parser keeps what it cannot
      // decode), never a failure and never echoed.
      const query = await raw(port, `GET ${ok}?q=%${'A'.repeat(12_000)}&x=%E0%A4%A HTTP/1.1`);
      expect([200, 400]).toContain(query.status);
      expect(query.body).not.toContain('AAAA');
      expect((await raw(port, `GET ${ok} HTTP/1.1`)).status).toBe(200);
    });
  }

  test('half-open and trickling connections are closed; one address cannot hold every connection (host and API)', async () => {
    test.setTimeout(60_000);
    for (const port of [E2E_PORTS.host, E2E_PORTS.api]) {
      const opened: Socket[] = [];
      const openOne = () => new Promise<{ socket: Socket; closedAfter: Promise<number> }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        opened.push(socket);
        const at = Date.now();
        socket.on('error', () => undefined);
        const closedAfter = new Promise<number>((r) => socket.once('close', () => r(Date.now() - at)));
        socket.once('connect', () => resolve({ socket, closedAfter }));
      });
      // One header byte a second (it had held a connection 55 s), and a connection that never sends anything.
      const trickle = await openOne();
      trickle.socket.write('GET /spa/info HTTP/1.1\r\n');
      const drip = setInterval(() => trickle.socket.write('X'), 1000);
      const silent = await openOne();
      // 300 more that send nothing (3,000 had been accepted and kept): past 256 from this address, closed at once.
      const many = await Promise.all(Array.from({ length: 300 }, openOne));
      await new Promise((r) => setTimeout(r, 500));
      expect(many.filter((c) => c.socket.destroyed).length, `port ${port}`).toBeGreaterThanOrEqual(300 - 256);
      for (const c of many) c.socket.destroy();
      const [trickleMs, silentMs] = await Promise.all([trickle.closedAfter, silent.closedAfter]);
      clearInterval(drip);
      expect(trickleMs, `port ${port}`).toBeLessThan(15_000);
      expect(silentMs, `port ${port}`).toBeLessThan(15_000);
      for (const s of opened) s.destroy();
      // The server kept serving throughout.
      expect((await request(port, port === E2E_PORTS.api ? '/spa/info' : '/healthz')).status).toBe(200);
    }
  });

  test('path traversal never leaves a served folder', async () => {
    for (const { port } of Object.values(STATIC_SERVERS)) {
      for (const target of ['/../../package.json', '/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/mf-manifest.json%00.js']) {
        const res = await raw(port, `GET ${target} HTTP/1.1`);
        expect([400, 404]).toContain(res.status);
        expect(res.body).not.toContain('"workspaces"');
        expect(res.body).not.toContain('root:');
      }
    }
  });

  test('headers over the size limit answer 431 in the error shape', async () => {
    for (const port of [E2E_PORTS.host, E2E_PORTS.api]) {
      const res = await raw(port, `GET /spa/info HTTP/1.1\r\nX-Big: ${'b'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(isErrorShape(res.body), res.body).toBe(true);
      expect(res.body).not.toContain('statusCode');
    }
  });

  test('bodies: deep nesting 400, over 1 MB 413 through the host, out-of-range and unknown ids and NUL bytes 422 on their fields', async () => {
    const post = (body: string) => request(E2E_PORTS.host, '/spa/submit-help-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const deep = await post(`{"data":${'['.repeat(400_000)}`);
    expect(deep.status).toBe(400);
    expect(isErrorShape(deep.body)).toBe(true);
    const huge = await post(JSON.stringify({ data: { type: 'common_help', comment: 'x'.repeat(1_100_000) } }));
    expect(huge.status).toBe(413);
    expect(isErrorShape(huge.body)).toBe(true);
    const base = { type: 'common_help', name: 'Anna', phone: '+79161234567' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, tour_id: 1e308 }, 'tour_id'],
      [{ ...base, tour_id: 2_000_000_000 }, 'tour_id'],
      [{ ...base, organizer_id: 1e308 }, 'organizer_id'],
      [{ ...base, request_id_to_update: 1e308 }, 'request_id_to_update'],
      [{ ...base, name: 'An\u0000na' }, 'name'],
    ];
    for (const [data, field] of cases) {
      const res = await post(JSON.stringify({ data }));
      expect(res.status, `${field}: ${res.body.slice(0, 200)}`).toBe(422);
      expect(isErrorShape(res.body)).toBe(true);
      const { errors } = JSON.parse(res.body) as { errors?: Record<string, string> };
      expect(Object.keys(errors ?? {})).toEqual([field]);
    }
    // A list in the query is keyed by its name, not by the position of the bad item ('ids', not 'ids.1').
    const list = await request(E2E_PORTS.host, '/crm/api/tour/get-by-ids?ids=1&ids=abc');
    expect(list.status).toBe(422);
    expect(Object.keys((JSON.parse(list.body) as { errors: Record<string, string> }).errors)).toEqual(['ids']);
  });

  test('security headers on pages, API answers, remote assets and widgets', async () => {
    const page = await request(E2E_PORTS.host, '/en', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*'nonce-/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toContain(`http://localhost:${REMOTE_PORTS['mfe-search']}`);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    // Every inline script of the page carries the nonce; none can run without it.
    for (const tag of page.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined(); // plain http here
    const again = await request(E2E_PORTS.host, '/en', { headers: { accept: 'text/html' } });
    expect(again.headers['content-security-policy']).not.toContain(nonce); // a nonce per answer

    for (const port of [E2E_PORTS.host, E2E_PORTS.api]) {
      const api = await request(port, '/spa/info');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(String(api.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    }
    for (const { port, ok } of Object.values(STATIC_SERVERS)) {
      const res = await request(port, ok);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
    }
  });

  test('canonical links come from the configured origin, not the Host header or an untrusted X-Forwarded-Proto', async () => {
    const res = await raw(E2E_PORTS.host, 'GET /en/tours HTTP/1.1\r\nAccept: text/html\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\nHost: evil.example');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/en\/tours"/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test("an individual tour's link cannot be derived from the tour id; the stored random one works and is not cached by others", async () => {
    const db = new Database(path.join(path.dirname(MANIFEST_FILE), 'catalogue.sqlite'), { readonly: true, fileMustExist: true });
    const rows = db.prepare('select i.uuid, i.tour_id from individual_tours i join tours t on t.id = i.tour_id where t.is_published = 1 order by i.tour_id limit 2').all() as { uuid: string; tour_id: number }[];
    db.close();
    expect(rows).toHaveLength(2);
    for (const { uuid, tour_id: id } of rows) {
      // The old link: an unsalted SHA-256 of the tour id, shaped as a UUID.
      const h = createHash('sha256').update(`individual-tour:${id}`).digest('hex');
      const derived = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 24)}${id.toString(16).padStart(8, '0')}`;
      expect((await request(E2E_PORTS.host, `/spa/individual-tour?uuid=${derived}`)).status).toBe(404);
      const real = await request(E2E_PORTS.host, `/spa/individual-tour?uuid=${uuid}`);
      expect(real.status).toBe(200);
      expect(real.headers['cache-control']).toBe('private, no-store');
    }
    // Two tours' links share nothing a sequence would.
    expect(rows[0]!.uuid.slice(0, 8)).not.toBe(rows[1]!.uuid.slice(0, 8));
  });

  test('a crashed static server is restarted by the supervisor while the others keep serving', async () => {
    const port = REMOTE_PORTS['mfe-booking'];
    const pidOn = (p: number): number | null => {
      const out = execFileSync('ss', ['-ltnpH', `sport = :${p}`], { encoding: 'utf8' });
      const m = /pid=(\d+)/.exec(out);
      return m ? Number(m[1]) : null;
    };
    const before = pidOn(port);
    expect(before).not.toBeNull();
    process.kill(before!, 'SIGKILL');
    // The others answer while it is down.
    expect((await request(REMOTE_PORTS['mfe-tour'], '/mf-manifest.json')).status).toBe(200);
    expect((await request(E2E_PORTS.host, '/healthz')).status).toBe(200);
    await expect.poll(async () => (await request(port, '/mf-manifest.json').catch(() => ({ status: 0 }))).status, { timeout: 15_000 }).toBe(200);
    expect(pidOn(port)).not.toBe(before);
  });
});

test.describe("the traveller's session out of scripts' reach (issue 28)", () => {
  test('no token readable by page scripts; the cookie alone authorizes nothing; logout closes the chat socket at once', async ({ page }) => {
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io')) sockets.push(ws);
    });
    await signInTraveller(page, 'e2e-hostile-session');
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    // Everything a script on the site can read.
    const readable = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));
    expect(readable).not.toContain(token!);
    expect(readable).not.toContain('auth_token');
    // What a forged cross-site request could carry (the cookie, without the page's marker header) is not signed in.
    expect(await page.evaluate(() => fetch('/crm/api/user/profile', { credentials: 'include' }).then((r) => r.status))).toBe(401);
    expect(await page.evaluate(() => fetch('/crm/api/user/update-profile', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ first_name: 'Forged', last_name: 'Name' }) }).then((r) => r.status))).toBe(401);

    // The sockets of the chat page only: the header's live unread count opens one on the page before (issue 29), and a
    // socket of a document navigated away from is never reported closed.
    sockets.length = 0;
    await page.goto('/en/chat');
    await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const open = sockets.filter((ws) => !ws.isClosed());
    // Bounded, so a socket left open fails with its address instead of the test's timeout.
    const closedAt = Promise.all(open.map((ws) => new Promise<number | null>((resolve) => {
      ws.on('close', () => resolve(Date.now()));
      setTimeout(() => resolve(null), 10_000);
    })));
    // The session ends on the server (as a logout in another tab or device does): every socket of it closes at once.
    const endedAt = Date.now();
    expect(await page.evaluate(() => fetch('/crm/api/user/logout', { method: 'POST', headers: { 'X-Authorization': `Bearer ${(JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token}` } }).then((r) => r.status))).toBe(200);
    const closes = (await closedAt).map((at, i) => `${open[i]!.url()}: ${at === null ? 'still open after 10 s' : at - endedAt < 3000 ? 'closed' : `closed after ${at - endedAt} ms`}`);
    expect(closes).toEqual(open.map((ws) => `${ws.url()}: closed`));
    expect(await sessionToken(page)).toBeNull();
  });
});

test.describe('issue 28 probes against the main product', () => {
  test('the product cannot be used to mail anyone: 25 programme e-mails from 25 addresses reach one inbox 3 times, the first with a link, not a file', async () => {
    const victim = `victim-${Date.now().toString(36)}@example.com`;
    const tours = (await (await fetch(`http://127.0.0.1:${E2E_PORTS.api}/spa/tours?per-page=1`, { headers: { 'x-language': 'en' } })).json()) as { result: { groups: { items: { id: number }[] }[] } };
    const tourId = tours.result.groups.flatMap((g) => g.items)[0]!.id;
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => request(E2E_PORTS.host, '/spa/tour-program-order-via-email', {
      from: `127.0.6.${i + 1}`, method: 'POST', headers: { 'content-type': 'application/json', 'x-language': 'en' }, body: JSON.stringify({ email: victim, tour_id: tourId }),
    })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(Object.keys((JSON.parse(a.body) as { errors: Record<string, string> }).errors)).toEqual(['email']);
    }
    const mailbox = path.join(ROOT, E2E_TMP, MAILBOX_FILE);
    await expect.poll(() => mailTo(mailbox, victim).length, { timeout: 15_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 1000));
    const mails = mailTo(mailbox, victim);
    expect(mails).toHaveLength(3);
    // An address that never asked gets a link to the programme, not an attachment.
    expect(mails.every((m) => m.attachments.length === 0)).toBe(true);
    expect(mails[0]!.text).toMatch(/\/spa\/tour-program-pdf\/[A-Za-z0-9_-]{16,}/);
  });

  test('seats cannot be oversold: 10 orders at once without idempotency keys on a date with 7 free seats take at most 7', async () => {
    const file = path.join(path.dirname(MANIFEST_FILE), 'catalogue.sqlite');
    const db = new Database(file, { fileMustExist: true, timeout: 10_000 });
    const today = new Date(productNow()).toISOString().slice(0, 10);
    const date = db.prepare(`select v.id, v.tour_id from tour_variants v join tours t on t.id = v.tour_id
      where t.is_published = 1 and v.start > ? and v.is_busy = 0 order by v.start desc, v.id desc limit 1`).get(today) as { id: number; tour_id: number };
    db.prepare('update tour_variants set number_of_free_seats = 7 where id = ?').run(date.id);
    const stored = () => (db.prepare('select count(*) as n, coalesce(sum(adults + children), 0) as people from help_requests where variant_id = ? and status < 5').get(date.id) as { n: number; people: number });
    const before = stored();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request(E2E_PORTS.host, '/spa/submit-order', {
      from: `127.0.5.${i + 1}`, method: 'POST', headers: { 'content-type': 'application/json', 'x-language': 'en' },
      body: JSON.stringify({ data: { tour_id: date.tour_id, dates: date.id, adults: 2, children: 0, name: `Seat Probe ${i}`, phone: `+7 916 555-10-${String(10 + i)}`, agree: true, timezone: 0 } }),
    })));
    const after = stored();
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBe(3);
    expect(after.people - before.people).toBe(6);
    expect(after.n - before.n).toBe(accepted);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(422);
    db.close();
  });

  test('the SIP registrar behind the site relays nothing for a stranger (issue 28): forged in-dialog requests through /sip are refused and reach no other address', async () => {
    const listener = { received: [] as string[], udp: dgram.createSocket('udp4') };
    await new Promise<void>((resolve) => listener.udp.bind(0, '127.0.0.1', resolve));
    const target = (listener.udp.address() as { port: number }).port;
    listener.udp.on('message', (d) => listener.received.push(d.toString()));
    const peer = await SipPeer.connect(`ws://localhost:${E2E_PORTS.host}/sip`);
    try {
      const statuses: (number | undefined)[] = [];
      for (const method of ['INVITE', 'BYE', 'MESSAGE', 'REFER']) {
        const answer = await peer.request({
          method, uri: `sip:victim@127.0.0.1:${target}`, from: 'sip:anonymous@evil.example', to: 'sip:victim@evil.example', toTag: 'forged',
          extra: [`Route: <sip:127.0.0.1:${E2E_PORTS.sip};transport=ws;lr>`], ...(method === 'INVITE' ? { body: SDP } : {}),
        }, 1500);
        statuses.push(answer?.status);
      }
      expect(statuses).toEqual([481, 481, 481, 481]);
      // Without credentials a new call is challenged, never forwarded.
      expect((await peer.request({ method: 'INVITE', uri: `sip:victim@127.0.0.1:${target}`, from: 'sip:traveller-1@tours.localhost', to: `sip:victim@127.0.0.1:${target}`, body: SDP }))?.status).toBe(407);
      await new Promise((r) => setTimeout(r, 500));
      expect(listener.received).toEqual([]);
    } finally {
      peer.close();
      listener.udp.close();
    }
  });
});

test.describe('limits, floods and an API that goes away (second instance, production-like settings)', () => {
  test.describe.configure({ mode: 'serial' });
  const instance = new HostileInstance();
  const port = () => Number(new URL(instance.hostUrl).port);
  const apiPort = () => Number(new URL(instance.apiUrl).port);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await instance.start();
  });
  test.afterAll(async () => {
    await instance.stop();
  });

  test('a forged X-Forwarded-For through the host is overwritten: one visitor, one bucket; other visitors and the pages are untouched', async () => {
    const attacker = '127.0.0.21';
    let limited = 0;
    for (let i = 0; i < LIMITS.readsPerMin + 5; i++) {
      const res = await request(port(), '/spa/info', { from: attacker, headers: { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}`, 'x-internal-secret': 'guess' } });
      if (res.status === 429) {
        limited++;
        expect(JSON.parse(res.body)).toMatchObject({ data: { type: 'captcha' } });
        expect(isErrorShape(res.body)).toBe(true);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(limited).toBeGreaterThanOrEqual(5);
    // Another visitor still gets answers.
    expect((await request(port(), '/spa/info', { from: '127.0.0.22' })).status).toBe(200);
    // The host's own calls are not the attacker's: a tour page keeps its title and JSON-LD, an unknown slug is a real 404.
    const list = JSON.parse((await request(port(), '/spa/tours', { from: '127.0.0.23', headers: { 'x-language': 'en' } })).body) as { result: { groups: { items: { slug: string }[] }[] } };
    const slug = list.result.groups[0]?.items[0]?.slug;
    expect(slug).toBeTruthy();
    for (let i = 0; i < 3; i++) {
      const tour = await request(port(), `/en/${slug}`, { from: attacker, headers: { accept: 'text/html' } });
      expect(tour.status).toBe(200);
      expect(tour.body).toMatch(/<title>[^<]+\|/);
      expect(tour.body).toContain('application/ld+json');
    }
    expect((await request(port(), '/en/no-such-destination-xyz', { from: attacker, headers: { accept: 'text/html' } })).status).toBe(404);
  });

  test('directly at the API, X-Forwarded-For without the proxy secret is ignored and the limiter does not grow', async () => {
    const before = (await instance.metrics()) as { rateLimit?: { keys?: number } };
    let limited = 0;
    for (let i = 0; i < LIMITS.readsPerMin + 5; i++) {
      const res = await request(apiPort(), '/spa/info', { from: '127.0.0.31', headers: { 'x-forwarded-for': `172.16.${i >> 8}.${i & 255}` } });
      if (res.status === 429) limited++;
    }
    expect(limited).toBeGreaterThanOrEqual(5);
    const after = (await instance.metrics()) as { rateLimit?: { keys?: number } };
    // One new visitor, not one per forged address.
    expect((after.rateLimit?.keys ?? 0) - (before.rateLimit?.keys ?? 0)).toBeLessThanOrEqual(2);
  });

  test('writes have a stricter limit than reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.writesPerMin + 2; i++) {
      const res = await request(port(), '/spa/submit-help-request', { from: '127.0.0.41', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMITS.writesPerMin).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await request(port(), '/spa/info', { from: '127.0.0.41' })).status).toBe(200);
  });

  test('a flood of distinct search queries keeps the answer cache within its byte budget and the API within 400 MB', async () => {
    test.setTimeout(180_000);
    // 1,000 distinct heavy queries from 500 visitors, two each: within each visitor's work budget (an uncached search
    // costs 20 of the 40 a minute here, issue 28), so all are answered and all reach the cache. Before the byte budget,
    // 2,500 of them took the API from 233 MB to 1 GB.
    await pool(1_000, 8, async (i) => {
      const v = i % 500;
      const res = await request(port(), `/spa/tours?expand=filters&per-page=100&priceMin=${i + 1}`, { from: `127.0.${2 + Math.floor(v / 250)}.${(v % 250) + 1}`, headers: { 'x-language': 'en' } });
      expect(res.status).toBe(200);
    });
    const m = (await instance.metrics()) as { memory: { rss: number }; cache: { bytes: number; maxBytes: number; evictions: number } };
    expect(m.cache.bytes).toBeLessThanOrEqual(LIMITS.cacheMaxMb * 1024 * 1024);
    expect(m.cache.evictions).toBeGreaterThan(0);
    expect(m.memory.rss).toBeLessThan(400 * 1024 * 1024);
  });

  test('uncached searches cost their share (issue 28): a visitor past its work budget gets the captcha; others and cached answers do not', async () => {
    const heavy = (n: number, from: string) => request(port(), `/spa/tours?expand=filters&per-page=100&priceMin=${1_500 + n * 7}`, { from, headers: { 'x-language': 'en' } });
    // 20 units each of 300 a minute: 15 distinct searches pass, the 16th is refused in the captcha shape with Retry-After.
    const searches = LIMITS.costPerMin / 20;
    for (let n = 0; n < searches; n++) {
      expect((await heavy(n, '127.0.9.1')).status, `search ${n + 1}`).toBe(200);
      // The same query again is answered from the cache: it costs nothing.
      if (n === 0) expect((await heavy(0, '127.0.9.1')).status).toBe(200);
    }
    const over = await heavy(searches, '127.0.9.1');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ message: expect.any(String), data: { type: expect.stringMatching(/^(captcha|hard_captcha)$/) } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor's new search still runs.
    expect((await heavy(searches, '127.0.9.2')).status).toBe(200);
  });

  test('30 first-time programme PDFs at once from one visitor (issue 28): its budget makes two, the rest get the captcha, and another visitor\'s /spa/info p95 stays under 50 ms', async () => {
    test.setTimeout(120_000);
    // 30 links to the longest programmes, as if e-mailed earlier (tokens random, only their hashes stored).
    const db = new Database(path.join(path.dirname(MANIFEST_FILE), 'catalogue.sqlite'), { fileMustExist: true, timeout: 10_000 });
    const tours = db.prepare('select id from tours where is_published = 1 order by days desc, id limit 30').all() as { id: number }[];
    const tokens = tours.map(() => randomBytes(16).toString('base64url'));
    const insert = db.prepare('insert into programme_links (token_hash, tour_id, locale, currency, request_id, created_at) values (?, ?, ?, ?, null, ?)');
    db.transaction(() => tours.forEach((t, i) => insert.run(createHash('sha256').update(tokens[i]!).digest('hex'), t.id, 'en', 'EUR', new Date(productNow()).toISOString())))();
    db.close();
    const info = () => request(port(), '/spa/info', { from: '127.0.8.2', headers: { 'x-language': 'en' } });
    // The visitor's reads are limited to 40 a minute here: 5 to warm up, 30 measured.
    for (let i = 0; i < 5; i++) await info();
    let settled = false;
    const flood = Promise.all(tokens.map((token) => request(port(), `/spa/tour-program-pdf/${token}`, { from: '127.0.8.1' }))).finally(() => (settled = true));
    const latencies: number[] = [];
    let duringFlood = 0;
    for (let i = 0; i < 30; i++) {
      if (!settled) duringFlood++;
      const t0 = performance.now();
      expect((await info()).status).toBe(200);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 15));
    }
    const answers = await flood;
    const made = answers.filter((a) => a.status === 200);
    expect(made, answers.map((a) => `${a.status} ${a.body.slice(0, 80)}`).join('\n')).toHaveLength(Math.floor(LIMITS.costPerMin / 150));
    for (const a of made) expect(a.body.slice(0, 5)).toBe('%PDF-');
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(429);
      expect(JSON.parse(a.body)).toMatchObject({ data: { type: expect.stringMatching(/captcha/) } });
    }
    latencies.sort((a, b) => a - b);
    expect(duringFlood).toBeGreaterThan(0);
    expect(latencies[Math.ceil(latencies.length * 0.95) - 1]).toBeLessThan(50);
  });

  test('a password cannot be guessed from many addresses (issue 28): 30 wrong ones lock the account for new devices; the right one from a known device still signs in', async () => {
    const email = `lockout-${Date.now().toString(36)}@example.com`;
    const password = 'a-long-right-password-28';
    const json = { 'content-type': 'application/json', 'x-language': 'en' };
    const signUp = await request(port(), '/crm/api/user/register', { from: '127.0.7.1', method: 'POST', headers: json, body: JSON.stringify({ first_name: 'Lock', last_name: 'Out', email, password, confirm_password: password }) });
    expect(signUp.status).toBe(200);
    // The device that signed up is known to the account (its HttpOnly device cookie).
    const device = ([] as string[]).concat(signUp.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('device_id='));
    expect(device).toBeTruthy();
    const auth = (from: string, pass: string, cookie?: string) => request(port(), '/crm/api/user/auth', { from, method: 'POST', headers: { ...json, ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ login: email, password: pass }) });
    for (let i = 0; i < 30; i++) expect([422, 429]).toContain((await auth(`127.0.7.${10 + i}`, `wrong-${i}`)).status);
    const stranger = await auth('127.0.7.100', password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(stranger.body).not.toContain('token');
    const owner = await auth('127.0.7.101', password, device);
    expect(owner.status).toBe(200);
  });

  test('remote overrides and the debug overlay are off where no override origin is allowed (production)', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('http://127.0.0.9:9')) foreign.push(r.url());
    });
    await page.goto(`${instance.hostUrl}/en/tours?siteDebug`);
    await page.evaluate(() => localStorage.setItem('mfe-overrides', JSON.stringify({ 'mfe-search': 'http://127.0.0.9:9/mf-manifest.json' })));
    await page.reload();
    await expect(page.locator('main article').first()).toBeVisible();
    expect(foreign).toEqual([]);
    await expect(page.getByTestId('debug-overlay')).toHaveCount(0);
  });

  test('with the API down the host answers 503 with Retry-After (no soft 404s), screens show Retry and recover when it returns', async ({ page }) => {
    test.setTimeout(120_000);
    const list = JSON.parse((await request(apiPort(), '/spa/tours', { from: '127.0.0.51', headers: { 'x-language': 'en' } })).body) as { result: { groups: { items: { slug: string; title: string }[] }[] } };
    const tour = list.result.groups[0]!.items[0]!;
    await instance.stopApi();
    for (const path of ['/en/no-such-destination-xyz', '/en/some-tour-99999', '/en/reviews/atlantis']) {
      const res = await request(port(), path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toContain('no-store');
    }
    const api = await request(port(), '/spa/info');
    expect(api.status).toBe(503);
    expect(isErrorShape(api.body)).toBe(true);

    await page.goto(`${instance.hostUrl}/en/tours`);
    const alert = page.getByRole('alert', { name: "We couldn't load this. We'll keep trying, or you can retry now." });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(0);
    const main = await page.context().newPage();
    await main.goto(`${instance.hostUrl}/en`);
    const notice = main.getByRole('alert', { name: "Some sections of this page couldn't be loaded. We'll keep trying, or you can retry now." });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    // A page the server could not check is the 503 page, which reloads by itself when the page is back.
    const tourPage = await page.context().newPage();
    await tourPage.goto(`${instance.hostUrl}/en/${tour.slug}`);
    await expect(tourPage.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeVisible();
    await instance.startApi();
    await expect(tourPage.getByRole('heading', { level: 1, name: tour.title })).toBeVisible({ timeout: 45_000 });
    // No reload and no click: the pages notice the API is back.
    await expect(page.locator('main article').first()).toBeVisible({ timeout: 45_000 });
    await expect(alert).toHaveCount(0);
    await expect(notice).toHaveCount(0, { timeout: 45_000 });
  });
});
