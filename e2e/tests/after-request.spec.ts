/**
 * After the request (issue 29, items 1 and 8), as a traveller lives it, all in German: a guest books on the German
 * site, the success screen links to the booking and says where the confirmation went; the confirmation arrives (read
 * from the suites' real SMTP server, e2e/mailbox.ts) with the booking's link; opened in another browser (a context
 * without the guest's storage), the link lets them add the tourists; a coordinator confirms (the development stand-in
 * for the back office), the invoice e-mail's link leads to paying in the sandbox, and the receipt arrives; signed in
 * with the same e-mail (a code from the mailbox), the traveller finds the booking in My trips. A phone-only guest gets
 * the link by SMS (kept in the API's outbox: no SMS provider here).
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { MAILBOX_FILE, mailTo, type MailMessage } from '../mailbox';
import { E2E_TMP } from '../playwright.config';
import { expect, test } from './fixtures';
import { API, ROOT, axeViolations, startSession } from './support';

const MAILBOX = path.join(ROOT, E2E_TMP, MAILBOX_FILE);

interface Variant { id: number; tour_id: number; is_busy?: boolean; number_of_free_seats: number }
let tour: { id: number; title: string; variant: Variant };

test.beforeAll(async () => {
  for (let id = 1001; id < 1200 && !tour; id++) {
    const res = await fetch(`${API}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'de', 'X-Currency': 'EUR' } });
    if (res.status !== 200) continue;
    const body = (await res.json()) as { id: number; title: string; type: number; variants?: Variant[] };
    const own = (body.variants ?? []).filter((v) => v.tour_id === body.id && !v.is_busy && v.number_of_free_seats >= 10);
    if (body.type === 1 && own.length) tour = { id: body.id, title: body.title, variant: own[0]! };
  }
  expect(tour).toBeTruthy();
});

/** A context as a visitor's browser after 'Allow' on the cookie alert (nothing else of the guest's). */
async function visitor(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([
    { name: 'cookie_alert_accepted', value: '1', url: baseURL },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseURL },
  ]);
}

/** The newest e-mail to an address whose subject matches, once it has arrived. */
async function mailWith(to: string, subject: RegExp): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect.poll(() => (found = mailTo(MAILBOX, to).find((m) => subject.test(m.subject))), { timeout: 15_000 }).toBeTruthy();
  return found!;
}

/** The booking's link in a message: the arrival page of its uuid. */
function bookingLink(text: string): string {
  const link = /https?:\/\/\S+\/de\/arrival\/[0-9a-f-]{36}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

/** The German order form, filled as a guest would. */
async function book(page: Page, o: { email: string; phone: string }): Promise<number> {
  await page.addInitScript((id) => localStorage.setItem('selected-tour-date', String(id)), tour.variant.id);
  await page.goto(`/de/tour/${tour.id}/order`);
  const form = page.getByRole('main');
  await expect(form.getByRole('group', { name: 'Reisedatum' }).locator('input[type=radio]:checked')).toHaveValue(String(tour.variant.id));
  await form.getByRole('textbox', { name: /^Name/ }).fill('Greta Gast');
  const phone = form.getByRole('textbox', { name: /^Telefon/ });
  await phone.click();
  await phone.fill(o.phone);
  if (o.email) await form.getByRole('textbox', { name: /^E-Mail/ }).fill(o.email);
  await form.getByRole('checkbox', { name: /Geschäftsbedingungen/ }).check();
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  const heading = page.getByRole('heading', { name: /^Anfrage Nr\. \d+ wurde gesendet$/ });
  await expect(heading).toBeVisible();
  return Number(/(\d+)/.exec((await heading.textContent())!)![1]);
}

test('a guest books in German, gets the confirmation with the link, adds tourists from another browser, pays, gets the receipt, and finds the booking in My trips', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await visitor(page.context(), baseURL!);
  const email = `gast-${Date.now().toString(36)}@example.com`;
  const id = await book(page, { email, phone: '+1 212 736 5000' });

  // The success screen: where the confirmation went (masked as the sign-in screens mask it) and the booking's link.
  const local = email.split('@')[0]!;
  await expect(page.getByText(`Wir haben die Bestätigung mit dem Link zu Ihrer Buchung an ${local[0]}***${local.at(-1)}@example.com gesendet.`)).toBeVisible();
  const open = page.getByRole('link', { name: 'Ihre Buchung öffnen' });
  await expect(open).toHaveAttribute('href', /^\/de\/arrival\/[0-9a-f-]{36}$/);
  expect(await axeViolations(page)).toEqual([]);

  // The confirmation, in German, with the link the success screen shows.
  const received = await mailWith(email, new RegExp(`^Anfrage Nr\\. ${id} eingegangen`));
  expect(received.text).toContain(`Wir haben Ihre Anfrage Nr. ${id} erhalten`);
  expect(received.text).toContain('Guten Tag Greta Gast,');
  const link = bookingLink(received.text);
  expect(new URL(link).pathname).toBe(await open.getAttribute('href'));

  // Another browser: only the link. It opens the booking; the tourists are added from there.
  const other = await browser.newContext({ baseURL });
  await visitor(other, baseURL!);
  const phone = await other.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: `Anfrage Nr. ${id}`, exact: true })).toBeVisible();
  await phone.getByRole('link', { name: 'Reisende hinzufügen' }).click();
  const first = phone.getByRole('group', { name: 'Reisender 1' });
  await first.getByRole('textbox', { name: /^Nachname/ }).fill('Gast');
  await first.getByRole('textbox', { name: /^Vorname/ }).fill('Greta');
  await phone.getByRole('button', { name: 'Reisende speichern' }).click();
  await expect(phone.getByText('Die Reisenden sind gespeichert.')).toBeVisible();

  // A coordinator confirms: the invoice arrives in German with the link to pay it.
  expect((await fetch(`${API}/internal/requests/${id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
  const invoice = await mailWith(email, new RegExp(`^Ihre Buchung Nr\\. ${id} ist bestätigt`));
  expect(invoice.text).toContain(`Reisevertrag: TA-${id}`);
  expect(invoice.text).toMatch(/Rechnung: Nr\. \d+, Anzahlung/);
  await phone.goto(bookingLink(invoice.text));
  await phone.getByRole('button', { name: / bezahlen$/ }).click();
  await expect(phone.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone.getByText('Vielen Dank! Ihre Zahlung ist eingegangen.')).toBeVisible();

  // The receipt, in German.
  const receipt = await mailWith(email, new RegExp(`^Zahlung für Buchung Nr\\. ${id} erhalten`));
  expect(receipt.text).toContain('Zahlungsart: Bankkarte');
  expect(receipt.text).toMatch(/Insgesamt bezahlt: /);
  await other.close();

  // Signed in with the same e-mail (the code from the mailbox): the guest's booking is in My trips.
  const before = mailTo(MAILBOX, email).length;
  const headers = { 'content-type': 'application/json', 'X-Language': 'de' };
  expect((await fetch(`${API}/crm/api/user/send-auth-code`, { method: 'POST', headers, body: JSON.stringify({ login: email }) })).status).toBe(200);
  let code: string | undefined;
  await expect.poll(() => (code = mailTo(MAILBOX, email).length > before ? /Anmeldung: (\d{5})\b/.exec(mailTo(MAILBOX, email)[0]!.text)?.[1] : undefined), { timeout: 15_000 }).toBeTruthy();
  const signed = await fetch(`${API}/crm/api/user/auth-via-code`, { method: 'POST', headers, body: JSON.stringify({ login: email, code }) });
  const session = (await signed.json()) as { token: string; profile: Record<string, unknown> };
  const account = await browser.newContext({ baseURL });
  await visitor(account, baseURL!);
  await startSession(account, baseURL!, session.token, session.profile);
  const mine = await account.newPage();
  await mine.goto('/de/account/trips');
  await expect(mine.getByRole('heading', { level: 1, name: 'Meine Reisen' })).toBeVisible();
  const trip = mine.getByRole('article').filter({ hasText: `Anfrage Nr. ${id}` });
  await expect(trip).toBeVisible();
  await expect(trip.getByRole('heading', { level: 2 })).toHaveText(tour.title);
  await expect(trip.getByText('Anzahlung eingegangen')).toBeVisible();
  await expect(trip.getByText('1 von 1')).toBeVisible();
  await expect(trip.getByRole('link', { name: tour.title })).toHaveAttribute('href', new URL(link).pathname);
  expect(await axeViolations(mine)).toEqual([]);
  // From the account settings too.
  await mine.getByRole('navigation', { name: 'Ihr Konto' }).getByRole('link', { name: 'Kontoeinstellungen' }).click();
  await expect(mine.getByRole('heading', { level: 1, name: 'Kontoeinstellungen' })).toBeVisible();
  await account.close();
});

test('a guest who gives only a phone gets the booking\'s link by SMS, and the success screen names the number masked', async ({ page, baseURL }) => {
  await visitor(page.context(), baseURL!);
  const id = await book(page, { email: '', phone: '+1 212 736 5000' });
  await expect(page.getByText('Wir haben die Bestätigung mit dem Link zu Ihrer Buchung per SMS an +1********00 gesendet.')).toBeVisible();
  const digits = '+12127365000';
  let text = '';
  await expect.poll(async () => {
    const { messages } = (await (await fetch(`${API}/internal/outbox?to=${encodeURIComponent(digits)}`)).json()) as { messages: { channel: string; text: string }[] };
    text = messages.find((m) => m.channel === 'sms' && m.text.includes(`Nr. ${id}`))?.text ?? '';
    return text;
  }, { timeout: 15_000 }).toContain('/de/arrival/');
  expect(text).toMatch(new RegExp(`^Anfrage Nr\\. ${id} eingegangen\\. Ihre Buchung \\(Reisende, Zahlung, Stornierung\\): https?://\\S+/de/arrival/[0-9a-f-]{36}$`));
  await page.getByRole('link', { name: 'Ihre Buchung öffnen' }).click();
  await expect(page.getByRole('heading', { name: `Anfrage Nr. ${id}`, exact: true })).toBeVisible();
});
