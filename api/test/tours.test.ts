/** Tour detail (public-site §3.5) and the search autocomplete. */
import { AutocompleteAnswer, TourDetailAnswer } from '@tours/shared/src/api/schemas/tours';
import { HOSTILE_TOUR_IDS } from '../src/db/seed';
import { HOSTILE_PAYLOADS } from '../src/db/seed/hostile';
import { suggestionKinds } from '../src/routes/tours';
import { expectShape, get, withTestServer } from './helpers';

const { t, app } = withTestServer();

const published = () => t.db.kysely.selectFrom('tours').selectAll().where('is_published', '=', 1);

describe('GET /spa/tour', () => {
  test('a tour with variants, programme, accommodation and organizer; prices in X-Currency', async () => {
    const tour = await published().where('type', '=', 1).where('is_cruise', '=', 0).where('days', '>=', 3).orderBy('id').executeTakeFirstOrThrow();
    const rub = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}&expand_program=1`)).body, TourDetailAnswer);
    expect(rub).toMatchObject({ id: tour.id, slug: tour.slug_en, title: tour.title_en, currency: 'RUB', original_currency: 'RUB', price: tour.price, type: 1, type_name: 'TOUR', duration: tour.days, duration_unit: 'days' });
    expect(rub.redirect).toBeUndefined();
    expect(rub.program).toHaveLength(tour.days);
    expect(rub.program[0]?.description).toContain('<p>');
    expect(rub.images.length).toBe(tour.image_count);
    expect(rub.penalties.length).toBeGreaterThan(0);
    expect(rub.organizer.id).toBe(tour.organizer_id);
    expect(rub.breadcrumbs.at(-1)).toEqual({ title: tour.title_en, screen_name: tour.slug_en });
    const usd = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}`, { 'x-currency': 'USD' })).body, TourDetailAnswer);
    expect(usd.currency).toBe('USD');
    expect(usd.original_price).toBe(tour.price);
    expect(usd.price).toBe(Math.round(tour.price / 81.5));
    expect(usd.variants.every((v) => v.currency === 'USD')).toBe(true);
    expect(usd.program[0]?.description).toBe('');
    const cnRegion = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}`, { 'x-localization': '12', 'x-language': 'zh-CN' })).body, TourDetailAnswer);
    expect(cnRegion.currency).toBe('CNY');
    expect(cnRegion.title).toBe(tour.title_cn);
  });

  test('an excursion has hours and dates; a cruise has a ship table', async () => {
    const excursion = await published().where('type', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const e = expectShape((await get(app, `/spa/tour?slug=${excursion.slug_en}`)).body, TourDetailAnswer);
    expect(e).toMatchObject({ type: 2, type_name: 'EXCURSION', duration_unit: 'hours', duration: excursion.hours });
    expect(e.excursion_dates.length).toBeGreaterThan(0);
    expect(e.excursion_program_description).toBeTruthy();
    const cruise = await published().where('is_cruise', '=', 1).orderBy('id').executeTakeFirst();
    if (cruise) {
      const c = expectShape((await get(app, `/spa/tour?slug=${cruise.slug_en}`)).body, TourDetailAnswer);
      expect(c.is_cruise).toBe(true);
      expect(c.cabins_price_table).toContain('<table>');
    }
  });

  test('hostile HTML is returned as it is (the client sanitises)', async () => {
    const body = expectShape((await get(app, `/spa/tour?slug=x-${HOSTILE_TOUR_IDS[0]}&expand_program=1`)).body, TourDetailAnswer);
    for (const p of HOSTILE_PAYLOADS) expect(body.description).toContain(p);
    expect(body.redirect).toBe(`/${body.slug}`);
  });

  test('locales, alt texts and reviews', async () => {
    const tour = await published().where('reviews_count', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    const de = expectShape((await get(app, `/spa/tour?slug=${tour.slug_de}&with_alt=1&expand_reviews=1`, { 'x-language': 'de' })).body, TourDetailAnswer);
    expect(de.fallback_locale).toBe('en');
    expect(de.slug).toBe(tour.slug_de);
    expect(de.images[0]?.alt).toBeTruthy();
    expect(de.reviews?.length).toBe(Math.min(3, tour.reviews_count));
  });

  test('unknown or unpublished tours are 404; bad slugs 422', async () => {
    expect((await get(app, '/spa/tour?slug=nothing-99999999')).status).toBe(404);
    expect((await get(app, '/spa/tour?slug=no-number')).status).toBe(404);
    const hidden = await t.db.kysely.selectFrom('tours').select('slug_en').where('is_published', '=', 0).executeTakeFirst();
    if (hidden) expect((await get(app, `/spa/tour?slug=${hidden.slug_en}`)).status).toBe(404);
    for (const qs of ['', 'slug=', 'slug=A%20B', 'slug=x-1&site_id=0', 'slug=x-1&expand_program=2']) {
      expect((await get(app, `/spa/tour?${qs}`)).status).toBe(422);
    }
  });
});

describe('GET /spa/autocomplete', () => {
  const ask = async (qs: string, headers: Record<string, string> = {}) => expectShape((await get(app, `/spa/autocomplete?${qs}`, headers)).body, AutocompleteAnswer).result;

  test('groups of §3.3 kinds with id, name, slug and path', async () => {
    const result = await ask('query=baik');
    const kinds = result.map((g) => g.kind);
    expect(kinds).toEqual(expect.arrayContaining(['water_objects', 'tours']));
    expect(result.find((g) => g.kind === 'water_objects')?.items[0]).toMatchObject({ name: 'Lake Baikal', slug: 'lake-baikal' });
    expect(result.flatMap((g) => g.items).every((i) => i.path.startsWith('/en/'))).toBe(true);
    const altai = await ask('query=altai', { 'x-language': 'zh-CN' });
    expect(altai.find((g) => g.kind === 'regions')?.items[0]).toMatchObject({ name: '阿尔泰共和国', path: '/altai-republic' });
  });

  test('names match in every language', async () => {
    expect((await ask('query=Алтай')).find((g) => g.kind === 'regions')?.items.map((i) => i.slug)).toContain('altai-republic');
    expect((await ask('query=贝加尔')).find((g) => g.kind === 'water_objects')?.items[0]?.slug).toBe('lake-baikal');
    expect((await ask('query=moskau')).find((g) => g.kind === 'regions')?.items[0]?.slug).toBe('moscow');
  });

  test('only, exclude and cruise search', async () => {
    expect((await ask('query=ka&only=regions')).map((g) => g.kind)).toEqual(['regions']);
    expect((await ask('query=baikal&exclude=tours,water_objects')).map((g) => g.kind)).not.toEqual(expect.arrayContaining(['tours']));
    const cruise = await ask('query=mustai&isCruisesSearch=1');
    expect(cruise.find((g) => g.kind === 'ships')?.items[0]?.path).toMatch(/isCruisesSearch=1&shipId=\d+$/);
    expect(suggestionKinds(['cities'], [], true)).toEqual(['cities']);
    expect(suggestionKinds(null, ['tours'], false)).not.toContain('tours');
  });

  test('empty queries give nothing; bad input is 422', async () => {
    expect(await ask('query=')).toEqual([]);
    expect(await ask('query=%20%20')).toEqual([]);
    expect(await ask('query=zzzzqqq')).toEqual([]);
    for (const qs of ['', `query=${'a'.repeat(101)}`, 'query=a&only=Regions!', 'query=a&isCruisesSearch=perhaps']) {
      expect((await get(app, `/spa/autocomplete?${qs}`)).status).toBe(422);
    }
  });
});
