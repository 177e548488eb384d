/**
 * Booking (issue 14): the request page of mfe-booking against the real API — the date chosen on the tour page
 * preselected, one request stored however often it is sent, what was typed kept when the API cannot be reached.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { API, ROOT, axeViolations, createTraveller, startSession, asAnsweredVisitor } from './support';

const DB_FILE = path.join(ROOT, '.tmp/e2e/catalogue.sqlite');

interface Variant { id: number; tour_id: number; is_busy?: boolean; number_of_free_seats: number; start: string }
let tour: { id: number; title: string; variant: Variant };

test.beforeAll(async () => {
  for (let id = 1001; id < 1200 && !tour; id++) {
    const res = await fetch(`${API}/spa/tour-for-request?id=${id}&format=main&site_id=1`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
    if (res.status !== 200) continue;
    const body = (await res.json()) as { id: number; title: string; type: number; variants?: Variant[] };
    // Orders take their date's seats (issue 28): a date with room for every order of this file.
    const own = (body.variants ?? []).filter((v) => v.tour_id === body.id && !v.is_busy && v.number_of_free_seats >= 10);
    if (body.type === 1 && own.length > 1) tour = { id: body.id, title: body.title, variant: own[1]! };
  }
  expect(tour).toBeTruthy();
});

asAnsweredVisitor();

function ordersOf(comment: string): { id: number; uuid: string; type: string; tour_id: number; variant_id: number | null; name: string; adults: number }[] {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select id, uuid, type, tour_id, variant_id, name, adults from help_requests where type = 'order' and comment like ?").all(`${comment}%`) as never;
  } finally {
    db.close();
  }
}

async function fill(page: Page, comment: string) {
  const form = page.getByRole('main');
  await form.getByRole('group', { name: 'Tour date' }).locator(`input[value="${tour.variant.id}"]`).check();
  await form.getByRole('textbox', { name: /^Name/ }).fill('Anna <b>Smith</b>');
  const phone = form.getByRole('textbox', { name: /^Phone/ });
  await phone.click();
  await phone.fill('+1 212 736 5000');
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('anna.booking@example.com');
  await form.getByRole('textbox', { name: /^Comment/ }).fill(comment);
  await form.getByRole('checkbox', { name: /I accept Terms and Conditions/ }).check();
}

test.describe('the request page', () => {
  test('the date chosen on the tour page is preselected; a double click sends one request; the success screen; axe clean', async ({ page }) => {
    await page.addInitScript((id) => localStorage.setItem('selected-tour-date', String(id)), tour.variant.id);
    await page.goto(`/en/tour/${tour.id}/order`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(tour.title).first()).toBeVisible();
    const dates = page.getByRole('group', { name: 'Tour date' });
    await expect(dates.locator('input[type=radio]:checked')).toHaveValue(String(tour.variant.id));
    expect(await axeViolations(page)).toEqual([]);

    const comment = `e2e double click ${Date.now().toString(36)}`;
    await fill(page, comment);
    await page.getByRole('button', { name: 'Send request' }).dblclick();
    const heading = page.getByRole('heading', { name: /^Request #\d+ has been sent$/ });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    const requestId = Number(/#(\d+)/.exec((await heading.textContent())!)![1]);
    const rows = ordersOf(comment);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: requestId, tour_id: tour.id, variant_id: tour.variant.id, name: 'Anna <b>Smith</b>', adults: 1 });
    expect(await axeViolations(page)).toEqual([]);
    // Sent: the draft is gone.
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveValue('');
  });

  test('the API out of reach: the form says so and keeps everything; the retry after a reload sends one request', async ({ page }) => {
    await page.goto(`/en/tour/${tour.id}/order`);
    const comment = `e2e offline ${Date.now().toString(36)}`;
    await fill(page, comment);
    await page.route('**/spa/submit-order', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText("We couldn't send your request: there is no connection to our server. Everything you typed is kept.")).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveValue(comment);
    expect(ordersOf(comment)).toHaveLength(0);

    await page.unroute('**/spa/submit-order');
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveValue(comment);
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Anna <b>Smith</b>');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { name: /^Request #\d+ has been sent$/ })).toBeVisible();
    expect(ordersOf(comment)).toHaveLength(1);
  });

  test('the answer lost after the request was stored: the retry answers the same request, stored once', async ({ page }) => {
    await page.addInitScript((id) => localStorage.setItem('selected-tour-date', String(id)), tour.variant.id);
    await page.goto(`/en/tour/${tour.id}/order`);
    const comment = `e2e lost answer ${Date.now().toString(36)}`;
    await fill(page, comment);
    // The first submit reaches the API (the request is stored), then the connection drops before the answer arrives.
    let first = true;
    await page.route('**/spa/submit-order', async (route) => {
      if (!first) return route.continue();
      first = false;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('alert')).toContainText("We couldn't send your request");
    await expect.poll(() => ordersOf(comment).length).toBe(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    const heading = page.getByRole('heading', { name: /^Request #\d+ has been sent$/ });
    await expect(heading).toBeVisible();
    const stored = ordersOf(comment);
    expect(stored).toHaveLength(1);
    await expect(heading).toHaveText(`Request #${stored[0]!.id} has been sent`);
  });

  test('usable at 320 px: nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/en/tour/${tour.id}/order`);
    await expect(page.getByRole('button', { name: 'Send request' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

/** An order sent as the request page sends it, with its key: { request_id, requestUUID }. */
async function placeOrder(name: string): Promise<{ id: number; uuid: string }> {
  const res = await fetch(`${API}/spa/submit-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`, 'X-Language': 'en', 'X-Currency': 'USD' },
    body: JSON.stringify({ data: { tour_id: tour.variant.tour_id, dates: String(tour.variant.id), adults: 2, children: 0, name, phone: '+12127365000', email: 'arrival@example.com', agree: true, timezone: 0 } }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { request_id: number; requestUUID: string };
  return { id: body.request_id, uuid: body.requestUUID };
}

test.describe('after the request', () => {
  test('the arrival page: confirmed by a coordinator, paid through the sandbox provider, the status moves on; axe clean', async ({ page }) => {
    const order = await placeOrder('Arrival Traveller');
    // A coordinator confirms it (development mode's stand-in for the back office): the agreement and the invoice.
    const confirmed = await fetch(`${API}/internal/requests/${order.id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(confirmed.status).toBe(200);

    await page.goto(`/en/arrival/${order.uuid}`);
    await expect(page.getByRole('heading', { name: `Request #${order.id}`, exact: true })).toBeVisible();
    await expect(page.getByText('Confirmed: awaiting prepayment').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page.getByText('Thank you! Your payment has been received.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/en/arrival/${order.uuid}$`));
    await expect(page.getByText('Prepayment received').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('select status from help_requests where id = ?').get(order.id)).toEqual({ status: 3 });
    } finally {
      db.close();
    }
  });

  test('add tourists from the arrival page; they are on the arrival page after saving', async ({ page }) => {
    const order = await placeOrder('Tourists Traveller');
    await page.goto(`/en/arrival/${order.uuid}`);
    await page.getByRole('link', { name: 'Add tourists' }).click();
    const first = page.getByRole('group', { name: 'Tourist 1' });
    await expect(first).toBeVisible();
    await first.getByRole('textbox', { name: /^Last name/ }).fill('Ivanova');
    await first.getByRole('textbox', { name: /^First name/ }).fill('Maria');
    const second = page.getByRole('group', { name: 'Tourist 2' });
    await second.getByRole('textbox', { name: /^Last name/ }).fill('Ivanov');
    await second.getByRole('textbox', { name: /^First name/ }).fill('Pyotr');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save tourists' }).click();
    await expect(page.getByText('The tourists are saved.')).toBeVisible();

    await page.goto(`/en/arrival/${order.uuid}`);
    await expect(page.getByText(/Ivanova/).first()).toBeVisible();
    await expect(page.getByText(/Ivanov\b/).first()).toBeVisible();
  });
});


test.describe('the order form and the arrival page say what a traveller needs (issue 29)', () => {
  test('signed in: the name is prefilled with the phone and e-mail; the total follows the date and the party', async ({ page, baseURL }) => {
    const traveller = createTraveller({ first_name: 'Olga', last_name: 'Smirnova', email: 'olga.order@example.com' });
    await startSession(page.context(), baseURL!, traveller.token, { id: traveller.id, first_name: 'Olga', last_name: 'Smirnova', email: 'olga.order@example.com', phone: null, currency: 'USD' });
    await page.addInitScript((id) => localStorage.setItem('selected-tour-date', String(id)), tour.variant.id);
    await page.goto(`/en/tour/${tour.id}/order`);
    const form = page.getByRole('form', { name: 'Your request' });
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Olga Smirnova');
    await expect(form.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('olga.order@example.com');
    const total = form.getByTestId('order-total');
    await expect(total).toContainText(/^Total for 1 traveller: \$[\d,]+/);
    const one = Number(/\$([\d,]+)/.exec((await total.textContent())!)![1]!.replace(/,/g, ''));
    await form.getByRole('button', { name: 'More: Adults' }).click();
    await expect(total).toContainText(`Total for 2 travellers: $${(one * 2).toLocaleString('en-US')}`);
    await expect(total).toContainText('Nothing is charged now');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the arrival page: the place by its name, where and when the group meets, the total, then what was paid and what is left', async ({ page }) => {
    const order = await placeOrder('Money Traveller');
    await page.goto(`/en/arrival/${order.uuid}`);
    await expect(page.getByRole('heading', { name: `Request #${order.id}`, exact: true })).toBeVisible();
    const tourCard = page.getByRole('complementary');
    const where = tourCard.locator('dt', { hasText: 'Where' }).locator('xpath=following-sibling::dd[1]');
    await expect(where).not.toHaveText(/^(city|region)$/);
    await expect(where).not.toBeEmpty();
    const meeting = page.getByTestId('meeting');
    await expect(meeting).toContainText('Meeting');
    await expect(meeting.locator('.bk-arrival__meeting-place')).not.toBeEmpty();
    const price = page.getByRole('region', { name: 'Price' });
    await expect(price).toContainText(/Approximate total\s*\$[\d,]+/);
    await expect(price).not.toContainText('Left to pay');

    const confirmed = await fetch(`${API}/internal/requests/${order.id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(confirmed.status).toBe(200);
    await page.reload();
    await expect(price).toContainText(/Total\s*\$[\d,]+/);
    await expect(price).toContainText(/Paid\s*\$0/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Thank you! Your payment has been received.')).toBeVisible();
    await expect(price).toContainText(/Left to pay\s*\$[\d,]+/);
    await expect(price).not.toContainText(/Paid\s*\$0\b/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('real statuses for the booking pages (issue 29)', () => {
  test('a tour id that is none, an unknown request link and a bad organizer-meet key answer 404, not a 404 page with 200', async ({ request }) => {
    for (const url of ['/en/tour/abc/order', '/en/tour/99999999/order', '/en/arrival/0b6f1c2e-4a8d-4f3b-9c1e-2d7a5b8e6f10', '/en/arrival/not-a-uuid', '/en/order/0b6f1c2e-4a8d-4f3b-9c1e-2d7a5b8e6f10/add-tourists', `/en/organizer-meet/${'x'.repeat(43)}`]) {
      const res = await request.get(url, { headers: { accept: 'text/html' } });
      expect([url, res.status()]).toEqual([url, 404]);
    }
    const order = await placeOrder('Status Traveller');
    for (const url of [`/en/tour/${tour.id}/order`, `/en/arrival/${order.uuid}`]) expect([url, (await request.get(url, { headers: { accept: 'text/html' } })).status()]).toEqual([url, 200]);
  });

  test('a page call answered 503 or 500 shows the error page of §2.8; no answer at all stays in place with Retry', async ({ page }) => {
    for (const [status, title] of [[503, "We'll be right back"], [500, 'Something went wrong']] as const) {
      await page.route('**/spa/tour-for-request?*', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: 'x' }) }));
      await page.goto(`/en/tour/${tour.id}/order`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Refresh page' })).toBeVisible();
      await page.unroute('**/spa/tour-for-request?*');
    }
    await page.route('**/spa/tour-for-request?*', (route) => route.abort('internetdisconnected'));
    await page.goto(`/en/tour/${tour.id}/order`);
    await expect(page.getByRole('alert', { name: "We couldn't load this. We'll keep trying, or you can retry now." })).toBeVisible();
    await page.unroute('**/spa/tour-for-request?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('form', { name: 'Your request' })).toBeVisible();
  });
});
