/**
 * The tour page's calls made only by parts that load later (the reviews and FAQ sections, the variants list): apart
 * from ./api.ts, so their schemas (reviews, tickets, tour lists) stay out of the page's first chunk (issue 33).
 */
import { TicketsAnswer, TourIdsAnswer, TourReviewsAnswer, type ApiClient, type ReviewTab } from '@tours/shared/api';

export function fetchReviews(api: ApiClient, q: { id: number; slug: string; type: ReviewTab; page: number; rating?: number | null }, signal?: AbortSignal) {
  return api.get('/spa/tour-reviews', {
    schema: TourReviewsAnswer,
    query: { id: q.id, slug: q.slug, type: q.type, page: q.page, limit: 3, rating: q.rating ?? undefined, expand_reviews: 1 },
    signal,
  });
}

export function fetchTickets(api: ApiClient, tourId: number, signal?: AbortSignal) {
  return api.get('/spa/tours-cities', { schema: TicketsAnswer, query: { tour_id: tourId }, signal });
}

export function fetchToursByIds(api: ApiClient, ids: number[], signal?: AbortSignal) {
  return ids.length ? api.get('/crm/api/tour/get-by-ids', { schema: TourIdsAnswer, query: { ids: ids.join(',') }, signal }) : Promise.resolve([]);
}
