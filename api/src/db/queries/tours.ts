/** Data-layer queries of the tour page and the autocomplete. */
import type { Db } from '../index';
import { isTourArchived } from './staff';
import { listedTour, type Listing } from './listing';

export function tourById(db: Db, id: number) {
  return db.kysely.selectFrom('tours').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Everything the tour page shows besides the tour row, in parallel (`listing`: which similar tours it may show). */
export async function tourParts(db: Db, id: number, organizerId: number, mainRegionId: number, reviewsLimit: number, listing: Listing) {
  const k = db.kysely;
  const [
    regions, cities, restKinds, collections, languages, accommodationKinds, guides, options, variants, times, program,
    impressions, faq, stays, stayVariants, discounts, penalties, tickets, organizer, experts, reviews, similar, countries, archived,
  ] = await Promise.all([
    k.selectFrom('tour_regions as tr').innerJoin('regions as r', 'r.id', 'tr.region_id').select(['r.id', 'r.slug', 'r.country_id', 'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru']).where('tr.tour_id', '=', id).orderBy('r.id').execute(),
    k.selectFrom('tour_cities as tc').innerJoin('cities as c', 'c.id', 'tc.city_id').select(['c.id', 'c.slug', 'c.name_en', 'c.name_cn', 'c.name_de', 'c.name_ru', 'tc.is_host']).where('tc.tour_id', '=', id).orderBy('tc.position').execute(),
    k.selectFrom('tour_rest_kinds as t').innerJoin('rest_kinds as x', 'x.id', 't.rest_kind_id').select(['x.id', 'x.slug', 'x.name_en', 'x.name_cn', 'x.name_de', 'x.name_ru']).where('t.tour_id', '=', id).orderBy('t.position').execute(),
    k.selectFrom('tour_collections as t').innerJoin('collections as x', 'x.id', 't.collection_id').select(['x.id', 'x.slug', 'x.name_en', 'x.name_cn', 'x.name_de', 'x.name_ru', 'x.is_hidden']).where('t.tour_id', '=', id).orderBy('x.id').execute(),
    k.selectFrom('tour_languages').select('language').where('tour_id', '=', id).orderBy('language').execute(),
    k.selectFrom('tour_accommodation_kinds').select('kind').where('tour_id', '=', id).orderBy('kind').execute(),
    k.selectFrom('tour_guides as g').innerJoin('experts as e', 'e.id', 'g.expert_id').selectAll('e').where('g.tour_id', '=', id).orderBy('g.position').execute(),
    k.selectFrom('tour_options as o').innerJoin('tours as t', 't.id', 'o.option_tour_id').select(['t.id', 't.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru'])
      .where('o.tour_id', '=', id).where('t.is_published', '=', 1).orderBy('o.position').execute(),
    // The tour's own dates and those of its other options (public-site §4.2: a variant whose tour_id differs).
    k.selectFrom('tour_variants').selectAll()
      .where((eb) => eb.or([
        eb('tour_id', '=', id),
        eb('tour_id', 'in', eb.selectFrom('tour_options as o').innerJoin('tours as t', 't.id', 'o.option_tour_id').select('o.option_tour_id').where('o.tour_id', '=', id).where('t.is_published', '=', 1)),
      ]))
      .orderBy('start').orderBy('id').execute(),
    k.selectFrom('excursion_times').selectAll().where('tour_id', '=', id).orderBy('date').orderBy('start').execute(),
    k.selectFrom('program_days').selectAll().where('tour_id', '=', id).orderBy('day').execute(),
    k.selectFrom('main_impressions').selectAll().where('tour_id', '=', id).orderBy('position').execute(),
    k.selectFrom('tour_faq').selectAll().where('tour_id', '=', id).orderBy('position').execute(),
    k.selectFrom('tour_accommodations').selectAll().where('tour_id', '=', id).orderBy('position').execute(),
    k.selectFrom('accommodation_variants').selectAll().where('tour_id', '=', id).orderBy('id').execute(),
    k.selectFrom('discounts').selectAll().where('tour_id', '=', id).orderBy('id').execute(),
    k.selectFrom('penalties').selectAll().where('tour_id', '=', id).orderBy('days_from', 'desc').execute(),
    k.selectFrom('ticket_routes').select('id').where('tour_id', '=', id).limit(1).execute(),
    k.selectFrom('organizers').selectAll().where('id', '=', organizerId).executeTakeFirst(),
    k.selectFrom('experts').selectAll().where('organizer_id', '=', organizerId).orderBy('position').execute(),
    reviewsLimit > 0
      ? k.selectFrom('reviews as r').leftJoin('tours as t', 't.id', 'r.tour_id').selectAll('r')
        .select(['t.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru'])
        .where('r.tour_id', '=', id).where('r.is_published', '=', 1).orderBy('r.date', 'desc').orderBy('r.id', 'desc').limit(reviewsLimit).execute()
      : Promise.resolve([]),
    k.selectFrom('tours as t').innerJoin('regions as r', 'r.id', 't.main_region_id')
      .select(['t.id', 't.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru', 't.price', 't.days', 't.rating', 't.reviews_count',
        'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru'])
      .where('t.main_region_id', '=', mainRegionId).where(listedTour('t', listing)).where('t.id', '<>', id)
      .orderBy('t.rating', 'desc').orderBy('t.id').limit(8).execute(),
    k.selectFrom('countries').select(['id', 'iso_code', 'name_en', 'name_cn', 'name_de', 'name_ru']).execute(),
    isTourArchived(db, id),
  ]);
  return {
    regions, cities, restKinds, collections, languages, accommodationKinds, guides, options, variants, times, program, impressions, faq,
    stays, stayVariants, discounts, penalties, hasTickets: tickets.length > 0, organizer, experts, reviews, similar, countries, archived,
  };
}

/** Every name the autocomplete matches against (small tables), loaded once per server. */
export async function suggestionSources(db: Db) {
  const k = db.kysely;
  const cols = ['id', 'slug', 'name_en', 'name_cn', 'name_de', 'name_ru'] as const;
  const [regions, cities, showplaces, restKinds, collections, waters, ships, cruiseStarts] = await Promise.all([
    k.selectFrom('regions').select(cols).orderBy('weight', 'desc').orderBy('id').execute(),
    k.selectFrom('cities').select(cols).orderBy('id').execute(),
    k.selectFrom('showplaces').select(cols).orderBy('id').execute(),
    k.selectFrom('rest_kinds').select(cols).orderBy('id').execute(),
    k.selectFrom('collections').select([...cols, 'is_hidden']).where('is_hidden', '=', 0).orderBy('id').execute(),
    k.selectFrom('water_objects').select(cols).orderBy('id').execute(),
    k.selectFrom('ships').select(cols).orderBy('id').execute(),
    k.selectFrom('tours').select('cruise_start_city_id').distinct().where('is_cruise', '=', 1).where('is_published', '=', 1).execute(),
  ]);
  const startIds = new Set(cruiseStarts.map((r) => r.cruise_start_city_id));
  return { regions, cities, showplaces, restKinds, collections, waters, ships, cruiseStartCities: cities.filter((c) => startIds.has(c.id)) };
}

/** Published cruises among the given tour ids. */
export async function cruiseIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.kysely.selectFrom('tours').select('id').where('id', 'in', ids).where('is_cruise', '=', 1).execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these tours are listed (the others are unknown to the traveller's calls). */
export async function listedTourIds(db: Db, ids: readonly number[], listing: Listing): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.kysely.selectFrom('tours').select('id').where('id', 'in', [...ids]).where(listedTour('tours', listing)).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Whether a tour is one of an organizer's. */
export async function isOrganizerTour(db: Db, tourId: number, organizerId: number): Promise<boolean> {
  return Boolean(await db.kysely.selectFrom('tours').select('id').where('id', '=', tourId).where('organizer_id', '=', organizerId).executeTakeFirst());
}
