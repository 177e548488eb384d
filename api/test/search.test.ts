/** Full-text search over tours, done by the database: searchToursText (SQLite FTS5 / PostgreSQL tsvector). */
import { searchToursText } from '../src/db/search';
import { createTestDb, type TestDb } from './helpers';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

async function regionsOf(ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await t.db.kysely
    .selectFrom('tour_regions as tr')
    .innerJoin('regions as r', 'r.id', 'tr.region_id')
    .select(['tr.tour_id', 'r.slug'])
    .where('tr.tour_id', 'in', ids)
    .execute();
  return rows.map((r) => r.slug);
}

test('English words find tours by place and style, best first', async () => {
  const hits = await searchToursText(t.db, 'Baikal', 'en', 10);
  expect(hits.length).toBeGreaterThan(0);
  expect(await regionsOf(hits.map((h) => h.id))).toEqual(expect.arrayContaining(['irkutsk-oblast']));
  expect(hits.every((h) => /-\d+$/.test(h.slug) && h.title)).toBe(true);
  const ranks = hits.map((h) => h.rank);
  expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
});

test('the last word is a prefix; words combine with AND', async () => {
  const prefix = await searchToursText(t.db, 'kamch', 'en', 50);
  expect(prefix.length).toBeGreaterThan(0);
  expect(new Set(await regionsOf(prefix.map((h) => h.id)))).toContain('kamchatka-krai');
  const both = await searchToursText(t.db, 'jeep altai', 'en', 50);
  for (const h of both) expect(h.title.toLowerCase() + (await regionsOf([h.id])).join(' ')).toMatch(/altai/);
});

test('Chinese phrases and Russian words', async () => {
  const cn = await searchToursText(t.db, '贝加尔', 'cn', 10);
  expect(cn.length).toBeGreaterThan(0);
  expect(cn.every((h) => /[\u4e00-\u9fff]/.test(h.title))).toBe(true);
  const ru = await searchToursText(t.db, 'Байкал', 'ru', 10);
  expect(ru.length).toBeGreaterThan(0);
  const de = await searchToursText(t.db, 'moskau', 'de', 10);
  expect(de.length).toBeGreaterThan(0);
});

test('limits, empty and hostile queries, unpublished tours', async () => {
  expect(await searchToursText(t.db, 'tour', 'en', 3)).toHaveLength(3);
  expect(await searchToursText(t.db, '', 'en', 10)).toEqual([]);
  expect(await searchToursText(t.db, '   ---   ', 'en', 10)).toEqual([]);
  for (const q of ['"; drop table tours; --', 'NEAR(a b)', 'title:x OR', '*', "o'neil", 'a & b | !c', '\u0000']) {
    expect(Array.isArray(await searchToursText(t.db, q, 'en', 5))).toBe(true);
  }
  const hidden = await t.db.kysely.selectFrom('tours').select(['id', 'title_en']).where('is_published', '=', 0).execute();
  for (const h of hidden) {
    const hits = await searchToursText(t.db, h.title_en, 'en', 100);
    expect(hits.map((x) => x.id)).not.toContain(h.id);
  }
});

test("words only in a tour's own texts find it (issue 17 defect 3); a title match ranks first", async () => {
  const rows = await t.db.kysely.selectFrom('tours').select(['id', 'title_en', 'description_en']).where('is_published', '=', 1).execute();
  const words = (text: string | null) => new Set((text ?? '').replace(/<[^>]*>/g, ' ').toLowerCase().match(/\p{L}{6,}/gu) ?? []);
  const inTitles = new Set(rows.flatMap((r) => [...words(r.title_en)]));
  const counts = new Map<string, number>();
  for (const r of rows) for (const w of words(r.description_en)) if (!inTitles.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  // A description word of a few tours that no title has.
  const [word] = [...counts.entries()].filter(([, n]) => n >= 2 && n <= 50).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  const expected = rows.filter((r) => words(r.description_en).has(word)).map((r) => r.id).sort((a, b) => a - b);
  const hits = await searchToursText(t.db, word, 'en', 100);
  expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining(expected));
  // The same word finds them on the German and Russian pages too (their content is the English text).
  expect((await searchToursText(t.db, word, 'de', 100)).length).toBeGreaterThanOrEqual(expected.length);

  // A word in some titles and in other tours' texts: the title hits come first.
  const title = rows.find((r) => /baikal/i.test(r.title_en))!;
  expect(title).toBeTruthy();
  const baikal = await searchToursText(t.db, 'baikal', 'en', 100);
  const firstBodyOnly = baikal.findIndex((h) => !/baikal/i.test(h.title));
  const lastTitle = baikal.map((h) => /baikal/i.test(h.title)).lastIndexOf(true);
  if (firstBodyOnly >= 0) expect(lastTitle).toBeLessThan(firstBodyOnly);
});
