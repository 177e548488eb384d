/**
 * Migration 0005: the site-wide reviews page (GET /spa/reviews) lists published reviews newest first. With this index
 * a page reads the newest reviews in order and stops after `offset + limit` matches, instead of sorting every
 * published review (≈15,000 with the full catalogue) for each page.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('reviews_published_date_idx').ifNotExists().on('reviews').columns(['is_published', 'date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reviews_published_date_idx').ifExists().execute();
}
