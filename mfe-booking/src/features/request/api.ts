/**
 * The request page's calls (public-site §7.2, §7.4): the tour for the order here; the order itself (captcha, exactly
 * once through its Idempotency-Key) in ./send.ts, which loads when the traveller acts. The success screen's calls are
 * in ../common/api.ts.
 */
import { ApiError } from '@tours/shared/core';
import { TourForRequestAnswer, type ApiClient } from '@tours/shared/api';

/** GET /spa/tour-for-request: the tour, its dates (other options' too) and limits; always site_id 1 (§9). */
export function fetchTourForRequest(api: ApiClient, id: number, signal?: AbortSignal) {
  return api.get('/spa/tour-for-request', { schema: TourForRequestAnswer, query: { id, format: 'main', site_id: 1 }, signal });
}

/**
 * The sending code and the success screen (./send.ts, its own chunk: issue 33). A chunk that cannot be fetched is
 * no connection (status 0), so the form keeps everything and offers its retry, as for a send that got no answer.
 */
type SendModule = typeof import('./send');
let loaded: SendModule | null = null;
export const loadSend = (): Promise<SendModule> =>
  import(/* webpackChunkName: "request-send" */ './send').then(
    (m) => (loaded = m),
    () => {
      throw new ApiError(0, '/spa/submit-order', 'Network error');
    },
  );

/** ./send.ts once it is here; it always is once an order went out, since the order is sent through it. */
export const loadedSend = (): SendModule | null => loaded;

/** Starts fetching ./send.ts (the form's first focus): by the submit it is there. */
export const preloadSend = () => void loadSend().catch(() => undefined);
