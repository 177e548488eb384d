/**
 * The private tour and the cost calculation requests (public-site §3.7, §4.3, §4.4, §5.5, §5.6, §7.4; issue 14):
 * submit-help-request of types individual_tour and city_calculate, their rules and answers, and the coordinators'
 * notice of every new request (one per request, also for orders; none for a resend), and the tour selection sent back
 * to the request of a coordinator's selection link (§3.7 token, §4.9).
 */
import type { Kysely } from 'kysely';
import { SubmitHelpRequestAnswer } from '@tours/shared/src/api/schemas/requests';
import { requestById } from '../src/db/queries/booking';
import { requestNotice } from '../src/lib/request-notice';
import { TourSelectionAnswer } from '@tours/shared/src/api/schemas/booking';
import { historyOf } from '../src/db/queries/booking';
import { expectShape, outboxTo, testServer, TODAY, withTestServer } from './helpers';

let tourId: number;
/** An excursion (type 2) with a request period. */
let excursion: { id: number; start: string; end: string };
/** A tour with a request period ending in the future. */
let period: { id: number; start: string; end: string };

type Json = Record<string, unknown>;
const COORDINATORS = 'coordinators@tours.example';

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/spa/submit-help-request', payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, body: res.json() as Json };
}

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/-/g, '');

const privateTour = (extra: Json = {}) => ({
  data: {
    type: 'individual_tour', tour: tourId, name: 'Anna Petrova', phone: '+79161234567', email: 'anna@example.com', individual: true,
    individual_dates: `${compact(addDays(TODAY, 30))}-${compact(addDays(TODAY, 37))}`, adults: 2, children: 1, comment: 'Vegetarian', timezone: 0, ...extra,
  },
});
const quote = (extra: Json = {}) => ({
  data: {
    type: 'city_calculate', tour_id: tourId, city: 'Novosibirsk', dates: 'individual', date_start_formatted: addDays(TODAY, 30), date_end_formatted: addDays(TODAY, 35),
    is_travel_by_avia: true, is_travel_by_train: false, email: 'quote@example.com', phone: '+79161234567', timezone: 4, ...extra,
  },
});

const { t, app } = withTestServer({ devMode: true });
beforeAll(async () => {
  const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number | string | null>>>;
  const first = await k.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  tourId = Number(first.id);
  // Two tours of the test catalogue are given request periods here (the rules must not depend on what the seed drew).
  const others = (await k.selectFrom('tours').select('id').where('is_published', '=', 1).where('id', '!=', tourId).orderBy('id').limit(2).execute()).map((r) => Number(r.id));
  const withPeriod = async (id: number, type: number) => {
    const start = addDays(TODAY, 20);
    const end = addDays(TODAY, 120);
    await k.updateTable('tours').set({ type, use_request_period: 1, request_period_start: start, request_period_end: end }).where('id', '=', id).execute();
    return { id, start, end };
  };
  excursion = await withPeriod(others[0]!, 2);
  period = await withPeriod(others[1]!, 1);
}, 60_000);

describe('private tour (individual_tour)', () => {
  test('stores the range as individual dates and answers request_id and requestUUID; `tour` names the tour', async () => {
    const res = await post(privateTour(), { 'idempotency-key': 'private-tour-1' });
    expect(res.status).toBe(200);
    const answer = expectShape(res.body, SubmitHelpRequestAnswer);
    expect(answer.email).toBeUndefined();
    expect(await requestById(t.db, answer.request_id)).toMatchObject({
      uuid: answer.requestUUID, type: 'individual_tour', tour_id: tourId, dates: 'individual', date_start_formatted: addDays(TODAY, 30),
      date_end_formatted: addDays(TODAY, 37), adults: 2, children: 1, name: 'Anna Petrova', email: 'anna@example.com', status: 1,
    });
  });

  test.each([
    ['name, phone, e-mail and dates are required', { name: '', phone: '', email: undefined, individual_dates: '' }, { name: 'Required field', phone: 'Required field', email: 'Required field', individual_dates: 'Required field' }],
    ['adults at least 1', { adults: 0 }, { adults: 'Minimum 1' }],
    ['children not below 0', { children: -1 }, { children: 'Minimum 0' }],
    ['a malformed range', { individual_dates: '2026-04-01' }, { individual_dates: expect.any(String) }],
    ['not a calendar date', { individual_dates: `${compact(addDays(TODAY, 30)).slice(0, 4)}0231-${compact(addDays(TODAY, 40))}` }, { individual_dates: 'Incorrect value' }],
    ['end before start', { individual_dates: `${compact(addDays(TODAY, 40))}-${compact(addDays(TODAY, 30))}` }, { individual_dates: 'Incorrect value' }],
    ['a start in the past everywhere', { individual_dates: `${compact(addDays(TODAY, -3))}-${compact(addDays(TODAY, 5))}` }, { individual_dates: 'The dates are outside the period the tour can be requested for' }],
    ['tour and tour_id that disagree', { tour_id: 1 }, { tour: 'Incorrect value' }],
    ['an invalid e-mail', { email: 'anna@' }, { email: expect.any(String) }],
  ])('%s', async (_name, extra, errors) => {
    const data = { ...privateTour().data, ...extra } as Json;
    for (const [k, v] of Object.entries(extra)) if (v === undefined) delete data[k];
    if ('tour_id' in extra) data.tour = tourId + 1;
    const res = await post({ data });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
  });

  test('the range must lie within the tour\'s request period (§5.6)', async () => {
    const after = addDays(period.end, 1);
    const outside = await post(privateTour({ tour: period.id, individual_dates: `${compact(addDays(period.end, -2))}-${compact(after)}` }));
    expect(outside.body.errors).toEqual({ individual_dates: 'The dates are outside the period the tour can be requested for' });
    const before = await post(privateTour({ tour: period.id, individual_dates: `${compact(addDays(period.start, -1))}-${compact(addDays(period.start, 5))}` }));
    expect(before.body.errors).toEqual({ individual_dates: 'The dates are outside the period the tour can be requested for' });
    const start = period.start;
    const inside = await post(privateTour({ tour: period.id, individual_dates: `${compact(start)}-${compact(period.end)}` }));
    expect(inside.status).toBe(200);
  });
});

describe('cost calculation (city_calculate)', () => {
  test('stores the quote request and answers the e-mail the quote goes to', async () => {
    const res = await post(quote());
    expect(res.status).toBe(200);
    const answer = expectShape(res.body, SubmitHelpRequestAnswer);
    expect(answer.email).toBe('quote@example.com');
    expect(await requestById(t.db, answer.request_id)).toMatchObject({
      type: 'city_calculate', city: 'Novosibirsk', dates: 'individual', date_start_formatted: addDays(TODAY, 30), is_travel_by_avia: 1, is_travel_by_train: 0, timezone: 4,
    });
  });

  test.each([
    ['city, dates, e-mail and phone are required', { city: '', dates: '', email: '', phone: '' }, { city: 'Required field', dates: 'Required field', email: 'Required field', phone: 'Required field' }],
    ['plane or train: at least one', { is_travel_by_avia: false, is_travel_by_train: false }, { is_travel_by_avia: 'Select ticket type' }],
    ['individual dates need a start and an end', { dates: 'select_individual', date_start_formatted: '', date_end_formatted: '' }, { date_start_formatted: 'Required field', date_end_formatted: 'Required field' }],
    ['an end before the start', { date_end_formatted: addDays(TODAY, 20) }, { date_end_formatted: 'Incorrect value' }],
    ['a start time that is not HH:MM', { time_start: '25:00' }, { time_start: expect.any(String) }],
  ])('%s', async (_name, extra, errors) => {
    const res = await post(quote(extra));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
  });

  test('a variant id needs no dates; train alone is a ticket type', async () => {
    const res = await post(quote({ dates: '123', date_start_formatted: '', date_end_formatted: '', is_travel_by_avia: false, is_travel_by_train: true }));
    expect(res.status).toBe(200);
  });

  test('an excursion with a request period needs the start time (§5.5)', async () => {
    const without = await post(quote({ tour_id: excursion.id }));
    expect(without.body.errors).toEqual({ time_start: 'Required field' });
    expect((await post(quote({ tour_id: excursion.id, time_start: '09:30' }))).status).toBe(200);
  });
});

describe("the coordinators' notice", () => {
  test('one plain-text notice per new request, none for a resend with the same key; HTML stays text', async () => {
    const before = (await outboxTo(app, COORDINATORS)).length;
    const body = privateTour({ name: '<b>Anna</b>', comment: '<img src=x onerror=alert(1)>' });
    const first = await post(body, { 'idempotency-key': 'notice-key-1' });
    const again = await post(body, { 'idempotency-key': 'notice-key-1' });
    expect(again.body.request_id).toBe(first.body.request_id);
    const notices = await outboxTo(app, COORDINATORS);
    expect(notices.length).toBe(before + 1);
    const notice = notices[0]!;
    expect(notice.subject).toContain(`New request #${String(first.body.request_id)} (individual_tour)`);
    expect(notice.text).toContain('Name: <b>Anna</b>');
    expect(notice.text).toContain('Comment: <img src=x onerror=alert(1)>');
    expect(notice.text).toContain(`/en/arrival/${String(first.body.requestUUID)}`);
  });

  test('COORDINATOR_EMAIL off sends none', async () => {
    const quiet = testServer(t.db, { devMode: true, coordinatorEmail: null });
    try {
      const before = (await outboxTo(quiet, COORDINATORS)).length;
      const res = await quiet.inject({ method: 'POST', url: '/spa/submit-help-request', payload: quote(), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect((await outboxTo(quiet, COORDINATORS)).length).toBe(before);
    } finally {
      await quiet.close();
    }
  });
});

describe('requestNotice (pure)', () => {
  const base = { id: 7, uuid: '11111111-2222-4333-8444-555555555555', type: 'order', tour_id: 3 };
  test.each([
    ['a variant', { ...base, variant_id: 99, adults: 2, children: 0 }, ['Dates: variant 99', 'Adults: 2', 'Children: 0']],
    ['individual dates and tickets', { ...base, date_start_formatted: '2026-05-01', date_end_formatted: '2026-05-08', is_travel_by_avia: 1, is_travel_by_train: 1 }, ['Dates: 2026-05-01 – 2026-05-08', 'Tickets: plane, train']],
    ['a multi-line comment stays indented', { ...base, comment: 'one\ntwo' }, ['Comment: one\n    two']],
    ['a partner', { ...base, source: 'partner_widget', partner_id: 'agency-1' }, ['Source: partner_widget, partner agency-1']],
  ])('%s', (_name, request, lines) => {
    const { subject, text } = requestNotice(request, { id: 3, title: 'Baikal ice' }, 'https://tours.example');
    expect(subject).toBe('New request #7 (order): Baikal ice');
    for (const line of lines) expect(text).toContain(line);
    expect(text).toContain('Arrival page: https://tours.example/en/arrival/11111111-2222-4333-8444-555555555555');
    expect(text).not.toMatch(/: (null|undefined)$/m);
  });

  test('a subject cannot carry a line break', () => {
    expect(requestNotice(base, { id: 3, title: 'A\r\nBcc: x@y' }, 'https://t.example').subject).not.toMatch(/[\r\n]/);
  });
});

describe('tour selection (§4.9)', () => {
  const send = async (body: unknown) => {
    const res = await app.inject({ method: 'POST', url: '/crm/api/request/tour-selection', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.json() as Json };
  };

  test("the whole selection goes to the link's request; the same again changes nothing; an empty list clears it", async () => {
    const made = expectShape((await post(privateTour())).body, SubmitHelpRequestAnswer);
    const token = `${made.request_id}-${made.requestUUID}`;
    const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number>>>;
    const ids = (await k.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').limit(3).execute()).map((r) => Number(r.id));
    const first = await send({ token, tour_ids: [ids[0], ids[1], ids[0]] });
    expect(first.status).toBe(200);
    expect(expectShape(first.body, TourSelectionAnswer)).toEqual({ success: true, request_id: made.request_id, tour_ids: [ids[0], ids[1]] });
    await send({ token, tour_ids: [ids[0], ids[1]] });
    await send({ token, tour_ids: [ids[2]] });
    await send({ token, tour_ids: [] });
    const entries = (await historyOf(t.db, made.request_id)).filter((h) => h.action === 'selection').map((h) => JSON.parse(h.changes!) as Json);
    expect(entries).toEqual([{ tour_ids: [ids[0], ids[1]] }, { tour_ids: [ids[2]] }, { tour_ids: [] }]);
    expect((await outboxTo(app, COORDINATORS)).filter((m) => m.subject.startsWith(`Tour selection for request #${made.request_id}:`)).length).toBe(3);
  });

  test('a token that names no request, or another uuid, is 404; unknown or unpublished tours are field errors; malformed bodies 4xx', async () => {
    const made = expectShape((await post(privateTour())).body, SubmitHelpRequestAnswer);
    expect((await send({ token: `${made.request_id}-00000000-0000-4000-8000-000000000000`, tour_ids: [] })).status).toBe(404);
    expect((await send({ token: `99999999-${made.requestUUID}`, tour_ids: [] })).status).toBe(404);
    const k = t.db.kysely as unknown as Kysely<Record<string, Record<string, number>>>;
    const hidden = await k.selectFrom('tours').select('id').where('is_published', '=', 0).executeTakeFirst();
    const bad = await send({ token: `${made.request_id}-${made.requestUUID}`, tour_ids: [tourId, 2_000_000_000, ...(hidden ? [Number(hidden.id)] : [])] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'tour_ids.1': 'Incorrect value', ...(hidden ? { 'tour_ids.2': 'Incorrect value' } : {}) });
    for (const body of [{}, { token: 'abc', tour_ids: [] }, { token: `${made.request_id}-${made.requestUUID}`, tour_ids: 'x' }, { token: `${made.request_id}-${made.requestUUID}`, tour_ids: Array(51).fill(tourId) }]) {
      const res = await send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
