/**
 * Booking requests (issue 14): POST /spa/submit-order, the request record (get, get-by-uuid, cancel, tour-dates),
 * its tourists (update-tourists, update-tourists-questionnaires, add-tourists, tourists-info), exactly-once submits
 * (sequential, concurrent and after a restart) for submit-order and submit-help-request, and the requestUUID rule of
 * request_id_to_update.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Migrator, type Kysely } from 'kysely';
import {
  RequestAnswer, RequestDoneAnswer, SubmitOrderAnswer, TourDatesAnswer, TouristsAnswer, TouristsInfoAnswer,
} from '@tours/shared/src/api/schemas/booking';
import { SubmitHelpRequestAnswer } from '@tours/shared/src/api/schemas/requests';
import type { Db } from '../src/db';
import { migrationProvider } from '../src/db/migrations';
import { bookingDb, historyOf, requestById, touristsOf } from '../src/db/queries/booking';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { createTestDb, expectShape, get, madeOrder, outboxTo, testServer, TODAY, withTestServer } from './helpers';

let owner: { id: number; auth: Record<string, string> };
let other: { id: number; auth: Record<string, string> };
/** A published tour with an upcoming variant that has seats. */
let tour: { id: number; variant: number };
/** A tour with a published option whose upcoming variant has seats. */
let family: { tour: number; option: number; variant: number } | null;

type Json = Record<string, unknown>;

/**
 * A submit carries a key of its own unless the test sends one, as the site's forms do: the same fields sent again without
 * one would answer the first request (issue 28; api/test/abuse-booking.test.ts), and these tests send many alike.
 */
function withKey(url: string, body: unknown, headers: Record<string, string>): Record<string, string> {
  const submit = url === '/spa/submit-order' || url === '/spa/submit-help-request';
  const inBody = typeof body === 'object' && body !== null && typeof (body as { data?: Json }).data?.idempotency_key === 'string';
  return submit && !inBody && !('idempotency-key' in headers) && typeof body !== 'string' ? { 'idempotency-key': `t-${randomUUID()}`, ...headers } : headers;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}, target: FastifyInstance = app) {
  const res = await target.inject({
    method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...withKey(url, body, headers) },
  });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

const order = (extra: Json = {}) => ({
  data: { tour_id: tour.id, dates: tour.variant, adults: 2, children: 1, name: 'Anna Petrova', phone: '+7 916 123-45-67', email: 'anna@example.com', comment: 'Window seats', agree: true, timezone: 0, ...extra },
});

async function countRequests(db: Db = t.db): Promise<number> {
  const row = await bookingDb(db).selectFrom('help_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function submitOrder(extra: Json = {}, headers: Record<string, string> = {}): Promise<{ id: number; uuid: string }> {
  return madeOrder(await post('/spa/submit-order', order(extra), headers));
}

// devMode: the cancellation e-mail is read from the outbox page.
const { t, app } = withTestServer({ devMode: true });
beforeAll(async () => {
  const person = async (first: string, email: string, phone: string) => {
    const id = await insertTraveller(t.db, { first_name: first, last_name: 'Tester', email, phone });
    return { id, auth: { 'x-authorization': `Bearer ${await issueToken(t.db, id)}` } };
  };
  owner = await person('Olga', 'olga.owner@example.com', '+79161110022');
  other = await person('Ivan', 'ivan.other@example.com', '+79163334455');
  const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string>>>;
  const open = (await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id')
    .select(['v.id as variant', 'v.tour_id as tour']).where('t.is_published', '=', 1).where('v.is_busy', '=', 0).where('v.number_of_free_seats', '>', 0)
    .where('v.start', '>=', TODAY).orderBy('v.id').execute()) as { variant: number; tour: number }[];
  tour = { id: open[0]!.tour, variant: open[0]!.variant };
  // Orders take their date's seats (issue 28): the tests here send dozens to this one.
  await k.updateTable('tour_variants').set({ number_of_free_seats: 10_000 }).where('id', '=', tour.variant).execute();
  const byTour = new Map(open.map((v) => [v.tour, v.variant]));
  const options = (await k.selectFrom('tour_options as o').innerJoin('tours as t', 't.id', 'o.tour_id').select(['o.tour_id', 'o.option_tour_id'])
    .where('t.is_published', '=', 1).execute()) as { tour_id: number; option_tour_id: number }[];
  const pair = options.find((o) => byTour.has(o.option_tour_id) && o.option_tour_id !== o.tour_id);
  family = pair ? { tour: pair.tour_id, option: pair.option_tour_id, variant: byTour.get(pair.option_tour_id)! } : null;
}, 60_000);


describe('POST /spa/submit-order', () => {
  test('stores the order with its variant, party, contacts, attribution and a created history entry', async () => {
    const res = await post('/spa/submit-order', order({ utm_source: 'newsletter', utm_medium: 'email', utm_term: 'baikal', referer: 'https://site.example/tour', currency: 'eur' }),
      { origin: 'https://site.example', 'x-language': 'de' });
    expect(res.status).toBe(200);
    const { request_id, requestUUID } = expectShape(res.body, SubmitOrderAnswer);
    expect(requestUUID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await requestById(t.db, request_id);
    expect(row).toMatchObject({
      type: 'order', tour_id: tour.id, variant_id: tour.variant, dates: String(tour.variant), adults: 2, children: 1, name: 'Anna Petrova', phone: '+7 916 123-45-67',
      email: 'anna@example.com', comment: 'Window seats', status: 1, uuid: requestUUID, utm_source: 'newsletter', utm_medium: 'email', utm_term: 'baikal',
      referer: 'https://site.example/tour', currency: 'EUR', locale: 'de', source: 'site', origin: 'https://site.example', traveller_id: null,
      idempotency_key: expect.stringMatching(/^t-/),
    });
    const history = await historyOf(t.db, request_id);
    expect(history).toEqual([expect.objectContaining({ actor: 'traveller', actor_id: null, action: 'created', to_status: 1 })]);
  });

  test('individual dates', async () => {
    const start = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 35 * 86_400_000).toISOString().slice(0, 10);
    const res = await post('/spa/submit-order', order({ dates: 'individual', date_start_formatted: start, date_end_formatted: end }));
    expect(res.status).toBe(200);
    const row = await requestById(t.db, (res.body as SubmitOrderAnswer).request_id);
    expect(row).toMatchObject({ dates: 'individual', variant_id: null, date_start_formatted: start, date_end_formatted: end });
  });

  test('a variant of another option goes to that option (§4.2)', async () => {
    expect(family).not.toBeNull();
    if (!family) return;
    const res = await post('/spa/submit-order', order({ tour_id: family.tour, dates: family.variant }));
    expect(res.status).toBe(200);
    expect(await requestById(t.db, (res.body as SubmitOrderAnswer).request_id)).toMatchObject({ tour_id: family.option, variant_id: family.variant });
  });

  test('HTML in the name and comment is stored as text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const comment = '<script>alert("x")</script>\n<b>bold</b>';
    const { id } = await submitOrder({ name, comment });
    expect(await requestById(t.db, id)).toMatchObject({ name, comment });
  });

  test('a signed-in traveller: the request is theirs, and the profile fills the name, phone and e-mail left empty (§6)', async () => {
    const res = await post('/spa/submit-order', order({ name: '', phone: '', email: '' }), owner.auth);
    expect(res.status).toBe(200);
    expect(await requestById(t.db, (res.body as SubmitOrderAnswer).request_id)).toMatchObject({
      traveller_id: owner.id, name: 'Olga Tester', phone: '+79161110022', email: 'olga.owner@example.com',
    });
  });

  test.each<[string, Json, Record<string, string>]>([
    ['no name, no phone (a guest)', { name: '', phone: undefined }, { name: 'Required field', phone: 'Required field' }],
    ['an invalid phone', { phone: '8916' }, { phone: 'Please enter a valid phone number' }],
    ['an invalid e-mail', { email: 'a@' }, { email: 'Please enter a valid e-mail' }],
    ['no adults', { adults: 0 }, { adults: 'Minimum 1' }],
    ['a party over 50', { adults: 40, children: 20 }, { children: 'Maximum 10' }],
    ['terms not accepted', { agree: false }, { agree: 'Required field' }],
    ['no dates', { dates: undefined }, { dates: 'Required field' }],
    ['a date that is neither a variant nor individual', { dates: 'tomorrow' }, { dates: 'Incorrect value' }],
    ['individual without its dates', { dates: 'individual' }, { date_start_formatted: 'Required field', date_end_formatted: 'Required field' }],
    ['individual in the past', { dates: 'individual', date_start_formatted: '2001-01-01', date_end_formatted: '2001-01-05' }, { date_start_formatted: 'Incorrect value' }],
    ['individual ending before it starts', { dates: 'individual', date_start_formatted: '2099-01-10', date_end_formatted: '2099-01-05' }, { date_end_formatted: 'Incorrect value' }],
    ['an impossible date', { dates: 'individual', date_start_formatted: '2099-02-30', date_end_formatted: '2099-03-05' }, { date_start_formatted: 'Incorrect value' }],
    ['a tour that does not exist', { tour_id: 99999999 }, { tour_id: 'Incorrect value' }],
    ['a tour id of 1e308', { tour_id: 1e308 }, { tour_id: 'Maximum 2147483647' }],
    ['a variant that does not exist', { dates: 2147483000 }, { dates: 'Incorrect value' }],
    ['a NUL byte in the name', { name: 'Anna\u0000' }, { name: 'Incorrect value' }],
    ['a malformed idempotency key', { idempotency_key: 'short' }, { idempotency_key: 'Incorrect value' }],
  ])('422 keyed by field: %s', async (_name, extra, errors) => {
    const before = await countRequests();
    const res = await post('/spa/submit-order', order(extra));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toBe(Object.values(errors)[0]);
    expect(await countRequests()).toBe(before);
  });

  test('a variant of an unrelated tour, and a busy variant', async () => {
    const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string>>>;
    const unrelated = await k.selectFrom('tour_variants').select('id').where('tour_id', '!=', tour.id).where('start', '>=', TODAY).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const res = await post('/spa/submit-order', order({ dates: unrelated.id }));
    expect(sameFamily(res)).toBe(true);
    await k.updateTable('tour_variants').set({ is_busy: 1 }).where('id', '=', tour.variant).execute();
    try {
      const busy = await post('/spa/submit-order', order());
      expect([busy.status, busy.body.errors]).toEqual([422, { dates: 'No seats left' }]);
    } finally {
      await k.updateTable('tour_variants').set({ is_busy: 0 }).where('id', '=', tour.variant).execute();
    }
    function sameFamily(r: { status: number; body: Json }): boolean {
      // The unrelated variant may belong to an option of the tour; then it is accepted.
      return r.status === 200 || JSON.stringify(r.body.errors) === JSON.stringify({ dates: 'Incorrect value' });
    }
  });

  test('malformed bodies are 400/422, never 5xx, and store nothing', async () => {
    const before = await countRequests();
    for (const body of ['[]', '"x"', '{"data": ', '{}', '{"data": []}', '{"data": {"tour_id": {"a": 1}, "name": ["x"], "adults": "2"}}']) {
      const res = await post('/spa/submit-order', body);
      expect([400, 422]).toContain(res.status);
    }
    expect(await countRequests()).toBe(before);
  });
});

describe('exactly once (Idempotency-Key)', () => {
  const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  test('a resend with the same key answers the same request; a new key makes a new one', async () => {
    const k1 = key();
    const before = await countRequests();
    const first = await submitOrder({}, { 'idempotency-key': k1 });
    const again = await submitOrder({}, { 'idempotency-key': k1 });
    // The key in the body (widgets) is the same key.
    const inBody = await submitOrder({ idempotency_key: k1 });
    expect(again).toEqual(first);
    expect(inBody).toEqual(first);
    expect(await countRequests()).toBe(before + 1);
    const other = await submitOrder({}, { 'idempotency-key': key() });
    expect(other.id).not.toBe(first.id);
  });

  test('the same key with other fields is refused; header and body keys that differ are refused', async () => {
    const k1 = key();
    await submitOrder({}, { 'idempotency-key': k1 });
    const changed = await post('/spa/submit-order', order({ adults: 3 }), { 'idempotency-key': k1 });
    expect([changed.status, Object.keys(changed.body.errors as Json)]).toEqual([422, ['idempotency_key']]);
    const differ = await post('/spa/submit-order', order({ idempotency_key: key() }), { 'idempotency-key': key() });
    expect([differ.status, differ.body.errors]).toEqual([422, { idempotency_key: 'Incorrect value' }]);
    const malformed = await post('/spa/submit-order', order(), { 'idempotency-key': 'bad key with spaces' });
    expect([malformed.status, malformed.body.errors]).toEqual([422, { idempotency_key: 'Incorrect value' }]);
  });

  test.each([
    ['/spa/submit-order', () => order()],
    ['/spa/submit-help-request', () => ({ data: { type: 'common_help', name: 'Anna', phone: '+79161234567', comment: 'double click' } })],
  ])('10 concurrent identical submits of %s with one key: one row, one id', async (url, body) => {
    const k1 = key();
    const before = await countRequests();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, body(), { 'idempotency-key': k1 })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.request_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.requestUUID)).size).toBe(1);
    expect(await countRequests()).toBe(before + 1);
    const rows = await bookingDb(t.db).selectFrom('help_requests').select('id').where('idempotency_key', '=', k1).execute();
    expect(rows).toHaveLength(1);
    expect(await historyOf(t.db, rows[0]!.id)).toHaveLength(1);
  });

  test('a resend after the API restarted answers the same request', async () => {
    const k1 = key();
    const first = await post('/spa/submit-help-request', { data: { type: 'phone_call_request', phone: '+79161234567' } }, { 'idempotency-key': k1 });
    expect(first.status).toBe(200);
    const db = await t.reopen();
    const restarted = testServer(db);
    try {
      const again = await post('/spa/submit-help-request', { data: { type: 'phone_call_request', phone: '+79161234567' } }, { 'idempotency-key': k1 }, restarted);
      expect(again.body).toEqual(first.body);
      expect(await countRequests(db)).toBe(await countRequests());
    } finally {
      await restarted.close();
    }
  });

  test('partner widgets may send the header cross-origin', async () => {
    const res = await app.inject({
      method: 'OPTIONS', url: '/spa/submit-help-request',
      headers: { origin: 'https://agency.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toContain('idempotency-key');
  });
});

describe('request_id_to_update needs the request\'s uuid', () => {
  test('the id alone or with another uuid is refused; with its uuid the e-mail is added to the request', async () => {
    const target = await submitOrder({ email: '' });
    const other = await submitOrder();
    const send = (extra: Json) => post('/spa/submit-help-request', { data: { type: 'add_email_to_request', email: 'late@example.com', ...extra } });
    expect((await send({ request_id_to_update: target.id })).body.errors).toEqual({ requestUUID: 'Required field' });
    expect((await send({ request_id_to_update: target.id, requestUUID: other.uuid })).body.errors).toEqual({ requestUUID: 'Incorrect value' });
    expect((await send({ requestUUID: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual({ requestUUID: 'Incorrect value' });
    expect((await requestById(t.db, target.id))!.email).toBeNull();
    const ok = await send({ request_id_to_update: target.id, requestUUID: target.uuid });
    expect(ok.status).toBe(200);
    expectShape(ok.body, SubmitHelpRequestAnswer);
    expect(await requestById(t.db, target.id)).toMatchObject({ email: 'late@example.com' });
    expect((await historyOf(t.db, target.id)).map((h) => h.action)).toEqual(['created', 'contacts']);
    // The uuid alone names the request too.
    const byUuid = await post('/spa/submit-help-request', { data: { type: 'add_phone_and_tourist_name_to_request', phone: '+79160001122', requestUUID: other.uuid } });
    expect(byUuid.status).toBe(200);
    expect(await requestById(t.db, (byUuid.body as SubmitHelpRequestAnswer).request_id)).toMatchObject({ request_id_to_update: other.id });
  });
});

describe('reading a request', () => {
  test('by uuid anyone holding it; by id its signed-in traveller; anyone else the 404 of an unknown request (issue 28)', async () => {
    const mine = (await post('/spa/submit-order', order(), owner.auth)).body as SubmitOrderAnswer;
    const byUuid = await get(app, `/crm/api/request/get-by-uuid?uuid=${mine.requestUUID}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.headers['cache-control']).toBe('private, no-store');
    const { request } = expectShape(byUuid.body, RequestAnswer);
    expect(request).toMatchObject({
      id: mine.request_id, uuid: mine.requestUUID, type: 'order', status: 1, status_name: 'pending_confirm', status_key: 'booking.status.pending_confirm',
      is_cancelled: false, can_cancel: true, adults: 2, children: 1, dates: { kind: 'variant', variant_id: tour.variant }, tour: { id: tour.id },
    });
    expect(request.dates.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.history).toEqual([expect.objectContaining({ actor: 'traveller', action: 'created', to_status: 1 })]);

    const byId = await get(app, `/crm/api/request/get?id=${mine.request_id}`, owner.auth);
    expect(byId.status).toBe(200);
    expect((byId.body as RequestAnswer).request.id).toBe(mine.request_id);

    // Another traveller, and no session: what an id that does not exist answers (api/test/abuse-booking.test.ts probes every call).
    const unknown = { status: 404, body: { message: 'Request not found' } };
    expect(await get(app, `/crm/api/request/get?id=${mine.request_id}`, other.auth)).toMatchObject(unknown);
    expect(await get(app, `/crm/api/request/get?id=${mine.request_id}`)).toMatchObject(unknown);
    // With the uuid, the link works for anyone.
    expect((await get(app, `/crm/api/request/get?id=${mine.request_id}&uuid=${mine.requestUUID}`, other.auth)).status).toBe(200);
  });

  test("a guest's request: not by its id alone; unknown ids and uuids are 404", async () => {
    const guest = await submitOrder();
    expect((await get(app, `/crm/api/request/get?id=${guest.id}`)).status).toBe(404);
    expect((await get(app, `/crm/api/request/get?id=${guest.id}`, other.auth)).status).toBe(404);
    expect((await get(app, `/crm/api/request/get?id=${guest.id}&uuid=${guest.uuid}`)).status).toBe(200);
    const another = await submitOrder();
    expect((await get(app, `/crm/api/request/get?id=${guest.id}&uuid=${another.uuid}`)).status).toBe(404);
    expect((await get(app, '/crm/api/request/get-by-uuid?uuid=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(app, '/crm/api/request/get?id=2147483647')).status).toBe(404);
    expect((await get(app, '/crm/api/request/get-by-uuid?uuid=not-a-uuid')).status).toBe(422);
  });

  test('tour-dates: the chosen date, and with_variants the dates of the tour and its options', async () => {
    const { id, uuid } = await submitOrder();
    const all = await post('/crm/api/request/tour-dates', { request_id: id, uuid });
    expect(all.status).toBe(200);
    const answer = expectShape(all.body, TourDatesAnswer);
    expect(answer.selected).toMatchObject({ kind: 'variant', variant_id: tour.variant });
    expect(answer.dates.find((d) => d.is_selected)?.variant_id).toBe(tour.variant);
    expect(answer.dates.every((d) => d.start >= TODAY || d.is_selected)).toBe(true);
    const none = await post('/crm/api/request/tour-dates?with_variants=0', { request_id: id, uuid });
    expect((none.body as TourDatesAnswer).dates).toEqual([]);
    expect((await post('/crm/api/request/tour-dates', { request_id: id })).status).toBe(404);
  });
});

describe('cancel', () => {
  test('the owner cancels with a message; the history says who, when and why; a resend changes nothing; the client is notified', async () => {
    const mine = (await post('/spa/submit-order', order(), owner.auth)).body as SubmitOrderAnswer;
    expect((await post('/crm/api/request/cancel', { id: mine.request_id, message: 'Plans changed' }, other.auth)).status).toBe(404);
    expect((await post('/crm/api/request/cancel', { id: mine.request_id })).status).toBe(404);
    const res = await post('/crm/api/request/cancel', { id: mine.request_id, message: 'Plans <b>changed</b>', notify_client: true }, owner.auth);
    expect(res.status).toBe(200);
    const { request } = expectShape(res.body, RequestDoneAnswer);
    expect(request).toMatchObject({ status: 5, status_name: 'canceled_tourist', is_cancelled: true, can_cancel: false, can_edit_tourists: false });
    const history = await historyOf(t.db, mine.request_id);
    expect(history.at(-1)).toMatchObject({ actor: 'traveller', actor_id: owner.id, action: 'cancel', from_status: 1, to_status: 5, message: 'Plans <b>changed</b>' });
    const again = await post('/crm/api/request/cancel', { id: mine.request_id, message: 'again', notify_client: true }, owner.auth);
    expect([again.status, (again.body.request as Json).status]).toEqual([200, 5]);
    expect(await historyOf(t.db, mine.request_id)).toHaveLength(history.length);
    // The cancellation's message (the confirmation of its receipt, issue 29, may be there too).
    const mails = (await outboxTo(app, 'anna@example.com')).filter((m) => m.subject === `Your request #${mine.request_id} has been cancelled`);
    expect(mails).toHaveLength(1);
    // A cancelled request's tourists are closed.
    const closed = await post(`/crm/api/request/add-tourists?uuid=${mine.requestUUID}`, { tourists: [{ first_name: 'Late' }] });
    expect(closed.status).toBe(409);
  });

  test('a guest cancels with the uuid; a completed tour cannot be cancelled', async () => {
    const guest = await submitOrder();
    const res = await post('/crm/api/request/cancel', { id: guest.id, uuid: guest.uuid });
    expect([res.status, (res.body.request as Json).status]).toEqual([200, 5]);
    const done = await submitOrder();
    await bookingDb(t.db).updateTable('help_requests').set({ status: 4 }).where('id', '=', done.id).execute();
    expect((await post('/crm/api/request/cancel', { id: done.id, uuid: done.uuid })).status).toBe(409);
  });
});

describe('tourists', () => {
  test('tourists-info gives the §3.7 template; add, update, remove and questionnaires keep the list', async () => {
    const { id, uuid } = await submitOrder();
    const info = expectShape((await get(app, `/spa/tourists-info?uuid=${uuid}`)).body, TouristsInfoAnswer);
    expect(info).toMatchObject({ request_id: id, requestUUID: uuid, adults: 2, children: 1, can_edit: true, tourists: [], max_tourists: 50 });
    expect(info.template).toEqual({
      full_name: '', first_name: '', last_name: '', middle_name: '', birthday: '', passport: '', email: '', food_restriction: '', phone: '',
      is_touched: true, can_edit: true, can_delete: true,
    });

    const added = await post(`/crm/api/request/add-tourists?uuid=${uuid}`, {
      tourists: [{ first_name: 'Anna', last_name: 'Petrova', birthday: '1990-05-01', passport: '45 01 123456' }, { full_name: '<i>Li Wei</i>', weight: 70 }],
    });
    expect(added.status).toBe(200);
    const list = expectShape(added.body, TouristsAnswer).tourists;
    expect(list.map((x) => [x.first_name || x.full_name, x.can_edit])).toEqual([['Anna', true], ['<i>Li Wei</i>', true]]);

    const updated = await post(`/crm/api/request/update-tourists?request_id=${id}&uuid=${uuid}`, {
      tourists: [{ id: list[1]!.id, full_name: 'Li Wei', weight: 72 }, { first_name: 'Child', birthday: '2018-02-03' }],
    });
    expect(updated.status).toBe(200);
    const after = (updated.body as TouristsAnswer).tourists;
    expect(after.map((x) => [x.full_name || x.first_name, x.weight])).toEqual([['Li Wei', 72], ['Child', null]]);
    expect((await touristsOf(t.db, id)).map((x) => x.id)).not.toContain(list[0]!.id);

    const questionnaires = await post(`/crm/api/request/update-tourists-questionnaires?id=${id}&uuid=${uuid}`, {
      tourists: [{ id: after[0]!.id, questionnaire: { diet: 'vegetarian', allergy: 'none' } }],
    });
    expect(questionnaires.status).toBe(200);
    const again = await post(`/crm/api/request/update-tourists-questionnaires?id=${id}&uuid=${uuid}`, { tourists: [{ id: after[0]!.id, questionnaire: { allergy: '' } }] });
    expect((again.body as TouristsAnswer).tourists[0]!.questionnaire).toEqual({ diet: 'vegetarian' });
    expect((await historyOf(t.db, id)).map((h) => h.action)).toEqual(['created', 'tourists', 'tourists', 'questionnaires', 'questionnaires']);
  });

  test('field errors are keyed per tourist; the list is bounded; other requests\' tourists are not reachable', async () => {
    const { id, uuid } = await submitOrder();
    const bad = await post(`/crm/api/request/add-tourists?uuid=${uuid}`, {
      tourists: [{ first_name: 'Ok' }, { birthday: '2999-01-01', email: 'x@', phone: '12' }, { first_name: 'A\u0000' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'tourists.1.birthday': 'Incorrect value', 'tourists.1.email': 'Please enter a valid e-mail', 'tourists.1.phone': 'Please enter a valid phone number',
      'tourists.2.first_name': 'Incorrect value',
    });
    expect(await touristsOf(t.db, id)).toHaveLength(0);
    const many = await post(`/crm/api/request/add-tourists?uuid=${uuid}`, { tourists: Array.from({ length: 51 }, () => ({ first_name: 'X' })) });
    expect([many.status, many.body.errors]).toEqual([422, { tourists: 'Maximum 50' }]);
    const notAList = await post(`/crm/api/request/add-tourists?uuid=${uuid}`, { tourists: [1, 'x'] });
    expect([notAList.status, notAList.body.errors]).toEqual([422, { tourists: 'Incorrect value' }]);

    const otherRequest = await submitOrder();
    const theirs = await post(`/crm/api/request/add-tourists?uuid=${otherRequest.uuid}`, { tourists: [{ first_name: 'Theirs' }] });
    const theirId = (theirs.body as TouristsAnswer).tourists[0]!.id;
    const steal = await post(`/crm/api/request/update-tourists?request_id=${id}&uuid=${uuid}`, { tourists: [{ id: theirId, first_name: 'Mine' }] });
    expect([steal.status, steal.body.errors]).toEqual([422, { 'tourists.0.id': 'Incorrect value' }]);
    expect((await touristsOf(t.db, otherRequest.id))[0]).toMatchObject({ first_name: 'Theirs' });
    // By id without the uuid, a guest's request is closed to others.
    expect((await post(`/crm/api/request/update-tourists?request_id=${id}`, { tourists: [] })).status).toBe(404);
  });
});

test('migration 0011 gives the requests of before a uuid, and goes down and up again', async () => {
  const fresh = await createTestDb({ seed: false });
  try {
    const k = fresh.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db: fresh.db.kysely, provider: migrationProvider });
    expect((await migrator.migrateTo('0010-uploads')).error).toBeUndefined();
    await k.insertInto('help_requests').values({ type: 'common_help', phone: '+79161234567', adults: 1, children: 0, agree: 1, source: 'site', locale: 'en', created_at: new Date().toISOString() }).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await bookingDb(fresh.db).selectFrom('help_requests').select(['uuid', 'status']).execute();
    expect(rows).toEqual([{ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 1 }]);
  } finally {
    await fresh.cleanup();
  }
});
