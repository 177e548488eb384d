/**
 * The tour page's calls made only by parts that load later (the reviews and FAQ sections, the variants list, an
 * order's individual tour): apart from ./api.ts, so their schemas stay out of the page's first chunk (issue 33).
 */
import { IndividualTourAnswer, TicketsAnswer, TourForRequestAnswer, TourIdsAnswer, TourReviewsAnswer, type ApiClient, type ReviewTab } from '@tours/shared/api';

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

export function fetchIndividualTour(api: ApiClient, uuid: string, signal?: AbortSignal) {
  return api.get('/spa/individual-tour', { schema: IndividualTourAnswer, query: { uuid, with_alt: 1 }, signal });
}

export function fetchTourForRequest(api: ApiClient, id: number, signal?: AbortSignal) {
  return api.get('/spa/tour-for-request', { schema: TourForRequestAnswer, query: { id, format: 'main', site_id: 1 }, signal });
}
