/**
 * A request's link (its uuid: the key of the arrival, add-tourists and meet pages) and the call that reads the request
 * by it. The arrival page and the meet page share them.
 */
import { RequestAnswer, type ApiClient } from '@tours/shared/api';

/** A request's uuid as the API makes it (random v4, lower case): anything else is not a request's link (404 without a call). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isRequestUuid = (value: string): boolean => UUID_RE.test(value);

/** GET /crm/api/request/get-by-uuid: `{ request }` with its tour, dates, tourists, history, agreement and invoices. */
export function fetchRequestByUuid(api: ApiClient, uuid: string, signal?: AbortSignal) {
  return api.get('/crm/api/request/get-by-uuid', { schema: RequestAnswer, query: { uuid }, signal });
}
