/** Data-layer queries of the tour page's further calls: reviews, programme day, FAQ item, tickets, lists, removed tours. */
import { sql } from 'kysely';
import type { Db } from '../index';
import { newestReviewsPage, publishedReviews, type ReviewsEb } from './review-lists';
import { listedTour, type Listing } from './listing';

export type ReviewTab = 'all' | 'tour' | 'organizer';

export interface TourReviewFilter {
  tourId: number;
  organizerId: number;
  tab: ReviewTab;
  rating?: number | undefined;
  withPhotos?: boolean | undefined;
}

/** The reviews of a tab: the tour's own ('tour'), its organizer's ('organizer', the tour provider), or both. */
function tabCondition(eb: ReviewsEb, f: Pick<TourReviewFilter, 'tourId' | 'organizerId'>, tab: ReviewTab) {
  const tour = eb.and([eb('r.target', '=', 'tour'), eb('r.tour_id', '=', f.tourId)]);
  const organizer = eb.and([eb('r.target', '=', 'organizer'), eb('r.organizer_id', '=', f.organizerId)]);
  if (tab === 'tour') return tour;
  if (tab === 'organizer') return organizer;
  return eb.or([tour, organizer]);
}

function filtered(db: Db, f: TourReviewFilter, tab: ReviewTab) {
  let q = publishedReviews(db).where((eb) => tabCondition(eb as ReviewsEb, f, tab));
  if (f.rating) q = q.where('r.rating', '=', f.rating);
  if (f.withPhotos) q = q.where('r.image_count', '>', 0);
  return q;
}

/** A page of reviews of the selected tab with the filters, newest first, with the tour's slugs and titles. */
export function tourReviewsPage(db: Db, f: TourReviewFilter, limit: number, offset: number) {
  return newestReviewsPage(filtered(db, f, f.tab), limit, offset);
}

/** Counts of the three tabs with the filters applied. */
export async function tourReviewCounts(db: Db, f: TourReviewFilter): Promise<Record<ReviewTab, number>> {
  const count = async (tab: ReviewTab) => {
    const row = await filtered(db, f, tab).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [tour, organizer] = await Promise.all([count('tour'), count('organizer')]);
  return { all: tour + organizer, tour, organizer };
}

/** Average rating and count of every published review of the tour and its organizer (the section heading). */
export async function tourReviewSummary(db: Db, f: Pick<TourReviewFilter, 'tourId' | 'organizerId'>): Promise<{ rating: number; count: number }> {
  const row = await filtered(db, { ...f, tab: 'all' }, 'all')
    .select([sql<number>`cast(count(*) as integer)`.as('n'), sql<number | null>`avg(r.rating)`.as('avg')])
    .executeTakeFirstOrThrow();
  const avg = row.avg === null ? 0 : Number(row.avg);
  return { rating: Math.round(avg * 10) / 10, count: Number(row.n) };
}

export function programDay(db: Db, tourId: number, programId: number) {
  return db.kysely.selectFrom('program_days').selectAll().where('id', '=', programId).where('tour_id', '=', tourId).executeTakeFirst();
}

export function faqItem(db: Db, tourId: number, questionId: number) {
  return db.kysely.selectFrom('tour_faq').selectAll().where('id', '=', questionId).where('tour_id', '=', tourId).executeTakeFirst();
}

/** Arrival/departure routes and per-city notes of a tour, and its next departure date. */
export async function ticketData(db: Db, tourId: number) {
  const k = db.kysely;
  const [routes, notes, next] = await Promise.all([
    k.selectFrom('ticket_routes').selectAll().where('tour_id', '=', tourId).orderBy('direction').orderBy('day').orderBy('id').execute(),
    k.selectFrom('ticket_notes').selectAll().where('tour_id', '=', tourId).orderBy('id').execute(),
    k.selectFrom('tour_variants').select('start').where('tour_id', '=', tourId).where('is_busy', '=', 0).orderBy('start').limit(1).executeTakeFirst(),
  ]);
  return { routes, notes, nextStart: next?.start ?? null };
}

const LIST_COLUMNS = [
  't.id', 't.type', 't.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru',
  't.price', 't.price_without_discount', 't.days', 't.hours', 't.rating', 't.reviews_count', 't.main_location', 't.main_city_id',
  'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru',
] as const;

/** Listed tours among the ids with their main region's names (for list items). */
export async function toursByIds(db: Db, ids: readonly number[], listing: Listing) {
  if (!ids.length) return [];
  const rows = await db.kysely.selectFrom('tours as t').innerJoin('regions as r', 'r.id', 't.main_region_id')
    .select(LIST_COLUMNS)
    .select((eb) => eb.selectFrom('tour_variants as v').select(sql<number>`count(distinct v.price)`.as('n')).whereRef('v.tour_id', '=', 't.id').where('v.is_busy', '=', 0).as('price_count'))
    .where('t.id', 'in', [...ids]).where(listedTour('t', listing)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => Boolean(row));
}

/** Listed tours of an organizer, best rated first. */
export function organizerTours(db: Db, organizerId: number, limit: number, listing: Listing) {
  return db.kysely.selectFrom('tours').select(['id', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru', 'title_en', 'title_cn', 'title_de', 'title_ru', 'price', 'days', 'rating', 'reviews_count'])
    .where('organizer_id', '=', organizerId).where(listedTour('tours', listing))
    .orderBy('rating', 'desc').orderBy('id').limit(limit).execute();
}

export function regionById(db: Db, id: number) {
  return db.kysely.selectFrom('regions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * For a tour removed from publication (public-site §2.8): published tours of its main region (best rated),
 * and its regions with their published tours counts.
 */
export async function removedTourSimilar(db: Db, tourId: number, mainRegionId: number, listing: Listing) {
  const k = db.kysely;
  const [tours, regions] = await Promise.all([
    k.selectFrom('tours as t').innerJoin('regions as r', 'r.id', 't.main_region_id')
      .select(['t.id', 't.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru', 't.price', 't.days', 't.rating', 't.reviews_count',
        'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru'])
      .where('t.main_region_id', '=', mainRegionId).where(listedTour('t', listing)).where('t.id', '<>', tourId)
      .orderBy('t.rating', 'desc').orderBy('t.id').limit(4).execute(),
    k.selectFrom('tour_regions as tr').innerJoin('regions as r', 'r.id', 'tr.region_id')
      .select(['r.id', 'r.slug', 'r.name_en', 'r.name_cn', 'r.name_de', 'r.name_ru'])
      .select((eb) => eb.selectFrom('tour_regions as x').innerJoin('tours as t', 't.id', 'x.tour_id').select(sql<number>`cast(count(*) as integer)`.as('n'))
        .whereRef('x.region_id', '=', 'r.id').where('t.is_published', '=', 1).as('tours_count'))
      .where('tr.tour_id', '=', tourId).orderBy('r.weight', 'desc').orderBy('r.id').limit(4).execute(),
  ]);
  return { tours, regions };
}
