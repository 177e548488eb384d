/**
 * The private tour request's call (public-site §3.7 'Private tour request', §7.4): a help request of type
 * individual_tour, captcha, exactly once through its Idempotency-Key. The answer names the request by id and uuid.
 */
import { SubmitHelpRequestAnswer, type ApiClient } from '@tours/shared/api';
import type { PrivateTourData } from './private-tour';

/** The header of a submit's idempotency key: every resend of one submit carries the same. */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** POST /spa/submit-help-request with `{ data }` and the submit's Idempotency-Key: every resend of one submit answers the one request it made. */
export function submitPrivateTour(api: ApiClient, data: PrivateTourData, idempotencyKey: string) {
  return api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
