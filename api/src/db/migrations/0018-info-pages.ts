/**
 * Migration 0018: the informational pages' content (issue 17 'Content a traveller expects'; GET /spa/info-page).
 *
 * - info_pages: one row per page key and locale (en, cn, de, ru): the document's version and date (the terms, privacy
 *   and cookie policies show them), the blocks as JSON (shared/src/api/schemas/info-pages.ts StoredInfoBlock), and
 *   seed_hash: the hash of the row as the seed last wrote it. The seed (db/seed/pages) rewrites a row only while it
 *   still holds exactly what the seed wrote, so an editor's change (any UPDATE of version, updated_at or blocks)
 *   survives every re-seed and restart without a flag to remember.
 */
import type { Kysely, Selectable } from 'kysely';

export interface InfoPageTable {
  page: string;
  locale: string;
  version: string;
  /** ISO date, YYYY-MM-DD. */
  updated_at: string;
  /** JSON list of StoredInfoBlock. */
  blocks: string;
  /** SHA-256 (hex) of version, updated_at and blocks as the seed wrote them (null: a row an editor added). */
  seed_hash: string | null;
}

export type InfoPageRow = Selectable<InfoPageTable>;

export interface InfoPagesSchema {
  info_pages: InfoPageTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('info_pages')
    .ifNotExists()
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text')
    .addPrimaryKeyConstraint('info_pages_pkey', ['page', 'locale'] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('info_pages').ifExists().execute();
}
