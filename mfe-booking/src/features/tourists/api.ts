/**
 * The add-tourists page's calls (public-site §7.4): the request's tourists with the §3.7 template, and the save.
 *
 * The save is one call with the whole list: update-tourists (`?request_id&uuid`) changes the stored tourists sent
 * with their id, adds the ones without, and removes the stored ones left out — so a resend (a retry after a lost
 * answer) leaves the same list, where add-tourists (which only appends) would add them twice.
 */
import { TouristsAnswer, TouristsInfoAnswer, type ApiClient } from '@tours/shared/api';
import type { TouristItem } from './tourists';

/** GET /spa/tourists-info?uuid: the request (id, party, limit, whether it may change), the template, the tourists. */
export function fetchTouristsInfo(api: ApiClient, uuid: string, signal?: AbortSignal) {
  return api.get('/spa/tourists-info', { schema: TouristsInfoAnswer, query: { uuid }, signal });
}

/** POST /crm/api/request/update-tourists?request_id&uuid with `{ tourists }`: answers `{ request_id, tourists }`. */
export function saveTourists(api: ApiClient, o: { requestId: number; uuid: string; tourists: TouristItem[] }) {
  return api.post('/crm/api/request/update-tourists', { tourists: o.tourists }, { schema: TouristsAnswer, query: { request_id: o.requestId, uuid: o.uuid } });
}
