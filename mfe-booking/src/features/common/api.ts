/**
 * Calls of the success screen of a booking request (public-site §2.7, §7.4): the e-mail added to the request just
 * made, and the messenger links of its chat.
 */
import { ChatLinkSmsAnswer, ChatSourcesAnswer, IDEMPOTENCY_HEADER, SubmitHelpRequestAnswer, type ApiClient } from '@tours/shared/api';

/**
 * POST /spa/submit-help-request with `{ data }` (captcha) and the submit's Idempotency-Key: a resend answers the one
 * request it made. The private tour, the cost calculation and the other help requests of the booking area send so.
 */
export function submitHelpRequestOnce<D extends { type: string }>(api: ApiClient, data: D, idempotencyKey: string) {
  return api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/**
 * The success screen's 'We'll send the tour selection to your e-mail' (§2.7): submit-help-request of type
 * add_email_to_request for the request just made, named by its id and its uuid.
 */
export function addEmailToRequest(api: ApiClient, o: { requestId: number; requestUUID: string; email: string; timezone: number }) {
  return api.post(
    '/spa/submit-help-request',
    { data: { type: 'add_email_to_request', email: o.email, request_id_to_update: o.requestId, requestUUID: o.requestUUID, timezone: o.timezone } },
    { schema: SubmitHelpRequestAnswer, captcha: true },
  );
}

/** GET /spa/chat-sources-list for the request just made: the messenger links of its chat. */
export function fetchChatSources(api: ApiClient, o: { requestId: number; clientId?: number }, signal?: AbortSignal) {
  return api.get('/spa/chat-sources-list', { schema: ChatSourcesAnswer, query: { request_id: o.requestId, client_id: o.clientId }, signal });
}

/** POST /spa/send-chat-link-sms (captcha): the chat link of the request just made, texted to its phone (§2.7). */
export function sendChatLinkSms(api: ApiClient, o: { requestId: number; requestUUID: string }) {
  return api.post('/spa/send-chat-link-sms', { request_id: o.requestId, requestUUID: o.requestUUID }, { schema: ChatLinkSmsAnswer, captcha: true });
}
