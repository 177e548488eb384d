import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { closeServer, MANIFEST_FILE, readManifest, REMOTE_PORTS, ROOT, serveRemote, writeManifest } from './support';

/**
 * A copy of mfe-comms's sources, changed as its team would for a new release: a route it declares itself, a screen
 * for it and texts in its own catalogue. Built like any remote (its own webpack run), nothing of the host touched.
 */
function buildCommsWithNewRoute(out: string): string {
  const dir = path.join(out, 'mfe-comms');
  // Built anew every run (about 30 s): a kept build would go stale with mfe-comms's sources or the contract.
  rmSync(out, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ['src', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, 'mfe-comms', f), path.join(dir, f), { recursive: true });
  const config = readFileSync(path.join(ROOT, 'mfe-comms/webpack.config.js'), 'utf8').replace("'../scripts/webpack/make-config'", JSON.stringify(path.join(ROOT, 'scripts/webpack/make-config')));
  writeFileSync(path.join(dir, 'webpack.config.js'), config);
  writeFileSync(path.join(dir, 'src/routes.json'), JSON.stringify([{ name: 'chat-guide', paths: { base: '/chat-guide', de: '/chat-anleitung' } }]));
  for (const [locale, texts] of Object.entries({
    en: { 'comms.guide.title': 'How to reach a coordinator', 'page.chat-guide.title': 'Chat guide' },
    de: { 'comms.guide.title': 'So erreichen Sie einen Koordinator', 'page.chat-guide.title': 'Chat-Anleitung' },
  })) {
    const file = path.join(dir, `src/i18n/${locale}.json`);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...texts }));
  }
  mkdirSync(path.join(dir, 'src/features/guide'));
  writeFileSync(path.join(dir, 'src/features/guide/GuidePage.tsx'), [
    "import { useIntl } from 'react-intl';",
    "export default function GuidePage() {",
    "  const intl = useIntl();",
    "  return <section><h1>{intl.formatMessage({ id: 'comms.guide.title' })}</h1></section>;",
    "}",
  ].join('\n'));
  const app = readFileSync(path.join(dir, 'src/app.tsx'), 'utf8')
    .replace("const ChatPage =", "const GuidePage = lazy(() => import('./features/guide/GuidePage'));\nconst ChatPage =")
    .replace("screens: { 'chat-index': ChatPage", "screens: { 'chat-guide': GuidePage, 'chat-index': ChatPage");
  if (!app.includes("'chat-guide': GuidePage")) throw new Error('mfe-comms/src/app.tsx changed: update this test');
  writeFileSync(path.join(dir, 'src/app.tsx'), app);
  execFileSync('npx', ['webpack', '--mode', 'production', '-c', path.join(dir, 'webpack.config.js')], { cwd: ROOT, env: { ...process.env, MFE_VERSION: '9.10.0' }, stdio: 'ignore' });
  return path.join(dir, 'dist');
}

function publish(...args: string[]): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/publish-remote.mjs'), 'mfe-comms', ...args, '--manifest', MANIFEST_FILE], { cwd: ROOT, stdio: 'pipe' });
}

test.describe('independent microfrontends', () => {
  test.describe.configure({ mode: 'serial' });
  let original: ReturnType<typeof readManifest>;
  test.beforeAll(() => {
    original = readManifest();
  });
  test.afterEach(() => {
    writeManifest(original);
  });

  test('one remote down: the layout and other routes keep working; it recovers by itself when the remote is back', async ({ page }) => {
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

    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Back up: the page tries again by itself (2, 4, 8… s after each failure in a row), no click needed.
    server = await serveRemote(path.join(ROOT, 'mfe-tour/dist'), port);
    await expect(page.locator('#mfe-slot-mfe-tour h1')).toBeVisible({ timeout: 40_000 });
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

  test('a remote deployed alone adds a route and a text: real statuses, the text in the page, rollback by one entry', async ({ page, request }) => {
    test.setTimeout(180_000);
    const dist = buildCommsWithNewRoute(path.join(ROOT, '.tmp/e2e/comms-next'));
    expect((await request.get('/en/chat-guide')).status()).toBe(404);

    const server = await serveRemote(dist, 18093);
    publish('--url', 'http://localhost:18093/', '--dir', dist);
    const entry = readManifest()['mfe-comms'] as unknown as { version: string; previous?: { version: string } };
    expect(entry.version).toBe('9.10.0');
    expect(entry.previous?.version).toBe(original['mfe-comms']!.version);

    // The host server knows the route now (no restart): a real 200 with the remote's own title, a real 404 beside it.
    const answer = await request.get('/en/chat-guide');
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('<title>Chat guide | ');
    expect((await request.get('/en/chat-guide/nothing-here')).status()).toBe(404);
    expect((await request.get('/de/chat-anleitung')).status()).toBe(200);

    await page.goto('/en/chat-guide?siteDebug');
    await expect(page.getByRole('heading', { level: 1, name: 'How to reach a coordinator' })).toBeVisible();
    // The debug overlay shows the release and the one it replaced.
    await expect(page.getByTestId('debug-overlay').locator('tr[data-remote="mfe-comms"]')).toContainText(`9.10.0 (previous ${original['mfe-comms']!.version})`);
    // Reached by navigation in the page too, in another locale: the remote's texts of that locale.
    await page.goto('/de/chat-anleitung');
    await expect(page.getByRole('heading', { level: 1, name: 'So erreichen Sie einen Koordinator' })).toBeVisible();

    publish('--rollback');
    expect((await request.get('/en/chat-guide')).status()).toBe(404);
    await page.goto('/en/chat');
    await expect(page.locator('[data-mfe-build="mfe-comms"]')).toHaveAttribute('data-mfe-version', original['mfe-comms']!.version);
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
    await expect(overlay.locator('tr[data-remote="mfe-booking"] input')).toHaveAttribute('placeholder', `http://localhost:${REMOTE_PORTS['mfe-booking']}/mf-manifest.json`);
    // The flag is stored: the overlay stays on the next load without the parameter.
    await page.goto('/en/visa');
    await expect(page.getByTestId('debug-overlay')).toBeVisible();
  });
});
