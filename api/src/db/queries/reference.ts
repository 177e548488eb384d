/** Data-layer queries of the reference calls (portable: SQLite and PostgreSQL). */
import { sql } from 'kysely';
import type { Db } from '../index';

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

/** Published tours, regions with published tours, travel styles with published tours. */
export async function siteStatistics(db: Db): Promise<{ tours: number; regions: number; types: number }> {
  const k = db.kysely;
  const [tours, regions, types] = await Promise.all([
    k.selectFrom('tours').select(sql<number>`cast(count(*) as integer)`.as('n')).where('is_published', '=', 1).executeTakeFirstOrThrow(),
    k.selectFrom('tour_regions as tr').innerJoin('tours as t', 't.id', 'tr.tour_id').where('t.is_published', '=', 1)
      .select(sql<number>`cast(count(distinct tr.region_id) as integer)`.as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('tour_rest_kinds as trk').innerJoin('tours as t', 't.id', 'trk.tour_id').where('t.is_published', '=', 1)
      .select(sql<number>`cast(count(distinct trk.rest_kind_id) as integer)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { tours: Number(tours.n), regions: Number(regions.n), types: Number(types.n) };
}

/** Regions with their published-tour counts (only regions that have tours), most first. */
export function regionsWithCounts(db: Db) {
  return db.kysely
    .selectFrom('regions as r')
    .innerJoin('tour_regions as tr', 'tr.region_id', 'r.id')
    .innerJoin('tours as t', 't.id', 'tr.tour_id')
    .where('t.is_published', '=', 1)
    .select(['r.id', 'r.slug', 'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru', sql<number>`cast(count(*) as integer)`.as('tours_count')])
    .groupBy(['r.id', 'r.slug', 'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru'])
    .orderBy('tours_count', 'desc')
    .orderBy('r.id')
    .execute();
}

/** Travel styles (rest kinds) with their published-tour counts, most first. */
export function restKindsWithCounts(db: Db) {
  return db.kysely
    .selectFrom('rest_kinds as k')
    .innerJoin('tour_rest_kinds as trk', 'trk.rest_kind_id', 'k.id')
    .innerJoin('tours as t', 't.id', 'trk.tour_id')
    .where('t.is_published', '=', 1)
    .select(['k.id', 'k.slug', 'k.name_en', 'k.name_cn', 'k.name_de', 'k.name_ru', sql<number>`cast(count(*) as integer)`.as('tours_count')])
    .groupBy(['k.id', 'k.slug', 'k.name_en', 'k.name_cn', 'k.name_de', 'k.name_ru'])
    .orderBy('tours_count', 'desc')
    .orderBy('k.id')
    .execute();
}
