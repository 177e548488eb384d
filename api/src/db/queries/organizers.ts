/** Data-layer queries of organizers and reviews. */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../index';
import type { OrganizerAdminColumns, Schema } from '../schema';

export function organizerById(db: Db, id: number) {
  return db.kysely.selectFrom('organizers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * An organizer the public may see (published on the site, migration 0016) with its revision, or undefined: one
 * lookup by key, made on every public call before its cached answer, whose key carries the revision.
 */
export async function publicOrganizerById(db: Db, id: number) {
  const k = db.kysely as unknown as Kysely<{ organizers: Schema['organizers'] & OrganizerAdminColumns }>;
  return k.selectFrom('organizers').selectAll().where('id', '=', id).where('published_on_site', '=', 1).executeTakeFirst();
}

export function expertsOf(db: Db, organizerId: number) {
  return db.kysely.selectFrom('experts').selectAll().where('organizer_id', '=', organizerId).orderBy('position').execute();
}

/**
 * Rating (to one decimal; 0 without reviews) and count of the reviews the organizer page lists (issue 17, defect 4):
 * its page's heading and its reviews list count the same rows, read from the reviews rather than a stored copy.
 */
export async function organizerReviewSummary(db: Db, organizerId: number): Promise<{ rating: number; count: number }> {
  const row = await db.kysely
    .selectFrom('reviews')
    .select([sql<number>`cast(count(*) as integer)`.as('n'), sql<number | string | null>`avg(rating)`.as('avg')])
    .where('organizer_id', '=', organizerId)
    .where('is_published', '=', 1)
    .executeTakeFirstOrThrow();
  const avg = row.avg === null ? 0 : Number(row.avg);
  return { rating: Math.round(avg * 10) / 10, count: Number(row.n) };
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
