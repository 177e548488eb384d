/**
 * Internet calls (issue 15; accounts-and-comms §2 'Internet call', §4 'Web call', §8): a signed-in traveller calls
 * support through the real registrar (kamailio, started by the e2e setup) with Chromium's fake microphone; the agent
 * side is a small page in a second browser context that registers the support identity with sip.js (credentials from
 * the agent call, signed in as the seeded support account) and answers. The traveller sees in_call, mutes, holds and hangs up; both sides end
 * terminated. A refused microphone shows the alert.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { build } from 'esbuild';
import config, { E2E_PORTS, E2E_TMP } from '../playwright.config';
import { MAILBOX_FILE, mailTo } from '../mailbox';
import { expect, test } from './fixtures';
import { axeViolations, ROOT } from './support';

const API = `http://127.0.0.1:${E2E_PORTS.api}`;
const MAILBOX = path.join(ROOT, E2E_TMP, MAILBOX_FILE);
const launch = config.use?.launchOptions ?? {};
// Chromium's fake microphone, allowed without a prompt; remote audio may play without a gesture.
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] } });
// The registrar is reached through the host's /sip on the site's own origin, so the page's CSP ('self') allows it.

/** The agent's page: sip.js's SimpleUser registering a line and answering every call. Bundled once per run. */
const AGENT_SOURCE = `
import { SimpleUser } from 'sip.js/lib/platform/web/index.js';
const events = (window.agentEvents = []);
const log = (e) => { events.push(e); document.getElementById('state').textContent = e; };
window.startAgent = async (c) => {
  const audio = document.getElementById('remote');
  const user = new SimpleUser(c.ws_url, {
    aor: c.public_identity,
    media: { constraints: { audio: true, video: false }, remote: { audio } },
    registererOptions: { expires: 60, refreshFrequency: 50 },
    userAgentOptions: { authorizationUsername: c.private_identity, authorizationPassword: c.password, logLevel: 'error',
      sessionDescriptionHandlerFactoryOptions: { peerConnectionConfiguration: { iceServers: [] } } },
    delegate: {
      onCallReceived: async () => { log('ringing'); await user.answer(); },
      onCallAnswered: () => log('in_call'),
      onCallHangup: () => log('terminated'),
    },
  });
  window.agent = user;
  await user.connect();
  await new Promise((resolve, reject) => user.register({ requestDelegate: { onAccept: resolve, onReject: () => reject(new Error('registration refused')) } }));
  log('registered');
};
`;
let agentBundle: string | undefined;
async function agentScript(): Promise<string> {
  agentBundle ??= (await build({ stdin: { contents: AGENT_SOURCE, resolveDir: ROOT, loader: 'js' }, bundle: true, write: false, format: 'iife', target: 'chrome120', logLevel: 'silent' })).outputFiles[0]!.text;
  return agentBundle;
}

/** The agent's page, served by the test on localhost (a secure context for the microphone). */
let agentServer: Server | undefined;
let agentUrl = '';
test.beforeAll(async () => {
  const script = await agentScript();
  const html = `<!doctype html><html lang="en"><title>Agent</title><main><h1>Support line</h1><p id="state">idle</p><audio id="remote" autoplay></audio></main><script>${script}</script></html>`;
  agentServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => agentServer!.listen(0, '127.0.0.1', resolve));
  agentUrl = `http://localhost:${(agentServer.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await new Promise((resolve) => agentServer?.close(resolve));
});

/** Opens the agent's page and registers the support line. */
async function openAgent(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(agentUrl);
  // The seeded development support account (api/src/db/seed/staff.ts), as the agent console signs in.
  const staff = await fetch(`${API}/crm/api/agent/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'support@tours.example', password: 'support-dev-password' }) });
  expect(staff.status).toBe(200);
  const { token } = (await staff.json()) as { token: string };
  const res = await fetch(`${API}/crm/api/agent/web-call-data`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` }, body: '{}' });
  expect(res.status).toBe(200);
  const creds = await res.json();
  await page.evaluate((c) => (window as unknown as { startAgent: (c: unknown) => Promise<void> }).startAgent(c), creds);
  await expect(page.locator('#state')).toHaveText('registered');
  return page;
}

const agentEvents = (page: Page) => page.evaluate(() => (window as unknown as { agentEvents: string[] }).agentEvents);

let seq = 0;
async function signIn(page: Page) {
  const email = `e2e-call-${Date.now().toString(36)}-${++seq}@example.com`;
  await page.goto('/en/about');
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Log in/ });
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  if (!(await emailField.isVisible())) await dialog.getByRole('button', { name: 'Log in with email' }).click();
  const before = mailTo(MAILBOX, email).length;
  await emailField.fill(email);
  await dialog.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  let code: string | undefined;
  for (let i = 0; i < 40 && !code; i++) {
    const mails = mailTo(MAILBOX, email);
    code = mails.length > before ? /code[^\d]{0,40}(\d{5})\b/i.exec(mails[0]!.text)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const callPanel = (page: Page) => page.getByRole('dialog', { name: 'Call via internet' });

test.describe('internet call to support', () => {
  test('the traveller calls, the agent answers: in call, mute, hold, hang up; both sides terminated; axe clean', async ({ page, browser }) => {
    const agentContext = await browser.newContext();
    try {
      const agent = await openAgent(agentContext);
      await signIn(page);
      const started = Date.now();
      await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
      const panel = callPanel(page);
      await expect(panel).toBeVisible();
      await expect(panel.getByText('Customer support')).toBeVisible();
      await expect.poll(() => agentEvents(agent)).toContain('ringing');
      test.info().annotations.push({ type: 'ringing after', description: `${Date.now() - started} ms` });
      await expect(panel.getByRole('status')).toHaveText('In call');
      await expect(agent.locator('#state')).toHaveText('in_call');

      const mute = panel.getByRole('button', { name: 'Mute' });
      await mute.click();
      await expect(mute).toHaveAttribute('aria-pressed', 'true');
      await mute.click();
      await expect(mute).toHaveAttribute('aria-pressed', 'false');

      const hold = panel.getByRole('button', { name: 'Hold' });
      await hold.click();
      await expect(panel.getByRole('status')).toHaveText('On hold');
      await hold.click();
      await expect(panel.getByRole('status')).toHaveText('In call');
      await expect(panel.getByTestId('call-timer')).not.toHaveText('0:00', { timeout: 5000 });

      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

      await panel.getByRole('button', { name: 'Hang up' }).click();
      await expect(panel.getByRole('status')).toHaveText('Call ended');
      await expect(agent.locator('#state')).toHaveText('terminated');
      await expect(panel.getByRole('button', { name: 'Call again' })).toBeVisible();
    } finally {
      await agentContext.close();
    }
  });

  test('the agent hangs up: the traveller sees the call ended', async ({ page, browser }) => {
    const agentContext = await browser.newContext();
    try {
      const agent = await openAgent(agentContext);
      await signIn(page);
      await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
      const panel = callPanel(page);
      await expect(panel.getByRole('status')).toHaveText('In call');
      await agent.evaluate(() => (window as unknown as { agent: { hangup(): Promise<void> } }).agent.hangup());
      await expect(panel.getByRole('status')).toHaveText('Call ended');
    } finally {
      await agentContext.close();
    }
  });

  test('nobody on the support line: the call ends with the unavailable message', async ({ page }) => {
    // No agent registered (the earlier agents' connections closed: kamailio dropped their contacts).
    await signIn(page);
    await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
    const panel = callPanel(page);
    await expect(panel.getByRole('alert')).toContainText('Nobody can answer the call right now');
    await expect(panel.getByRole('status')).toHaveText('Call ended');
  });

  test('microphone refused: the alert, and the call ends', async ({ page }) => {
    // The browser's refusal as sip.js meets it: getUserMedia rejects with NotAllowedError.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signIn(page);
    await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
    const panel = callPanel(page);
    await expect(panel.getByRole('alert')).toContainText('Allow access to the microphone to make a call');
    await expect(panel.getByRole('status')).toHaveText('Call ended');
  });
});

test.describe('with the site\'s Content-Security-Policy', () => {
  test('the call panel reaches the registrar (no agent: the unavailable message, not a connection failure)', async ({ page }) => {
    await signIn(page);
    await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
    await expect(callPanel(page).getByRole('alert')).toContainText('Nobody can answer the call right now');
  });
});
