/**
 * Internet calls (issue 15; accounts-and-comms §2 'Internet call', §4 'Web call', §8): a signed-in traveller calls
 * support through the real registrar (kamailio, started by the e2e setup) with Chromium's fake microphone; the agent
 * side is the agent console (/en/agent) in a second browser context, signed in as the seeded support account: its line
 * registers the support identity, rings with the caller, and the agent answers. The traveller sees in_call, mutes,
 * holds and hangs up; both sides end terminated. A refused microphone shows the alert. The agent's call back: the
 * offer rings on the traveller's chat page, and her taking it is her call to the console's line.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import config from '../playwright.config';
import { expect, test } from './fixtures';
import { axeViolations, signInTraveller } from './support';

const launch = config.use?.launchOptions ?? {};
// Chromium's fake microphone, allowed without a prompt; remote audio may play without a gesture.
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] } });
// The registrar is reached through the host's /sip on the site's own origin, so the page's CSP ('self') allows it.

// The seeded development support account (api/src/db/seed/staff.ts).
const SUPPORT = { login: 'support@tours.example', password: 'support-dev-password' };

/** Runs `steps` with the agent console in its own browser context, signed in as support, its line registered. */
async function withAgent(browser: Browser, steps: (agent: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const agent = await context.newPage();
    await agent.goto('/en/agent');
    await agent.getByRole('textbox', { name: 'Login' }).fill(SUPPORT.login);
    await agent.getByLabel('Password').fill(SUPPORT.password);
    await agent.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(agent.getByText('Signed in as Anna (Support)')).toBeVisible();
    await expect(agent.getByText('Calls: online')).toBeVisible();
    await steps(agent);
  } finally {
    await context.close();
  }
}

/** The console's incoming call and its call in progress. */
const incoming = (agent: Page) => agent.getByRole('alertdialog', { name: 'Incoming call' });
const agentCall = (agent: Page) => agent.getByRole('region', { name: 'Call', exact: true });

const signIn = (page: Page) => signInTraveller(page, 'e2e-call');

const callPanel = (page: Page) => page.getByRole('dialog', { name: 'Call via internet' });

/** A signed-in traveller calls support from the header. */
async function callSupport(page: Page) {
  await signIn(page);
  await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
}

/** The traveller hangs up: both sides say the call ended. */
async function hangUp(panel: Locator, agent: Page) {
  await panel.getByRole('button', { name: 'Hang up' }).click();
  await expect(panel.getByRole('status')).toHaveText('Call ended');
  await expect(agentCall(agent).getByRole('status')).toHaveText('Call ended');
}

test.describe('internet call to support', () => {
  test('the traveller calls, the agent answers in the console: in call, mute, hold, hang up; both sides terminated; axe clean', async ({ page, browser }) => {
    await withAgent(browser, async (agent) => {
      const email = await signIn(page);
      const started = Date.now();
      await page.getByRole('banner').getByRole('button', { name: 'Call via internet' }).click();
      const panel = callPanel(page);
      await expect(panel).toBeVisible();
      await expect(panel.getByText('Customer support')).toBeVisible();

      // It rings in the console with the caller: the traveller's name (no name yet: their e-mail, as in chats).
      const ringing = incoming(agent);
      await expect(ringing).toBeVisible();
      test.info().annotations.push({ type: 'ringing after', description: `${Date.now() - started} ms` });
      await expect(ringing).toContainText(email);
      await expect(ringing.getByRole('button', { name: 'Answer' })).toBeFocused();
      expect(await axeViolations(agent, '[role="alertdialog"]')).toEqual([]);
      await ringing.getByRole('button', { name: 'Answer' }).click();

      await expect(panel.getByRole('status')).toHaveText('In call');
      await expect(agentCall(agent).getByRole('status')).toHaveText('In call');
      await expect(ringing).toBeHidden();

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
      await expect(agentCall(agent).getByTestId('call-timer')).not.toHaveText('0:00');

      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      expect(await axeViolations(agent)).toEqual([]);

      await hangUp(panel, agent);
      await expect(panel.getByRole('button', { name: 'Call again' })).toBeVisible();
      // The console's line stays registered for the next call.
      await expect(agent.getByText('Calls: online')).toBeVisible();
    });
  });

  test('the agent hangs up in the console: the traveller sees the call ended', async ({ page, browser }) => {
    await withAgent(browser, async (agent) => {
      await callSupport(page);
      const panel = callPanel(page);
      await incoming(agent).getByRole('button', { name: 'Answer' }).click();
      await expect(panel.getByRole('status')).toHaveText('In call');
      await agentCall(agent).getByRole('button', { name: 'Hang up' }).click();
      await expect(agentCall(agent).getByRole('status')).toHaveText('Call ended');
      await expect(panel.getByRole('status')).toHaveText('Call ended');
    });
  });

  test('the agent declines: the traveller\'s call ends', async ({ page, browser }) => {
    await withAgent(browser, async (agent) => {
      await callSupport(page);
      await incoming(agent).getByRole('button', { name: 'Decline' }).click();
      await expect(incoming(agent)).toBeHidden();
      await expect(callPanel(page).getByRole('status')).toHaveText('Call ended');
    });
  });

  test('nobody on the support line: the call ends with the unavailable message', async ({ page }) => {
    // No agent registered (the earlier agents' connections closed: kamailio dropped their contacts).
    await callSupport(page);
    const panel = callPanel(page);
    await expect(panel.getByRole('alert')).toContainText('Nobody can answer the call right now');
    await expect(panel.getByRole('status')).toHaveText('Call ended');
  });

  test('microphone refused: the alert, and the call ends', async ({ page }) => {
    // The browser's refusal as sip.js meets it: getUserMedia rejects with NotAllowedError.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await callSupport(page);
    const panel = callPanel(page);
    await expect(panel.getByRole('alert')).toContainText('Allow access to the microphone to make a call');
    await expect(panel.getByRole('status')).toHaveText('Call ended');
  });
});

test.describe("a call back from the console (docs/decisions.md 'Calls back to travellers')", () => {
  /** The traveller's support chat with a message of hers, open; and the same chat opened in the console. */
  async function chatBothSides(page: Page, agent: Page): Promise<string> {
    const email = await signIn(page);
    await page.goto('/en/chat');
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Could you call me back, please?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log').getByText('Could you call me back, please?')).toBeVisible();
    const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await agent.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: new RegExp(escaped) }).click();
    await expect(agent.getByRole('heading', { level: 2, name: new RegExp(escaped) })).toBeVisible();
    return email;
  }
  const offer = (page: Page) => page.getByRole('alertdialog', { name: 'Incoming call' });

  test('the agent calls back from her chat: she answers on the chat page (sip.js fetched only then), the console takes her call: both in call; she hangs up; axe clean', async ({ page, browser }) => {
    await withAgent(browser, async (agent) => {
      const email = await chatBothSides(page, agent);
      const sipFetched: string[] = [];
      page.on('request', (r) => {
        if (/\/sip\.[0-9a-f]+\.js$/.test(new URL(r.url()).pathname)) sipFetched.push(r.url());
      });
      await agent.getByRole('button', { name: `Call ${email}` }).click();
      await expect(agentCall(agent).getByRole('status')).toHaveText('Calling…');

      const offered = offer(page);
      await expect(offered).toContainText('Anna (Support) is calling you back.');
      await expect(offered.getByRole('button', { name: 'Answer' })).toBeFocused();
      expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
      expect(sipFetched).toEqual([]);
      await offered.getByRole('button', { name: 'Answer' }).click();

      const panel = callPanel(page);
      await expect(panel.getByRole('status')).toHaveText('In call');
      await expect(agentCall(agent).getByRole('status')).toHaveText('In call');
      expect(sipFetched).toHaveLength(1);
      // The console took her call itself: it never rang there as a new one.
      await expect(incoming(agent)).toHaveCount(0);
      expect(await axeViolations(agent)).toEqual([]);

      await hangUp(panel, agent);
    });
  });

  test('she declines: the console says so, and the line is free for the next call', async ({ page, browser }) => {
    await withAgent(browser, async (agent) => {
      const email = await chatBothSides(page, agent);
      await agent.getByRole('button', { name: `Call ${email}` }).click();
      await offer(page).getByRole('button', { name: 'Decline' }).click();
      await expect(offer(page)).toBeHidden();
      await expect(agentCall(agent).getByRole('status')).toHaveText('Call ended');
      await expect(agent.getByRole('alert')).toHaveText(`${email} declined the call.`);
      await agentCall(agent).getByRole('button', { name: 'Close' }).click();
      await expect(agent.getByRole('button', { name: `Call ${email}` })).toBeVisible();
    });
  });
});

test.describe('with the site\'s Content-Security-Policy', () => {
  test('the call panel reaches the registrar (no agent: the unavailable message, not a connection failure)', async ({ page }) => {
    await callSupport(page);
    await expect(callPanel(page).getByRole('alert')).toContainText('Nobody can answer the call right now');
  });
});
