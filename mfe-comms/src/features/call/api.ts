/**
 * POST /crm/api/phone-code/web-call-data (accounts-and-comms §7; captcha): the credentials of §3 'Web call
 * credentials' for a call to support (is_support_call true) or an organizer. The API's side: api/src/routes/web-calls.ts.
 */
import type { HostContext } from '@tours/shared/contract';
import { WebCallCredentialsAnswer } from '@tours/shared/api';

export { WebCallCredentialsAnswer };

export const WEB_CALL_DATA_PATH = '/crm/api/phone-code/web-call-data';

export interface WebCallDataBody {
  is_support_call: boolean;
  organizer_id: number | null;
  chat_id: number | null;
}

export function fetchWebCallData(api: HostContext['api'], body: WebCallDataBody): Promise<WebCallCredentialsAnswer> {
  return api.post(WEB_CALL_DATA_PATH, body, { schema: WebCallCredentialsAnswer, captcha: true });
}
