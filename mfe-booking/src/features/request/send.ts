/**
 * What the request page needs only once the traveller acts (issue 33): sending the order and the success screen of
 * §2.7. One chunk (`loadSend` in ./api.ts), fetched on the form's first focus, at the latest on submit.
 */
import { IDEMPOTENCY_HEADER, SubmitOrderAnswer, type ApiClient } from '@tours/shared/api';
import type { OrderData } from './order';

export { SuccessScreen } from '../common/SuccessScreen';

/**
 * POST /spa/submit-order with `{ data }` (captcha) and the submit's Idempotency-Key: every resend of one submit
 * answers the one request it made, `{ request_id, requestUUID }`.
 */
export function submitOrder(api: ApiClient, data: OrderData, idempotencyKey: string) {
  return api.post('/spa/submit-order', { data }, { schema: SubmitOrderAnswer, captcha: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
