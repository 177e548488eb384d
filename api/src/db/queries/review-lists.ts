/** What the tour page's reviews and the site-wide reviews page share: the query they start from and its page. */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../index';
import type { CatalogueSchema } from '../schema';

export type ReviewsEb = ExpressionBuilder<CatalogueSchema & { r: CatalogueSchema['reviews'] }, 'r'>;

/** Published reviews, as `r`: each list adds its own conditions. */
export function publishedReviews(db: Db) {
  return db.kysely.selectFrom('reviews as r').where('r.is_published', '=', 1);
}

/** A page of a review list, newest first, with the tour's slugs and titles (the row of `review()`). */
export function newestReviewsPage(q: ReturnType<typeof publishedReviews>, limit: number, offset: number) {
  return q
    .leftJoin('tours as t', 't.id', 'r.tour_id')
    .selectAll('r')
    .select(['t.slug_en', 't.slug_cn', 't.slug_de', 't.slug_ru', 't.title_en', 't.title_cn', 't.title_de', 't.title_ru'])
    .orderBy('r.date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
