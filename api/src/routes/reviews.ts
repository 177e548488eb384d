/** The site-wide reviews page's call (route reviews-index; designed here, see docs/decisions.md 'Reviews page'). */
import { SiteReviewsAnswer, SiteReviewsQuery } from '@tours/shared/src/api/schemas/reviews';
import * as q from '../db/queries/reviews';
import { notFound } from '../lib/errors';
import { t } from '../lib/i18n';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { expertPhoto, review } from '../lib/organizer-views';

const REGION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function registerReviewRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/spa/reviews', tags: ['reviews'], summary: 'The newest reviews of the site, optionally of one region\'s tours, paged',
    description: 'Published reviews of published tours and of organizers with a published tour, newest first (10 per page by default, at most 50). '
      + 'region (a regions[].slug) keeps the reviews of tours in that region (tour_regions; organizer reviews are about no place and are left out); an unknown slug is a 404. '
      + 'rating keeps one rating. pagination counts the list with every filter; rating (the unrounded average) and reviews_count are of the region (or the site) without the rating filter; '
      + 'regions lists every region with reviews and its count, most first, for the region picker.',
    query: SiteReviewsQuery, answer: SiteReviewsAnswer, errors: [404],
    handler: ({ query, ctx }) => {
      const slug = query.region?.trim() || null;
      return s.cached(`reviews:${ctx.locale}:${slug ?? ''}:${query.rating ?? ''}:${query.page}:${query.limit}`, async () => {
        // A slug that cannot be a region's (region slugs are ASCII kebab-case) is not looked up: it is just unknown.
        const region = slug === null ? null : REGION_SLUG.test(slug) ? await q.regionBySlug(s.db, slug) : undefined;
        if (slug !== null && !region) throw notFound();
        const filter = { regionId: region?.id, rating: query.rating };
        const [rows, total, summary, regions] = await Promise.all([
          q.siteReviewsPage(s.db, filter, query.limit, (query.page - 1) * query.limit),
          s.cached(`reviews-count:${region?.id ?? ''}:${query.rating ?? ''}`, () => q.countSiteReviews(s.db, filter)),
          s.cached(`reviews-summary:${region?.id ?? ''}`, () => q.siteReviewSummary(s.db, { regionId: region?.id })),
          s.cached('reviews-regions', () => q.regionsWithReviews(s.db)),
        ]);
        const experts = await q.mainExperts(s.db, rows.map((r) => r.organizer_id));
        return {
          reviews: rows.map((r) => {
            const main = experts.get(r.organizer_id);
            return review(r, ctx.locale, main ? expertPhoto(main) : null);
          }),
          pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), itemsCount: total, itemsOnPage: rows.length, pageSize: query.limit },
          rating: summary.rating,
          reviews_count: summary.count,
          region: region ? { slug: region.slug, name: t(region, 'name', ctx.locale) } : null,
          regions: regions.map((g) => ({ slug: g.slug, name: t(g, 'name', ctx.locale), count: Number(g.n) })),
        };
      });
    },
  });
}
