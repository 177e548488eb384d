/**
 * GET /spa/reviews: the site-wide reviews page (route reviews-index). The expectations are computed here from the
 * raw tables in plain code, not with the call's SQL, so a wrong join or filter in the call shows up.
 */
import { SiteReviewsAnswer } from '@tours/shared/src/api/schemas/reviews';
import { expectShape, get, withTestServer } from './helpers';

interface Row { id: number; target: string; tour_id: number | null; organizer_id: number; rating: number; date: string; is_published: number }
/** Every review the page may show, newest first (date, then id). */
let shown: Row[] = [];
const regionsOfTour = new Map<number, Set<number>>();
let regionIdBySlug = new Map<string, number>();

const newestFirst = (a: Row, b: Row) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const inRegion = (regionId: number) => shown.filter((r) => r.target === 'tour' && regionsOfTour.get(r.tour_id!)?.has(regionId));
const average = (rows: Row[]) => rows.reduce((a, r) => a + r.rating, 0) / rows.length;
const reviews = async (qs = '', headers: Record<string, string> = {}) => {
  const res = await get(app, `/spa/reviews${qs ? `?${qs}` : ''}`, headers);
  expect(res.status).toBe(200);
  return expectShape(res.body, SiteReviewsAnswer);
};

const { t, app } = withTestServer();
beforeAll(async () => {
  const k = t.db.kysely;
  const [all, tours, links, regions] = await Promise.all([
    k.selectFrom('reviews').select(['id', 'target', 'tour_id', 'organizer_id', 'rating', 'date', 'is_published']).execute(),
    k.selectFrom('tours').select(['id', 'organizer_id', 'is_published']).execute(),
    k.selectFrom('tour_regions').select(['tour_id', 'region_id']).execute(),
    k.selectFrom('regions').select(['id', 'slug']).execute(),
  ]);
  const publishedTours = new Set(tours.filter((x) => x.is_published === 1).map((x) => x.id));
  const activeOrganizers = new Set(tours.filter((x) => x.is_published === 1).map((x) => x.organizer_id));
  shown = all
    .filter((r) => r.is_published === 1 && (r.target === 'tour' ? publishedTours.has(r.tour_id!) : activeOrganizers.has(r.organizer_id)))
    .sort(newestFirst);
  for (const l of links) regionsOfTour.set(l.tour_id, (regionsOfTour.get(l.tour_id) ?? new Set()).add(l.region_id));
  regionIdBySlug = new Map(regions.map((r) => [r.slug, r.id]));
  // The catalogue has what the tests below need: unpublished reviews and tours, and organizer reviews.
  expect(all.length).toBeGreaterThan(shown.length);
  expect(shown.some((r) => r.target === 'organizer')).toBe(true);
});

describe('GET /spa/reviews', () => {
  test('the newest published reviews of the site, 10 per page, with the site summary and the region picker', async () => {
    const body = await reviews();
    expect(ids(body.reviews)).toEqual(ids(shown.slice(0, 10)));
    expect(body.pagination).toEqual({ page: 1, pages: Math.ceil(shown.length / 10), itemsCount: shown.length, itemsOnPage: 10, pageSize: 10 });
    expect(body.reviews_count).toBe(shown.length);
    expect(body.rating).toBeCloseTo(average(shown), 6);
    expect(body.region).toBeNull();
    // Tour reviews carry their tour (slug and name) for the link; organizer reviews do not.
    for (const r of body.reviews) {
      if (r.type === 'tour') expect(r.tour).toMatchObject({ slug: expect.stringMatching(/-\d+$/), name: expect.any(String) });
      else expect(r.tour).toBeNull();
    }
    // The picker: every region with reviews, its count, most first.
    const counts = body.regions.map((g) => g.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(body.regions.length).toBeGreaterThan(3);
    for (const g of body.regions) expect(g.count).toBe(inRegion(regionIdBySlug.get(g.slug)!).length);
    const withReviews = [...regionIdBySlug.values()].filter((id) => inRegion(id).length > 0);
    expect(body.regions).toHaveLength(withReviews.length);
  });

  test('a region keeps only reviews of tours in that region, with its own summary; names follow X-Language', async () => {
    const site = await reviews();
    const region = site.regions[1]!;
    const regionId = regionIdBySlug.get(region.slug)!;
    const expected = inRegion(regionId);
    const body = await reviews(`region=${region.slug}&limit=50`);
    expect(body.region).toEqual({ slug: region.slug, name: region.name });
    expect(body.pagination.itemsCount).toBe(region.count);
    expect(body.pagination.itemsCount).toBeLessThan(site.pagination.itemsCount);
    expect(ids(body.reviews)).toEqual(ids(expected.slice(0, 50)));
    // Every review is about a tour of the region (checked against tour_regions).
    expect(body.reviews.length).toBeGreaterThan(0);
    for (const r of body.reviews) {
      expect(r.type).toBe('tour');
      expect(regionsOfTour.get(r.tour!.id)?.has(regionId)).toBe(true);
    }
    expect(body.reviews_count).toBe(expected.length);
    expect(body.rating).toBeCloseTo(average(expected), 6);
    expect(body.regions).toEqual(site.regions);
    const name = await t.db.kysely.selectFrom('regions').select(['name_en', 'name_de']).where('id', '=', regionId).executeTakeFirstOrThrow();
    expect(region.name).toBe(name.name_en);
    const de = await reviews(`region=${region.slug}`, { 'X-Language': 'de' });
    expect(de.region).toEqual({ slug: region.slug, name: name.name_de ?? name.name_en });
  });

  test('an unknown region is a 404 in the error shape', async () => {
    expect(await get(app, '/spa/reviews?region=no-such-region')).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(await get(app, '/spa/reviews?region=a%2Fb')).toMatchObject({ status: 404, body: { message: 'Not found' } });
    // A NUL byte (any control character) is refused before any lookup, keyed by the field.
    expect(await get(app, '/spa/reviews?region=altai%00')).toMatchObject({ status: 422, body: { message: 'Incorrect value', errors: { region: 'Incorrect value' } } });
    // Empty is every region.
    expect((await reviews('region=')).pagination.itemsCount).toBe(shown.length);
  });

  test('pages follow each other without gaps or repeats; a page past the end is empty', async () => {
    const first = await reviews('limit=7');
    const second = await reviews('limit=7&page=2');
    expect(ids([...first.reviews, ...second.reviews])).toEqual(ids(shown.slice(0, 14)));
    expect(second.pagination).toMatchObject({ page: 2, pageSize: 7, itemsOnPage: 7, pages: Math.ceil(shown.length / 7) });
    const last = Math.ceil(shown.length / 50);
    const tail = await reviews(`limit=50&page=${last}`);
    expect(ids(tail.reviews)).toEqual(ids(shown.slice((last - 1) * 50)));
    expect(tail.pagination.itemsOnPage).toBe(shown.length - (last - 1) * 50);
    const past = await reviews(`limit=50&page=${last + 1}`);
    expect(past.reviews).toEqual([]);
    expect(past.pagination).toMatchObject({ page: last + 1, itemsOnPage: 0, itemsCount: shown.length });
  });

  test('the rating filter narrows the list, not the summary', async () => {
    const twos = shown.filter((r) => r.rating === 2);
    expect(twos.length).toBeGreaterThan(0);
    const body = await reviews('rating=2&limit=50');
    expect(ids(body.reviews)).toEqual(ids(twos.slice(0, 50)));
    expect(body.pagination.itemsCount).toBe(twos.length);
    expect(body.reviews_count).toBe(shown.length);
    const region = (await reviews()).regions[0]!;
    const both = await reviews(`region=${region.slug}&rating=5&limit=50`);
    const expected = inRegion(regionIdBySlug.get(region.slug)!).filter((r) => r.rating === 5);
    expect(ids(both.reviews)).toEqual(ids(expected.slice(0, 50)));
    expect(both.reviews_count).toBe(region.count);
  });

  test('limit, page and rating are validated: 422 with field errors keyed by field', async () => {
    expect((await reviews('limit=50')).reviews).toHaveLength(50);
    expect(await get(app, '/spa/reviews?limit=51')).toMatchObject({ status: 422, body: { message: 'Maximum 50', errors: { limit: 'Maximum 50' } } });
    expect(await get(app, '/spa/reviews?limit=0')).toMatchObject({ status: 422, body: { errors: { limit: 'Minimum 1' } } });
    expect(await get(app, '/spa/reviews?limit=ten')).toMatchObject({ status: 422, body: { errors: { limit: 'Incorrect value' } } });
    expect(await get(app, '/spa/reviews?page=0')).toMatchObject({ status: 422, body: { errors: { page: 'Minimum 1' } } });
    expect(await get(app, '/spa/reviews?rating=6&limit=60')).toMatchObject({ status: 422, body: { errors: { rating: 'Maximum 5', limit: 'Maximum 50' } } });
  });

  test('an organizer reply shows the photo of that organizer\'s main expert', async () => {
    const body = await reviews('limit=50');
    const replied = body.reviews.find((r) => r.reply_review);
    expect(replied).toBeDefined();
    const row = shown.find((r) => r.id === replied!.id)!;
    const experts = await t.db.kysely.selectFrom('experts').select(['id', 'has_photo', 'is_main', 'position']).where('organizer_id', '=', row.organizer_id).orderBy('position').execute();
    const main = experts.find((e) => e.is_main === 1) ?? experts[0]!;
    expect(replied!.reply_review!.organizer_data.expert.photo.url).toBe(main.has_photo ? `/media/experts/${main.id}-1/{{size}}/image.png` : null);
  });

  test('the call is in the OpenAPI description with its parameters', async () => {
    const doc = (await get(app, '/api-docs/openapi.json')).body as { paths: Record<string, { get?: { tags: string[]; parameters: { name: string; schema: Record<string, unknown> }[] } }> };
    const op = doc.paths['/spa/reviews']?.get;
    expect(op?.tags).toEqual(['reviews']);
    expect(op?.parameters.map((p) => p.name).sort()).toEqual(['limit', 'page', 'rating', 'region']);
    expect(op?.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({ default: 10, minimum: 1, maximum: 50 });
  });
});
