/**
 * The Chinese-region site (issue 32): a second host server at E2E_PORTS.host + 60 started with SITE_VARIANT=china and an
 * APP_CONFIG_FILE (dark colour scheme, filled inputs), in front of the main e2e API and remotes. It serves only en and
 * cn (§1): '/de/…' and '/ru/…' go to the unprefixed page with a 302 (§2.1); its currencies are the spec's list with
 * CNY by default; the configuration reaches the page at run time (no rebuild: the same builds as the main product).
 * The hostile suite's second instance uses +50; this one +60.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { E2E_PORTS, E2E_TMP } from '../playwright.config';
import { stopChild, waitFor } from './hostile/instance';
import { answeredVisitorCookies, MANIFEST_FILE, ROOT } from './support';

const CHINA_PORT = E2E_PORTS.host + 60;
const CHINA_URL = `http://localhost:${CHINA_PORT}`;
const CHINA_CURRENCIES = ['CNY', 'USD', 'EUR', 'AED', 'CAD', 'AUD', 'SGD', 'NZD', 'GBP', 'SHF', 'TRY', 'JPY', 'KRW', 'INR'];

test.describe('the Chinese-region site (SITE_VARIANT=china, APP_CONFIG_FILE)', () => {
  test.describe.configure({ mode: 'serial' });
  let host: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const dir = path.resolve(ROOT, E2E_TMP);
    mkdirSync(dir, { recursive: true });
    const configFile = path.join(dir, 'china-app-config.json');
    // excursionsEnabled as the main API's (scripts/app-config.dev.json): one configuration for the host and the API it asks.
    writeFileSync(configFile, JSON.stringify({ uikit: { colorScheme: 'dark', inputViewType: 2 }, excursionsEnabled: true }));
    host = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['host/server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(CHINA_PORT),
        API_URL: `http://127.0.0.1:${E2E_PORTS.api}`,
        MFE_MANIFEST_FILE: MANIFEST_FILE,
        SITE_ORIGIN: CHINA_URL,
        SITE_VARIANT: 'china',
        APP_CONFIG_FILE: configFile,
        LOG: '0',
      },
    });
    await waitFor(`${CHINA_URL}/healthz`);
  });
  test.afterAll(async () => {
    await stopChild(host);
  });

  test('/de/ and /ru/ pages are not offered: a 302 to the same page without the prefix', async ({ request }) => {
    for (const prefix of ['de', 'ru']) {
      const res = await request.get(`${CHINA_URL}/${prefix}/tours`, { maxRedirects: 0, headers: { accept: 'text/html' } });
      expect(res.status(), prefix).toBe(302);
      expect(res.headers().location).toBe('/tours');
    }
    expect((await request.get(`${CHINA_URL}/en/tours`, { maxRedirects: 0, headers: { accept: 'text/html' } })).status()).toBe(200);
  });

  test('a smoke path: the search lists tours, the language list has 中文 and English only, the dark scheme is on', async ({ page, context }) => {
    // A visitor who has answered the prompts (the cookie alert, the region, the Chinese-site modal of §1): nothing covers the header.
    await context.addCookies([...answeredVisitorCookies(CHINA_URL), { name: 'chinese_site_modal_dismissed', value: '1', url: CHINA_URL }]);
    await page.goto(`${CHINA_URL}/de/tours`);
    await expect(page).toHaveURL(`${CHINA_URL}/tours`);
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-input-view', '2');
    // The kit's dark palette: the page background is dark.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 22, 28)');
    await expect(page.locator('main article').first()).toBeVisible();

    // The header's language button shows 'CN' (the currency button next to it shows 'CNY').
    await page.locator('.lay-switch__button', { has: page.locator('.lay-switch__value', { hasText: /^CN$/ }) }).click();
    const list = page.locator('.lay-langs:not(.lay-langs--inline)');
    await expect(list.locator('.lay-langs__link')).toHaveText(['中文', 'English']);
    await list.locator('.lay-langs__link', { hasText: 'English' }).click();
    await expect(page).toHaveURL(`${CHINA_URL}/en/tours`);
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('the configuration the page received: the spec\'s currencies, CNY by default, e-mail sharing only', async ({ page }) => {
    await page.goto(`${CHINA_URL}/en/tours`);
    const config = await page.evaluate(() => (JSON.parse(document.getElementById('__INITIAL__')!.textContent!) as { config: { currencies: string[]; defaultCurrency: string; availableShareButtons: string[]; variant: string } }).config);
    expect(config.variant).toBe('china');
    expect(config.currencies).toEqual(CHINA_CURRENCIES);
    expect(config.defaultCurrency).toBe('CNY');
    expect(config.availableShareButtons).toEqual(['email']);
  });
});
