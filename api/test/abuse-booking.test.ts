/**
 * Hostile probes of the request calls (issue 28, abuse resistance), on the real database (and on PostgreSQL in CI):
 * - seats: a party larger than its date's free seats is refused on its counter, and submits at once never take more
 *   seats than the date has; a cancellation gives them back;
 * - duplicates: without an idempotency key, ten identical submits at once make one request;
 * - enumeration: another traveller's request answers exactly what an unknown id answers, and ids are not sequential.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SubmitOrderAnswer } from '@tours/shared/src/api/schemas/booking';
import { bookingDb, REQUEST_ID_RANGE } from '../src/db/queries/booking';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { DUPLICATE_WINDOW_MS, seatErrors } from '../src/use-cases/booking';
import { expectShape, TODAY, withTestServer } from './helpers';

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

/** The product's clock of `app` (ms): moved forward to pass the duplicate window. */
let clock = Date.now();
/** A published tour's upcoming date; each test sets its seats. */
let date: { tour: number; variant: number };
let owner: { id: number; auth: Record<string, string> };
let other: { auth: Record<string, string> };

type Catalogue = { tours: { id: number; is_published: number }; tour_variants: { id: number; tour_id: number; start: string; is_busy: number; number_of_free_seats: number } };
const catalogue = () => t.db.kysely as unknown as Kysely<Catalogue>;
const setSeats = (n: number) => catalogue().updateTable('tour_variants').set({ number_of_free_seats: n, is_busy: 0 }).where('id', '=', date.variant).execute();
const seatsLeft = async () => (await catalogue().selectFrom('tour_variants').select('number_of_free_seats').where('id', '=', date.variant).executeTakeFirstOrThrow()).number_of_free_seats;

async function post(url: string, body: unknown, headers: Record<string, string> = {}, from?: string): Promise<Answer> {
  const res = await app.inject({
    method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers }, ...(from ? { remoteAddress: from } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as Json };
}

const order = (extra: Json = {}) => ({
  data: { tour_id: date.tour, dates: date.variant, adults: 2, children: 0, name: 'Probe Traveller', phone: '+7 916 555-01-02', agree: true, timezone: 0, ...extra },
});

/** Requests stored on the test date, and the travellers they hold. */
async function onDate(): Promise<{ requests: number; travellers: number }> {
  const rows = await bookingDb(t.db).selectFrom('help_requests').select(['adults', 'children']).where('variant_id', '=', date.variant).where('status', '<', 5).execute();
  return { requests: rows.length, travellers: rows.reduce((n, r) => n + r.adults + r.children, 0) };
}

async function countRequests(): Promise<number> {
  return Number((await bookingDb(t.db).selectFrom('help_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

const { t, app } = withTestServer({}, { now: () => clock });
beforeAll(async () => {
  const open = await catalogue().selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id')
    .select(['v.id', 'v.tour_id']).where('t.is_published', '=', 1).where('v.start', '>=', TODAY).orderBy('v.id').executeTakeFirstOrThrow();
  date = { tour: open.tour_id, variant: open.id };
  const person = async (first: string, email: string, phone: string) => {
    const id = await insertTraveller(t.db, { first_name: first, last_name: 'Probe', email, phone });
    return { id, auth: { 'x-authorization': `Bearer ${await issueToken(t.db, id)}` } };
  };
  owner = await person('Olga', 'olga.owner@example.com', '+79161110022');
  other = await person('Ivan', 'ivan.other@example.com', '+79163334455');
}, 60_000);

beforeEach(() => {
  // Each test outside the others' duplicate windows.
  clock += DUPLICATE_WINDOW_MS + 1000;
});

describe('seats cannot be oversold', () => {
  test.each<[string, { adults: number; children: number }, number, Record<string, string>]>([
    ['a full date', { adults: 1, children: 0 }, 0, { dates: 'No seats left' }],
    ['more adults than seats', { adults: 50, children: 0 }, 7, { adults: 'Maximum 7' }],
    ['adults and children together over the seats', { adults: 5, children: 3 }, 7, { children: 'Maximum 2' }],
    ['adults over the seats, children too', { adults: 8, children: 2 }, 7, { adults: 'Maximum 7' }],
    ['exactly the seats', { adults: 4, children: 3 }, 7, {}],
  ])('seatErrors: %s', (_name, party, seats, errors) => {
    expect(seatErrors(party, seats)).toEqual(errors);
  });

  test('a party of 50 on a date with 7 free seats is refused on the adults counter; nothing is stored, the seats stay', async () => {
    await setSeats(7);
    const before = await countRequests();
    const fifty = await post('/spa/submit-order', order({ adults: 50, comment: 'fifty' }));
    expect(fifty).toEqual({ status: 422, body: { message: 'Maximum 7', errors: { adults: 'Maximum 7' } } });
    const mixed = await post('/spa/submit-order', order({ adults: 5, children: 3, comment: 'eight' }));
    expect(mixed).toEqual({ status: 422, body: { message: 'Maximum 2', errors: { children: 'Maximum 2' } } });
    expect(await countRequests()).toBe(before);
    expect(await seatsLeft()).toBe(7);
  });

  test('a party that fits takes its seats; then the full date is "No seats left"; a cancellation gives them back, once', async () => {
    await setSeats(7);
    const seven = await post('/spa/submit-order', order({ adults: 4, children: 3, comment: 'seven' }));
    expect(seven.status).toBe(200);
    expect(await seatsLeft()).toBe(0);
    const one = await post('/spa/submit-order', order({ adults: 1, comment: 'one more' }));
    expect(one).toEqual({ status: 422, body: { message: 'No seats left', errors: { dates: 'No seats left' } } });
    const { request_id: id, requestUUID: uuid } = expectShape(seven.body, SubmitOrderAnswer);
    expect((await post('/crm/api/request/cancel', { id, uuid })).status).toBe(200);
    expect(await seatsLeft()).toBe(7);
    expect((await post('/crm/api/request/cancel', { id, uuid })).status).toBe(200);
    expect(await seatsLeft()).toBe(7);
  });

  test('a resend with the key of the order that took the last seats answers that order, not "No seats left"', async () => {
    await setSeats(2);
    const key = `seats-${randomUUID()}`;
    const first = await post('/spa/submit-order', order({ comment: 'last two' }), { 'idempotency-key': key });
    const again = await post('/spa/submit-order', order({ comment: 'last two' }), { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(await seatsLeft()).toBe(0);
  });

  test('submits at once that together exceed the free seats: the accepted travellers fit, and no refused party would have', async () => {
    await setSeats(7);
    const before = await onDate();
    const parties = [3, 3, 2, 2, 1, 4, 5, 1, 2, 3];
    const answers = await Promise.all(parties.map((adults, i) => post('/spa/submit-order', order({ adults, name: `Rush ${i}` }), { 'idempotency-key': `rush-${i}-${randomUUID()}` })));
    const accepted = parties.filter((_, i) => answers[i]!.status === 200);
    const refused = parties.filter((_, i) => answers[i]!.status !== 200);
    const taken = accepted.reduce((n, p) => n + p, 0);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(7);
    expect(await seatsLeft()).toBe(7 - taken);
    expect(await onDate()).toEqual({ requests: before.requests + accepted.length, travellers: before.travellers + taken });
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) continue;
      expect(a.status).toBe(422);
      expect(Object.keys(a.body.errors as Json)).toEqual([expect.stringMatching(/^(adults|dates)$/)]);
      expect(parties[i]).toBeGreaterThan(7 - taken);
    }
    expect(refused.length).toBe(parties.length - accepted.length);
  });
});

describe('duplicates without an idempotency key', () => {
  test('10 identical orders at once make one request, answered to all ten, taking the seats once', async () => {
    await setSeats(7);
    const before = await countRequests();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/spa/submit-order', order({ comment: 'ten at once' }))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await countRequests()).toBe(before + 1);
    expect(await seatsLeft()).toBe(5);
  });

  test('10 identical help requests at once make one request', async () => {
    const before = await countRequests();
    const body = { data: { type: 'common_help', name: 'Anna', phone: '+79161234567', comment: 'ten help requests at once' } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/spa/submit-help-request', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.request_id)).size).toBe(1);
    expect(await countRequests()).toBe(before + 1);
  });

  test('the same submit again within 2 minutes answers the first; after them, or changed, or from another address, it is a new request', async () => {
    await setSeats(20);
    const body = order({ comment: 'window' });
    const first = await post('/spa/submit-order', body);
    clock += DUPLICATE_WINDOW_MS - 1000;
    const within = await post('/spa/submit-order', body);
    expect(within.body).toEqual(first.body);
    const changed = await post('/spa/submit-order', order({ comment: 'window', adults: 3 }));
    const elsewhere = await post('/spa/submit-order', body, {}, '203.0.113.7');
    const signedIn = await post('/spa/submit-order', body, owner.auth);
    clock += 2000;
    const after = await post('/spa/submit-order', body);
    const ids = [first, changed, elsewhere, signedIn, after].map((a) => a.body.request_id);
    expect(new Set(ids).size).toBe(5);
    expect(await seatsLeft()).toBe(20 - 2 - 3 - 2 - 2 - 2);
  });
});

describe('no enumeration of requests', () => {
  /** An id no request has: below the range of random ids, above any test database's old sequential ones. */
  const MISSING = REQUEST_ID_RANGE.min - 1;
  const wrongUuid = randomUUID();

  /** Every call that takes a request id, as a prober sends it with an id and (where a uuid is asked) a made-up uuid. */
  const probes: [string, (id: number, headers: Record<string, string>) => Promise<Answer>][] = [
    ['get', (id, h) => get(`/crm/api/request/get?id=${id}`, h)],
    ['cancel', (id, h) => post('/crm/api/request/cancel', { id, message: 'probe' }, h)],
    ['tour-dates', (id, h) => post('/crm/api/request/tour-dates', { request_id: id }, h)],
    ['update-tourists', (id, h) => post(`/crm/api/request/update-tourists?request_id=${id}`, { tourists: [] }, h)],
    ['update-tourists-questionnaires', (id, h) => post(`/crm/api/request/update-tourists-questionnaires?id=${id}&uuid=${wrongUuid}`, { tourists: [] }, h)],
    ['get with a uuid', (id, h) => get(`/crm/api/request/get?id=${id}&uuid=${wrongUuid}`, h)],
    ['send-chat-link-sms', (id, h) => post('/spa/send-chat-link-sms', { request_id: id, requestUUID: wrongUuid }, h)],
    ['tour-selection', (id, h) => post('/crm/api/request/tour-selection', { token: `${id}-${wrongUuid}`, tour_ids: [] }, h)],
    ['add_email_to_request without the uuid', (id, h) => post('/spa/submit-help-request', { data: { type: 'add_email_to_request', email: 'p@example.com', request_id_to_update: id } }, h)],
    ['add_email_to_request with a made-up uuid', (id, h) => post('/spa/submit-help-request', { data: { type: 'add_email_to_request', email: 'p@example.com', request_id_to_update: id, requestUUID: wrongUuid } }, h)],
  ];

  let owned: number;
  let guests: number;
  beforeAll(async () => {
    await setSeats(30);
    owned = expectShape((await post('/spa/submit-order', order({ comment: 'owned' }), owner.auth)).body, SubmitOrderAnswer).request_id;
    guests = expectShape((await post('/spa/submit-order', order({ comment: 'a guest\'s' }))).body, SubmitOrderAnswer).request_id;
  });

  test.each(probes)("%s: another traveller's request, anyone's by its id alone and a missing id answer alike", async (name, probe) => {
    const missing = await probe(MISSING, other.auth);
    // The calls about a request: its 404; a help request naming one: the field error on requestUUID.
    expect(missing.status).toBe(name.startsWith('add_email') ? 422 : 404);
    const answers = [
      await probe(owned, other.auth), await probe(owned, {}), await probe(guests, other.auth), await probe(guests, {}), await probe(MISSING, {}),
    ];
    for (const answer of answers) expect(answer).toEqual(missing);
    // Nothing of the owner: no masked contacts, no 'legit user'.
    expect(JSON.stringify(answers)).not.toMatch(/legit_user|\*\*\*|1110022|olga/i);
  });

  test('the owner still reads and changes their request by its id', async () => {
    expect((await get(`/crm/api/request/get?id=${owned}`, owner.auth)).status).toBe(200);
    expect((await post('/crm/api/request/tour-dates', { request_id: owned }, owner.auth)).status).toBe(200);
  });

  test('request ids are not sequential: random ten-digit numbers, one after another far apart and in no order', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post('/spa/submit-help-request', { data: { type: 'phone_call_request', phone: `+7916000${String(i).padStart(4, '0')}` } });
      ids.push((res.body as { request_id: number }).request_id);
    }
    for (const id of ids) expect(id >= REQUEST_ID_RANGE.min && id <= REQUEST_ID_RANGE.max).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const steps = ids.slice(1).map((id, i) => id - ids[i]!);
    // Twelve random draws: a step under 1,000 has a chance of ~2e-5, all twelve rising 1 in 12!.
    expect(steps.every((d) => Math.abs(d) > 1000)).toBe(true);
    expect(steps.every((d) => d > 0)).toBe(false);
  });
});
