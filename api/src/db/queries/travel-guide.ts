/** What the travel guide reads (issue 30: formerly inline in use-cases/travel-guide.ts). */
import { sql } from 'kysely';
import type { Db } from '../index';

/** The regions of a country with the most published tours (by their main region), with the count and the lowest price. */
export function topTourRegions(db: Db, countryId: number, limit: number) {
  return db.kysely.selectFrom('tours as t').innerJoin('regions as r', 'r.id', 't.main_region_id')
    .select(['t.main_region_id', (eb) => eb.fn.countAll<number>().as('tours'), (eb) => eb.fn.min('t.price').as('price')])
    .where('t.is_published', '=', 1).where('r.country_id', '=', countryId).groupBy('t.main_region_id').orderBy('tours', 'desc').orderBy('t.main_region_id')
    .limit(limit).execute();
}

/** Departures of published tours of a country from `from` to before `until`, counted by main region and month ('01'–'12'). */
export function departuresByRegionAndMonth(db: Db, countryId: number, from: string, until: string) {
  const month = sql<string>`substr(${sql.ref('v.start')}, 6, 2)`;
  return db.kysely.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id').innerJoin('regions as r', 'r.id', 't.main_region_id')
    .select(['t.main_region_id as region', month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.is_published', '=', 1).where('r.country_id', '=', countryId).where('v.start', '>=', from).where('v.start', '<', until)
    .groupBy(['t.main_region_id', month]).execute();
}

export function allRestKinds(db: Db) {
  return db.kysely.selectFrom('rest_kinds').selectAll().orderBy('id').execute();
}

export function regionsByIds(db: Db, ids: readonly number[]) {
  return db.kysely.selectFrom('regions').selectAll().where('id', 'in', [...ids]).execute();
}

/** Published tours by main region and travel style (rest kind), counted. */
export function restKindsOfRegions(db: Db, ids: readonly number[]) {
  return db.kysely.selectFrom('tour_rest_kinds as r').innerJoin('tours as t', 't.id', 'r.tour_id')
    .select(['t.main_region_id as region', 'r.rest_kind_id as kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.is_published', '=', 1).where('t.main_region_id', 'in', [...ids]).groupBy(['t.main_region_id', 'r.rest_kind_id']).execute();
}

export function showplacesOfRegions(db: Db, ids: readonly number[]) {
  return db.kysely.selectFrom('showplaces').selectAll().where('region_id', 'in', [...ids]).orderBy('id').execute();
}
