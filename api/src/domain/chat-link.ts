/** The chat deep link's payload (issue 30: pure; formerly in routes/reference.ts, also used by the request's chat link). */

/** The chat deep-link payload: known ids joined, e.g. 'r12_c5' ('site' when none). */
export function chatRef(ids: { client_id?: string | undefined; request_id?: string | undefined; subscriber_id?: string | undefined; webinar_id?: string | undefined }): string {
  const parts = [
    ids.request_id && `r${ids.request_id}`, ids.client_id && `c${ids.client_id}`, ids.subscriber_id && `s${ids.subscriber_id}`, ids.webinar_id && `w${ids.webinar_id}`,
  ].filter(Boolean);
  return parts.length ? parts.join('_') : 'site';
}
