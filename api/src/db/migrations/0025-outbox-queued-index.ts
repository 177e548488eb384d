/**
 * Migration 0025: a partial index on the outbox's queued messages (issue 31). Every API process of the cluster looks
 * for stranded messages every 10 s (api/src/cluster/outbox-claims.ts); without it each look read the whole outbox
 * (30 days of messages, nearly all sent). Queued rows are the few messages being delivered now, so the index is small;
 * by `created_at` because the look takes only the last day's (a message stranded longer stays queued, and is skipped).
 * The claim's query states `status = 'queued'` as a literal, as here: a bound parameter would not let the planners
 * (PostgreSQL's generic plans, SQLite's) prove it matches the index's predicate.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_queued').ifNotExists().on('outbox').column('created_at').where(sql.ref('status'), '=', 'queued').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_queued').ifExists().execute();
}
