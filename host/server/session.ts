/**
 * The traveller's session cookie on the host server (issue 28 'Sessions'; shared/src/api/session-cookie.ts has the
 * protocol). The API still speaks the spec's X-Authorization bearer token; the host server keeps that token out of
 * page scripts:
 * - an account call's answer (/crm/api/user/…) carrying `token` sets the HttpOnly auth_token cookie, and the page
 *   gets the token's marker in its place; logout's answer removes the cookie, and so does a 401 to a marker;
 * - a call whose X-Authorization is a marker goes to the API with the cookie's token when the marker is that cookie's,
 *   else with no X-Authorization at all (the API answers 401; the page signs in again). A real token passes as it
 *   came (API clients, the staff console).
 */
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';
import { isSessionMarker, sessionMarker, sessionSetCookie, tokenOfMarker } from '@tours/shared/src/api/session-cookie';

/** The session header as node names what it received (lower case). */
export const AUTHORIZATION_KEY = AUTHORIZATION_HEADER.toLowerCase();
const ACCOUNT_CALLS = /^\/crm\/api\/user\//;
const LOGOUT = /^\/crm\/api\/user\/logout(\?|$)/;
/** Account answers are small; anything bigger is passed on untouched rather than held in memory. */
export const MAX_ACCOUNT_ANSWER_BYTES = 256 * 1024;

const markerOf = (authorization: unknown): string | null => {
  const value = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] : undefined;
  return value && isSessionMarker(value) ? value : null;
};

/** The headers to the API: a marker becomes the cookie's token (or nothing); account calls ask for a plain body. */
export function withSessionToken<H extends Record<string, unknown>>(headers: H, url: string): H {
  const out: Record<string, unknown> = { ...headers };
  const marker = markerOf(out[AUTHORIZATION_KEY]);
  if (marker) {
    const token = tokenOfMarker(marker, typeof out.cookie === 'string' ? out.cookie : undefined);
    if (token) out[AUTHORIZATION_KEY] = `Bearer ${token}`;
    else delete out[AUTHORIZATION_KEY];
  }
  // The answer may be rewritten (sessionAnswer): it comes uncompressed, and the host compresses what it sends.
  if (ACCOUNT_CALLS.test(url)) delete out['accept-encoding'];
  return out as H;
}

/** Whether an answer may need rewriting: the account calls. */
export const isAccountCall = (url: string): boolean => ACCOUNT_CALLS.test(url);

/**
 * An account call's answer as the page gets it: `body` with a marker for its token, and the Set-Cookie to send
 * (null: none). `usedMarker`: the call was sent with a marker.
 */
export function sessionAnswer(opts: { url: string; status: number; body: string; usedMarker: boolean; secure: boolean }): { body: string; setCookie: string | null } {
  if (LOGOUT.test(opts.url)) return { body: opts.body, setCookie: sessionSetCookie(null, opts.secure) };
  if (opts.status === 401 && opts.usedMarker) return { body: opts.body, setCookie: sessionSetCookie(null, opts.secure) };
  if (opts.status < 200 || opts.status >= 300) return { body: opts.body, setCookie: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(opts.body);
  } catch {
    return { body: opts.body, setCookie: null };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { body: opts.body, setCookie: null };
  const token = (parsed as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '' || isSessionMarker(token)) return { body: opts.body, setCookie: null };
  return { body: JSON.stringify({ ...parsed, token: sessionMarker(token) }), setCookie: sessionSetCookie(token, opts.secure) };
}

export { markerOf };
