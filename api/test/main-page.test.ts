/**
 * GET /spa/main-page-tours: the main page's popular tours, travel styles, upcoming departures and recent reviews.
 * Each section is checked against what its links open (the search, the tour) or against the raw tables in plain code,
 * so a wrong join, filter or order in the call shows up. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { MAIN_PAGE_REVIEWS, MAIN_PAGE_STYLES, MAIN_PAGE_TOURS, MAIN_PAGE_UPCOMING, MainPageToursAnswer } from '@tours/shared/src/api/schemas/main-page';
import { SearchFormAnswer } from '@tours/shared/src/api/schemas/reference';
import { ToursAnswer } from '@tours/shared/src/api/schemas/search';
import type { FastifyInstance } from 'fastify';
import { isoDate } from '../src/db/seed/text';
import { expectShape, get, testServer, TODAY, withTestServer } from './helpers';

const mainPage = async (target: FastifyInstance = app, headers: Record<string, string> = {}) => {
  const res = await get(target, '/spa/main-page-tours', headers);
  expect(res.status).toBe(200);
  return expectShape(res.body, MainPageToursAnswer);
};
const search = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(app, `/spa/tours?${query}`, headers);
  expect(res.status).toBe(200);
  return expectShape(res.body, ToursAnswer).result;
};

interface Departure { tour_id: number; start: string }

/** Published tours' next free departure after `day`, soonest first (then by tour id), computed in plain code. */
async function nextDepartures(day: string): Promise<Departure[]> {
  const k = t.db.kysely;
  const [tours, variants] = await Promise.all([
    k.selectFrom('tours').select(['id', 'is_published']).execute(),
    k.selectFrom('tour_variants').select(['tour_id', 'start', 'is_busy', 'number_of_free_seats']).execute(),
  ]);
  const published = new Set(tours.filter((x) => x.is_published === 1).map((x) => x.id));
  const first = new Map<number, string>();
  for (const v of variants) {
    if (!published.has(v.tour_id) || v.is_busy !== 0 || v.number_of_free_seats <= 0 || v.start <= day) continue;
    const seen = first.get(v.tour_id);
    if (seen === undefined || v.start < seen) first.set(v.tour_id, v.start);
  }
  return [...first].map(([tour_id, start]) => ({ tour_id, start })).sort((a, b) => (a.start === b.start ? a.tour_id - b.tour_id : a.start < b.start ? -1 : 1));
}

const { t, app } = withTestServer();

describe('GET /spa/main-page-tours', () => {
  test('popular tours are the first cards of the default search (Tours tab, popular first), with the same prices', async () => {
    const body = await mainPage();
    const first = (await search('slug=tours')).groups.flatMap((g) => g.items).slice(0, MAIN_PAGE_TOURS);
    expect(body.popular).toHaveLength(MAIN_PAGE_TOURS);
    expect(body.popular.map((c) => c.id)).toEqual(first.map((c) => c.id));
    expect(body.popular.map((c) => [c.price, c.currency])).toEqual(first.map((c) => [c.price, c.currency]));
    expect(body.popular.every((c) => !c.isCruise)).toBe(true);
  });

  test("each travel style's count is the number of tours its link (the search with its slug) opens", async () => {
    const body = await mainPage();
    expect(body.styles).toHaveLength(MAIN_PAGE_STYLES);
    for (const style of body.styles) {
      expect({ slug: style.slug, count: (await search(`slug=${style.slug}`)).pagination.itemsCount }).toEqual({ slug: style.slug, count: style.tours_count });
    }
    // The styles with the most tours, as the search form lists them.
    const form = expectShape((await get(app, '/spa/search-form')).body, SearchFormAnswer);
    expect(body.styles).toEqual(form.types.slice(0, MAIN_PAGE_STYLES));
  });

  test('upcoming departures: the next free departure of published tours after today, soonest first, with its tour card', async () => {
    const body = await mainPage();
    const expected = (await nextDepartures(TODAY)).slice(0, MAIN_PAGE_UPCOMING);
    expect(expected).toHaveLength(MAIN_PAGE_UPCOMING);
    expect(body.upcoming.map((u) => ({ tour_id: u.tour.id, start: u.start }))).toEqual(expected);
    for (const u of body.upcoming) {
      expect(u.start > TODAY).toBe(true);
      expect(u.end >= u.start).toBe(true);
      expect(u.tour.price).toBeGreaterThan(0);
    }
  });

  test("'today' is the service's clock: a server ten days later shows departures after that day", async () => {
    const later = new Date(`${TODAY}T09:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 10);
    const laterDay = isoDate(later);
    const other = testServer(t.db, {}, { now: () => later.getTime() });
    try {
      const body = await mainPage(other);
      expect(body.upcoming.map((u) => u.start)).toEqual((await nextDepartures(laterDay)).slice(0, MAIN_PAGE_UPCOMING).map((d) => d.start));
      expect(body.upcoming.every((u) => u.start > laterDay)).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('recent reviews: the newest published reviews about published tours, shortened, each with its tour', async () => {
    const k = t.db.kysely;
    const [reviews, tours] = await Promise.all([
      k.selectFrom('reviews').select(['id', 'target', 'tour_id', 'date', 'is_published', 'body']).execute(),
      k.selectFrom('tours').select(['id', 'slug_en', 'is_published']).execute(),
    ]);
    const published = new Map(tours.filter((x) => x.is_published === 1).map((x) => [x.id, x]));
    const expected = reviews
      .filter((r) => r.is_published === 1 && r.target === 'tour' && r.tour_id !== null && published.has(r.tour_id))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
      .slice(0, MAIN_PAGE_REVIEWS);
    const body = await mainPage();
    expect(body.reviews.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    for (const [i, r] of body.reviews.entries()) {
      expect(r.tour.id).toBe(expected[i]!.tour_id);
      expect(r.tour.slug).toBe(published.get(r.tour.id)!.slug_en);
      expect(r.text.length).toBeLessThanOrEqual(200);
      expect(r.text.length).toBeGreaterThan(0);
    }
  });

  test("names and prices follow the request's locale and currency, as the search answers them", async () => {
    const headers = { 'x-language': 'de', 'x-currency': 'EUR' };
    const body = await mainPage(app, headers);
    const first = (await search('slug=tours', headers)).groups.flatMap((g) => g.items).slice(0, MAIN_PAGE_TOURS);
    expect(body.popular.map((c) => [c.title, c.price, c.currency])).toEqual(first.map((c) => [c.title, c.price, c.currency]));
    expect(body.popular.every((c) => c.currency === 'EUR')).toBe(true);
    const form = expectShape((await get(app, '/spa/search-form', headers)).body, SearchFormAnswer);
    expect(body.styles.map((s) => s.name)).toEqual(form.types.slice(0, MAIN_PAGE_STYLES).map((s) => s.name));
    expect(body.upcoming.every((u) => u.tour.currency === 'EUR')).toBe(true);
    // Another locale's answer is not served from this one's memo.
    const en = await mainPage(app, { 'x-language': 'en', 'x-currency': 'EUR' });
    expect(en.styles.map((s) => s.name)).not.toEqual(body.styles.map((s) => s.name));
  });
});
