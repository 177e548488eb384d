/**
 * The help requests of the layout (issue 14; public-site §2.3, §2.7, §7.4): 'Request a call' from the header and the
 * e-mail request from the support bubble, each stored once as its type with the page it came from, with the success
 * texts of §2.7; axe clean on both modals.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { E2E_PORTS } from '../playwright.config';
import { expect, test } from './fixtures';
import { ROOT, axeViolations, asAnsweredVisitor } from './support';

const DB_FILE = path.join(ROOT, '.tmp/e2e/catalogue.sqlite');

function requestsWith(column: 'phone' | 'email', value: string): { type: string; name: string | null; comment: string | null; referer: string | null; timezone: number | null }[] {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select type, name, comment, referer, timezone from help_requests where ${column} = ?`).all(value) as never;
  } finally {
    db.close();
  }
}

asAnsweredVisitor();

/** The header's 'Request a call' on a desktop page, opened: its dialog. */
async function openCallbackRequest(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/about');
  await page.getByRole('banner').getByRole('button', { name: 'Request a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a call' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("'Request a call': the callback modal, then 'Callback requested' with the number; stored once as phone_call_request", async ({ page }) => {
  const dialog = await openCallbackRequest(page);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  const national = `212${String(Date.now()).slice(-7)}`;
  await dialog.getByRole('textbox', { name: /Your name/ }).fill('Callback <b>Tester</b>');
  const phone = dialog.getByRole('textbox', { name: /^Phone/ });
  await phone.click();
  await expect(phone).toHaveValue(/^\+1/);
  await phone.press('End');
  await phone.pressSequentially(national);
  await dialog.getByRole('button', { name: 'Call me back' }).dblclick();
  await expect(page.getByRole('dialog', { name: 'Callback requested' })).toBeVisible();
  await expect(page.getByText(/^Call back request successful! We will call you on the mentioned number during our working hours \(.*\)$/)).toBeVisible();
  const stored = requestsWith('phone', `+1${national}`);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ type: 'phone_call_request', name: 'Callback <b>Tester</b>' });
  expect(stored[0]!.comment).toContain('request from http');
  expect(stored[0]!.referer).toMatch(/\/en\/about$/);
  expect(stored[0]!.timezone).not.toBeNull();
});

test("the e-mail request from the support bubble: 'We've received your email!'; stored once as common_help_by_email", async ({ page }) => {
  await page.goto('/en/about');
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('button', { name: 'Send a request to our email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a request to our email' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  const email = `help.${Date.now().toString(36)}@example.com`;
  await dialog.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await dialog.getByRole('textbox', { name: /Your question/ }).fill('Baikal in March, <i>two</i> people');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText("We've received your email!")).toBeVisible();
  await expect(page.getByText('Thanks for your interest in our tours! One of our travel experts will reply to your email soon.')).toBeVisible();
  const stored = requestsWith('email', email);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.type).toBe('common_help_by_email');
  expect(stored[0]!.comment).toContain('Baikal in March, <i>two</i> people');
});

test.describe("every phone field is the one phone input of §5.2: digits only, a country picker (issue 17, defect 8)", () => {
  /** Typed letters never reach the number; choosing a country in the picker puts its dialling code in front. */
  async function checkPhoneField(scope: Locator) {
    const phone = scope.getByRole('textbox', { name: /^Phone/ });
    await phone.click();
    await expect(phone).toHaveValue('+1'); // the visitor's country (United States) once the field is used
    await phone.press('End');
    await phone.pressSequentially('abc12');
    await expect(phone).toHaveValue('+112');
    // Pasted text too: only the digits stay.
    await phone.fill('+1 abc 212 xyz');
    await expect(phone).not.toHaveValue(/[a-z]/i);
    await expect(phone).toHaveValue(/^\+1 ?212/);

    const country = scope.getByRole('combobox', { name: 'Country code' });
    await expect(country).toHaveValue(/^United States \+1$/);
    await country.click();
    await country.fill('Germany');
    await scope.getByRole('option', { name: 'Germany +49' }).click();
    await expect(country).toHaveValue('Germany +49');
    await expect(phone).toHaveValue('+49');
    await phone.press('End');
    await phone.pressSequentially('x30y');
    await expect(phone).toHaveValue('+4930');
  }

  test("the header's 'Request a call'", async ({ page }) => {
    await checkPhoneField(await openCallbackRequest(page));
  });

  test('the request page of a tour', async ({ page }) => {
    let tourId = 0;
    for (let id = 1001; id < 1100 && !tourId; id++) {
      const res = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
      if (res.status === 200) tourId = id;
    }
    await page.goto(`/en/tour/${tourId}/order`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkPhoneField(page.getByRole('main'));
  });
});

test.describe('a callback asked for on a tour records the tour; a number typed over the country is kept (issue 29)', () => {
  test("'Request a call' on a tour page stores the tour it came from", async ({ page }) => {
    let tour: { id: number; slug: string } | null = null;
    for (let id = 1001; id < 1100 && !tour; id++) {
      const res = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
      if (res.status === 200) tour = { id, slug: ((await res.json()) as { slug: string }).slug };
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/en/${tour!.slug}`);
    await page.getByRole('banner').getByRole('button', { name: 'Request a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a call' });
    const national = `212${String(Date.now()).slice(-7)}`;
    await dialog.getByRole('textbox', { name: /Your name/ }).fill('Tour Caller');
    const phone = dialog.getByRole('textbox', { name: /^Phone/ });
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially(national);
    await dialog.getByRole('button', { name: 'Call me back' }).click();
    await expect(page.getByRole('dialog', { name: 'Callback requested' })).toBeVisible();
    const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('select type, tour_id from help_requests where phone = ?').all(`+1${national}`)).toEqual([{ type: 'phone_call_request', tour_id: tour!.id }]);
    } finally {
      db.close();
    }
  });

  test("a '+44…' number typed over the selected +1 stays '+44…' and the hint offers United Kingdom", async ({ page }) => {
    const dialog = await openCallbackRequest(page);
    const phone = dialog.getByRole('textbox', { name: /^Phone/ });
    await phone.click();
    await expect(phone).toHaveValue('+1');
    await phone.selectText();
    await phone.pressSequentially('+442079460958');
    await expect(phone).toHaveValue('+442079460958');
    await expect(dialog.getByText('This number belongs to United Kingdom.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Country code' })).toHaveValue('United Kingdom +44');
  });
});
