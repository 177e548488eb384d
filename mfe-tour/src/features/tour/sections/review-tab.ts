/**
 * The reviews tab a tour page opens on (issue 17, defect 4): the tour's title shows the tour's own reviews
 * ('★ 4.9 · 12 reviews', the count its cards show too) and links to the reviews section, so the section opens on
 * those — the Tour tab — when there are any, else on All (the tour provider's reviews, if any).
 */
export function initialReviewTab(tourReviewsCount: number): 'tour' | 'all' {
  return tourReviewsCount > 0 ? 'tour' : 'all';
}
