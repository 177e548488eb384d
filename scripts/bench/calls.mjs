// Internet calls budget (issue 15), for `npm run bench` (part `areas`):
//   from the traveller's click on 'Call via internet' to the callee ringing (the agent console's 'Incoming call')
//   ≤ 1.5 s here, through the real registrar (kamailio, started with the product when installed).
// `benchCalls({ chromePath, baseUrl, apiUrl })` runs against a started product in development mode, in a Chromium of
// its own with the fake microphone: the traveller signs in by code (read from the outbox) and their session is put on
// the page as the site keeps it; the agent is the seeded support account in a second browser context.
import { signInByCode } from './accounts.mjs';

export const CALL_BUDGETS = { ringingMs: 1500 };
const SUPPORT = { login: 'support@tours.example', password: 'support-dev-password' };
const ROUNDS = 3;

/** The traveller's page, signed in (the session the site keeps in localStorage, as after a sign-in). */
async function travellerPage(browser, baseUrl, apiUrl) {
  const token = await signInByCode(apiUrl, `bench-call-${Date.now().toString(36)}@example.com`);
  const { profile } = await (await fetch(`${apiUrl}/crm/api/user/profile`, { headers: { 'x-authorization': `Bearer ${token}`, accept: 'application/json' } })).json();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
  await context.addInitScript({ content: `localStorage.setItem('session', ${JSON.stringify(JSON.stringify({ token, profile }))});` });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/en/about`, { waitUntil: 'networkidle' });
  return { context, page };
}

async function agentPage(browser, baseUrl) {
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/en/agent`);
  await page.getByRole('textbox', { name: 'Login' }).fill(SUPPORT.login);
  await page.getByLabel('Password').fill(SUPPORT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Calls: online').waitFor({ timeout: 20_000 });
  return { context, page };
}

export async function benchCalls({ chromePath, baseUrl, apiUrl }) {
  const settings = await (await fetch(`${apiUrl}/crm/api/phone-code/web-call-settings`, { headers: { accept: 'application/json' } })).json().catch(() => ({}));
  if (settings.available === false) return { skipped: 'no SIP registrar (kamailio is not installed)' };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    return await ringingTimes(browser, baseUrl, apiUrl);
  } finally {
    await browser.close();
  }
}

async function ringingTimes(browser, baseUrl, apiUrl) {
  const agent = await agentPage(browser, baseUrl);
  const traveller = await travellerPage(browser, baseUrl, apiUrl);
  const times = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const button = traveller.page.getByRole('banner').getByRole('button', { name: 'Call via internet' });
      await button.waitFor({ timeout: 20_000 });
      const ringing = agent.page.getByRole('alertdialog', { name: 'Incoming call' });
      const t0 = Date.now();
      await button.click();
      await ringing.waitFor({ timeout: 10_000 });
      times.push(Date.now() - t0);
      // Declined by the agent; the traveller closes the panel before the next round.
      await ringing.getByRole('button', { name: 'Decline' }).click();
      await ringing.waitFor({ state: 'hidden' });
      const panel = traveller.page.getByRole('dialog', { name: 'Call via internet' });
      await panel.getByRole('button', { name: 'Close', exact: true }).first().click();
      await panel.waitFor({ state: 'hidden' });
    }
  } finally {
    await traveller.context.close();
    await agent.context.close();
  }
  // In order: the first call pays for fetching sip.js and connecting; later ones reuse the browser's cache.
  const worst = Math.max(...times);
  return { ringingMs: times, worstMs: worst, ok: worst <= CALL_BUDGETS.ringingMs };
}
