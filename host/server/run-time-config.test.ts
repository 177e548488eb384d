/** @jest-environment node */
/**
 * Issue 32: the host server takes the app configuration from APP_CONFIG_FILE at start (over the SITE_VARIANT preset),
 * inlines it into every page (the browser's appConfigAtom), puts the colour scheme and input view on <html>, refuses
 * to start on an invalid file, and the Chinese-region site serves only its locales (en and cn; §1, §2.1).
 * The host build is a small fixture (entry.json only), the API a plain server answering 200.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CHINA_CURRENCIES, type AppConfig } from '@tours/shared/src/config/app-config';
import { withTestHost } from './test-host';
import fixture from './tour-head.fixture.json';

/** The fixture's tour as an excursion (type 2), at its own slug; /spa/tour-for-request answers it for id 2001. */
const EXCURSION_SLUG = 'pacific-ocean-cruise-from-petropavlovsk-kamchatsky-1007';
const excursion = { ...fixture, type: 2, type_name: 'EXCURSION' };

const hosts = withTestHost('host-config', { entry: { js: ['/assets/main.js'], css: [] }, manifest: {} });
let api: Server;
let apiUrl: string;
const saved = { APP_CONFIG_FILE: process.env.APP_CONFIG_FILE, SITE_VARIANT: process.env.SITE_VARIANT, RUSSIAN_IS_AVAILABLE: process.env.RUSSIAN_IS_AVAILABLE };

beforeAll(async () => {
  api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api');
    const body = url.pathname === '/spa/tour' ? (url.searchParams.get('slug') === EXCURSION_SLUG ? excursion : null)
      : url.pathname === '/spa/tour-for-request' ? { id: Number(url.searchParams.get('id')), type: url.searchParams.get('id') === '2001' ? 2 : 1, type_name: url.searchParams.get('id') === '2001' ? 'EXCURSION' : 'TOUR' }
        : { result: { valid: true } };
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? { message: 'Not found' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** A host started the way main.ts starts it: the configuration from the environment. */
async function start(env: { file?: unknown; SITE_VARIANT?: string }): Promise<FastifyInstance> {
  delete process.env.RUSSIAN_IS_AVAILABLE;
  if (env.SITE_VARIANT) process.env.SITE_VARIANT = env.SITE_VARIANT;
  else delete process.env.SITE_VARIANT;
  if (env.file !== undefined) {
    const name = hosts.file(`config-${hosts.started()}.json`);
    writeFileSync(name, JSON.stringify(env.file));
    process.env.APP_CONFIG_FILE = name;
  } else {
    delete process.env.APP_CONFIG_FILE;
  }
  return hosts.start({ apiUrl, settings: { siteOrigin: 'https://www.example.com', siteOrigins: [], trustProxy: [], overrideOrigins: [], mapsScriptApi: false } });
}

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The configuration the page hands the browser (the inlined initial state). */
function configOf(html: string): AppConfig {
  const json = /<script id="__INITIAL__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as { config: AppConfig }).config;
}

describe('the app configuration at run time', () => {
  it('the page carries the file\'s items; a restart with another file changes them, no rebuild', async () => {
    const before = await start({});
    const first = await page(before, '/en/visa');
    expect(configOf(first.body).excursionsEnabled).toBe(false);
    expect(configOf(first.body).booking.disablePayButton).toBe(false);
    expect(first.body).toContain('data-color-scheme="light" data-input-view="1"');

    const after = await start({ file: { excursionsEnabled: true, booking: { disablePayButton: true }, uikit: { colorScheme: 'dark', inputViewType: 2 }, metrics: { yandex: '98765' } } });
    const second = await page(after, '/en/visa');
    const config = configOf(second.body);
    expect(config.excursionsEnabled).toBe(true);
    expect(config.booking.disablePayButton).toBe(true);
    expect(config.metrics).toEqual({ yandex: '98765' });
    // The kit switches on the root before any script runs.
    expect(second.body).toContain('data-color-scheme="dark" data-input-view="2"');
  });

  it("uikit.defaultModalWidth and uikit.dropdown.arrowPadding reach the kit's modal and dropdown arrow (§9: 489 and 18 in the base configuration)", async () => {
    const sizes = (html: string) => /<style[^>]*>:root\{--ui-modal-width:(\d+)px;--ui-dropdown-arrow-padding:(\d+)px\}<\/style>/.exec(html)?.slice(1).map(Number);
    expect(sizes((await page(await start({}), '/en/visa')).body)).toEqual([489, 18]);
    expect(sizes((await page(await start({ file: { uikit: { defaultModalWidth: 520, dropdown: { arrowPadding: 10 } } } }), '/en/visa')).body)).toEqual([520, 10]);
    // The rules read the properties (the UI kit's own values when a page has none).
    const css = (file: string) => readFileSync(path.join(__dirname, '../..', file), 'utf8');
    expect(css('host/src/app/host.css')).toMatch(/\.host-modal__dialog \{[^}]*max-width: var\(--ui-modal-width, 500px\)/);
    expect(css('shared/src/ui/kit.css')).toMatch(/\.ui-dropdown__panel--start::before \{ left: var\(--ui-dropdown-arrow-padding, 12px\)/);
  });

  it('an invalid file: the host does not start, and says which item is wrong', async () => {
    await expect(start({ file: { uikit: { colorScheme: 'purple' } } })).rejects.toThrow(/uikit\.colorScheme/);
    await expect(start({ file: { booking: { disablePayButon: true } } })).rejects.toThrow(/booking\.disablePayButon: unknown item/);
  });

  it('main.ts exits with the message instead of listening', () => {
    const name = hosts.file('broken.json');
    writeFileSync(name, JSON.stringify({ excursionsEnabled: 'sometimes' }));
    const run = spawnSync(path.join(__dirname, '../../node_modules/.bin/tsx'), [path.join(__dirname, 'main.ts')], {
      env: { ...process.env, APP_CONFIG_FILE: name, PORT: '0', HOST_DIST_DIR: hosts.file('dist'), LOG: '0' }, encoding: 'utf8', timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Invalid app configuration (APP_CONFIG_FILE ${name})`);
    expect(run.stderr).toContain('excursionsEnabled');
  }, 40_000);
});

describe('excursionsEnabled', () => {
  it('false (the preset): an excursion\'s page and its order page are 404s; a tour\'s order page is not', async () => {
    const off = await start({});
    expect((await page(off, `/en/${EXCURSION_SLUG}`)).statusCode).toBe(404);
    expect((await page(off, '/en/tour/2001/order')).statusCode).toBe(404);
    expect((await page(off, '/en/tour/2002/order')).statusCode).toBe(200);
  });

  it('true in the file: both answer', async () => {
    const on = await start({ file: { excursionsEnabled: true } });
    expect((await page(on, `/en/${EXCURSION_SLUG}`)).statusCode).toBe(200);
    expect((await page(on, '/en/tour/2001/order')).statusCode).toBe(200);
  });
});

describe('the Chinese-region site (SITE_VARIANT=china)', () => {
  let china: FastifyInstance;
  beforeAll(async () => {
    china = await start({ SITE_VARIANT: 'china' });
  });

  it.each(['/de/visa', '/ru/visa', '/de', '/ru'])('%s is not offered: 302 to the same page without the prefix (§2.1)', async (url) => {
    const res = await page(china, url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(url.slice(3) || '/');
  });

  it('en and cn answer; the root follows Accept-Language and the cookie only to en or cn', async () => {
    expect((await page(china, '/en/visa')).statusCode).toBe(200);
    expect((await page(china, '/visa')).statusCode).toBe(200);
    expect((await page(china, '/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).headers.location).toBe('/en');
    expect((await page(china, '/', { 'accept-language': 'de-DE' })).statusCode).toBe(200);
    expect((await page(china, '/', { cookie: 'i18n_redirected=de' })).statusCode).toBe(200);
  });

  it('hreflang links name en and cn only', async () => {
    const html = (await page(china, '/en/visa')).body;
    const langs = [...html.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1]);
    expect(langs).toEqual(['zh-CN', 'en-US', 'x-default']);
  });

  it('its currencies are the spec\'s list, CNY first and by default; share buttons e-mail only; its own defaults', async () => {
    const config = configOf((await page(china, '/en/visa')).body);
    expect(config.variant).toBe('china');
    expect(config.currencies).toEqual(['CNY', 'USD', 'EUR', 'AED', 'CAD', 'AUD', 'SGD', 'NZD', 'GBP', 'SHF', 'TRY', 'JPY', 'KRW', 'INR']);
    expect(config.currencies).toEqual([...CHINA_CURRENCIES]);
    expect(config.defaultCurrency).toBe('CNY');
    expect(config.availableShareButtons).toEqual(['email']);
    expect(config.touristsForm.collectPassport).toBe(true);
    expect(config.schedule.enableTimezone).toBe(true);
    expect(config.uikit.accentColor).toBe('#36ba5f');
  });

  it('the base site still offers de', async () => {
    const base = await start({});
    expect((await page(base, '/de/visa')).statusCode).toBe(200);
  });
});
