/**
 * The site-wide reviews page (public-site §2.2 route reviews-index, `/reviews/{region?}`). The spec names the page
 * but no call for it; `GET /spa/reviews` is designed here (docs/decisions.md 'Reviews page').
 */
import { type Infer, array, integer, number, string, type } from 'superstruct';
import { Pagination, dflt, nul, opt, queryInt, queryString } from './common';
import { Review } from './organizers';

// GET /spa/reviews --------------------------------------------------------------------

/** Reviews per page of the reviews page (the call's default). */
export const SITE_REVIEWS_PAGE_SIZE = 10;

export const SiteReviewsQuery = type({
  region: opt(queryString(200, { description: 'A region slug (regions[].slug): only reviews of tours in that region. Absent or empty: every region. An unknown slug is a 404.' })),
  rating: opt(queryInt(1, 5, 'Only reviews with this rating')),
  page: dflt(queryInt(1, 100000, 'Page, from 1'), 1),
  limit: dflt(queryInt(1, 50, 'Reviews per page'), SITE_REVIEWS_PAGE_SIZE),
});
export type SiteReviewsQuery = Infer<typeof SiteReviewsQuery>;

/** A region of the picker with its number of published reviews. */
export const ReviewRegionCount = type({ slug: string(), name: string(), count: integer() });
export type ReviewRegionCount = Infer<typeof ReviewRegionCount>;

/**
 * The newest published reviews of the site: of published tours, and (without a region) of organizers with a
 * published tour. With a region, only reviews of tours in that region (organizer reviews are about no place).
 */
export const SiteReviewsAnswer = type({
  reviews: array(Review),
  /** Of the list with every filter (region and rating). */
  pagination: Pagination,
  /** Average rating of the region's (or the site's) reviews, rating filter not applied; any precision. */
  rating: number(),
  /** Number of the region's (or the site's) reviews, rating filter not applied. */
  reviews_count: integer(),
  /** The region asked for, or null. */
  region: nul(type({ slug: string(), name: string() })),
  /** Every region with reviews, most reviews first (for the region picker); independent of the filters. */
  regions: array(ReviewRegionCount),
});
export type SiteReviewsAnswer = Infer<typeof SiteReviewsAnswer>;
