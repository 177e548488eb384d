/**
 * Payments (issue 14, accounts-and-comms §3): the enumerations, the coordinator's confirmation (/internal/requests/{id}/confirm:
 * status 2, the travel agreement and the prepayment invoice), the request answer's records, POST /crm/api/payment/create,
 * the sandbox provider's page (Pay, Decline) with the request's status and history, idempotency, and cancellation
 * closing the records.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Migrator, type Kysely } from 'kysely';
import { RequestAnswer, RequestListAnswer } from '@tours/shared/src/api/schemas/booking';
import {
  CHECK_STATUS, CONTRACT_OUTCOME, CONTRACT_OUTCOME_NAMES, CreatePaymentAnswer, INTERNAL_CHECK_STATUS, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_PROVIDER_IDS,
  PAYMENT_STATUS, PAYMENT_STATUS_NAMES, SALES_CHANNEL, paymentStatusName,
} from '@tours/shared/src/api/schemas/payments';
import { readConfig } from '../src/config';
import { migrationProvider } from '../src/db/migrations';
import { bookingDb, historyOf, requestById } from '../src/db/queries/booking';
import { paymentsDb } from '../src/db/queries/payments';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { createTestDb, expectShape, get, madeOrder, testServer, TODAY, withTestServer } from './helpers';

let tour: { id: number; variant: number; price: number };
const SITE = 'https://site.example';

type Json = Record<string, unknown>;

async function post(url: string, body: unknown, headers: Record<string, string> = {}, target: FastifyInstance = app) {
  const res = await target.inject({ method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

/** A form POST as the sandbox page's buttons send it. */
function press(url: string, target: FastifyInstance = app) {
  return target.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

async function submitOrder(extra: Json = {}): Promise<{ id: number; uuid: string }> {
  // A key per order, as the site sends: the same fields again without one would answer the first order (issue 28).
  const res = await post('/spa/submit-order', {
    data: { tour_id: tour.id, dates: tour.variant, adults: 2, children: 1, name: 'Anna Petrova', phone: '+7 916 123-45-67', email: 'anna@example.com', agree: true, currency: 'RUB', ...extra },
  }, { 'x-language': 'de', 'idempotency-key': `pay-${randomUUID()}` });
  return madeOrder(res);
}

const confirm = (id: number, body: Json = {}, target: FastifyInstance = app) => post(`/internal/requests/${id}/confirm`, body, {}, target);

async function requestOf(uuid: string) {
  const res = await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`);
  expect(res.status).toBe(200);
  const request = expectShape(res.body, RequestAnswer).request;
  // Optional in the schema (older fixtures), always sent by the API.
  expect(request).toHaveProperty('agreement');
  expect(request).toHaveProperty('invoices');
  return { ...request, agreement: request.agreement ?? null, invoices: request.invoices ?? [] };
}

/** A confirmed order with its prepayment invoice. */
async function confirmedOrder(body: Json = {}) {
  const order = await submitOrder();
  const res = await confirm(order.id, body);
  expect(res.status).toBe(200);
  const invoice = (res.body.invoices as { id: number }[])[0]!;
  return { ...order, invoice: invoice.id };
}

async function paymentUrl(uuid: string, invoiceId: number): Promise<string> {
  const res = await post('/crm/api/payment/create', { invoice_id: invoiceId, uuid });
  expect(res.status).toBe(200);
  return expectShape(res.body, CreatePaymentAnswer).url;
}

const { t, app } = withTestServer({ devMode: true, siteOrigin: SITE });
beforeAll(async () => {
  const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string>>>;
  const open = (await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id')
    .select(['v.id as variant', 'v.tour_id as tour', 'v.price as price']).where('t.is_published', '=', 1).where('v.is_busy', '=', 0).where('v.number_of_free_seats', '>', 0)
    .where('v.start', '>=', TODAY).orderBy('v.id').execute()) as { variant: number; tour: number; price: number }[];
  tour = { id: open[0]!.tour, variant: open[0]!.variant, price: open[0]!.price };
  // Orders take their date's seats (issue 28): the tests here send dozens to this one.
  await k.updateTable('tour_variants').set({ number_of_free_seats: 10_000 }).where('id', '=', tour.variant).execute();
}, 60_000);

test('the enumerations are the spec\'s (accounts-and-comms §3)', () => {
  expect(PAYMENT_STATUS).toEqual({ NEW: 1, PAYED: 2, CANCELED: 3 });
  expect(PAYMENT_STATUS_NAMES.map((_, i) => paymentStatusName(i + 1))).toEqual(['new', 'payed', 'canceled']);
  expect(PAYMENT_KINDS).toEqual(['prepayment', 'payment', 'full']);
  expect(PAYMENT_METHODS).toEqual(['sbp', 'card']);
  expect(PAYMENT_PROVIDER_IDS).toEqual([2, 3, 4, 5]);
  expect(CONTRACT_OUTCOME).toEqual({ CONCLUDED_AND_PREPAID: 1, TERMINATED_AFTER_PAYMENT: 2, NO_PAYMENTS_RECEIVED: 3 });
  expect(CONTRACT_OUTCOME_NAMES).toEqual(['concluded_and_prepaid', 'terminated_after_payment', 'no_payments_received']);
  expect(INTERNAL_CHECK_STATUS).toEqual({ NOT_PERFORMED: 0, SUCCESS: 1, FAILED: 2 });
  expect(CHECK_STATUS).toEqual({ NOT_PERFORMED: 0, SUCCESS: 1, FAILED: 2, IN_PROGRESS: 3 });
  expect(SALES_CHANNEL).toEqual({ MARKETPLACE: 1, DIRECT_SALES: 2, AGENT: 3, OWN: 4, THIRD_PARTY_AGENT: 5 });
});

test('PAYMENT_PROVIDER: sandbox by default, an unknown one stops the start', () => {
  expect(readConfig({}).paymentProvider).toBe('sandbox');
  expect(readConfig({ PAYMENT_PROVIDER: ' Sandbox ' }).paymentProvider).toBe('sandbox');
  expect(() => readConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
});

describe('confirmation (/internal/requests/{id}/confirm)', () => {
  test('a new request has no agreement and no invoices', async () => {
    const { uuid } = await submitOrder();
    const request = await requestOf(uuid);
    expect(request).toMatchObject({ status: 1, agreement: null, invoices: [] });
  });

  test('moves the request to 2 with a staff history entry, and makes the agreement (price × party) and a 30% prepayment invoice', async () => {
    const { id, uuid } = await submitOrder();
    const res = await confirm(id, { message: 'Seats held' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const total = tour.price * 3;
    const request = await requestOf(uuid);
    expect(request).toMatchObject({ status: 2, status_name: 'pending_prepayment', can_cancel: true });
    expect(request.agreement).toMatchObject({ number: `TA-${id}`, sales_channel: 1, outcome: null, outcome_name: null, amount: total, currency: 'RUB', concluded_at: null });
    expect(request.invoices).toEqual([expect.objectContaining({ kind: 'prepayment', status: 1, status_name: 'new', amount: Math.round(total * 0.3), currency: 'RUB', paid_at: null, can_pay: true })]);
    expect(request.history.at(-1)).toMatchObject({ actor: 'staff', action: 'status', from_status: 1, to_status: 2, message: 'Seats held' });
    // Again: nothing new.
    const again = await confirm(id);
    expect(again.status).toBe(200);
    const after = await requestOf(uuid);
    expect([after.invoices, after.history.length]).toEqual([request.invoices, request.history.length]);
  });

  test('100% is one invoice of kind full; a total may be given; bad input, unknown and closed requests are refused', async () => {
    const { id, uuid } = await submitOrder();
    expect((await confirm(id, { prepayment_percent: 100, amount: 1000 })).status).toBe(200);
    expect((await requestOf(uuid)).invoices).toEqual([expect.objectContaining({ kind: 'full', amount: 1000 })]);
    const other = await submitOrder();
    expect((await confirm(other.id, { prepayment_percent: 0 })).body.errors).toEqual({ prepayment_percent: 'Minimum 1' });
    expect((await confirm(other.id, { amount: 'lots' })).status).toBe(422);
    expect((await confirm(2147483647)).status).toBe(404);
    expect((await confirm(Number.NaN)).status).toBe(404);
    await post('/crm/api/request/cancel', { id: other.id, uuid: other.uuid });
    expect((await confirm(other.id)).status).toBe(409);
    expect((await requestOf(other.uuid)).agreement).toBeNull();
  });

  test('a plain 404 outside development mode (without the internal secret)', async () => {
    const prod = testServer(t.db, { devMode: false, siteOrigin: SITE });
    try {
      const { id } = await submitOrder();
      expect((await confirm(id, {}, prod)).status).toBe(404);
      expect((await requestById(t.db, id))!.status).toBe(1);
    } finally {
      await prod.close();
    }
  });
});

describe('POST /crm/api/payment/create', () => {
  test('answers the sandbox page on the site origin; the uuid is the proof of access', async () => {
    const { uuid, invoice } = await confirmedOrder();
    const url = await paymentUrl(uuid, invoice);
    expect(url).toMatch(new RegExp(`^${SITE}/crm/api/payment/sandbox/[A-Za-z0-9_-]{22}$`));
    const row = await paymentsDb(t.db).selectFrom('payments').selectAll().where('invoice_id', '=', invoice).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'sandbox', provider_id: null, method: 'card', status: 1, check_status: 0, internal_check_status: 0, currency: 'RUB' });
  });

  test('a bad invoice, another request\'s invoice, an unknown uuid: 404/422; a paid invoice: 409', async () => {
    const a = await confirmedOrder();
    const b = await confirmedOrder();
    expect((await post('/crm/api/payment/create', { invoice_id: b.invoice, uuid: a.uuid })).status).toBe(404);
    expect((await post('/crm/api/payment/create', { invoice_id: 2147483647, uuid: a.uuid })).status).toBe(404);
    expect((await post('/crm/api/payment/create', { invoice_id: a.invoice, uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const bad = await post('/crm/api/payment/create', { invoice_id: 'x', uuid: 'nope' });
    expect([bad.status, Object.keys(bad.body.errors as Json).sort()]).toEqual([422, ['invoice_id', 'uuid']]);
    expect((await post('/crm/api/payment/create', { invoice_id: a.invoice, uuid: a.uuid, method: 'cash' })).status).toBe(422);
    const url = await paymentUrl(a.uuid, a.invoice);
    expect((await press(`${new URL(url).pathname}/pay`)).statusCode).toBe(303);
    const paid = await post('/crm/api/payment/create', { invoice_id: a.invoice, uuid: a.uuid });
    expect([paid.status, paid.body.message]).toEqual([409, 'The invoice is paid already']);
  });

  test('an unconfirmed request has nothing to pay; a cancelled one refuses', async () => {
    const order = await confirmedOrder();
    await post('/crm/api/request/cancel', { id: order.id, uuid: order.uuid });
    expect((await post('/crm/api/payment/create', { invoice_id: order.invoice, uuid: order.uuid })).status).toBe(409);
  });

  test('outside development mode the sandbox takes no payments (503) and its page is a 404', async () => {
    const { uuid, invoice } = await confirmedOrder();
    const url = await paymentUrl(uuid, invoice);
    const prod = testServer(t.db, { devMode: false, siteOrigin: SITE });
    try {
      const res = await post('/crm/api/payment/create', { invoice_id: invoice, uuid }, {}, prod);
      expect(res.status).toBe(503);
      expect((await get(prod, new URL(url).pathname)).status).toBe(404);
      expect((await press(`${new URL(url).pathname}/pay`, prod)).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the sandbox page', () => {
  test('Pay: the invoice PAYED, the payment recorded, the request 3 with a history entry, back to the arrival page; twice changes nothing', async () => {
    const { id, uuid, invoice } = await confirmedOrder();
    const url = await paymentUrl(uuid, invoice);
    const path = new URL(url).pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toMatch(/<script|style=|onclick/i);
    expect(page.body).toContain(`<form method="post" action="${path}/pay"><button type="submit">Pay</button></form>`);
    expect(page.body).toContain(`action="${path}/decline"`);

    const res = await press(`${path}/pay`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${SITE}/de/arrival/${uuid}?payment=paid`);
    const request = await requestOf(uuid);
    expect(request).toMatchObject({ status: 3, status_name: 'made_prepayment' });
    expect(request.invoices[0]).toMatchObject({ status: 2, status_name: 'payed', can_pay: false, paid_at: expect.any(String) });
    expect(request.agreement).toMatchObject({ outcome: 1, outcome_name: 'concluded_and_prepaid', concluded_at: expect.any(String) });
    expect(request.history.at(-1)).toMatchObject({ actor: 'system', action: 'payment', from_status: 2, to_status: 3 });
    const payment = await paymentsDb(t.db).selectFrom('payments').selectAll().where('invoice_id', '=', invoice).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 2, paid_at: expect.any(String), amount: request.invoices[0]!.amount });

    const history = await historyOf(t.db, id);
    for (const again of ['pay', 'decline', 'pay']) {
      const r = await press(`${path}/${again}`);
      expect([r.statusCode, r.headers.location]).toEqual([303, `${SITE}/de/arrival/${uuid}?payment=paid`]);
    }
    expect(await historyOf(t.db, id)).toHaveLength(history.length);
    expect((await requestById(t.db, id))!.status).toBe(3);
    // The page of an ended payment has no buttons.
    const ended = await app.inject({ method: 'GET', url: path });
    expect(ended.body).not.toContain('<form');
    expect(ended.body).toContain(`${SITE}/de/arrival/${uuid}`);
  });

  test('Decline: the payment CANCELED with a history entry, the invoice still payable; a new payment pays it', async () => {
    const { id, uuid, invoice } = await confirmedOrder();
    const first = new URL(await paymentUrl(uuid, invoice)).pathname;
    const res = await press(`${first}/decline`);
    expect([res.statusCode, res.headers.location]).toEqual([303, `${SITE}/de/arrival/${uuid}?payment=declined`]);
    let request = await requestOf(uuid);
    expect(request).toMatchObject({ status: 2 });
    expect(request.invoices[0]).toMatchObject({ status: 1, can_pay: true });
    expect(request.history.at(-1)).toMatchObject({ actor: 'system', action: 'payment', from_status: null, to_status: null });
    // Pay on a declined payment changes nothing.
    expect((await press(`${first}/pay`)).headers.location).toContain('payment=declined');
    expect((await requestById(t.db, id))!.status).toBe(2);

    const second = new URL(await paymentUrl(uuid, invoice)).pathname;
    expect(second).not.toBe(first);
    expect((await press(`${second}/pay`)).headers.location).toContain('payment=paid');
    request = await requestOf(uuid);
    expect([request.status, request.invoices[0]!.status]).toEqual([3, 2]);
  });

  test('two payments of one invoice: the second one paid ends CANCELED, the invoice is paid once', async () => {
    const { id, uuid, invoice } = await confirmedOrder();
    const a = new URL(await paymentUrl(uuid, invoice)).pathname;
    const b = new URL(await paymentUrl(uuid, invoice)).pathname;
    const [ra, rb] = await Promise.all([press(`${a}/pay`), press(`${b}/pay`)]);
    expect([ra.headers.location, rb.headers.location].filter((l) => String(l).includes('payment=paid'))).toHaveLength(1);
    const payments = await paymentsDb(t.db).selectFrom('payments').select('status').where('invoice_id', '=', invoice).orderBy('id').execute();
    expect(payments.map((p) => p.status).sort()).toEqual([2, 3]);
    expect((await historyOf(t.db, id)).filter((h) => h.to_status === 3)).toHaveLength(1);
  });

  test('unknown and malformed tokens are 404', async () => {
    expect((await get(app, '/crm/api/payment/sandbox/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await get(app, '/crm/api/payment/sandbox/..%2F..%2Fetc')).status).toBe(404);
    expect((await press('/crm/api/payment/sandbox/AAAAAAAAAAAAAAAAAAAAAA/pay')).statusCode).toBe(404);
  });
});

describe('cancellation closes the records', () => {
  test('nothing paid: the invoice and open payment CANCELED, the agreement NO_PAYMENTS_RECEIVED', async () => {
    const { id, uuid, invoice } = await confirmedOrder();
    await paymentUrl(uuid, invoice);
    expect((await post('/crm/api/request/cancel', { id, uuid })).status).toBe(200);
    const request = await requestOf(uuid);
    expect(request.invoices[0]).toMatchObject({ status: 3, can_pay: false });
    expect(request.agreement).toMatchObject({ outcome: 3, outcome_name: 'no_payments_received' });
    const payments = await paymentsDb(t.db).selectFrom('payments').select('status').where('invoice_id', '=', invoice).execute();
    expect(payments).toEqual([{ status: 3 }]);
  });

  test('after the prepayment: TERMINATED_AFTER_PAYMENT, the paid invoice stays paid', async () => {
    const { id, uuid, invoice } = await confirmedOrder();
    await press(`${new URL(await paymentUrl(uuid, invoice)).pathname}/pay`);
    expect((await post('/crm/api/request/cancel', { id, uuid })).status).toBe(200);
    const request = await requestOf(uuid);
    expect(request).toMatchObject({ status: 5 });
    expect(request.invoices[0]).toMatchObject({ status: 2 });
    expect(request.agreement).toMatchObject({ outcome: 2, outcome_name: 'terminated_after_payment' });
  });
});

test('list-for-chat answers an empty list until chats exist (issue 15)', async () => {
  const traveller = await insertTraveller(t.db, { first_name: 'Chat', last_name: 'Tester', email: 'chat.tester@example.com' });
  const res = await get(app, '/crm/api/request/list-for-chat?chat_id=42', { 'x-authorization': `Bearer ${await issueToken(t.db, traveller)}` });
  expect(res.status).toBe(200);
  expect(expectShape(res.body, RequestListAnswer)).toEqual({ requests: [] });
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect((await get(app, '/crm/api/request/list-for-chat')).status).toBe(422);
});

test('migration 0012 goes down and up again', async () => {
  const fresh = await createTestDb({ seed: false });
  try {
    const migrator = new Migrator({ db: fresh.db.kysely, provider: migrationProvider });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('0011-requests')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const k = bookingDb(fresh.db) as unknown as Kysely<Record<string, Record<string, unknown>>>;
    expect(await k.selectFrom('payments').selectAll().execute()).toEqual([]);
  } finally {
    await fresh.cleanup();
  }
});
