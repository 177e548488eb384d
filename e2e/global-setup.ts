import path from 'node:path';
import { mkdirSync, rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { E2E_CLOCK_START, E2E_PORTS, E2E_TMP } from './playwright.config';
import { MAILBOX_FILE, startMailbox } from './mailbox';

/**
 * Starts the whole product on its own ports with a fresh database, as `npm start` does.
 * Builds must exist (the test command builds before e2e).
 */
export default async function globalSetup(_config: FullConfig) {
  const root = path.resolve(__dirname, '..');
  const tmp = path.resolve(root, E2E_TMP);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // A real SMTP server: e-mails (sign-in codes, reset links) go out over SMTP as in production; SMS stay in the outbox.
  const mailbox = await startMailbox(path.join(tmp, MAILBOX_FILE));
  type Start = (o: { env: NodeJS.ProcessEnv; quiet: boolean; dbFile: string; manifestFile: string }) => Promise<{ stop: () => Promise<void>; manifestFile: string }>;
  // The product's clock and the browser's start on the suites' calendar at this moment (fixtures.ts reads the anchor).
  process.env.E2E_CLOCK_ANCHOR = String(Date.now());
  const { startProduct } = (await import(path.join(root, 'scripts/lib/processes.mjs'))) as { startProduct: Start };
  const product = await startProduct({
    env: { ...process.env, HOST_PORT: String(E2E_PORTS.host), API_PORT: String(E2E_PORTS.api), REMOTE_PORT_BASE: String(E2E_PORTS.remoteBase), WIDGETS_PORT: String(E2E_PORTS.widgets), PARTNER_PORT: String(E2E_PORTS.partner), SIP_PORT: String(E2E_PORTS.sip), RATE_LIMIT_PER_MIN: '100000', CHAT_HANDSHAKES_PER_MIN: '100000', AUTH_CODE_SENDS_PER_VISITOR: '1000', SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, CLOCK_START: new Date(E2E_CLOCK_START).toISOString() },
    quiet: true,
    dbFile: path.join(tmp, 'catalogue.sqlite'),
    manifestFile: path.join(tmp, 'mfe-manifest.json'),
  });
  process.env.E2E_MANIFEST_FILE = product.manifestFile;
  return async () => {
    await product.stop();
    await mailbox.close();
  };
}
