/**
 * Migration 0002: full-text search over tours, done by the database.
 *
 * One document per (tour, locale): the tour title (weight A) and its places, travel styles and summary (weight B).
 * Chinese text is stored with a space between CJK characters (see db/search.ts), so both engines see
 * one token per character and a Chinese query becomes a phrase.
 * - SQLite: an FTS5 table `tour_search_fts` (porter + unicode61 tokenizer), ranked with bm25.
 * - PostgreSQL: a table `tour_search` with a tsvector column (per-locale text search configuration)
 *   and a GIN index, ranked with ts_rank.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table if not exists tour_search (
      tour_id integer not null,
      locale text not null,
      document tsvector not null,
      primary key (tour_id, locale)
    )`.execute(db);
    await sql`create index if not exists tour_search_document_idx on tour_search using gin (document)`.execute(db);
    await sql`create index if not exists tour_search_locale_idx on tour_search (locale)`.execute(db);
  } else {
    await sql`create virtual table if not exists tour_search_fts using fts5(
      title, body, tour_id unindexed, locale unindexed,
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db);
  }
}
