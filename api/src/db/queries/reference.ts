/** Data-layer queries of the reference calls (portable: SQLite and PostgreSQL). */
import { sql } from 'kysely';
import type { Db } from '../index';
import { linkedTourCounts } from './search';
import { listedTour, type Listing } from './listing';

export async function currencyRates(db: Db): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('currency_rates').select(['code', 'rate']).execute();
  return new Map(rows.map((r) => [r.code, Number(r.rate)]));
}

export async function siteSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.kysely.selectFrom('site_settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function listCountries(db: Db) {
  return db.kysely.selectFrom('countries').selectAll().orderBy('position').execute();
}

export function countryByIso(db: Db, iso: string) {
  return db.kysely.selectFrom('countries').selectAll().where('iso_code', '=', iso).executeTakeFirst();
}

export function countryById(db: Db, id: number) {
  return db.kysely.selectFrom('countries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function cityById(db: Db, id: number) {
  return db.kysely.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Contact phones of a site variant, in display order. */
export function contactPhones(db: Db, variant: number) {
  return db.kysely.selectFrom('contact_phones').selectAll().where('site_variant', '=', variant).orderBy('position').execute();
}

export function contactCountries(db: Db) {
  return db.kysely.selectFrom('contact_countries').selectAll().orderBy('position').execute();
}

export function workSchedule(db: Db, countryId: number | null) {
  return db.kysely
    .selectFrom('work_schedules')
    .selectAll()
    .where((eb) => (countryId === null ? eb('country_id', 'is', null) : eb.or([eb('country_id', '=', countryId), eb('country_id', 'is', null)])))
    .orderBy(sql`case when country_id is null then 1 else 0 end`)
    .executeTakeFirst();
}

export function socialGroups(db: Db, variant: number) {
  return db.kysely.selectFrom('social_groups').selectAll().where('site_variant', '=', variant).orderBy('position').execute();
}

export function chatSources(db: Db) {
  return db.kysely.selectFrom('chat_sources').selectAll().orderBy('position').execute();
}

/**
 * Published tours; regions and travel styles with tours — as many as the region and travel-style chips the main and
 * destinations pages list (counted like them, from the tours their links open).
 */
export async function siteStatistics(db: Db, today: string, listing: Listing): Promise<{ tours: number; regions: number; types: number }> {
  const [tours, counts] = await Promise.all([
    db.kysely.selectFrom('tours').select(sql<number>`cast(count(*) as integer)`.as('n')).where(listedTour('tours', listing)).executeTakeFirstOrThrow(),
    linkedTourCounts(db, today, listing),
  ]);
  const withTours = (m: Map<number, number>) => [...m.values()].filter((n) => n > 0).length;
  return { tours: Number(tours.n), regions: withTours(counts.regions), types: withTours(counts.restKinds) };
}

/**
 * Regions and travel styles with the number of tours their links open (the Tours tab of the search with the
 * region's or style's slug: cruises are a tab of their own and are not counted), only those with tours, most first.
 * The counts come from the search's own conditions (queries/search.ts `linkedTourCounts`).
 */
export async function searchFormCounts(db: Db, today: string, listing: Listing) {
  const cols = ['id', 'slug', 'name_en', 'name_cn', 'name_de', 'name_ru'] as const;
  const [counts, regions, kinds] = await Promise.all([
    linkedTourCounts(db, today, listing),
    db.kysely.selectFrom('regions').select(cols).execute(),
    db.kysely.selectFrom('rest_kinds').select(cols).execute(),
  ]);
  const withCounts = <R extends { id: number }>(rows: R[], by: Map<number, number>) => rows
    .map((r) => ({ ...r, tours_count: by.get(r.id) ?? 0 }))
    .filter((r) => r.tours_count > 0)
    .sort((a, b) => b.tours_count - a.tours_count || a.id - b.id);
  return { regions: withCounts(regions, counts.regions), kinds: withCounts(kinds, counts.restKinds) };
}
