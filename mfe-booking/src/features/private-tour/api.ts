/**
 * The private tour request's call (public-site §3.7 'Private tour request', §7.4): a help request of type
 * individual_tour, captcha, exactly once through its Idempotency-Key. The answer names the request by id and uuid.
 */
import type { ApiClient } from '@tours/shared/api';
import { submitHelpRequestOnce } from '../common/api';
import type { PrivateTourData } from './private-tour';

export function submitPrivateTour(api: ApiClient, data: PrivateTourData, idempotencyKey: string) {
  return submitHelpRequestOnce(api, data, idempotencyKey);
}
