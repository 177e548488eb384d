/**
 * The request page's calls (public-site §7.2, §7.4): the tour for the order, the order itself (captcha, exactly once
 * through its Idempotency-Key). The success screen's calls are in ../common/api.ts.
 */
import { IDEMPOTENCY_HEADER, SubmitOrderAnswer, TourForRequestAnswer, type ApiClient } from '@tours/shared/api';
import type { OrderData } from './order';

/** GET /spa/tour-for-request: the tour, its dates (other options' too) and limits; always site_id 1 (§9). */
export function fetchTourForRequest(api: ApiClient, id: number, signal?: AbortSignal) {
  return api.get('/spa/tour-for-request', { schema: TourForRequestAnswer, query: { id, format: 'main', site_id: 1 }, signal });
}


/**
 * POST /spa/submit-order with `{ data }` (captcha) and the submit's Idempotency-Key: every resend of one submit
 * answers the one request it made, `{ request_id, requestUUID }`.
 */
export function submitOrder(api: ApiClient, data: OrderData, idempotencyKey: string) {
  return api.post('/spa/submit-order', { data }, { schema: SubmitOrderAnswer, captcha: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
