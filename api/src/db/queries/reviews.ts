/**
 * Data-layer queries of the site-wide reviews page (GET /spa/reviews): the newest published reviews of published
 * tours and of organizers with a published tour, optionally of one region's tours (`tour_regions`, the relation the
 * search's region filter uses) and of one rating.
 */
import { sql } from 'kysely';
import type { Db } from '../index';
import { newestReviewsPage, publishedReviews, type ReviewsEb } from './review-lists';
import { tourReviewSummary, type ReviewTab } from './tour-extras';

export interface SiteReviewFilter {
  /** Only reviews of tours in this region (organizer reviews are about no place, so they are left out). */
  regionId?: number | undefined;
  rating?: number | undefined;
}

/** A published review about a published tour (in the region, when one is given). */
function aboutPublishedTour(eb: ReviewsEb, regionId: number | undefined) {
  const conditions = [
    eb('r.target', '=', 'tour'),
    eb.exists(eb.selectFrom('tours as pt').select('pt.id').whereRef('pt.id', '=', 'r.tour_id').where('pt.is_published', '=', 1)),
  ];
  if (regionId !== undefined) {
    conditions.push(eb('r.tour_id', 'in', eb.selectFrom('tour_regions as tr').select('tr.tour_id').where('tr.region_id', '=', regionId)));
  }
  return eb.and(conditions);
}

/** A published review about an organizer that has a published tour (organizers have no publication flag of their own). */
function aboutActiveOrganizer(eb: ReviewsEb) {
  return eb.and([
    eb('r.target', '=', 'organizer'),
    eb.exists(eb.selectFrom('tours as ot').select('ot.id').whereRef('ot.organizer_id', '=', 'r.organizer_id').where('ot.is_published', '=', 1)),
  ]);
}

function filtered(db: Db, f: SiteReviewFilter) {
  let q = publishedReviews(db).where((eb) => {
    const e = eb as unknown as ReviewsEb;
    return f.regionId === undefined ? eb.or([aboutPublishedTour(e, undefined), aboutActiveOrganizer(e)]) : aboutPublishedTour(e, f.regionId);
  });
  if (f.rating) q = q.where('r.rating', '=', f.rating);
  return q;
}

/** A page of reviews with the filters, newest first, with the tour's slugs and titles (the row of `review()`). */
export function siteReviewsPage(db: Db, f: SiteReviewFilter, limit: number, offset: number) {
  return newestReviewsPage(filtered(db, f), limit, offset);
}

/** Number of reviews with the filters. */
export async function countSiteReviews(db: Db, f: SiteReviewFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Average rating (unrounded; 0 without reviews) and number of reviews with the filters. */
export async function siteReviewSummary(db: Db, f: SiteReviewFilter): Promise<{ rating: number; count: number }> {
  const row = await filtered(db, f)
    .select([sql<number>`cast(count(*) as integer)`.as('n'), sql<number | string | null>`avg(r.rating)`.as('avg')])
    .executeTakeFirstOrThrow();
  return { rating: row.avg === null ? 0 : Number(row.avg), count: Number(row.n) };
}

/** Regions whose published tours have published reviews, with the number of those reviews, most first. */
export function regionsWithReviews(db: Db) {
  return db.kysely
    .selectFrom('reviews as r')
    .innerJoin('tours as t', 't.id', 'r.tour_id')
    .innerJoin('tour_regions as tr', 'tr.tour_id', 'r.tour_id')
    .innerJoin('regions as g', 'g.id', 'tr.region_id')
    .select(['g.id', 'g.slug', 'g.name_en', 'g.name_cn', 'g.name_de', 'g.name_ru', sql<number>`cast(count(*) as integer)`.as('n')])
    .where('r.is_published', '=', 1)
    .where('r.target', '=', 'tour')
    .where('t.is_published', '=', 1)
    .groupBy(['g.id', 'g.slug', 'g.name_en', 'g.name_cn', 'g.name_de', 'g.name_ru'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('g.slug')
    .execute();
}

export function regionBySlug(db: Db, slug: string) {
  return db.kysely.selectFrom('regions').select(['id', 'slug', 'name_en', 'name_cn', 'name_de', 'name_ru']).where('slug', '=', slug).executeTakeFirst();
}

/** Photo of each organizer's main expert (else its first), for the organizer replies of a page of reviews. */
export async function mainExperts(db: Db, organizerIds: readonly number[]) {
  if (!organizerIds.length) return new Map<number, { id: number; has_photo: number }>();
  const rows = await db.kysely.selectFrom('experts').select(['id', 'organizer_id', 'has_photo', 'is_main', 'position'])
    .where('organizer_id', 'in', [...new Set(organizerIds)]).orderBy('organizer_id').orderBy('is_main', 'desc').orderBy('position').execute();
  const out = new Map<number, { id: number; has_photo: number }>();
  for (const e of rows) if (!out.has(e.organizer_id)) out.set(e.organizer_id, e);
  return out;
}

/** No row has this id (ids start at 1): the side of a tour's reviews a tab leaves out. */
const NO_ID = 0;

/**
 * Rating and count of one tab of a tour's reviews (issue 17, defect 4): the heading above a tab says how many
 * reviews that tab lists. 'tour' is the tour's own reviews — the number the tour's title, its cards and every list
 * of tours show (tours.reviews_count) — 'organizer' the tour provider's, 'all' both. One implementation of the
 * tabs (tour-extras' summary), narrowed to the tab's side.
 */
export function tourTabSummary(db: Db, f: { tourId: number; organizerId: number }, tab: ReviewTab): Promise<{ rating: number; count: number }> {
  if (tab === 'tour') return tourReviewSummary(db, { tourId: f.tourId, organizerId: NO_ID });
  if (tab === 'organizer') return tourReviewSummary(db, { tourId: NO_ID, organizerId: f.organizerId });
  return tourReviewSummary(db, f);
}
