/**
 * Full-text search over tours, done by the database (migration 0002):
 * SQLite FTS5 (bm25 ranking) or PostgreSQL tsvector + GIN (ts_rank).
 *
 * Text handling is the same for both engines: lower-cased in JS (so Cyrillic folds even in a C-locale
 * cluster), and Chinese characters are separated by spaces, so each is a token and a Chinese query is a phrase.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from './index';
import type { Schema } from './schema';
import { listedTour, type Listing } from './queries/listing';

export type SearchLocale = 'en' | 'cn' | 'de' | 'ru';

/** One search document per (tour, locale); Chinese text is segmented when written. */
interface FtsDoc {
  tour_id: number;
  locale: SearchLocale;
  title: string;
  body: string;
}

/** PostgreSQL text search configuration per locale. */
const PG_TS_CONFIG: Record<SearchLocale, string> = { en: 'english', de: 'german', ru: 'russian', cn: 'simple' };

const HAN = /\p{Script=Han}/u;

/** Lower-cases and puts spaces around every Chinese character. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/(\p{Script=Han})/gu, ' $1 ').replace(/\s+/g, ' ').trim();
}

export type SearchTerm = { kind: 'word'; word: string } | { kind: 'phrase'; chars: string[] };

/** Splits a user query into words and Chinese phrases (letters and digits only; at most 8 terms). */
export function queryTerms(query: string): SearchTerm[] {
  const text = query.normalize('NFKC').toLowerCase().slice(0, 200);
  const terms: SearchTerm[] = [];
  for (const m of text.matchAll(/\p{Script=Han}+|[\p{L}\p{N}]+/gu)) {
    const token = m[0];
    if (HAN.test(token)) terms.push({ kind: 'phrase', chars: Array.from(token) });
    else terms.push({ kind: 'word', word: token.slice(0, 64) });
    if (terms.length === 8) break;
  }
  return terms;
}

/** FTS5 query: every term required, the last word as a prefix. Null when there is nothing to search for. */
export function ftsQuery(terms: SearchTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t, i) => (t.kind === 'phrase' ? `"${t.chars.join(' ')}"` : `"${t.word}"${i === terms.length - 1 ? '*' : ''}`))
    .join(' ');
}

/** FTS5 query of the same terms in the title only (a column filter). */
function ftsTitleQuery(terms: SearchTerm[]): string | null {
  const q = ftsQuery(terms);
  return q && `title : (${q})`;
}

/** tsquery text: terms joined with &, Chinese phrases with <->, the last word as a prefix; `weight` 'A' looks in titles only. */
export function tsQuery(terms: SearchTerm[], weight: '' | 'A' = ''): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t, i) => (t.kind === 'phrase' ? `(${t.chars.map((c) => `${c}${weight && `:${weight}`}`).join(' <-> ')})` : `${t.word}${i === terms.length - 1 ? ':*' : weight && ':'}${weight}`))
    .join(' & ');
}

/**
 * A text search over `tours t` as SQL: `where`, the condition of the tours matching every term; `ranks`, a common
 * table expression `ts` (tour_id, tier, score) of the matching tours, computed once (materialized: left inline, the
 * engine would run the full-text query again for every tour) — tier 0 when every term is in the title, else 1;
 * score the engine's rank, lower is better (bm25 with the title weighing 10 body words, or minus ts_rank with the
 * title as 'A') — so a list joins `ts` and orders by `ts.tier, ts.score`: title matches first (issue 17 defect 3).
 * Null when the query has nothing to search for.
 */
export function textSearchSql(dialect: Db['dialect'], query: string, locale: SearchLocale): { where: RawBuilder<unknown>; ranks: RawBuilder<unknown> } | null {
  const terms = queryTerms(query);
  if (dialect === 'postgres') {
    const q = tsQuery(terms);
    const qt = tsQuery(terms, 'A');
    if (!q || !qt) return null;
    const cfg = sql`${PG_TS_CONFIG[locale]}::regconfig`;
    return {
      where: sql`t.id in (select s.tour_id from tour_search s where s.locale = ${locale} and s.document @@ to_tsquery(${cfg}, ${q}))`,
      ranks: sql`ts as materialized (select s.tour_id, case when s.document @@ to_tsquery(${cfg}, ${qt}) then 0 else 1 end as tier,
        -ts_rank(s.document, to_tsquery(${cfg}, ${q})) as score from tour_search s where s.locale = ${locale} and s.document @@ to_tsquery(${cfg}, ${q}))`,
    };
  }
  const q = ftsQuery(terms);
  const qt = ftsTitleQuery(terms);
  if (!q || !qt) return null;
  return {
    where: sql`t.id in (select tour_id from tour_search_fts where tour_search_fts match ${q} and locale = ${locale})`,
    ranks: sql`ts as materialized (select tour_id, case when tour_id in (select tour_id from tour_search_fts where tour_search_fts match ${qt} and locale = ${locale}) then 0 else 1 end as tier,
      bm25(tour_search_fts, 10.0, 1.0) as score from tour_search_fts where tour_search_fts match ${q} and locale = ${locale})`,
  };
}

export interface TourTextHit {
  id: number;
  title: string;
  slug: string;
  /** Every term is in the title: these come first. */
  inTitle: boolean;
  /** The engine's rank, higher is better (among hits alike in inTitle). */
  rank: number;
}

/** Listed tours (`listing`, queries/listing.ts; default every kind) matching `query` in `locale`, best first: title matches, then by rank. */
export async function searchToursText(db: Db, query: string, locale: SearchLocale, limit: number, listing: Listing = { excursionsEnabled: true }): Promise<TourTextHit[]> {
  const text = textSearchSql(db.dialect, query, locale);
  if (!text) return [];
  const lim = Math.max(1, Math.min(100, Math.floor(limit)));
  const title = sql.ref(`t.title_${locale}`);
  const slug = sql.ref(`t.slug_${locale}`);
  const { rows } = await sql<{ id: number; title: string; slug: string; tier: number; score: number }>`
    with ${text.ranks}
    select t.id, coalesce(${title}, t.title_en) as title, ${slug} as slug, ts.tier, ts.score
    from ts join tours t on t.id = ts.tour_id
    where ${listedTour('t', listing)}
    order by ts.tier, ts.score, t.id
    limit ${lim}`.execute(db.kysely);
  return rows.map(({ tier, score, ...r }) => ({ ...r, id: Number(r.id), inTitle: Number(tier) === 0, rank: -Number(score) }));
}

/** Markup out (with what a script, style or frame element holds), entities as their characters. */
function plainText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? ' ');
}

type NameRow = { tour_id: number; name_en: string; name_cn: string; name_de: string | null; name_ru: string | null };
const LOCALES: readonly SearchLocale[] = ['en', 'cn', 'de', 'ru'];

/**
 * The search documents of some tours, read from the catalogue tables: per locale the title (ranked first) and a body
 * of everything the tour page shows about it — places (regions with their short names, towns, showplaces, water
 * objects, the ship), tags (travel styles, visible collections) and its own texts (description, excursion programme,
 * living base, every programme day and impression, titles and descriptions). Names fall back to English; the long
 * texts exist in English (shown on the en, de and ru pages) and Chinese.
 */
async function searchDocsOf(k: Kysely<Schema>, ids: readonly number[]): Promise<FtsDoc[]> {
  if (!ids.length) return [];
  const tours = await k.selectFrom('tours')
    .select(['id', 'title_en', 'title_cn', 'title_de', 'title_ru', 'description_en', 'description_cn', 'excursion_program_description_en',
      'excursion_program_description_cn', 'living_base_description_en', 'living_base_description_cn', 'main_region_id', 'ship_id'])
    .where('id', 'in', ids).orderBy('id').execute();
  const names = ['name_en', 'name_cn', 'name_de', 'name_ru'] as const;
  const [regions, cities, kinds, collections, showplaces, waters, ships, days, impressions] = await Promise.all([
    k.selectFrom('tour_regions as x').innerJoin('regions as r', 'r.id', 'x.region_id').innerJoin('tours as t', 't.id', 'x.tour_id')
      .select(['x.tour_id', 'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru', 'r.short_en', 'r.short_cn', 'r.short_ru'])
      .where('x.tour_id', 'in', ids).orderBy('x.tour_id').orderBy(sql`case when r.id = t.main_region_id then 0 else 1 end`).orderBy('r.id').execute(),
    k.selectFrom('tour_cities as x').innerJoin('cities as c', 'c.id', 'x.city_id').select(['x.tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.tour_id', 'in', ids).orderBy('x.tour_id').orderBy('x.position').execute(),
    k.selectFrom('tour_rest_kinds as x').innerJoin('rest_kinds as c', 'c.id', 'x.rest_kind_id').select(['x.tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.tour_id', 'in', ids).orderBy('x.tour_id').orderBy('x.position').execute(),
    k.selectFrom('tour_collections as x').innerJoin('collections as c', 'c.id', 'x.collection_id').select(['x.tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.tour_id', 'in', ids).where('c.is_hidden', '=', 0).orderBy('x.tour_id').orderBy('c.id').execute(),
    k.selectFrom('tour_showplaces as x').innerJoin('showplaces as c', 'c.id', 'x.showplace_id').select(['x.tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.tour_id', 'in', ids).orderBy('x.tour_id').orderBy('c.id').execute(),
    k.selectFrom('tour_water_objects as x').innerJoin('water_objects as c', 'c.id', 'x.water_object_id').select(['x.tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.tour_id', 'in', ids).orderBy('x.tour_id').orderBy('c.id').execute(),
    k.selectFrom('tours as x').innerJoin('ships as c', 'c.id', 'x.ship_id').select(['x.id as tour_id', ...names.map((n) => `c.${n}` as const)])
      .where('x.id', 'in', ids).execute(),
    k.selectFrom('program_days').select(['tour_id', 'title_en', 'title_cn', 'description_en', 'description_cn'])
      .where('tour_id', 'in', ids).orderBy('tour_id').orderBy('day').execute(),
    k.selectFrom('main_impressions').select(['tour_id', 'title_en', 'title_cn', 'description_en', 'description_cn'])
      .where('tour_id', 'in', ids).orderBy('tour_id').orderBy('position').execute(),
  ]);
  const byTour = <R extends { tour_id: number }>(rows: R[]) => {
    const map = new Map<number, R[]>();
    for (const r of rows) map.set(r.tour_id, [...(map.get(r.tour_id) ?? []), r]);
    return (id: number) => map.get(id) ?? [];
  };
  const regionsOf = byTour(regions);
  const namesOf = [cities, kinds, showplaces, waters, ships, collections].map((rows) => byTour(rows as NameRow[]));
  const daysOf = byTour(days);
  const impressionsOf = byTour(impressions);
  const docs: FtsDoc[] = [];
  for (const t of tours) {
    const named: NameRow[] = [
      ...regionsOf(t.id).flatMap((r) => [r, { ...r, name_en: r.short_en, name_cn: r.short_cn, name_de: null, name_ru: r.short_ru }]),
      ...namesOf.flatMap((of) => of(t.id)),
    ];
    const texts = (lang: 'en' | 'cn') => [
      t[`description_${lang}`], t[`excursion_program_description_${lang}`], t[`living_base_description_${lang}`],
      ...daysOf(t.id).flatMap((d) => [d[`title_${lang}`], d[`description_${lang}`]]),
      ...impressionsOf(t.id).flatMap((m) => [m[`title_${lang}`], m[`description_${lang}`]]),
    ].map(plainText);
    const en = texts('en');
    const cn = texts('cn');
    for (const locale of LOCALES) {
      const title = (locale === 'en' ? t.title_en : locale === 'cn' ? t.title_cn : locale === 'de' ? t.title_de : t.title_ru) ?? t.title_en;
      const placeNames = named.map((n) => n[`name_${locale}`] ?? n.name_en).join(' · ');
      docs.push({ tour_id: t.id, locale, title, body: [placeNames, ...(locale === 'cn' ? cn : en)].join(' · ').replace(/\s+/g, ' ') });
    }
  }
  return docs;
}

/** Tours per batch when search documents are built: memory stays bounded whatever the catalogue's size. */
const INDEX_BATCH = 200;

/**
 * (Re)builds the search documents of the given tours from the catalogue tables, or of every tour when `ids` is
 * omitted (the seed, inside its transaction, after writing the rows). Whatever changes a tour's texts, names or links
 * calls this with its id in the same transaction, so the search finds what the tour page shows. Today only the seed
 * writes tours (no editor changes a tour's content in the product); a re-seed rebuilds every document.
 */
export async function indexTours(k: Kysely<Schema>, dialect: Db['dialect'], ids?: readonly number[]): Promise<number> {
  const table = dialect === 'postgres' ? 'tour_search' : 'tour_search_fts';
  let written = 0;
  const write = async (batch: readonly number[]) => {
    const docs = await searchDocsOf(k, batch);
    await writeDocs(k, dialect, docs);
    written += docs.length;
  };
  if (ids) {
    for (let i = 0; i < ids.length; i += INDEX_BATCH) {
      const batch = ids.slice(i, i + INDEX_BATCH);
      await sql`delete from ${sql.table(table)} where tour_id in (${sql.join(batch.map((id) => sql.val(id)))})`.execute(k);
      await write(batch);
    }
    return written;
  }
  await sql`delete from ${sql.table(table)}`.execute(k);
  for (let after = 0; ;) {
    const batch = (await k.selectFrom('tours').select('id').where('id', '>', after).orderBy('id').limit(INDEX_BATCH).execute()).map((r) => r.id);
    if (!batch.length) break;
    await write(batch);
    after = batch[batch.length - 1]!;
  }
  return written;
}

async function writeDocs(k: Kysely<Schema>, dialect: Db['dialect'], docs: FtsDoc[]): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < docs.length; i += chunk) {
    const part = docs.slice(i, i + chunk).map((d) => ({ ...d, title: normalizeSearchText(d.title), body: normalizeSearchText(d.body) }));
    const values = part.map((d) =>
      dialect === 'postgres'
        ? sql`(${d.tour_id}, ${d.locale}, setweight(to_tsvector(${PG_TS_CONFIG[d.locale]}::regconfig, ${d.title}), 'A') || setweight(to_tsvector(${PG_TS_CONFIG[d.locale]}::regconfig, ${d.body}), 'B'))`
        : sql`(${d.title}, ${d.body}, ${d.tour_id}, ${d.locale})`,
    );
    if (dialect === 'postgres') await sql`insert into tour_search (tour_id, locale, document) values ${sql.join(values)}`.execute(k);
    else await sql`insert into tour_search_fts (title, body, tour_id, locale) values ${sql.join(values)}`.execute(k);
  }
}
