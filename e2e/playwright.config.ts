import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

/** Debian's chromium: Playwright cannot download its own browser here. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim().split('\n')[0]!;
  } catch {
    throw new Error('Chromium not found: run `npm test` (it installs Debian chromium) or set CHROMIUM_PATH');
  }
}

/**
 * The product's ports during the suites. E2E_PORT_OFFSET (default 0) moves them all, so a second run on the same
 * machine (another checkout, another engineer) does not collide with one already going; E2E_TMP moves its files.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
export const E2E_PORTS = { host: 18080 + OFFSET, api: 13001 + OFFSET, remoteBase: 18081 + OFFSET, widgets: 18097 + OFFSET, partner: 18098 + OFFSET, sip: 15066 + OFFSET };
/**
 * The suites' calendar: the whole product runs on it (the API's CLOCK_START, the browser's Date in fixtures.ts), so a
 * test gives the same answer on any day, as jest's fixed clock does. Time ticks on from it in real time.
 */
export const E2E_CLOCK_START = Date.UTC(2026, 10, 24, 9, 0, 0); // Tuesday 24 November 2026, 12:00 in Moscow
/** Database, runtime manifest and other files of a run (relative to the repository root); a run with a port offset has its own. */
export const E2E_TMP = process.env.E2E_TMP ?? (OFFSET ? `.tmp/e2e-${OFFSET}` : '.tmp/e2e');

export default defineConfig({
  testDir: './tests',
  // Per offset too: a run cleans its output folder when it starts, which broke another run's traces.
  outputDir: OFFSET ? `test-results/offset-${OFFSET}` : 'test-results/run',
  timeout: 45_000,
  // Screenshot baselines without the platform in their name: CI runs on this machine's Chromium (visual.spec.ts).
  expect: { timeout: 10_000, toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}' } },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-report.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORTS.host}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
});
