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

export const E2E_PORTS = { host: 18080, api: 13001, remoteBase: 18081 };

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
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
