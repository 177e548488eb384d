/**
 * Every promise kept (issue 29, items 2, 3 and 5), as a traveller meets them:
 * - the e-book sheet's 'The guide has been sent to your email!' is true: the guide arrives at the suites' real SMTP
 *   server (e2e/mailbox.ts) in German — a link to a real PDF the first time, the PDF attached once the link was opened;
 * - an excursion booked at one of its start times keeps the time: stored with the request, shown on the arrival page
 *   as 'Date and start time' (not 'Your individual tour'), and on the meet page with the meeting place;
 * - the meet page reached from the booking says when and where the group meets and whom to call.
 * The organizer links are in platform.spec.ts, the archived tour and 'Tour in admin' in staff.spec.ts.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { MAILBOX_FILE, mailTo, type MailMessage } from '../mailbox';
import { E2E_TMP } from '../playwright.config';
import { expect, test } from './fixtures';
import { API, ROOT, axeViolations, asAnsweredVisitor } from './support';

const MAILBOX = path.join(ROOT, E2E_TMP, MAILBOX_FILE);
const DB_FILE = path.join(ROOT, E2E_TMP, 'catalogue.sqlite');

asAnsweredVisitor();

/** The newest e-mail to an address whose subject matches, once it has arrived (or once `count` have). */
async function mailWith(to: string, subject: RegExp, count = 1): Promise<MailMessage> {
  let found: MailMessage[] = [];
  await expect.poll(() => (found = mailTo(MAILBOX, to).filter((m) => subject.test(m.subject))).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return found[0]!;
}

test('the e-book in German: the sheet sends it, a link to the guide arrives, then the guide itself; no coordinator request', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `leser.${Date.now().toString(36)}@example.com`;
  await page.goto('/de/uber-die-firma');
  const nav = page.getByRole('banner').getByRole('navigation');
  for (const name of ['Visum', 'Kontakt', 'FAQ', 'Presse']) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const sheet = page.getByRole('region', { name: 'Kostenloser Reiseführer' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Reiseführer erhalten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kostenlosen Reiseführer erhalten' });
  await dialog.getByRole('textbox', { name: /E-Mail/ }).fill(email);
  const sent = page.waitForResponse((r) => r.url().endsWith('/spa/subscribe-ebook') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Reiseführer zusenden' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'Erfolgreich' })).toContainText('Der Reiseführer wurde an Ihre E-Mail-Adresse gesendet!');

  // First to this address: a link (a stranger's inbox gets no file), in German.
  const first = await mailWith(email, /^Reiseführer Russland$/);
  expect(first.attachments).toEqual([]);
  expect(first.text).toContain('Der Link gilt 30 Tage.');
  const link = /https?:\/\/\S+\/spa\/travel-guide-pdf\/[A-Za-z0-9_-]{22}/.exec(first.text)?.[0];
  expect(link, first.text).toBeTruthy();
  const pdf = await page.request.get(link!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The link opened: the address asked. The next guide is the PDF itself.
  const again = await page.request.post(`${API}/spa/subscribe-ebook`, { data: { email }, headers: { 'X-Language': 'de', 'X-Currency': 'EUR' } });
  expect(again.status()).toBe(200);
  const second = await mailWith(email, /^Reiseführer Russland$/, 2);
  expect(second.attachments.map((a) => [a.filename, a.contentType])).toEqual([['travel-guide-russia-de.pdf', 'application/pdf']]);
  expect(Buffer.from(second.attachments[0]!.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Nothing asked of a coordinator: the e-book is no help request any more.
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    expect(db.prepare('select count(*) as n from help_requests where email = ?').get(email)).toEqual({ n: 0 });
  } finally {
    db.close();
  }
});

test('an excursion at 10:00 (or its time): the time is stored, the arrival page says "Date and start time", the meet page says when and where', async ({ page }) => {
  test.setTimeout(90_000);
  // An excursion with set times whose first upcoming slot can be booked.
  let excursion: { id: number; date: string; timeId: number; start: string } | undefined;
  for (let id = 1001; id < 1600 && !excursion; id++) {
    const res = await fetch(`${API}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
    if (res.status !== 200) continue;
    const body = (await res.json()) as {
      id: number; type: number; use_request_period: boolean; request_period_start: string | null; request_period_end: string | null;
      excursion_dates: { date: string; time: { id: number; start: string }[] }[];
    };
    // A day the order may name: within the request period when the tour has one (the API checks it).
    const inPeriod = (date: string) => !body.use_request_period || ((!body.request_period_start || body.request_period_start.slice(0, 10) <= date) && (!body.request_period_end || date <= body.request_period_end.slice(0, 10)));
    const day = body.excursion_dates.find((d) => d.time.length > 0 && inPeriod(d.date));
    if (body.type === 2 && day) excursion = { id: body.id, date: day.date, timeId: day.time[0]!.id, start: day.time[0]!.start };
  }
  expect(excursion).toBeTruthy();
  const value = `excursion:${excursion!.date}:${excursion!.timeId}`;
  await page.addInitScript((v) => localStorage.setItem('selected-tour-date', v), value);
  await page.goto(`/en/tour/${excursion!.id}/order`);
  const form = page.getByRole('main');
  await expect(form.getByRole('group', { name: 'Tour date' }).locator(`input[value="${value}"]`)).toBeChecked();
  const name = `Excursion ${Date.now().toString(36)}`;
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  const phone = form.getByRole('textbox', { name: /^Phone/ });
  await phone.click();
  await phone.fill('+1 212 736 5000');
  await form.getByRole('textbox', { name: /^Comment/ }).fill('A stroller with us');
  await form.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: /^Request #\d+ has been sent$/ })).toBeVisible();

  // Stored as the request's start time, the comment the traveller's own (it had been '{date} {start}–{end}' in it).
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  let row: { uuid: string; time_start: string | null; comment: string | null; date_start_formatted: string };
  try {
    row = db.prepare('select uuid, time_start, comment, date_start_formatted from help_requests where name = ?').get(name) as typeof row;
  } finally {
    db.close();
  }
  expect(row).toMatchObject({ time_start: excursion!.start, date_start_formatted: excursion!.date });
  expect(row.comment).toMatch(/^A stroller with us/);
  expect(row.comment).not.toContain(excursion!.start);

  await page.goto(`/en/arrival/${row.uuid}`);
  const facts = page.getByRole('region', { name: /^Request #\d+$/ });
  const term = facts.getByText('Date and start time', { exact: true });
  await expect(term).toBeVisible();
  await expect(facts.getByText(new RegExp(`starts at ${excursion!.start}`))).toBeVisible();
  await expect(page.getByRole('link', { name: /Your individual tour/ })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Where and when we meet' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/meet\\?uuid=${row.uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Meet your organizer' })).toBeVisible();
  // Not confirmed yet: the page says the place is the tour's usual one.
  await expect(page.getByText('The coordinator has not confirmed your request yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'When' })).toContainText(`starts at ${excursion!.start}`);
  const where = page.getByRole('region', { name: 'Where' });
  await expect(where.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', /^https:\/\/yandex\.com\/maps\/\?/);
  await expect(page.getByRole('region', { name: 'On the day' }).getByRole('link', { name: /\+\d/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the meet page without a booking says what it is for and where its link is; an unknown booking is a 404', async ({ page }) => {
  await page.goto('/en/meet');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet your organizer' })).toBeVisible();
  await expect(page.getByText('This page shows where and when your group meets for a booking of yours', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My trips' })).toHaveAttribute('href', '/en/account/trips');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/en/meet?uuid=0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
});
