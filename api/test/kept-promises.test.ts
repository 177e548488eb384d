/**
 * Every promise kept (issue 29, items 2–4): what the screens promise, the API now does.
 *
 * - The e-book sheet says 'The guide has been sent to your email!': POST /spa/subscribe-ebook e-mails the travel guide
 *   (a real PDF in the traveller's language) through the outbox, as a link to an address that has not asked before and
 *   attached once it has, within the per-address daily limit — and asks no coordinator for anything.
 * - An excursion's chosen start time is stored with the order and answered with the request (it had been only a comment line).
 * - A tour archived on the staff panel cannot be booked: the order and the private tour are refused with a field error,
 *   and the tour page's answer says the tour is not active.
 */
import { MAIL_LIMIT_MESSAGE } from '../src/lib/mail-limits';
import { RequestAnswer, TOUR_NOT_BOOKABLE } from '@tours/shared/src/api/schemas/booking';
import { ProgrammeSentAnswer } from '@tours/shared/src/api/schemas/programme';
import { TourDetailAnswer, TourForRequestAnswer } from '@tours/shared/src/api/schemas/tours';
import { saveTourStaffData } from '../src/db/queries/staff';
import { expectShape, get, outboxTo, TODAY, type OutboxEntry, withTestServer } from './helpers';
import { pdfParse } from './pdf';

type Json = Record<string, unknown>;
const attachmentsOf = (message: OutboxEntry) => (message as OutboxEntry & { attachments: { filename: string; contentType: string; content: string }[] | null }).attachments ?? [];

let key = 0;
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST', url, payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'idempotency-key': `kept-promises-${++key}`, ...headers },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const helpRequestCount = async () => Number((await t.db.kysely.selectFrom('help_requests' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number | string }).n);

const { t, app } = withTestServer({ devMode: true });

describe('the e-book: the travel guide by e-mail (POST /spa/subscribe-ebook)', () => {
  test('first to an address: a link in the traveller\'s language that serves the guide; no coordinator request; once opened, the guide comes attached', async () => {
    const before = await helpRequestCount();
    const res = await post('/spa/subscribe-ebook', { email: ' Leser@Example.de ' }, { 'x-language': 'de', 'x-currency': 'EUR' });
    expect(res.status).toBe(200);
    expect(expectShape(res.body, ProgrammeSentAnswer)).toEqual({ success: true, email: 'leser@example.de' });
    // The e-book is not a help request: nobody is asked to do anything (it had been a common_help_by_email request and nothing else).
    expect(await helpRequestCount()).toBe(before);

    const [first] = await outboxTo(app, 'leser@example.de');
    expect(first).toMatchObject({ channel: 'email', subject: 'Reiseführer Russland', status: 'kept' });
    expect(attachmentsOf(first!)).toEqual([]);
    expect(first!.text).toContain('Der Link gilt 30 Tage.');
    expect(first!.links).toHaveLength(2);
    const link = new URL(first!.links.find((l) => l.includes('/spa/travel-guide-pdf/'))!);
    expect(link.pathname).toMatch(/^\/spa\/travel-guide-pdf\/[A-Za-z0-9_-]{22}$/);

    const pdf = await app.inject({ method: 'GET', url: link.pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, numpages } = await pdfParse(pdf.rawPayload);
    // A short guide: a cover, where to go, when to go, visas, contacts.
    expect(numpages).toBeGreaterThanOrEqual(5);
    for (const heading of ['Reiseführer Russland', 'Reiseziele', 'Reisezeit', 'Visum und Dokumente', 'So erreichen Sie uns', 'Zeitzone', 'Die meisten Termine']) expect(text).toContain(heading);
    expect(text).toContain('EUR');
    // The visa page's own German text, and German month names.
    expect(text).toMatch(/Visum/);
    expect(text).toMatch(/Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember/);
    // A link of another document type is no guide link.
    expect((await get(app, link.pathname.replace('travel-guide-pdf', 'tour-program-pdf'))).status).toBe(404);
    for (const bad of ['/spa/travel-guide-pdf/short', `${link.pathname.slice(0, -1)}${link.pathname.endsWith('A') ? 'B' : 'A'}`]) expect((await get(app, bad)).status).toBe(404);

    // The address has asked (its link was opened): the next guide is the PDF itself.
    expect((await post('/spa/subscribe-ebook', { email: 'leser@example.de' }, { 'x-language': 'de', 'x-currency': 'EUR' })).status).toBe(200);
    const [second] = await outboxTo(app, 'leser@example.de');
    expect(attachmentsOf(second!)).toHaveLength(1);
    expect(attachmentsOf(second!)[0]).toMatchObject({ filename: 'travel-guide-russia-de.pdf', contentType: 'application/pdf' });
    const attached = Buffer.from(attachmentsOf(second!)[0]!.content, 'base64');
    expect((await pdfParse(attached)).text).toContain('Reiseziele');
  }, 60_000);

  test('in Russian with roubles: Cyrillic text that extracts', async () => {
    expect((await post('/spa/subscribe-ebook', { email: 'chitatel@example.ru', currency: 'RUB' }, { 'x-language': 'ru' })).status).toBe(200);
    const [message] = await outboxTo(app, 'chitatel@example.ru');
    expect(message!.subject).toBe('Путеводитель по России');
    const url = new URL(message!.links.find((l) => l.includes('/spa/travel-guide-pdf/'))!);
    const pdf = await app.inject({ method: 'GET', url: url.pathname });
    const { text } = await pdfParse(pdf.rawPayload);
    for (const heading of ['Куда поехать', 'Когда ехать', 'Визы и документы', 'RUB']) expect(text).toContain(heading);
  }, 60_000);

  test('an address gets at most 3 guides a day, from any visitor; the 4th is a field error and sends nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post('/spa/subscribe-ebook', { email: 'often@example.com' }, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.status).toBe(200);
    }
    const over = await post('/spa/subscribe-ebook', { email: 'Often@Example.com' });
    expect([over.status, over.body]).toEqual([422, { message: MAIL_LIMIT_MESSAGE, errors: { email: MAIL_LIMIT_MESSAGE } }]);
    expect(await outboxTo(app, 'often@example.com')).toHaveLength(3);
  });

  test('bad input: field errors keyed by field, never a 5xx', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { email: 'Required field' }],
      [{ email: '' }, { email: 'Required field' }],
      [{ email: 'not an address' }, { email: 'Please enter a valid e-mail' }],
      [{ email: 'a@example.com', currency: 'XYZ' }, { currency: 'Incorrect value' }],
    ];
    for (const [body, errors] of cases) {
      const res = await post('/spa/subscribe-ebook', body);
      expect([res.status, res.body.errors]).toEqual([422, errors]);
    }
  });
});

describe("an excursion's start time (submit-order)", () => {
  /** A published excursion with set times on an upcoming day that an order may name. */
  let slot: { tourId: number; date: string; start: string; end: string; requestPeriod: boolean; otherStart: string | null };

  beforeAll(async () => {
    const rows = await t.db.kysely.selectFrom('excursion_times as x').innerJoin('tours as t', 't.id', 'x.tour_id')
      .select(['x.tour_id', 'x.date', 'x.start', 'x.end', 't.use_request_period', 't.request_period_start', 't.request_period_end'])
      .where('t.is_published', '=', 1).where('t.type', '=', 2).where('x.date', '>', TODAY).orderBy('x.date').orderBy('x.tour_id').execute();
    const fits = rows.find((r) => !r.use_request_period || ((!r.request_period_start || r.request_period_start <= r.date) && (!r.request_period_end || r.date <= r.request_period_end)));
    if (!fits) throw new Error('the test catalogue has no upcoming excursion time');
    const sameDay = rows.filter((r) => r.tour_id === fits.tour_id && r.date === fits.date).map((r) => r.start);
    const other = ['06:15', '23:45'].find((x) => !sameDay.includes(x)) ?? null;
    slot = { tourId: fits.tour_id, date: fits.date, start: fits.start, end: fits.end, requestPeriod: fits.use_request_period === 1, otherStart: other };
  });

  const order = (extra: Json) => ({
    data: { tour_id: slot.tourId, dates: 'individual', date_start_formatted: slot.date, date_end_formatted: slot.date, adults: 2, name: 'Eva', phone: '+4915112345678', agree: true, ...extra },
  });

  test('the time is stored with the request and answered as its dates.time_start, not put in the comment', async () => {
    const sent = await post('/spa/submit-order', order({ time_start: slot.start, comment: 'Vegetarian lunch, please' }));
    expect(sent.status).toBe(200);
    const { request } = expectShape((await get(app, `/crm/api/request/get-by-uuid?uuid=${sent.body.requestUUID as string}`)).body, RequestAnswer);
    expect(request.dates).toEqual({ kind: 'individual', variant_id: null, start: slot.date, end: slot.date, not_guaranteed: false, time_start: slot.start });
    expect(request.comment).toBe('Vegetarian lunch, please');
  });

  test('a time the excursion does not start at that day, or a time with a date variant, is refused on time_start', async () => {
    if (slot.otherStart) {
      const wrong = await post('/spa/submit-order', order({ time_start: slot.otherStart }));
      expect([wrong.status, wrong.body.errors]).toEqual([422, { time_start: 'Incorrect value' }]);
    }
    const variant = await t.db.kysely.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id').select(['v.id', 'v.tour_id'])
      .where('t.is_published', '=', 1).where('v.start', '>', TODAY).where('v.is_busy', '=', 0).where('v.number_of_free_seats', '>=', 2).orderBy('v.start').executeTakeFirstOrThrow();
    const onVariant = await post('/spa/submit-order', { data: { tour_id: variant.tour_id, dates: variant.id, adults: 1, name: 'Eva', phone: '+4915112345678', agree: true, time_start: '10:00' } });
    expect([onVariant.status, onVariant.body.errors]).toEqual([422, { time_start: 'Incorrect value' }]);
    const malformed = await post('/spa/submit-order', order({ time_start: '25:99' }));
    expect([malformed.status, malformed.body.errors]).toEqual([422, { time_start: 'Incorrect value' }]);
  });

  test('a day the excursion runs at set times needs one of them, unless the tour takes requests for a period', async () => {
    const res = await post('/spa/submit-order', order({}));
    if (slot.requestPeriod) expect(res.status).toBe(200);
    else expect([res.status, res.body.errors]).toEqual([422, { time_start: 'Select time' }]);
  });
});

describe('an archived tour cannot be booked', () => {
  let tour: { id: number; slug_en: string };
  let variant: { id: number };

  beforeAll(async () => {
    const row = await t.db.kysely.selectFrom('tours as t').innerJoin('tour_variants as v', 'v.tour_id', 't.id')
      .select(['t.id', 't.slug_en', 'v.id as variant_id'])
      .where('t.is_published', '=', 1).where('t.type', '=', 1).where('t.use_request_period', '=', 1).where('v.start', '>', TODAY)
      .where('v.is_busy', '=', 0).where('v.number_of_free_seats', '>=', 4).orderBy('t.id').orderBy('v.start').executeTakeFirstOrThrow();
    tour = { id: row.id, slug_en: row.slug_en };
    variant = { id: row.variant_id };
    await saveTourStaffData(t.db, { tour_id: tour.id, is_archived: 1, is_potentially_dangerous: 0, danger_reason: null, rejection_reason: null, commission_percent: null }, new Date());
  });

  const orderOf = () => ({ data: { tour_id: tour.id, dates: variant.id, adults: 1, name: 'Archie', phone: '+447700900123', agree: true } });

  test('the order is refused with a field error on tour_id (the spec\'s error shape) and nothing is stored', async () => {
    const before = await helpRequestCount();
    const res = await post('/spa/submit-order', orderOf());
    expect([res.status, res.body]).toEqual([422, { message: TOUR_NOT_BOOKABLE, errors: { tour_id: TOUR_NOT_BOOKABLE } }]);
    expect(await helpRequestCount()).toBe(before);
  });

  test('so is a private tour of it', async () => {
    const period = await t.db.kysely.selectFrom('tours').select(['request_period_start', 'request_period_end']).where('id', '=', tour.id).executeTakeFirstOrThrow();
    const start = (period.request_period_start && period.request_period_start > TODAY ? period.request_period_start : TODAY).replace(/-/g, '');
    const res = await post('/spa/submit-help-request', {
      data: { type: 'individual_tour', tour: tour.id, name: 'Archie', phone: '+447700900123', email: 'archie@example.com', individual: true, individual_dates: `${start}-${start}`, adults: 1 },
    });
    expect([res.status, res.body.errors]).toEqual([422, { tour_id: TOUR_NOT_BOOKABLE }]);
  });

  test('the tour page and the order page say it is not active', async () => {
    const page = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}&format=main`, { 'x-language': 'en' })).body, TourDetailAnswer);
    expect([page.is_tour_active, page.is_archived]).toEqual([false, true]);
    const forRequest = expectShape((await get(app, `/spa/tour-for-request?id=${tour.id}&format=main&site_id=1`, { 'x-language': 'en' })).body, TourForRequestAnswer);
    expect([forRequest.is_tour_active, forRequest.is_archived]).toEqual([false, true]);
  });

  test('taken out of the archive, it is booked again', async () => {
    await saveTourStaffData(t.db, { tour_id: tour.id, is_archived: 0, is_potentially_dangerous: 0, danger_reason: null, rejection_reason: null, commission_percent: null }, new Date());
    expect((await post('/spa/submit-order', orderOf())).status).toBe(200);
  });
});
