/**
 * Sign-in and the captcha (accounts issue; accounts-and-comms §2, §4, §5, §7): the real login modal of mfe-account,
 * the real API sending e-mail through a real SMTP server (e2e/mailbox.ts) and keeping SMS in its outbox (no provider
 * here), and the real proof-of-work captcha. Codes are read from the mailbox or the outbox, never from an answer.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAILBOX_FILE, mailTo } from '../mailbox';
import { E2E_TMP } from '../playwright.config';
import { expect, test } from './fixtures';
import { API, ROOT, axeViolations, sessionToken } from './support';

let seq = 0;
/** A login no other test uses (the send limits count per login). */
const newEmail = (what: string) => `e2e-${what}-${Date.now().toString(36)}-${++seq}@example.com`;

const MAILBOX = path.join(ROOT, E2E_TMP, MAILBOX_FILE);

/**
 * The newest code sent to a login: an e-mail from the suites' SMTP server (e2e/mailbox.ts: the API sends e-mail over
 * SMTP), a phone's SMS from the API's outbox (no SMS provider here; development mode) — never from an answer.
 */
async function codeFor(login: string, after = 0): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = login.includes('@') ? mailTo(MAILBOX, login) : [];
    const code = login.includes('@')
      ? (mails.length > after ? /code[^\d]{0,40}(\d{5})\b/i.exec(mails[0]!.text)?.[1] : undefined)
      : await outboxCode(login);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${login}`);
}
async function outboxCode(login: string): Promise<string | undefined> {
  const res = await fetch(`${API}/internal/outbox?to=${encodeURIComponent(login)}`);
  const { messages } = (await res.json()) as { messages: { code: string | null }[] };
  return messages[0]?.code ?? undefined;
}
/** How many messages went to a login (the outbox keeps every one, sent or kept). */
async function codesSent(login: string): Promise<number> {
  const res = await fetch(`${API}/internal/outbox?to=${encodeURIComponent(login)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}
/** The link with `param` in the newest e-mail to an address that has one. */
async function linkFor(email: string, param: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    for (const message of mailTo(MAILBOX, email)) {
      const link = new RegExp(`https?://\\S+[?&]${param}=[A-Za-z0-9_-]+`).exec(message.text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${param} link for ${email}`);
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: /Log in/ });

async function openLogin(page: Page, path = '/en/about') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(loginDialog(page)).toBeVisible();
}

/** The register step by e-mail: the toggle, the address, the terms, Continue. */
async function submitEmail(page: Page, email: string) {
  const dialog = loginDialog(page);
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  if (!(await emailField.isVisible())) await dialog.getByRole('button', { name: 'Log in with email' }).click();
  await emailField.fill(email);
  const terms = dialog.getByRole('checkbox', { name: /I accept Terms and Conditions/ });
  if (!(await terms.isChecked())) await terms.check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

async function signInByEmail(page: Page, email: string) {
  await openLogin(page);
  const before = mailTo(MAILBOX, email).length;
  await submitEmail(page, email);
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(email, before));
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(loginDialog(page)).toBeHidden();
}

const headerLogin = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true });
const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account: / });

test.describe('sign-in with a one-time code', () => {
  test('sign up by e-mail: passive validation, a wrong code then the right one; the header shows the account after a reload; axe clean', async ({ page }) => {
    const email = newEmail('signup');
    await openLogin(page);
    const dialog = loginDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'I am a tourist' })).toBeChecked();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // §5: validation runs only on submit; the terms must be accepted.
    await dialog.getByRole('button', { name: 'Log in with email' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Required field').first()).toBeVisible();
    expect(await codesSent(email)).toBe(0);

    await submitEmail(page, email);
    await expect(dialog.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeVisible();
    const code = await codeFor(email);
    expect(code).toMatch(/^\d{5}$/);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    const codeField = dialog.getByRole('textbox', { name: 'Code' });
    const wrong = code === '00000' ? '11111' : '00000';
    await codeField.fill(wrong);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog.getByText('Incorrect code')).toBeVisible();
    await expect(codeField).toHaveValue(wrong);

    await codeField.fill(code);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);

    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    // The token is in the HttpOnly cookie only: page scripts hold a marker, and document.cookie does not show it.
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const seenByScripts = await page.evaluate(() => ({ stored: localStorage.getItem('session') ?? '', cookies: document.cookie }));
    expect(seenByScripts.stored).toMatch(/"token":"cookie\./);
    expect(seenByScripts.stored).not.toContain(token!);
    expect(seenByScripts.cookies).not.toContain('auth_token');
    const profile = await fetch(`${API}/crm/api/user/profile`, { headers: { 'X-Authorization': `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { profile: { email: string } }).profile.email).toBe(email);
  });

  test('sign up by phone: the code comes by SMS (kept in the outbox here) and signs in', async ({ page }) => {
    // The field starts with the visitor's country code (+1 here), which cannot be deleted (§5.2): a person types the rest.
    const national = `20255${String(Date.now()).slice(-5)}`;
    const phone = `+1${national}`;
    await openLogin(page);
    const dialog = loginDialog(page);
    const field = dialog.getByRole('textbox', { name: 'Phone number' });
    await field.click();
    // The country code comes with the phone data the first focus loads: type once it is in the field.
    await expect(field).toHaveValue(/^\+1/);
    await field.press('End');
    await field.pressSequentially(national);
    await dialog.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(phone));
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toHaveAccessibleName(/^Account: \+1/);
  });

  test('a password: set on /account, log in with it, recover it through the e-mailed link (real SMTP), log in with the new one', async ({ page }) => {
    test.setTimeout(90_000);
    const email = newEmail('password');
    await signInByEmail(page, email);
    await page.goto('/en/account');
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByRole('textbox', { name: 'New password', exact: true }).fill('first-Secret-1');
    await password.getByRole('textbox', { name: 'Repeat the new password' }).fill('first-Secret-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed').first()).toBeVisible();

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await headerLogin(page).click();
    const dialog = loginDialog(page);
    await dialog.getByRole('button', { name: 'Log in with a password' }).click();
    await dialog.getByLabel('E-mail or phone number').fill(email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Incorrect login or password').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('first-Secret-1');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toBeVisible();

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await headerLogin(page).click();
    await dialog.getByRole('button', { name: 'Log in with a password' }).click();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    const recovery = page.getByRole('dialog', { name: 'Password recovery' });
    await recovery.getByRole('textbox', { name: /E-mail/ }).fill(email);
    await recovery.getByRole('button', { name: 'Send the link' }).click();
    await expect(recovery.getByText('If an account exists for this address, we have sent a link to reset the password.')).toBeVisible();

    const link = await linkFor(email, 'password_reset_token');
    await page.goto(link);
    await expect(page).not.toHaveURL(/password_reset_token/);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-Secret-2');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('second-Secret-2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByText('Your password has been changed. Log in with the new password.')).toBeVisible();
    // The link works once.
    await page.goto(link);
    await expect(page.getByText('This link is invalid or has expired. Request a new one.')).toBeVisible();

    await headerLogin(page).click();
    await dialog.getByRole('button', { name: 'Log in with a password' }).click();
    await dialog.getByLabel('E-mail or phone number').fill(email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('second-Secret-2');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toBeVisible();
  });

  test('the code input takes digits only; the resend countdown ticks every second from 60', async ({ page }) => {
    const email = newEmail('countdown');
    await openLogin(page);
    await submitEmail(page, email);
    const dialog = loginDialog(page);
    const codeField = dialog.getByRole('textbox', { name: 'Code' });
    await codeField.pressSequentially('1a2b3');
    await expect(codeField).toHaveValue('123');
    const resend = dialog.getByRole('button', { name: /Send the code again in \d+ seconds/ });
    await expect(resend).toBeDisabled();
    const seconds = async () => Number(/in (\d+) second/.exec((await resend.textContent()) ?? '')?.[1]);
    const first = await seconds();
    expect(first).toBeLessThanOrEqual(60);
    expect(first).toBeGreaterThan(50);
    await page.waitForTimeout(2200);
    const later = await seconds();
    expect(first - later).toBeGreaterThanOrEqual(2);
    expect(first - later).toBeLessThanOrEqual(3);
  });

  test('Back returns to the register step with the address kept', async ({ page }) => {
    const email = newEmail('back');
    await openLogin(page);
    await submitEmail(page, email);
    const dialog = loginDialog(page);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  });

  test("a wrong code says 'Incorrect code' once, on the field, not in a toast as well (issue 29)", async ({ page }) => {
    const email = newEmail('wrong-once');
    await openLogin(page);
    await submitEmail(page, email);
    const dialog = loginDialog(page);
    const code = await codeFor(email);
    const codeField = dialog.getByRole('textbox', { name: 'Code' });
    await codeField.fill(code === '00000' ? '11111' : '00000');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(codeField).toHaveAccessibleDescription('Incorrect code');
    // Give a toast the time it would take to appear.
    await page.waitForTimeout(500);
    await expect(page.getByText('Incorrect code')).toHaveCount(1);
  });

  test('Back then Continue inside the 60 s goes back to the code sent: no second code (issue 29)', async ({ page }) => {
    const email = newEmail('back-continue');
    await openLogin(page);
    const before = mailTo(MAILBOX, email).length;
    await submitEmail(page, email);
    const dialog = loginDialog(page);
    const code = await codeFor(email, before);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
    // The countdown ran on meanwhile; no new code went out (the e-mail's count and the outbox's stay at one).
    await expect(dialog.getByRole('button', { name: /Send the code again in \d+ seconds/ })).toBeDisabled();
    await page.waitForTimeout(1000);
    expect(await codesSent(email)).toBe(1);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('sign up with a password (issue 29: the API had it, no screen did): the form, then signed in; the password logs in later', async ({ page }) => {
    const email = newEmail('password-signup');
    const password = `pw-${Date.now().toString(36)}-long`;
    await openLogin(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Log in with a password' }).click();
    await dialog.getByRole('button', { name: 'No account yet? Sign up with a password' }).click();
    await expect(dialog.getByRole('heading', { name: 'Sign up with a password' })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByLabel(/^First name/)).toHaveAccessibleDescription('Required field');
    await dialog.getByLabel(/^First name/).fill('Paula');
    await dialog.getByLabel(/^Last name/).fill('Passwort');
    await dialog.getByLabel(/^E-mail/).fill(email);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByLabel(/^Repeat the password/).fill(`${password}x`);
    await dialog.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByLabel(/^Repeat the password/)).toHaveAccessibleDescription('Do not match');
    await dialog.getByLabel(/^Repeat the password/).fill(password);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toHaveAccessibleName('Account: Passwort Paula');

    // Signed out, the password signs in.
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await headerLogin(page).click();
    const again = page.getByRole('dialog');
    await again.getByRole('button', { name: 'Log in with a password' }).click();
    await again.getByRole('textbox', { name: 'E-mail or phone number' }).fill(email);
    await again.getByLabel(/^Password/).fill(password);
    await again.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(again).toBeHidden();
    await expect(accountButton(page)).toHaveAccessibleName('Account: Passwort Paula');
  });

  test('favourites made while signed out are in the account after sign-in, on another device too', async ({ page, browser }) => {
    const email = newEmail('favourites');
    await page.goto('/en/tours');
    const heart = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
    const label = (await heart.getAttribute('aria-label')) ?? '';
    const title = /^Add (.+) to favourites$/.exec(label)?.[1] ?? '';
    await heart.click();
    await expect(page.getByRole('button', { name: `Remove ${title} from favourites` })).toBeVisible();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await submitEmail(page, email);
    const dialog = loginDialog(page);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(email));
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();

    // A second device with no favourites of its own signs in with the same address.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/en/tours');
    await expect(second.getByRole('button', { name: `Remove ${title} from favourites` })).toHaveCount(0);
    await signInByEmail(second, email);
    await second.goto('/en/tours');
    await expect(second.getByRole('button', { name: `Remove ${title} from favourites` })).toBeVisible();
    await other.close();
  });

  test('logout in one tab signs out the other; the token no longer works', async ({ context }) => {
    const email = newEmail('logout');
    const first = await context.newPage();
    await signInByEmail(first, email);
    const token = await sessionToken(first);
    const second = await context.newPage();
    await second.goto('/en/about');
    await expect(accountButton(second)).toBeVisible();

    await accountButton(first).click();
    await first.getByRole('button', { name: 'Log out' }).click();
    await expect(first.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(accountButton(second)).toHaveCount(0);
    const res = await fetch(`${API}/crm/api/user/profile`, { headers: { 'X-Authorization': `Bearer ${token}` } });
    expect(res.status).toBe(401);
    // The session cookie went with the logout.
    expect(await sessionToken(first)).toBeNull();
  });

  test("403: 'Log in again' logs out, opens the login, and the page reloads once the right account signs in", async ({ page }) => {
    const wrong = newEmail('wrong-account');
    const right = newEmail('right-account');
    await signInByEmail(page, wrong);
    const wrongToken = await sessionToken(page);
    const tours = (await (await fetch(`${API}/spa/tours?per-page=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } })).json()) as { result: { groups: { items: { slug: string; title: string }[] }[] } };
    const tour = tours.result.groups.flatMap((g) => g.items)[0]!;

    // A page refused to another account is a 403 naming the right one (accounts-and-comms §6). No API call answers so
    // today (another traveller's request is the 404 of an unknown one since issue 28: a 403 told that it exists and
    // whose it is); here the tour call answers so once, and then normally.
    let refusals = 0;
    await page.route('**/spa/tour?*', async (route) => {
      if (refusals++ > 0) return route.fallback();
      await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Forbidden', data: { legit_user_email: 'r***@example.com' } }) });
    });
    await page.goto(`/en/${tour.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This page belongs to another account' })).toBeVisible();
    await expect(page.getByText('To open it, log in with the account that has the e-mail r***@example.com.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log in again' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(headerLogin(page)).toBeVisible();
    expect((await fetch(`${API}/crm/api/user/profile`, { headers: { 'X-Authorization': `Bearer ${wrongToken}` } })).status).toBe(401);

    const before = mailTo(MAILBOX, right).length;
    await submitEmail(page, right);
    const dialog = loginDialog(page);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(right, before));
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
    expect(refusals).toBeGreaterThanOrEqual(2);
  });

  test('usable at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openLogin(page);
    const dialog = loginDialog(page);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await submitEmail(page, newEmail('narrow'));
    await expect(dialog.getByRole('textbox', { name: 'Code' })).toBeInViewport();
  });
});

test.describe('the captcha (self-hosted proof of work)', () => {
  /**
   * Sends codes to one login until the send limit (3 per login) asks for the captcha: three from elsewhere (the screen
   * no longer sends another inside its 60 s countdown: Back then Continue reopens the code sent, issue 29), then the
   * screen's own.
   */
  async function reachTheLimit(page: Page, email: string) {
    await openLogin(page);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${API}/crm/api/user/send-auth-code`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-language': 'en' }, body: JSON.stringify({ login: email, code_sender: 'email' }) });
      expect(res.status, await res.text()).toBe(200);
    }
    expect(await codesSent(email)).toBe(3);
    await submitEmail(page, email);
  }
  const captchaDialog = (page: Page) => page.getByRole('dialog', { name: "Confirm that you aren't a robot" });

  test('appears after the limit, is solved in the browser, and the same request then succeeds; axe clean', async ({ page }) => {
    test.setTimeout(90_000);
    const email = newEmail('captcha');
    await reachTheLimit(page, email);
    const captcha = captchaDialog(page);
    await expect(captcha).toBeVisible();
    await expect(captcha.getByText('Why is this needed?')).toBeVisible();
    await expect(captcha.getByText('VPN may cause errors, please check that it is turned off')).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    const started = Date.now();
    // As a person does: a click on the widget's label starts the proof of work.
    await captcha.getByText("I'm not a robot").click();
    await expect(captcha).toBeHidden({ timeout: 30_000 });
    const solveMs = Date.now() - started;
    test.info().annotations.push({ type: 'captcha solve (ms)', description: String(solveMs) });
    // The retried send went through: the code step, and a 4th message in the outbox.
    await expect(loginDialog(page).getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
    await expect.poll(() => codesSent(email)).toBe(4);
  });

  test('dismissed: the original error shows and nothing is sent', async ({ page }) => {
    const email = newEmail('dismiss');
    await reachTheLimit(page, email);
    const captcha = captchaDialog(page);
    await expect(captcha).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(captcha).toBeHidden();
    await expect(page.getByText('Too many requests. Please confirm that you are not a robot.').first()).toBeVisible();
    // Still on the register step with the address kept.
    await expect(loginDialog(page).getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    expect(await codesSent(email)).toBe(3);
  });
});
