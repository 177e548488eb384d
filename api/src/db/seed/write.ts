/** Writes a generated catalogue into the database in one transaction, in batches. */
import type { Kysely } from 'kysely';
import { CATALOGUE_TABLES } from '../migrations/0001-catalogue';
import type { Db } from '../index';
import type { Schema, TableName } from '../schema';
import { addMissingIndividualTours } from '../queries/individual-tours';
import { indexTours } from '../search';
import { ALL_TABLES, GENERATOR_VERSION, type Catalogue } from './index';

/** Bound parameters per statement: SQLite allows 32766, PostgreSQL 65535. */
const MAX_PARAMS = 30000;
const MAX_ROWS = 1000;

/** The seed identity stored in `meta`: a database seeded with the same identity is not seeded again. */
export function seedIdentity(seed: number, size: number): string {
  return JSON.stringify({ v: GENERATOR_VERSION, seed, size });
}

async function insertRows(trx: Kysely<Schema>, table: TableName, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(CATALOGUE_TABLES[table].columns);
  // Every row gets every column (missing = null), so multi-row VALUES lists line up on both engines.
  const full = rows.map((r) => Object.fromEntries(columns.map((c) => [c, (r as Record<string, unknown>)[c] ?? null])));
  const per = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  for (let i = 0; i < full.length; i += per) {
    // The table name is dynamic here, so Kysely cannot type the row; the rows match CATALOGUE_TABLES by construction.
    await trx.insertInto(table).values(full.slice(i, i + per) as never).execute();
  }
}

/** Replaces the whole catalogue with `catalogue` and records its identity. */
export async function writeCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  const { seed, size, today } = catalogue.options;
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of [...ALL_TABLES].reverse()) await trx.deleteFrom(table).execute();
    for (const table of ALL_TABLES) {
      if (table === 'meta') continue;
      await insertRows(trx, table, catalogue.rows[table]);
    }
    // The search documents are read back from the rows just written, a batch of tours at a time: the seed keeps no
    // second copy of every tour's texts (it runs in the API's bounded heap), and the index is built as an edit would.
    await indexTours(trx, db.dialect);
    // Individual tours have random UUIDs (migration 0007): not part of the deterministic catalogue, kept across re-seeds.
    await addMissingIndividualTours(trx);
    await insertRows(trx, 'meta', [
      { key: 'seed_identity', value: seedIdentity(seed, size) },
      { key: 'generated_on', value: today },
      { key: 'stats', value: JSON.stringify(catalogue.stats) },
    ]);
  });
}
