/**
 * Migration 0007: individual tours (public-site §2.2 individual-tour-page `/order/{uuid}/individual-tour`). The UUID
 * in the link is the only thing that gives access to a traveller's individual tour, so it is random
 * (crypto.randomUUID, 122 random bits) and stored with the row; it was derived from the tour id before (an unsalted
 * hash), which let anyone compute another traveller's link. Orders do not exist yet, so every tour has one individual
 * version (request id 700000 + tour id); the seed writes one per tour, and this migration backfills a database
 * seeded before it.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

export interface IndividualTourTable {
  /** Random v4 UUID, lower case: the link's only secret. */
  uuid: string;
  tour_id: number;
  request_id: number;
  created_at: string;
}

export interface IndividualTourSchema {
  individual_tours: IndividualTourTable;
}

/** Rows per insert (4 parameters each: well within both engines' limits). */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('individual_tours')
    .ifNotExists()
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('individual_tours_tour_idx').ifNotExists().on('individual_tours').column('tour_id').execute();
  // Backfill: one individual tour per existing tour (none on a fresh database; the seed writes them).
  const k = db as unknown as Kysely<IndividualTourSchema & { tours: { id: number } }>;
  const tours = await k.selectFrom('tours').select('id').orderBy('id').execute();
  const now = new Date().toISOString();
  const rows = tours.map((t) => ({ uuid: randomUUID(), tour_id: t.id, request_id: 700000 + t.id, created_at: now }));
  for (let i = 0; i < rows.length; i += BATCH) await k.insertInto('individual_tours').values(rows.slice(i, i + BATCH)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('individual_tours').ifExists().execute();
}
