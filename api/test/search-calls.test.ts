/** Search calls (public-site §7.2, §3.1–§3.4, §5.4, §5.7): /spa/tours, /spa/tours-page, /spa/cities-by-query (favourites: accounts.test.ts). */
import {
  CitiesByQueryAnswer, ToursAnswer, ToursPageAnswer, type ToursAnswer as ToursAnswerT,
} from '@tours/shared/src/api/schemas/search';
import { expectShape, get, TODAY, withTestServer } from './helpers';

const { t, app } = withTestServer();

const k = () => t.db.kysely;
async function tours(query: string, headers: Record<string, string> = {}): Promise<ToursAnswerT> {
  const res = await get(app, `/spa/tours?${query}`, headers);
  if (res.status !== 200) throw new Error(`${res.status} ${res.raw}`);
  return expectShape(res.body, ToursAnswer);
}
const items = (a: ToursAnswerT) => a.result.groups.flatMap((g) => g.items);
const ids = (a: ToursAnswerT) => items(a).map((i) => i.id);
/** Every published non-cruise tour id matching `where`, to compare totals. */
async function count(where: (q: ReturnType<typeof base>) => ReturnType<typeof base>): Promise<number> {
  const rows = await where(base()).select('t.id').execute();
  return rows.length;
}
const base = () => k().selectFrom('tours as t').where('t.is_published', '=', 1).where('t.is_cruise', '=', 0);

describe('GET /spa/tours', () => {
  test('the default search: groups tours then excursions, 18 per page, cards of §3.4', async () => {
    const a = await tours('slug=tours');
    const total = await count((q) => q);
    expect(a.result.pagination).toEqual({ page: 1, pages: Math.ceil(total / 18), itemsCount: total, itemsOnPage: 18, pageSize: 18 });
    expect(a.result.place).toEqual({ kind: 'search', id: null, name: 'Tours', slug: 'tours' });
    expect(a.result.groups[0]!.key).toBe('tours');
    expect(a.filters).toBeUndefined();
    const card = items(a)[0]!;
    const row = await k().selectFrom('tours').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ title: row.title_en, slug: row.slug_en, price: row.price, currency: 'RUB', originalPrice: row.price, originalCurrency: 'RUB', days: row.days, type: 'TOUR', isCruise: false });
    expect(card.image).toBe(`/media/tours/${card.id}-1/{{size}}/image.png`);
    expect(card.description).not.toMatch(/<[a-z]/i);
    expect(card.variants.every((v) => v.start >= TODAY)).toBe(true);
    expect(card.nearestVariant?.id ?? null).toBe(card.variants[0]?.id ?? null);
    expect(card.organizer.expert.first_name).not.toBe('');
  });

  test('prices in X-Currency; price filters are in X-Currency too', async () => {
    const usd = await tours('slug=tours&sort=price', { 'x-currency': 'USD' });
    const first = items(usd)[0]!;
    expect(first.currency).toBe('USD');
    expect(first.price).toBe(Math.round(first.originalPrice / 81.5));
    const capped = await tours('slug=tours&priceMax=500', { 'x-currency': 'USD' });
    expect(capped.result.pagination.itemsCount).toBe(await count((q) => q.where('t.price', '<=', 500 * 81.5)));
    expect(items(capped).every((i) => i.originalPrice <= 500 * 81.5)).toBe(true);
  });

  test.each([
    ['priceMin=20000&priceMax=60000', (q: ReturnType<typeof base>) => q.where('t.price', '>=', 20000).where('t.price', '<=', 60000)],
    ['pricePerDayMax=8000', (q: ReturnType<typeof base>) => q.where('t.price_per_day', '<=', 8000)],
    ['daysMin=5&daysMax=7', (q: ReturnType<typeof base>) => q.where('t.days', '>=', 5).where('t.days', '<=', 7)],
    ['comfort=4&comfort=5', (q: ReturnType<typeof base>) => q.where('t.comfort', 'in', [4, 5])],
    ['difficulty=1,2', (q: ReturnType<typeof base>) => q.where('t.difficulty', 'in', [1, 2])],
    ['minAge=6', (q: ReturnType<typeof base>) => q.where('t.min_age', '<=', 6)],
    ['maxGroupSize=12', (q: ReturnType<typeof base>) => q.where('t.group_max', '<=', 12)],
    ['operatorType=author', (q: ReturnType<typeof base>) => q.where('t.operator_type', '=', 'author')],
    ['type=2', (q: ReturnType<typeof base>) => q.where('t.type', '=', 2)],
    ['languages=de', (q: ReturnType<typeof base>) => q.where('t.id', 'in', k().selectFrom('tour_languages').select('tour_id').where('language', '=', 'de'))],
    ['accommodation=tent', (q: ReturnType<typeof base>) => q.where('t.id', 'in', k().selectFrom('tour_accommodation_kinds').select('tour_id').where('kind', '=', 'tent'))],
    // §5.4 clamping: the limits mean "no limit", nonsense is dropped, exactly as the client normalises
    ['priceMax=999999&daysMax=20&pricePerDayMax=30000', (q: ReturnType<typeof base>) => q],
    ['comfort=x&page=abc&sort=cheap&minAge=40', (q: ReturnType<typeof base>) => q.where('t.min_age', '<=', 0)],
  ])('filter %s runs in the database with the same result as a direct query', async (query, where) => {
    const a = await tours(`slug=tours&${query}&per-page=48`);
    expect(a.result.pagination.itemsCount).toBe(await count(where));
  });

  test('dates: tours with a free departure in the range', async () => {
    const from = TODAY;
    const to = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
    const a = await tours(`slug=tours&dateFrom=${from}&dateTo=${to}&per-page=48`);
    const dated = new Set([
      ...(await k().selectFrom('tour_variants').select('tour_id').where('is_busy', '=', 0).where('start', '>=', from).where('start', '<=', to).execute()).map((r) => r.tour_id),
      ...(await k().selectFrom('excursion_times').select('tour_id').where('date', '>=', from).where('date', '<=', to).execute()).map((r) => r.tour_id),
    ]);
    const expected = (await base().select('t.id').execute()).filter((r) => dated.has(r.id)).length;
    expect(a.result.pagination.itemsCount).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  test('a region slug filters by its region; aliases city and region; an unknown slug is a 404', async () => {
    const region = await k().selectFrom('regions as r').innerJoin('tour_regions as tr', 'tr.region_id', 'r.id').select(['r.id', 'r.slug', 'r.name_en'])
      .groupBy(['r.id', 'r.slug', 'r.name_en']).orderBy((eb) => eb.fn.countAll(), 'desc').executeTakeFirstOrThrow();
    const a = await tours(`slug=${region.slug}&per-page=48`);
    expect(a.result.place).toEqual({ kind: 'region', id: region.id, name: region.name_en, slug: region.slug });
    const inRegion = await count((q) => q.where('t.id', 'in', k().selectFrom('tour_regions').select('tour_id').where('region_id', '=', region.id)));
    expect(a.result.pagination.itemsCount).toBe(inRegion);
    expect(items(a).every((i) => i.regions.some((r) => r.id === region.id))).toBe(true);
    const alias = await tours(`slug=tours&region=${region.id}`);
    expect(alias.result.pagination.itemsCount).toBe(inRegion);
    const city = await k().selectFrom('tour_cities').select('city_id').groupBy('city_id').orderBy((eb) => eb.fn.countAll(), 'desc').executeTakeFirstOrThrow();
    const byCity = await tours(`slug=tours&city=${city.city_id}`);
    expect(byCity.result.pagination.itemsCount).toBe(await count((q) => q.where('t.id', 'in', k().selectFrom('tour_cities').select('tour_id').where('city_id', '=', city.city_id))));
    expect((await get(app, '/spa/tours?slug=no-such-place')).status).toBe(404);
  });

  test('full-text search in the locale of X-Language', async () => {
    const a = await tours('slug=tours&query=baikal&per-page=48');
    expect(a.result.pagination.itemsCount).toBeGreaterThan(0);
    const ru = await tours('slug=tours&query=Байкал', { 'x-language': 'ru' });
    expect(ru.result.pagination.itemsCount).toBeGreaterThan(0);
    const none = await tours('slug=tours&query=zzzzqqq');
    expect(none.result).toMatchObject({ groups: [], pagination: { itemsCount: 0, pages: 0 } });
  });

  test('sort by price both ways, within each group', async () => {
    for (const group of (await tours('slug=tours&sort=price&type=2&per-page=48')).result.groups) {
      const up = group.items.map((i) => i.originalPrice);
      expect([...up].sort((a, b) => a - b)).toEqual(up);
    }
    for (const group of (await tours('slug=tours&sort=-price&per-page=48')).result.groups) {
      const down = group.items.map((i) => i.originalPrice);
      expect([...down].sort((a, b) => b - a)).toEqual(down);
    }
  });

  test('pages follow each other; a group continues on the next page with the same key', async () => {
    const all = await tours('slug=tours&per-page=48&sort=price');
    const total = all.result.pagination.itemsCount;
    const seen: number[] = [];
    const keys: string[][] = [];
    for (let page = 1; page <= Math.ceil(total / 48); page += 1) {
      const res = expectShape((await get(app, `/spa/tours-page?slug=tours&per-page=48&sort=price&page=${page}`)).body, ToursPageAnswer);
      expect(res.result.pagination.page).toBe(page);
      seen.push(...res.result.groups.flatMap((g) => g.items.map((i) => i.id)));
      keys.push(res.result.groups.map((g) => g.key));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen.slice(0, 48)).toEqual(ids(all));
    // tours come before excursions: once the excursions start the tours do not come back
    const flat = keys.flat();
    expect(flat.indexOf('excursions')).toBeGreaterThan(flat.lastIndexOf('tours'));
    expect(flat.filter((key, i) => key !== flat[i - 1])).toEqual(['tours', 'excursions']);
  });

  test('the Cruises tab: cruises only, with their filters', async () => {
    const a = await tours('slug=tours&isCruisesSearch=1&expand=filters');
    expect(a.result.groups.map((g) => g.key)).toEqual(['cruises']);
    expect(items(a).every((i) => i.isCruise)).toBe(true);
    expect(a.filters!.map((s) => s.section)).toEqual(['cruises_types', 'cruises_start_city', 'cruises_direction', 'cruises_ships', 'dates', 'price', 'duration']);
    const ship = a.filters!.find((s) => s.section === 'cruises_ships')!.items[0]!;
    const byShip = await tours(`slug=tours&isCruisesSearch=1&shipId=${ship.value}`);
    expect(byShip.result.pagination.itemsCount).toBe(ship.count);
    const returning = await tours('slug=tours&isCruisesSearch=1&onlyReturningCruises=1&per-page=48');
    const expected = await k().selectFrom('tours').select('id').where('is_published', '=', 1).where('is_cruise', '=', 1).where('is_returning_cruise', '=', 1).execute();
    expect(returning.result.pagination.itemsCount).toBe(expected.length);
    const type = a.filters!.find((s) => s.section === 'cruises_types')!.items[0]!;
    expect((await tours(`slug=tours&isCruisesSearch=1&cruisesType=${type.value}`)).result.pagination.itemsCount).toBe(type.count);
    const water = a.filters!.find((s) => s.section === 'cruises_direction')!.items.find((i) => i.kind === 'waterObject')!;
    expect((await tours(`slug=tours&isCruisesSearch=1&waterObject=${water.value}`)).result.pagination.itemsCount).toBe(water.count);
  });

  test('expand=filters: every section of the Tours tab, counts that match what choosing the option gives', async () => {
    const a = await tours('slug=tours&expand=filters');
    expect(a.filters!.map((s) => s.section)).toEqual([
      'tours_direction', 'tours_activities', 'collections', 'dates', 'price', 'duration', 'age', 'accommodation', 'comfort', 'difficulty', 'languages', 'group_size', 'author_tours_operator',
    ]);
    const section = (name: string) => a.filters!.find((s) => s.section === name)!;
    const checks: [string, string][] = [['tours_direction', 'regions'], ['tours_activities', 'restKinds'], ['comfort', 'comfort'], ['difficulty', 'difficulty'], ['languages', 'languages'], ['accommodation', 'accommodation'], ['group_size', 'maxGroupSize'], ['age', 'minAge'], ['author_tours_operator', 'operatorType']];
    for (const [name, field] of checks) {
      const option = section(name).items.find((i) => i.count > 0)!;
      const chosen = await tours(`slug=tours&${field}=${option.value}`);
      expect([name, chosen.result.pagination.itemsCount]).toEqual([name, option.count]);
    }
    const price = section('price');
    const span = await base().select((eb) => [eb.fn.min('t.price').as('min'), eb.fn.max('t.price').as('max')]).executeTakeFirstOrThrow();
    expect([price.min, price.max]).toEqual([span.min, span.max]);
    expect(section('dates').min).toBe(TODAY);
  });

  test("a section's counts leave out its own filter, so another region can still be added", async () => {
    const a = await tours('slug=tours&expand=filters');
    const [r1, r2] = a.filters!.find((s) => s.section === 'tours_direction')!.items.filter((i) => i.kind === 'regions');
    const chosen = await tours(`slug=tours&regions=${r1!.value}&expand=filters`);
    const direction = chosen.filters!.find((s) => s.section === 'tours_direction')!;
    expect(direction.items.find((i) => i.kind === 'regions' && i.value === r2!.value)?.count).toBe(r2!.count);
    const both = await tours(`slug=tours&regions=${r1!.value}&regions=${r2!.value}`);
    expect(both.result.pagination.itemsCount).toBeGreaterThanOrEqual(Math.max(r1!.count, r2!.count));
  });

  test('input that could hurt is refused with field errors; lists are capped', async () => {
    const long = await get(app, `/spa/tours?query=${'x'.repeat(101)}`);
    expect(long.status).toBe(422);
    expect(long.body).toEqual({ message: 'Maximum 100 characters', errors: { query: 'Maximum 100 characters' } });
    const date = await get(app, '/spa/tours?dateFrom=tomorrow');
    expect(date.status).toBe(422);
    expect((date.body as { errors: Record<string, string> }).errors.dateFrom).toBe('Incorrect value');
    const many = await get(app, `/spa/tours?${Array.from({ length: 60 }, (_, i) => `regions=${i + 1}`).join('&')}`);
    expect(many.status).toBe(422);
    expect((many.body as { errors: Record<string, string> }).errors.regions).toBe('Maximum 50 values');
  });
});

describe('GET /spa/cities-by-query (§5.7)', () => {
  test('trimmed and lower-cased; any language; an empty query gives nothing', async () => {
    const city = await k().selectFrom('cities').select(['id', 'name_en', 'name_ru']).orderBy('id').executeTakeFirstOrThrow();
    const upper = expectShape((await get(app, `/spa/cities-by-query?query=${encodeURIComponent(`  ${city.name_en.toUpperCase()}  `)}`)).body, CitiesByQueryAnswer);
    expect(upper.result[0]).toMatchObject({ id: city.id, name: city.name_en });
    expect(upper.result[0]!.country.name).toBeTruthy();
    expect(upper.result[0]!.region.name).toBeTruthy();
    const ru = expectShape((await get(app, `/spa/cities-by-query?query=${encodeURIComponent(city.name_ru!.toLowerCase())}`, { 'x-language': 'ru' })).body, CitiesByQueryAnswer);
    expect(ru.result[0]).toMatchObject({ id: city.id, name: city.name_ru });
    expect((await get(app, '/spa/cities-by-query?query=%20%20')).body).toEqual({ result: [] });
    expect((await get(app, '/spa/cities-by-query?query=')).body).toEqual({ result: [] });
  });
});
