/** Data layer of the informational pages (migration 0018). */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import type { InfoPageRow, InfoPagesSchema, Schema } from '../schema';

type PagesKysely = Kysely<Schema & InfoPagesSchema>;
const pagesDb = (db: Db) => db.kysely as unknown as PagesKysely;

export type { InfoPageRow };

/** A page's text in the locale and in English (the fallback), whichever exist. */
export function infoPageRows(db: Db, page: string, locale: string): Promise<InfoPageRow[]> {
  return pagesDb(db).selectFrom('info_pages').selectAll().where('page', '=', page).where('locale', 'in', [...new Set([locale, 'en'])]).execute();
}

/** What the seed's hash covers: the row's content as a reader sees it. */
export function contentHash(row: Pick<InfoPageRow, 'version' | 'updated_at' | 'blocks'>): string {
  return createHash('sha256').update(JSON.stringify([row.version, row.updated_at, row.blocks])).digest('hex');
}

export interface SeedPageRow {
  page: string;
  locale: string;
  version: string;
  updated_at: string;
  /** JSON. */
  blocks: string;
}

/**
 * Writes the seed's pages: a missing row is added; a row still holding what the seed last wrote (its content hashes
 * to its seed_hash) takes the seed's new text; a row an editor changed is left as it is. Answers how many rows changed.
 */
export async function writeSeedPages(db: Db, rows: readonly SeedPageRow[]): Promise<number> {
  return pagesDb(db).transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('info_pages').selectAll().execute();
    const byKey = new Map(existing.map((r) => [`${r.page}\u0000${r.locale}`, r]));
    let changed = 0;
    for (const row of rows) {
      const hash = contentHash(row);
      const old = byKey.get(`${row.page}\u0000${row.locale}`);
      if (!old) {
        await trx.insertInto('info_pages').values({ ...row, seed_hash: hash }).execute();
        changed += 1;
      } else if (old.seed_hash !== hash && old.seed_hash !== null && contentHash(old) === old.seed_hash) {
        await trx.updateTable('info_pages').set({ version: row.version, updated_at: row.updated_at, blocks: row.blocks, seed_hash: hash })
          .where('page', '=', row.page).where('locale', '=', row.locale).execute();
        changed += 1;
      }
    }
    return changed;
  });
}
