/**
 * Migration 0004: one narrow index for the search (public-site §3.1 filters): the tab and publication state first,
 * then every column a search filters, sorts or counts on. Searches and option counts then read this index instead
 * of the wide `tours` rows (HTML texts in two languages), which roughly halves their time on SQLite.
 */
import type { Kysely } from 'kysely';

export const SEARCH_INDEX_COLUMNS = [
  'is_cruise', 'is_published', 'type', 'id', 'price', 'price_per_day', 'days', 'comfort', 'difficulty', 'group_max', 'min_age',
  'operator_type', 'is_author_tour', 'organizer_id', 'country_id', 'reviews_count', 'rating', 'cruise_type_id', 'cruise_start_city_id',
  'ship_id', 'is_returning_cruise', 'lat', 'lng',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tours_search_idx').ifNotExists().on('tours').columns([...SEARCH_INDEX_COLUMNS]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tours_search_idx').ifExists().execute();
}
