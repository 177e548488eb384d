/** GET /spa/validate-slug (public-site §2.1). */
import { ValidateSlugAnswer } from '@tours/shared/src/api/schemas/slugs';
import { expectShape, get, withTestServer } from './helpers';

const { t, app } = withTestServer();

async function check(slug: string, headers: Record<string, string> = {}) {
  const res = await get(app, `/spa/validate-slug?slug=${encodeURIComponent(slug)}`, headers);
  expect(res.status).toBe(200);
  return expectShape(res.body, ValidateSlugAnswer).result;
}

test.each([['tours', 'tours'], ['touren', 'tours'], ['lvyou', 'tours'], ['tury', 'tours']])('default search slug %s', async (slug, canonicalEn) => {
  expect(await check(slug)).toEqual({ valid: true, kind: 'search', name: 'Tours', slug: canonicalEn });
  expect((await check(slug, { 'x-language': 'de' })).slug).toBe('touren');
});

test('region, city, travel style and collection slugs', async () => {
  expect(await check('altai-republic')).toMatchObject({ valid: true, kind: 'region', name: 'Altai Republic' });
  expect(await check('irkutsk')).toMatchObject({ valid: true, kind: 'city', name: 'Irkutsk' });
  expect(await check('moscow')).toMatchObject({ valid: true, kind: 'region' });
  expect(await check('moscow-city')).toMatchObject({ valid: true, kind: 'city', name: 'Moscow' });
  expect(await check('jeep-tour')).toMatchObject({ valid: true, kind: 'rest_kind', name: 'Jeep tour' });
  expect(await check('winter-fairy-tale', { 'x-language': 'zh-CN' })).toMatchObject({ valid: true, kind: 'collection', name: '冬季童话' });
  expect(await check('/Altai-Republic/')).toMatchObject({ valid: true, kind: 'region' });
});

test('tour slugs: published tours are valid, with the canonical slug of the locale', async () => {
  const tour = await t.db.kysely.selectFrom('tours').selectAll().where('is_published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  expect(await check(tour.slug_en)).toEqual({ valid: true, kind: 'tour', id: tour.id, name: tour.title_en, slug: tour.slug_en });
  expect(await check(`some-old-title-${tour.id}`)).toMatchObject({ valid: true, kind: 'tour', id: tour.id, slug: tour.slug_en });
  expect((await check(tour.slug_en, { 'x-language': 'ru' })).slug).toBe(tour.slug_ru);
  const hidden = await t.db.kysely.selectFrom('tours').selectAll().where('is_published', '=', 0).executeTakeFirst();
  if (hidden) expect(await check(hidden.slug_en)).toEqual({ valid: false });
  expect(await check('nice-tour-99999999')).toEqual({ valid: false });
});

test('blog categories and posts', async () => {
  expect(await check('destinations')).toMatchObject({ valid: true, kind: 'blog' });
  const post = await t.db.kysely.selectFrom('blog_posts').selectAll().where('is_published', '=', 1).executeTakeFirstOrThrow();
  expect(await check(post.slug_en)).toMatchObject({ valid: true, kind: 'blog', id: post.id });
});

test.each(['nothing-here', 'тур', '🏔️', 'a b', '../../etc/passwd', "x' or 1=1 --", 'a'.repeat(300)])('%s is not valid', async (slug) => {
  expect(await check(slug)).toEqual({ valid: false });
});

test('missing, empty and over-long slugs are 422', async () => {
  for (const qs of ['', 'slug=', `slug=${'a'.repeat(301)}`, 'slug=a&slug=b']) {
    const res = await get(app, `/spa/validate-slug?${qs}`);
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as { errors: object }).errors)).toEqual(['slug']);
  }
});
