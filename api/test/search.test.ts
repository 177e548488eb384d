/** Full-text search over tours, done by the database: searchToursText (SQLite FTS5 / PostgreSQL tsvector). */
import type { FastifyInstance } from 'fastify';
import { ToursAnswer } from '@tours/shared/src/api/schemas/search';
import { searchToursText } from '../src/db/search';
import { expectShape, get, testServer, withTestDb } from './helpers';

const t = withTestDb();

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
  // Title matches first, then by rank.
  const order = hits.map((h) => [h.inTitle ? 0 : 1, -h.rank] as const);
  expect([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(order);
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

/** Every tour the search page's Tours tab lists for a text, page after page, in the locale of X-Language. */
async function searchThrough(app: FastifyInstance, query: string, language = 'en'): Promise<{ id: number; title: string; group: string }[]> {
  const out: { id: number; title: string; group: string }[] = [];
  for (let page = 1; ; page += 1) {
    const res = await get(app, `/spa/tours?slug=tours&query=${encodeURIComponent(query)}&per-page=48&page=${page}`, { 'x-language': language });
    expect(res.status).toBe(200);
    const { result } = expectShape(res.body, ToursAnswer);
    out.push(...result.groups.flatMap((g) => g.items.map((i) => ({ id: i.id, title: i.title, group: g.key }))));
    if (page >= result.pagination.pages) return out;
  }
}

/** Words of a text (markup out, lower case, letters only). */
const wordsOf = (...texts: (string | null | undefined)[]) => new Set(texts.join(' ').replace(/<[^>]*>/g, ' ').toLowerCase().match(/\p{L}+/gu) ?? []);

describe('through the search page (GET /spa/tours?query=…; issue 17 defect 3)', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = testServer(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Published tours of the Tours tab with every text of theirs a traveller reads, and their programme days apart. */
  async function catalogue() {
    const k = t.db.kysely;
    const tours = await k.selectFrom('tours').selectAll().where('is_published', '=', 1).where('is_cruise', '=', 0).orderBy('id').execute();
    const days = await k.selectFrom('program_days').select(['tour_id', 'title_en', 'title_cn', 'description_en', 'description_cn']).orderBy('id').execute();
    const impressions = await k.selectFrom('main_impressions').select(['tour_id', 'title_en', 'title_cn', 'description_en', 'description_cn']).execute();
    const of = <R extends { tour_id: number }>(rows: R[], id: number) => rows.filter((r) => r.tour_id === id);
    return tours.map((tour) => ({
      tour,
      days: of(days, tour.id),
      /** Everything but the programme days' descriptions: titles, description, excursion programme, living base, day titles, impressions. */
      rest: (lang: 'en' | 'cn') => [
        tour.title_en, tour.title_cn, tour.title_de, tour.title_ru, tour[`description_${lang}`], tour[`excursion_program_description_${lang}`],
        tour[`living_base_description_${lang}`], ...of(days, tour.id).map((d) => d[`title_${lang}`]),
        ...of(impressions, tour.id).flatMap((m) => [m[`title_${lang}`], m[`description_${lang}`]]),
      ].join(' '),
    }));
  }

  test("a word only in a programme day's description finds its tour, in English, German and Chinese", async () => {
    const all = await catalogue();
    // A word some tour has only in its programme days' descriptions: in none of its other texts, and no place, travel
    // style or collection name has it (the body holds those too).
    const k = t.db.kysely;
    const named = [
      ...(await k.selectFrom('regions').select(['name_en', 'name_cn', 'short_en', 'short_cn']).execute()).flatMap((r) => [r.name_en, r.name_cn, r.short_en, r.short_cn]),
      ...(await Promise.all((['cities', 'showplaces', 'water_objects', 'ships', 'rest_kinds', 'collections'] as const).map((table) =>
        k.selectFrom(table).select(['name_en', 'name_cn']).execute()))).flat().flatMap((r) => [r.name_en, r.name_cn]),
    ];
    const places = wordsOf(...named);
    const placesCn = named.join(' ');
    let found: { id: number; word: string } | null = null;
    for (const x of all) {
      const rest = wordsOf(x.rest('en'));
      const only = [...wordsOf(...x.days.map((d) => d.description_en))].filter((w) => w.length >= 7 && !rest.has(w) && !places.has(w)).sort();
      if (only[0]) {
        found = { id: x.tour.id, word: only[0] };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { id, word } = found!;
    for (const language of ['en', 'de']) expect((await searchThrough(app, word, language)).map((h) => h.id)).toContain(id);

    // Chinese: four characters of a day's description that no other text of the tour has.
    let cn: { id: number; phrase: string } | null = null;
    for (const x of all) {
      const rest = x.rest('cn');
      for (const d of x.days) {
        const han = d.description_cn.replace(/<[^>]*>/g, '');
        for (let i = 0; i + 4 <= han.length && !cn; i++) {
          const phrase = han.slice(i, i + 4);
          if (/^\p{Script=Han}{4}$/u.test(phrase) && !rest.includes(phrase) && !placesCn.includes(phrase)) cn = { id: x.tour.id, phrase };
        }
      }
      if (cn) break;
    }
    expect(cn).not.toBeNull();
    expect((await searchThrough(app, cn!.phrase, 'cn')).map((h) => h.id)).toContain(cn!.id);
  });

  test('tours with the word in their title come first, then those with it only in their texts', async () => {
    const all = await catalogue();
    // A word of some tours' titles that other tours of the same group have only in their texts (the most such tours).
    const inTitle = new Map<string, number>();
    const inTextsOnly = new Map<string, number>();
    for (const { tour, days } of all.filter((x) => x.tour.type === 1)) {
      const title = wordsOf(tour.title_en);
      for (const w of title) inTitle.set(w, (inTitle.get(w) ?? 0) + 1);
      for (const w of wordsOf(tour.description_en, ...days.map((d) => d.description_en))) if (!title.has(w)) inTextsOnly.set(w, (inTextsOnly.get(w) ?? 0) + 1);
    }
    // A word no title has another form of (the search matches stems, so 'walks' would find 'walking').
    const titles = all.map((x) => x.tour.title_en).join(' ');
    const oneForm = (w: string) => (titles.match(new RegExp(`\\b${w.slice(0, -2)}\\p{L}*`, 'giu')) ?? []).every((x) => x.toLowerCase().startsWith(w));
    const [word] = [...inTitle].filter(([w, n]) => w.length >= 5 && n >= 1 && n <= 10 && (inTextsOnly.get(w) ?? 0) >= 3 && oneForm(w))
      .sort((a, b) => (inTextsOnly.get(b[0]) ?? 0) - (inTextsOnly.get(a[0]) ?? 0) || a[0].localeCompare(b[0]))[0]!;
    const hits = (await searchThrough(app, word)).filter((h) => h.group === 'tours');
    const titled = hits.map((h) => new RegExp(`\\b${word}`, 'i').test(h.title));
    // Both kinds are there, and every title match is listed before the first tour without the word in its title.
    expect({ word, titled: titled.filter(Boolean).length > 0, untitled: titled.filter((x) => !x).length >= 3 }).toEqual({ word, titled: true, untitled: true });
    expect(titled.lastIndexOf(true)).toBeLessThan(titled.indexOf(false));
  });
});
