/**
 * The arrival page's calls (public-site §7.4; accounts-and-comms §3): the request by its uuid (the link's secret),
 * its cancellation (§4.7) and the payment of one of its invoices.
 */
import { CreatePaymentAnswer, RequestDoneAnswer, type ApiClient, type PaymentMethod } from '@tours/shared/api';

// The request by its link: shared with the meet page.
export { fetchRequestByUuid } from '../common/request-link';

/**
 * POST /crm/api/request/cancel `{ id, uuid, message, notify_client }`: 1–3 become 5 CANCELED_TOURIST with the message in
 * the history; a cancelled request answers as it is. Answers `{ success: true, request }` (the request as it is now).
 */
export function cancelRequest(api: ApiClient, o: { id: number; uuid: string; message: string; notifyClient: boolean }) {
  const message = o.message.trim();
  return api.post(
    '/crm/api/request/cancel',
    { id: o.id, uuid: o.uuid, ...(message ? { message } : {}), notify_client: o.notifyClient },
    { schema: RequestDoneAnswer },
  );
}

/** POST /crm/api/payment/create `{ invoice_id, uuid, method }`: answers `{ url }`, the payment provider's page. */
export function createPayment(api: ApiClient, o: { invoiceId: number; uuid: string; method: PaymentMethod }) {
  return api.post('/crm/api/payment/create', { invoice_id: o.invoiceId, uuid: o.uuid, method: o.method }, { schema: CreatePaymentAnswer });
}
