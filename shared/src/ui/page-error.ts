import { useEffect, useMemo } from 'react';
import { ApiError, pageErrorOf, useHost } from '@tours/shared/core';
import type { HostEvents } from '@tours/shared/contract';

/** What a screen's failed page call became: the host's error page (contract event 'page:error'). */
export type PageError = HostEvents['page:error'];

/**
 * A failure that says nothing about the page (issue 29): no answer reached the browser (offline, a dropped
 * connection, the client's timeout: status 0), the connection was too slow for the server (408), or the visitor's own
 * limit (429 without a captcha). Waiting fixes these: the screen shows them in place and asks again by itself.
 */
export function keepsPageInPlace(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || (error.status === 429 && !error.needsCaptcha);
}

/**
 * The screens' one rule for a failed page call (public-site §2.8). A route parameter that cannot be one (`valid:
 * false`, checked before any call) is a 404. A failure that says nothing about the page (`keepsPageInPlace`: no
 * answer, 408, the visitor's 429) is not an error page: the screen shows it in place and retries. Any answer is the
 * host's error page with what it needs of the answer (pageErrorOf: a 403's account for 'log in again', 410, 404 with a
 * removed tour's data, 503 its own page — the API is down or shedding load —, another 5xx the default 500 page), a 422
 * being a 404: the route parameter is the only input of a page call that varies, so its refusal is a page that does
 * not exist (an id past the API's bound, a slug of other characters). An error that is not the API's answer (a
 * screen's own check, e.g. an illegal redirect) is the default page, its message kept for the record.
 * Emits the error page once per failure and returns it (null while there is none), so the screen can stop rendering.
 */
export function usePageError(error: unknown, options?: { valid?: boolean }): PageError | null {
  const host = useHost();
  const valid = options?.valid ?? true;
  const pageError = useMemo<PageError | null>(() => {
    if (!valid) return { status: 404 };
    if (error === null || error === undefined || keepsPageInPlace(error)) return null;
    if (!(error instanceof ApiError)) return error instanceof Error ? { status: 500, message: error.message } : { status: 500 };
    return error.status === 422 ? { status: 404 } : pageErrorOf(error);
  }, [error, valid]);
  useEffect(() => {
    if (pageError) host.emit('page:error', pageError);
  }, [pageError, host]);
  return pageError;
}
