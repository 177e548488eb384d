/**
 * Issue 17, defect 4: every count the site shows next to a link or a heading equals what that link (or the list under
 * the heading) shows. Each test reads a count from one call and asks the call its link makes.
 */
import { OrganizerInfoAnswer, OrganizerReviewsAnswer } from '@tours/shared/src/api/schemas/organizers';
import { SearchFormAnswer } from '@tours/shared/src/api/schemas/reference';
import { SiteReviewsAnswer } from '@tours/shared/src/api/schemas/reviews';
import { ToursAnswer, type FilterOption } from '@tours/shared/src/api/schemas/search';
import { RemovedTourData, TourDetailAnswer, TourReviewsAnswer } from '@tours/shared/src/api/schemas/tours';
import { expectShape, get, withTestServer } from './helpers';

const { t, app } = withTestServer();

const k = () => t.db.kysely;

/** The number of tours a search link opens ('{n} tours found' and the page caption both read it). */
async function found(query: string): Promise<number> {
  const res = await get(app, `/spa/tours?${query}`);
  expect(res.status).toBe(200);
  return expectShape(res.body, ToursAnswer).result.pagination.itemsCount;
}

/** A few items spread over a list (most, middle, fewest), so the tests look at big and small counts alike. */
function spread<T>(items: readonly T[], n = 4): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!);
}

describe('main page and destinations: region and travel-style chips', () => {
  test("each region's and travel style's count is the number of tours its link opens (the Tours tab with its slug)", async () => {
    const form = expectShape((await get(app, '/spa/search-form')).body, SearchFormAnswer);
    expect(form.regions.length).toBeGreaterThan(3);
    expect(form.types.length).toBeGreaterThan(3);
    for (const item of [...spread(form.regions), ...spread(form.types)]) {
      expect({ slug: item.slug, count: await found(`slug=${item.slug}`) }).toEqual({ slug: item.slug, count: item.tours_count });
    }
  });

  test('a region that has cruises is not counted with them (the chip opens the Tours tab)', async () => {
    const row = await k().selectFrom('tour_regions as tr').innerJoin('tours as t', 't.id', 'tr.tour_id').innerJoin('regions as r', 'r.id', 'tr.region_id')
      .select(['r.slug']).where('t.is_published', '=', 1).where('t.is_cruise', '=', 1).orderBy('r.id').executeTakeFirst();
    if (!row) return; // a seed without cruises has nothing to confuse
    const form = expectShape((await get(app, '/spa/search-form')).body, SearchFormAnswer);
    const chip = form.regions.find((r) => r.slug === row.slug);
    const tours = await found(`slug=${row.slug}`);
    expect(chip?.tours_count ?? 0).toBe(tours);
  });
});

describe('search: filter option counts', () => {
  const param: Partial<Record<FilterOption['kind'], string>> = {
    regions: 'regions', cities: 'cities', restKinds: 'restKinds', collections: 'collections', minAge: 'minAge', accommodation: 'accommodation',
    comfort: 'comfort', difficulty: 'difficulty', languages: 'languages', maxGroupSize: 'maxGroupSize', operatorType: 'operatorType',
    cruisesType: 'cruisesType', cruisesStartCity: 'cruisesStartCity', ships: 'ships', waterObject: 'waterObject', showplace: 'showplace',
  };

  test.each([
    ['the Tours tab', 'slug=tours'],
    ['the Cruises tab', 'slug=tours&isCruisesSearch=1'],
    ['a region page', null],
  ])('on %s, choosing an option finds as many tours as the option says', async (_name, base) => {
    let query = base;
    if (query === null) {
      const form = expectShape((await get(app, '/spa/search-form')).body, SearchFormAnswer);
      query = `slug=${form.regions[0]!.slug}`;
    }
    const answer = expectShape((await get(app, `/spa/tours?${query}&expand=filters`)).body, ToursAnswer);
    const sections = answer.filters ?? [];
    let checked = 0;
    for (const section of sections) {
      // A list that already has a chosen value adds with OR (the page's region and another one): its options count
      // their own tours, which the test of the Tours tab covers; here the other lists narrow the region's tours.
      const chosen = new Set(section.items.filter((i) => answer.result.place?.kind === 'region' && i.kind === 'regions').map((i) => i.kind));
      const items = section.items.filter((i) => i.count > 0 && param[i.kind] && !chosen.has(i.kind));
      for (const item of spread(items, 3)) {
        const total = await found(`${query}&${param[item.kind]}=${encodeURIComponent(String(item.value))}`);
        expect({ section: section.section, value: item.value, count: total }).toEqual({ section: section.section, value: item.value, count: item.count });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('tour page: the rating in the title, the reviews section and its tabs', () => {
  test("the title's count (the tour's own reviews, as on its card) is the Tour tab's heading and count; each tab's heading counts what it lists", async () => {
    const tours = await k().selectFrom('tours').select(['id', 'slug_en', 'organizer_id', 'reviews_count']).where('is_published', '=', 1).where('is_cruise', '=', 0)
      .where('reviews_count', '>', 0).orderBy('id').limit(40).execute();
    // Tours whose organizer also has reviews about itself: the case where the title and the All tab differ.
    const organizerReviewed = new Set((await k().selectFrom('reviews').select('organizer_id').where('target', '=', 'organizer').where('is_published', '=', 1).execute()).map((r) => r.organizer_id));
    const picked = [...tours.filter((x) => organizerReviewed.has(x.organizer_id)).slice(0, 3), ...tours.filter((x) => !organizerReviewed.has(x.organizer_id)).slice(0, 2)];
    expect(picked.length).toBeGreaterThanOrEqual(3);
    for (const tour of picked) {
      const page = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}`)).body, TourDetailAnswer);
      const tab = async (type: string) => expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&type=${type}&limit=50`)).body, TourReviewsAnswer);
      const [own, all, provider] = await Promise.all([tab('tour'), tab('all'), tab('organizer')]);
      expect(own.reviews_count).toBe(page.reviews_count);
      expect(own.rating).toBe(page.rating);
      expect(own.counts.tour).toBe(page.reviews_count);
      for (const answer of [own, all, provider]) expect(answer.reviews_count).toBe(answer.pagination.itemsCount);
      expect(all.reviews_count).toBe(all.counts.all);
      expect(provider.reviews_count).toBe(all.counts.organizer);
      // The card of the same tour in the search shows the same count.
      const search = expectShape((await get(app, `/spa/tours?slug=tours&organizer=${tour.organizer_id}&per-page=50`)).body, ToursAnswer);
      const card = search.result.groups.flatMap((g) => g.items).find((c) => c.id === tour.id);
      if (card) expect({ rating: card.rating, count: card.reviewsCount }).toEqual({ rating: page.rating, count: page.reviews_count });
    }
  });
});

describe('organizer page', () => {
  test("the heading's rating and count are those of the reviews list under it", async () => {
    const organizers = await k().selectFrom('organizers').select('id').where('id', 'in', k().selectFrom('tours').select('organizer_id').where('is_published', '=', 1))
      .orderBy('id').limit(4).execute();
    for (const { id } of organizers) {
      const info = expectShape((await get(app, `/crm/api/organizer/info?id=${id}`)).body, OrganizerInfoAnswer);
      const list = expectShape((await get(app, `/spa/organizer-reviews?id=${id}&limit=3`)).body, OrganizerReviewsAnswer);
      expect(info.reviews_count).toBe(list.pagination.itemsCount);
      expect(list.reviews_count).toBe(list.pagination.itemsCount);
      expect(info.rating).toBe(list.rating);
    }
  });
});

describe('reviews page', () => {
  test("each region's count in the picker is the number of reviews its page lists", async () => {
    const site = expectShape((await get(app, '/spa/reviews')).body, SiteReviewsAnswer);
    expect(site.reviews_count).toBe(site.pagination.itemsCount);
    for (const region of spread(site.regions)) {
      const page = expectShape((await get(app, `/spa/reviews?region=${region.slug}`)).body, SiteReviewsAnswer);
      expect({ slug: region.slug, count: page.pagination.itemsCount }).toEqual({ slug: region.slug, count: region.count });
    }
  });
});

describe('removed tour page: similar destinations', () => {
  test("each destination's count is the number of tours its link opens", async () => {
    const hidden = await k().selectFrom('tours').select('slug_en').where('is_published', '=', 0).orderBy('id').limit(3).execute();
    let checked = 0;
    for (const h of hidden) {
      const res = await get(app, `/spa/tour?slug=${h.slug_en}`);
      const data = expectShape((res.body as { data: unknown }).data, RemovedTourData);
      for (const d of data.similar_destinations) {
        expect({ slug: d.slug, count: await found(`slug=${d.slug}`) }).toEqual({ slug: d.slug, count: d.tours_count });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
