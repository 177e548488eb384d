/** Data-layer queries of organizers and reviews. */
import { sql } from 'kysely';
import type { Db } from '../index';

export function organizerById(db: Db, id: number) {
  return db.kysely.selectFrom('organizers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function expertsOf(db: Db, organizerId: number) {
  return db.kysely.selectFrom('experts').selectAll().where('organizer_id', '=', organizerId).orderBy('position').execute();
}

export async function countOrganizerReviews(db: Db, organizerId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('reviews')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where('organizer_id', '=', organizerId)
    .where('is_published', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published reviews of an organizer and of its tours, newest first, with the tour's slug and titles. */
export function organizerReviewsPage(db: Db, organizerId: number, limit: number, offset: number) {
  return db.kysely
    .selectFrom('reviews as r')
    .leftJoin('tours as t', 't.id', 'r.tour_id')
    .selectAll('r')
    .select(['t.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru'])
    .where('r.organizer_id', '=', organizerId)
    .where('r.is_published', '=', 1)
    .orderBy('r.date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
