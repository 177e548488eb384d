import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from './fixtures';
import { closeServer, readManifest, ROOT, serveRemote, writeManifest } from './support';

test.describe('independent microfrontends', () => {
  test.describe.configure({ mode: 'serial' });
  let original: ReturnType<typeof readManifest>;
  test.beforeAll(() => {
    original = readManifest();
  });
  test.afterEach(() => {
    writeManifest(original);
  });

  test('one remote down: the layout and other routes keep working, Retry recovers', async ({ page }) => {
    const port = 18092;
    let server = await serveRemote(path.join(ROOT, 'mfe-tour/dist'), port);
    writeManifest({ ...original, 'mfe-tour': { url: `http://localhost:${port}/mf-manifest.json`, version: original['mfe-tour']!.version } });
    await page.goto('/en/organizer/1');
    await expect(page.locator('#mfe-slot-mfe-tour h1')).toBeVisible();

    await closeServer(server);
    await page.goto('/en/organizer/1');
    const fallback = page.getByTestId('slot-failed-mfe-tour');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('This section is temporarily unavailable');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();

    // Another area still works in the same page.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/en/visa');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('slot-failed-mfe-tour')).toBeVisible();

    server = await serveRemote(path.join(ROOT, 'mfe-tour/dist'), port);
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('#mfe-slot-mfe-tour h1')).toBeVisible();
    await closeServer(server);
  });

  test('a new build of one remote is picked up on the next load, without touching the host', async ({ page }) => {
    test.setTimeout(120_000);
    const out = path.join(ROOT, '.tmp/e2e/mfe-comms-v2');
    if (!existsSync(path.join(out, 'mf-manifest.json'))) {
      execFileSync('npx', ['webpack', '--mode', 'production', '-c', 'mfe-comms/webpack.config.js'], {
        cwd: ROOT,
        env: { ...process.env, MFE_VERSION: '9.9.9', MFE_OUT_DIR: out },
        stdio: 'ignore',
      });
    }
    await page.goto('/en/chat?siteDebug');
    await expect(page.locator('[data-mfe-build="mfe-comms"]')).toHaveAttribute('data-mfe-version', '0.1.0');

    const server = await serveRemote(out, 18095);
    writeManifest({ ...original, 'mfe-comms': { url: 'http://localhost:18095/mf-manifest.json', version: '9.9.9' } });
    await page.reload();
    await expect(page.locator('[data-mfe-build="mfe-comms"]')).toHaveAttribute('data-mfe-version', '9.9.9');
    await expect(page.getByTestId('debug-overlay').locator('tr[data-remote="mfe-comms"]')).toContainText('9.9.9');
    await expect(page.getByTestId('debug-state-mfe-comms')).toHaveText('mounted');
    await closeServer(server);
  });

  test('a developer override points one remote elsewhere and shows a banner', async ({ page }) => {
    const server = await serveRemote(path.join(ROOT, 'mfe-search/dist'), 18096);
    await page.goto('/en/visa');
    await page.evaluate(() => localStorage.setItem('mfe-overrides', JSON.stringify({ 'mfe-search': 'http://localhost:18096/mf-manifest.json' })));
    const fromOverride: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('http://localhost:18096/')) fromOverride.push(r.url());
    });
    await page.reload();
    await expect(page.getByTestId('override-banner')).toContainText('mfe-search → http://localhost:18096/mf-manifest.json');
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    expect(fromOverride.length).toBeGreaterThan(0);
    await page.getByTestId('override-banner').getByRole('button', { name: 'Reset overrides' }).click();
    await expect(page.getByTestId('override-banner')).toHaveCount(0);
    await closeServer(server);
  });

  test('the debug overlay lists every remote with its URL, version and load state', async ({ page }) => {
    await page.goto('/en/visa?siteDebug');
    const overlay = page.getByTestId('debug-overlay');
    await expect(overlay).toBeVisible();
    await expect(page.getByTestId('debug-state-mfe-search')).toHaveText('mounted');
    await expect(page.getByTestId('debug-state-mfe-tour')).toHaveText('not loaded');
    await expect(overlay.locator('tr[data-remote="mfe-booking"] input')).toHaveAttribute('placeholder', 'http://localhost:18083/mf-manifest.json');
    // The flag is stored: the overlay stays on the next load without the parameter.
    await page.goto('/en/visa');
    await expect(page.getByTestId('debug-overlay')).toBeVisible();
  });
});
