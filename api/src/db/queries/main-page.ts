/** Data-layer queries of the main page's tour sections (GET /spa/main-page-tours; portable: SQLite and PostgreSQL). */
import { sql } from 'kysely';
import type { Db } from '../index';
import { newestReviewsPage, publishedReviews } from './review-lists';
import { listedTour, type Listing } from './listing';

/**
 * Published tours whose next free departure (not busy, seats left: the departures a card and the tour page offer)
 * starts after `today`, soonest first, with that departure's dates.
 */
export async function upcomingDepartures(db: Db, today: string, limit: number, listing: Listing): Promise<{ tourId: number; start: string; end: string }[]> {
  const { rows } = await sql<{ id: number; start: string }>`
    select v.tour_id as id, min(v.start) as start from tour_variants v join tours t on t.id = v.tour_id
    where ${listedTour('t', listing)} and v.is_busy = 0 and v.number_of_free_seats > 0 and v.start > ${today}
    group by v.tour_id order by start, id limit ${limit}`.execute(db.kysely);
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  // The first such departure of each tour (a tour may have two on its first day: the lower id, as the cards order them).
  const variants = await db.kysely.selectFrom('tour_variants').select(['tour_id', 'start', 'end'])
    .where('tour_id', 'in', ids).where('is_busy', '=', 0).where('number_of_free_seats', '>', 0).where('start', '>', today)
    .orderBy('start').orderBy('id').execute();
  const first = new Map<number, { start: string; end: string }>();
  for (const v of variants) if (!first.has(v.tour_id)) first.set(v.tour_id, { start: v.start, end: v.end });
  return ids.flatMap((id) => {
    const v = first.get(id);
    return v ? [{ tourId: id, ...v }] : [];
  });
}

/** The newest published reviews about listed tours (organizer reviews have no tour to link to). */
export function newestTourReviews(db: Db, limit: number, listing: Listing) {
  const q = publishedReviews(db)
    .where('r.target', '=', 'tour')
    .where((eb) => eb.exists(eb.selectFrom('tours as pt').select('pt.id').whereRef('pt.id', '=', 'r.tour_id').where(listedTour('pt', listing))));
  return newestReviewsPage(q, limit, 0);
}
