/**
 * excursionsEnabled of the app configuration (public-site §3.8, issue 32): false leaves excursions out of the search
 * (results, totals, type=2) and of every other list and call that names a tour (one condition: db/queries/listing.ts);
 * true (the test default) lists them as before. The setting is read from APP_CONFIG_FILE at start (readConfig), over
 * the preset's false. SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ToursAnswer, type ToursAnswer as ToursAnswerT } from '@tours/shared/src/api/schemas/search';
import { readConfig } from '../src/config';
import { MainPageToursAnswer } from '@tours/shared/src/api/schemas/main-page';
import { OrganizerInfoAnswer } from '@tours/shared/src/api/schemas/organizers';
import { InfoAnswer, SearchFormAnswer } from '@tours/shared/src/api/schemas/reference';
import { AutocompleteAnswer, TourDetailAnswer, TourIdsAnswer } from '@tours/shared/src/api/schemas/tours';
import { SubmitHelpRequestAnswer } from '@tours/shared/src/api/schemas/requests';
import { createTestDb, expectShape, get, testServer, TODAY, type TestDb } from './helpers';

let t: TestDb;
let on: FastifyInstance;
let off: FastifyInstance;

beforeAll(async () => {
  t = await createTestDb();
  on = testServer(t.db);
  off = testServer(t.db, { excursionsEnabled: false });
});
afterAll(async () => {
  await on.close();
  await off.close();
  await t.cleanup();
});

async function tours(app: FastifyInstance, query: string): Promise<ToursAnswerT> {
  const res = await get(app, `/spa/tours?${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${res.raw}`);
  return expectShape(res.body, ToursAnswer);
}
const types = (a: ToursAnswerT) => new Set(a.result.groups.flatMap((g) => g.items.map((i) => i.type)));
const published = (type: 1 | 2) => t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).where('is_cruise', '=', 0).where('type', '=', type).execute();

test('off: the search lists no excursion and counts none; on: it lists them', async () => {
  const tourCount = (await published(1)).length;
  expect((await published(2)).length).toBeGreaterThan(0);
  const excursionCount = (await published(2)).length;
  expect((await tours(on, 'slug=tours')).result.pagination.itemsCount).toBe(tourCount + excursionCount);
  const onlyExcursions = await tours(on, 'slug=tours&type=2');
  expect(onlyExcursions.result.pagination.itemsCount).toBe(excursionCount);
  expect(types(onlyExcursions)).toEqual(new Set(['EXCURSION']));

  const without = await tours(off, 'slug=tours');
  expect(without.result.pagination.itemsCount).toBe(tourCount);
  expect(types(without)).toEqual(new Set(['TOUR']));
  // Asking for excursions only finds none.
  expect((await tours(off, 'slug=tours&type=2')).result.pagination.itemsCount).toBe(0);
});

test('readConfig takes excursionsEnabled from APP_CONFIG_FILE, over the preset (false)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-app-config-'));
  try {
    const file = path.join(dir, 'site.json');
    writeFileSync(file, JSON.stringify({ excursionsEnabled: true }));
    expect(readConfig({}).excursionsEnabled).toBe(false);
    expect(readConfig({ APP_CONFIG_FILE: file }).excursionsEnabled).toBe(true);
    writeFileSync(file, JSON.stringify({ excursionsEnabled: 'yes' }));
    expect(() => readConfig({ APP_CONFIG_FILE: file })).toThrow(/excursionsEnabled/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('off: an order for an excursion is refused as an unknown tour; on: it gets past the tour', async () => {
  const [excursion] = await published(2);
  const order = (app: FastifyInstance, key: string) => app.inject({
    method: 'POST', url: '/spa/submit-order', headers: { 'content-type': 'application/json', 'idempotency-key': key },
    // A date id no tour has: with excursions on, the order is refused on its date, not its tour.
    payload: JSON.stringify({ data: { tour_id: excursion!.id, dates: '999999999', adults: 1, children: 0, name: 'Anna Petrova', phone: '+7 916 123-45-67', email: 'anna@example.com', agree: true, timezone: 0 } }),
  });
  const refused = await order(off, 'excursions-off-1');
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ errors: { tour_id: 'Incorrect value' } });
  const past = await order(on, 'excursions-on-1');
  expect(past.statusCode).toBe(422);
  expect(past.json()).toMatchObject({ errors: { dates: 'Incorrect value' } });
  expect((past.json() as { errors: Record<string, unknown> }).errors.tour_id).toBeUndefined();
});

// Every other place a traveller meets a tour (issue 32's leftovers) ------------------------------------------------------

type Row = Record<string, number | string | null>;
/** The excursion every case below looks for, and a tour (type 1) beside it. */
let excursion: { id: number; slug: string; title: string; organizer: number };
let tour: { id: number; slug: string };

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The catalogue is arranged so that, with excursions on, the excursion is in each list (the cases check it): it is
 * the only other tour of the tour's main region (similar tours), its organizer's only tour, the one tour with a
 * departure tomorrow (the main page's upcoming) and the subject of the newest review (the main page's reviews).
 */
beforeAll(async () => {
  const k = t.db.kysely as unknown as Kysely<Record<string, Row>>;
  const published = (type: number) => k.selectFrom('tours as t').innerJoin('organizers as o', 'o.id', 't.organizer_id')
    .select(['t.id', 't.slug_en', 't.title_en', 't.organizer_id', 't.main_region_id'])
    .where('t.is_published', '=', 1).where('t.is_cruise', '=', 0).where('t.type', '=', type).where('o.published_on_site', '=', 1).orderBy('t.id');
  const e = await published(2).executeTakeFirstOrThrow();
  const x = await published(1).executeTakeFirstOrThrow();
  excursion = { id: Number(e.id), slug: String(e.slug_en), title: String(e.title_en), organizer: Number(e.organizer_id) };
  tour = { id: Number(x.id), slug: String(x.slug_en) };
  const region = Number(x.main_region_id);
  const elsewhere = await k.selectFrom('regions').select('id').where('id', '<>', region).orderBy('id').executeTakeFirstOrThrow();
  await k.updateTable('tours').set({ main_region_id: elsewhere.id }).where('main_region_id', '=', region).where('id', 'not in', [tour.id, excursion.id]).execute();
  await k.updateTable('tours').set({ main_region_id: region }).where('id', '=', excursion.id).execute();
  const otherOrganizer = await k.selectFrom('organizers').select('id').where('id', '<>', excursion.organizer).orderBy('id').executeTakeFirstOrThrow();
  await k.updateTable('tours').set({ organizer_id: otherOrganizer.id }).where('organizer_id', '=', excursion.organizer).where('id', '<>', excursion.id).execute();
  // Tomorrow's departures move a week on (the search counts no dates); the excursion gets one of its own tomorrow.
  const tomorrow = addDays(TODAY, 1);
  const soon = await k.selectFrom('tour_variants').selectAll().where('start', '>', TODAY).where('start', '<=', tomorrow).execute();
  for (const v of soon) {
    await k.updateTable('tour_variants').set({ start: addDays(String(v.start).slice(0, 10), 7), end: addDays(String(v.end).slice(0, 10), 7) }).where('id', '=', v.id!).execute();
  }
  const model = await k.selectFrom('tour_variants').selectAll().where('tour_id', '=', tour.id).orderBy('id').executeTakeFirstOrThrow();
  // Ids are given, not drawn (PostgreSQL's column has no sequence: the seed numbers its rows).
  const last = await k.selectFrom('tour_variants').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await k.insertInto('tour_variants').values({ ...model, id: Number(last.id) + 1, tour_id: excursion.id, start: tomorrow, end: addDays(tomorrow, 1), is_busy: 0, number_of_free_seats: 10 }).execute();
  const newest = await k.selectFrom('reviews').select('id').where('is_published', '=', 1).where('target', '=', 'tour').orderBy('date', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await k.updateTable('reviews').set({ tour_id: excursion.id }).where('id', '=', newest.id).execute();
}, 60_000);

const sum = (items: { tours_count: number }[]) => items.reduce((n, i) => n + i.tours_count, 0);
async function answer<T>(app: FastifyInstance, url: string, shape: Parameters<typeof expectShape<T, unknown>>[1]): Promise<T> {
  const res = await get(app, url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return expectShape(res.body, shape);
}
async function send(app: FastifyInstance, url: string, body: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, body: res.json() as { errors?: Record<string, string> } & Record<string, unknown> };
}

/** Each case: what the call shows of the excursion (true: it is there) on a server. */
const lists: [string, (app: FastifyInstance) => Promise<boolean>][] = [
  ["similar tours on a tour page (GET /spa/tour's similar)", async (app) => {
    const d = await answer(app, `/spa/tour?slug=${tour.slug}`, TourDetailAnswer);
    return d.similar.some((x) => x.id === excursion.id);
  }],
  ["the main page's upcoming departures", async (app) => (await answer(app, '/spa/main-page-tours', MainPageToursAnswer)).upcoming.some((u) => u.tour.id === excursion.id)],
  ["the main page's recent reviews", async (app) => (await answer(app, '/spa/main-page-tours', MainPageToursAnswer)).reviews.some((r) => r.tour.id === excursion.id)],
  ["an organizer page's tours (GET /crm/api/organizer/info)", async (app) =>
    (await answer(app, `/crm/api/organizer/info?id=${excursion.organizer}`, OrganizerInfoAnswer)).tours.some((x) => x.id === excursion.id)],
  ["the tour selection's list items (GET /crm/api/tour/get-by-ids)", async (app) =>
    (await answer(app, `/crm/api/tour/get-by-ids?ids=${excursion.id},${tour.id}`, TourIdsAnswer)).some((x) => x.id === excursion.id)],
  ["the autocomplete's tours", async (app) =>
    (await answer(app, `/spa/autocomplete?only=tours&query=${encodeURIComponent(excursion.title)}`, AutocompleteAnswer)).result.some((g) => g.items.some((i) => i.id === excursion.id))],
  ['GET /spa/tour of the excursion itself', async (app) => (await get(app, `/spa/tour?slug=${excursion.slug}`)).status === 200],
  ["the order page's and cost calculation's tour (GET /spa/tour-for-request)", async (app) => (await get(app, `/spa/tour-for-request?id=${excursion.id}&site_id=1`)).status === 200],
  ["the excursion's slug (GET /spa/validate-slug)", async (app) => {
    const res = await get(app, `/spa/validate-slug?slug=${excursion.slug}`);
    return (res.body as { result: { valid: boolean } }).result.valid;
  }],
];

describe.each(lists)('%s', (_name, shows) => {
  test('lists the excursion with excursions on, not with them off', async () => {
    expect(await shows(on)).toBe(true);
    expect(await shows(off)).toBe(false);
  });
});

test('off: GET /spa/tour of an excursion is the 404 of a missing tour', async () => {
  const hidden = await get(off, `/spa/tour?slug=${excursion.slug}`);
  const missing = await get(off, '/spa/tour?slug=no-such-tour-999999999');
  expect(hidden.status).toBe(404);
  expect(hidden.body).toEqual(missing.body);
});

test("off: the counts next to travel styles and regions, and the site's statistics, count no excursion", async () => {
  const excursions = Number((await published(2)).length);
  const [infoOn, infoOff] = [await answer(on, '/spa/info', InfoAnswer), await answer(off, '/spa/info', InfoAnswer)];
  expect(infoOn.toursCount - infoOff.toursCount).toBe(excursions);
  const [formOn, formOff] = [await answer(on, '/spa/search-form', SearchFormAnswer), await answer(off, '/spa/search-form', SearchFormAnswer)];
  expect(sum(formOff.types)).toBeLessThan(sum(formOn.types));
  const [mainOn, mainOff] = [await answer(on, '/spa/main-page-tours', MainPageToursAnswer), await answer(off, '/spa/main-page-tours', MainPageToursAnswer)];
  expect(sum(mainOff.styles)).toBeLessThan(sum(mainOn.styles));
});

/** Calls that name a tour: off, an excursion is refused as an unknown tour (422, 'Incorrect value' on the field). */
const requests: [string, string, (id: number) => unknown, string][] = [
  ['a help request', '/spa/submit-help-request', (id) => ({ data: { type: 'learn_more', tour_id: id, name: 'Anna Petrova', phone: '+79161234567', email: 'anna@example.com', agree: true, timezone: 0 } }), 'tour_id'],
  ['a private tour', '/spa/submit-help-request', (id) => ({
    data: { type: 'individual_tour', tour: id, name: 'Anna Petrova', phone: '+79161234567', email: 'anna@example.com', individual: true, individual_dates: `${addDays(TODAY, 30).replace(/-/g, '')}-${addDays(TODAY, 37).replace(/-/g, '')}`, adults: 2, children: 0, timezone: 0 },
  }), 'tour_id'],
  ['a cost calculation', '/spa/submit-help-request', (id) => ({
    data: { type: 'city_calculate', tour_id: id, city: 'Novosibirsk', dates: 'individual', date_start_formatted: addDays(TODAY, 30), date_end_formatted: addDays(TODAY, 35), is_travel_by_avia: true, is_travel_by_train: false, email: 'quote@example.com', phone: '+79161234567', timezone: 4 },
  }), 'tour_id'],
];

describe.each(requests)('%s naming an excursion', (_name, url, body, field) => {
  test('off: refused as an unknown tour; on: not refused on its tour', async () => {
    const refused = await send(off, url, body(excursion.id));
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[field]).toBe('Incorrect value');
    const passed = await send(on, url, body(excursion.id));
    expect(passed.body.errors?.[field]).toBeUndefined();
  });
});

test("the tour selection's submit: off, an excursion is an unknown tour ('Incorrect value' on tour_ids.{index})", async () => {
  const made = expectShape((await send(on, '/spa/submit-help-request', { data: { type: 'learn_more', tour_id: tour.id, name: 'Anna Petrova', phone: '+79161234567', email: 'anna@example.com', agree: true, timezone: 0 } })).body, SubmitHelpRequestAnswer);
  const token = `${made.request_id}-${made.requestUUID}`;
  const refused = await send(off, '/crm/api/request/tour-selection', { token, tour_ids: [tour.id, excursion.id] });
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual({ 'tour_ids.1': 'Incorrect value' });
  expect((await send(on, '/crm/api/request/tour-selection', { token, tour_ids: [tour.id, excursion.id] })).status).toBe(200);
});
