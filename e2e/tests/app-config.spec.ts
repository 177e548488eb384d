/**
 * The app configuration at run time (issue 32), end to end: a second API and host server (ports E2E_PORTS + 61; the
 * hostile suite's instance uses +50, the Chinese-region site +60) started from the same builds and database as the
 * main e2e product, with an APP_CONFIG_FILE that changes items the main product leaves at their defaults:
 * excursions off, analytics ids set, the pay button disabled. No rebuild: only the file differs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, productNow, test } from './fixtures';
import { E2E_PORTS, E2E_TMP } from '../playwright.config';
import { stopChild, waitFor } from './hostile/instance';
import { MANIFEST_FILE, ROOT } from './support';

const HOST_PORT = E2E_PORTS.host + 61;
const API_PORT = E2E_PORTS.api + 61;
const SITE = `http://localhost:${HOST_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const MAIN_API = `http://127.0.0.1:${E2E_PORTS.api}`;
const METRICS = { yandex: '98765432' };
const COUNTRY = { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: SITE };

type Items = { result: { pagination: { itemsCount: number }; groups: { items: { slug: string; type: string }[] }[] } };
const search = async (api: string, query: string): Promise<Items> => (await (await fetch(`${api}/spa/tours?${query}`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } })).json()) as Items;

test.describe('items of the app configuration changed in a file (second instance at port +61)', () => {
  test.describe.configure({ mode: 'serial' });
  const children: ChildProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dir = path.resolve(ROOT, E2E_TMP);
    mkdirSync(dir, { recursive: true });
    const configFile = path.join(dir, 'app-config-off.json');
    writeFileSync(configFile, JSON.stringify({ excursionsEnabled: false, metrics: METRICS, booking: { disablePayButton: true } }));
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const common = { ...process.env, APP_CONFIG_FILE: configFile, INTERNAL_API_SECRET: 'app-config-e2e-secret', LOG: '0', LOG_LEVEL: 'warn' };
    children.push(spawn(tsx, ['api/src/main.ts'], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
      // On the suites' calendar, as the main API: the same today, so the same tours are offered.
      env: { ...common, PORT: String(API_PORT), DB_FILE: path.join(path.dirname(MANIFEST_FILE), 'catalogue.sqlite'), RATE_LIMIT_PER_MIN: '100000', CLOCK_START: new Date(productNow()).toISOString() },
    }));
    await waitFor(`${API}/spa/info`);
    children.push(spawn(tsx, ['host/server/main.ts'], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...common, PORT: String(HOST_PORT), API_URL: API, MFE_MANIFEST_FILE: MANIFEST_FILE, SITE_ORIGIN: SITE, MFE_OVERRIDE_ORIGINS: '' },
    }));
    await waitFor(`${SITE}/healthz`);
  });
  test.afterAll(async () => {
    await Promise.all(children.map((c) => stopChild(c)));
  });

  test('excursionsEnabled=false: the search counts no excursion, an excursion\'s page and order page are 404s', async ({ page, request }) => {
    // The main product runs with excursions on (scripts/app-config.dev.json): one to look for.
    const found = await search(MAIN_API, 'slug=tours&type=2');
    const excursion = found.result.groups.flatMap((g) => g.items)[0];
    expect(excursion, 'an excursion in the e2e catalogue').toBeTruthy();
    const all = await search(MAIN_API, 'slug=tours');

    expect((await search(API, 'slug=tours&type=2')).result.pagination.itemsCount).toBe(0);
    expect((await search(API, 'slug=tours')).result.pagination.itemsCount).toBe(all.result.pagination.itemsCount - found.result.pagination.itemsCount);

    const res = await request.get(`${SITE}/en/${excursion!.slug}`, { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(404);
    const id = /-(\d+)$/.exec(excursion!.slug)![1];
    expect((await request.get(`${SITE}/en/tour/${id}/order`, { headers: { accept: 'text/html' } })).status()).toBe(404);

    await page.goto(`${SITE}/en/tours`);
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('metrics: nothing is counted or fetched from outside before Allow; the page view after it', async ({ page, context }) => {
    await context.addCookies([COUNTRY]);
    const outside: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!['localhost', '127.0.0.1'].includes(host)) outside.push(r.url());
    });
    await page.goto(`${SITE}/en/visa`);
    const cookies = page.getByRole('region', { name: 'Cookie notice' });
    await expect(cookies).toBeVisible();
    expect(await page.evaluate(() => (window as { __analyticsEvents?: unknown[] }).__analyticsEvents ?? null)).toBeNull();

    await cookies.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => page.evaluate(() => (window as { __analyticsEvents?: { name: string; params?: { path?: string }; ids: Record<string, string> }[] }).__analyticsEvents ?? []))
      .toEqual([{ name: 'page_view', params: { path: '/visa' }, ids: METRICS }]);
    expect(outside).toEqual([]);
  });

  test('the page carries the file\'s items (no rebuild: the same builds as the main product)', async ({ page }) => {
    await page.goto(`${SITE}/en/visa`);
    const config = await page.evaluate(() => (JSON.parse(document.getElementById('__INITIAL__')!.textContent!) as { config: { excursionsEnabled: boolean; booking: { disablePayButton: boolean } } }).config);
    expect(config.excursionsEnabled).toBe(false);
    expect(config.booking.disablePayButton).toBe(true);
  });

  test('booking.disablePayButton: a confirmed booking offers no Pay button, and says the coordinator sends the payment details', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie_alert_accepted', value: '1', url: SITE }, COUNTRY]);
    // A tour with a date that has seats (orders take their date's seats), ordered through this instance's API.
    type Variant = { id: number; tour_id: number; is_busy?: boolean; number_of_free_seats: number };
    let order: { request_id: number; requestUUID: string } | null = null;
    for (let id = 1001; id < 1200 && !order; id++) {
      const res = await fetch(`${API}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
      if (res.status !== 200) continue;
      const body = (await res.json()) as { id: number; type: number; variants?: Variant[] };
      const date = (body.variants ?? []).find((v) => v.tour_id === body.id && !v.is_busy && v.number_of_free_seats >= 4);
      if (body.type !== 1 || !date) continue;
      const sent = await fetch(`${API}/spa/submit-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': `e2e-pay-off-${Date.now().toString(36)}`, 'X-Language': 'en', 'X-Currency': 'USD' },
        body: JSON.stringify({ data: { tour_id: date.tour_id, dates: String(date.id), adults: 1, children: 0, name: 'Pay Button Off', phone: '+12127365000', email: 'pay-off@example.com', agree: true, timezone: 0 } }),
      });
      expect(sent.status).toBe(200);
      order = (await sent.json()) as { request_id: number; requestUUID: string };
    }
    expect(order, 'an order placed').toBeTruthy();
    // A coordinator confirms it (the back office's call; this instance takes it with its internal secret): an invoice to pay.
    const confirmed = await fetch(`${API}/internal/requests/${order!.request_id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': 'app-config-e2e-secret' }, body: '{}' });
    expect(confirmed.status).toBe(200);
    await page.goto(`${SITE}/en/arrival/${order!.requestUUID}`);
    await expect(page.getByRole('heading', { name: `Request #${order!.request_id}`, exact: true })).toBeVisible();
    await expect(page.getByText('Confirmed: awaiting prepayment').first()).toBeVisible();
    await expect(page.getByText(/Online payment is not available/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });
});
