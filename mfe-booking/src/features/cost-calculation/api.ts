/**
 * The cost calculation's calls (public-site §7.2, §7.4): the tour's tickets data (its arrivals, for the plane/train
 * gate of §6), the city search of §5.7, and the request itself (captcha, exactly once through its Idempotency-Key).
 * The tour (GET /spa/tour-for-request) is the request page's call, handed in by the parcel.
 */
import { CitiesByQueryAnswer, TicketsAnswer, type ApiClient, type CityItem } from '@tours/shared/api';
import { submitHelpRequestOnce } from '../common/api';
import { cityQuery, type CostCalculationData } from './cost-calculation';

/** GET /spa/tours-cities: the tour's arrivals and departures (TicketsAnswer). */
export function fetchTickets(api: ApiClient, tourId: number, signal?: AbortSignal) {
  return api.get('/spa/tours-cities', { schema: TicketsAnswer, query: { tour_id: tourId }, signal });
}

/** The answer of GET /spa/cities-by-query (id, name, region, country). */
export const CitiesAnswer = CitiesByQueryAnswer;
export type City = CityItem;

/** GET /spa/cities-by-query?query=: the cities matching the text (§5.7); an empty query asks nothing. */
export async function searchCities(api: ApiClient, text: string, signal?: AbortSignal): Promise<City[]> {
  const query = cityQuery(text);
  if (!query) return [];
  const answer = await api.get('/spa/cities-by-query', { schema: CitiesAnswer, query: { query }, signal });
  return answer.result;
}

/**
 * POST /spa/submit-help-request with `{ data }` of type city_calculate (captcha) and the submit's Idempotency-Key:
 * every resend of one submit answers the one request it made, `{ request_id, requestUUID, email? }`.
 */
export function submitCostCalculation(api: ApiClient, data: CostCalculationData, idempotencyKey: string) {
  return submitHelpRequestOnce(api, data, idempotencyKey);
}
