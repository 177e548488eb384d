/**
 * Full-text search over tours, done by the database (migration 0002):
 * SQLite FTS5 (bm25 ranking) or PostgreSQL tsvector + GIN (ts_rank).
 *
 * Text handling is the same for both engines: lower-cased in JS (so Cyrillic folds even in a C-locale
 * cluster), and Chinese characters are separated by spaces, so each is a token and a Chinese query is a phrase.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './index';
import type { Schema } from './schema';
import type { FtsDoc } from './seed/types';

export type SearchLocale = 'en' | 'cn' | 'de' | 'ru';

/** PostgreSQL text search configuration per locale. */
export const PG_TS_CONFIG: Record<SearchLocale, string> = { en: 'english', de: 'german', ru: 'russian', cn: 'simple' };

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

/** tsquery text: terms joined with &, Chinese phrases with <->, the last word as a prefix. */
export function tsQuery(terms: SearchTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t, i) => (t.kind === 'phrase' ? `(${t.chars.join(' <-> ')})` : `${t.word}${i === terms.length - 1 ? ':*' : ''}`))
    .join(' & ');
}

export interface TourTextHit {
  id: number;
  title: string;
  slug: string;
  /** Higher is better. */
  rank: number;
}

/** Published tours matching `query` in `locale`, best first. */
export async function searchToursText(db: Db, query: string, locale: SearchLocale, limit: number): Promise<TourTextHit[]> {
  const terms = queryTerms(query);
  const lim = Math.max(1, Math.min(100, Math.floor(limit)));
  const title = sql.ref(`t.title_${locale}`);
  const slug = sql.ref(`t.slug_${locale}`);
  if (db.dialect === 'postgres') {
    const q = tsQuery(terms);
    if (!q) return [];
    const { rows } = await sql<{ id: number; title: string; slug: string; rank: number }>`
      select t.id, coalesce(${title}, t.title_en) as title, ${slug} as slug, ts_rank(s.document, q) as rank
      from tour_search s
      cross join to_tsquery(${PG_TS_CONFIG[locale]}::regconfig, ${q}) q
      join tours t on t.id = s.tour_id
      where s.locale = ${locale} and s.document @@ q and t.is_published = 1
      order by rank desc, t.id
      limit ${lim}`.execute(db.kysely);
    return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  }
  const q = ftsQuery(terms);
  if (!q) return [];
  const { rows } = await sql<{ id: number; title: string; slug: string; rank: number }>`
    select t.id, coalesce(${title}, t.title_en) as title, ${slug} as slug, -bm25(tour_search_fts, 10.0, 1.0) as rank
    from tour_search_fts
    join tours t on t.id = tour_search_fts.tour_id
    where tour_search_fts match ${q} and tour_search_fts.locale = ${locale} and t.is_published = 1
    order by bm25(tour_search_fts, 10.0, 1.0), t.id
    limit ${lim}`.execute(db.kysely);
  return rows;
}

/** Replaces the search documents (used by the seed; runs inside its transaction). */
export async function writeSearchDocs(trx: Kysely<Schema>, dialect: Db['dialect'], docs: FtsDoc[]): Promise<void> {
  const table = dialect === 'postgres' ? 'tour_search' : 'tour_search_fts';
  await sql`delete from ${sql.table(table)}`.execute(trx);
  const chunk = 500;
  for (let i = 0; i < docs.length; i += chunk) {
    const part = docs.slice(i, i + chunk).map((d) => ({ ...d, title: normalizeSearchText(d.title), body: normalizeSearchText(d.body) }));
    const values = part.map((d) =>
      dialect === 'postgres'
        ? sql`(${d.tour_id}, ${d.locale}, setweight(to_tsvector(${PG_TS_CONFIG[d.locale]}::regconfig, ${d.title}), 'A') || setweight(to_tsvector(${PG_TS_CONFIG[d.locale]}::regconfig, ${d.body}), 'B'))`
        : sql`(${d.title}, ${d.body}, ${d.tour_id}, ${d.locale})`,
    );
    if (dialect === 'postgres') await sql`insert into tour_search (tour_id, locale, document) values ${sql.join(values)}`.execute(trx);
    else await sql`insert into tour_search_fts (title, body, tour_id, locale) values ${sql.join(values)}`.execute(trx);
  }
}
