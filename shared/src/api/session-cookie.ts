/**
 * The traveller's session out of page scripts' reach (issue 28; docs/decisions.md 'Sessions out of scripts' reach').
 * One definition for the host server (which sets the cookie and swaps the marker for the token on the way to the API)
 * and the API (whose chat socket reads the cookie of its handshake). Node only: it hashes with node:crypto, so the
 * browser bundles never import it (they know only SESSION_MARKER_PREFIX, config/storage-keys.ts).
 *
 * - The sign-in answers' `token` goes into the `auth_token` cookie (HttpOnly, SameSite=Strict, Secure on https, 30
 *   days, as the API's token lives); the page gets a marker instead: `cookie.` and a digest of the token.
 * - The page sends the marker as it sent the token (X-Authorization: Bearer cookie.…); the host server sends the
 *   API the cookie's token only when the marker is that cookie's. A cross-site form cannot set that header, and a
 *   script elsewhere cannot read the marker: the pair is the CSRF proof of every call, writes included.
 */
import { createHash } from 'node:crypto';
import { COOKIES, SESSION_MARKER_PREFIX } from '../config/storage-keys';

export const SESSION_COOKIE = COOKIES.authToken.name;
export { SESSION_MARKER_PREFIX };

/** The marker page scripts hold for a token (not the token, and not enough to act without the cookie). */
export function sessionMarker(token: string): string {
  return `${SESSION_MARKER_PREFIX}${createHash('sha256').update(`session-marker\0${token}`).digest('base64url').slice(0, 32)}`;
}

export const isSessionMarker = (value: string): boolean => value.startsWith(SESSION_MARKER_PREFIX);

/** One cookie's value from a Cookie header, or undefined. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The token a marker stands for: the session cookie's, when the marker is that cookie's marker; else null. */
export function tokenOfMarker(marker: string, cookieHeader: string | undefined): string | null {
  const token = cookieOf(cookieHeader, SESSION_COOKIE);
  return token && sessionMarker(token) === marker ? token : null;
}

/** The Set-Cookie value that keeps `token` (null: the one that removes the cookie). */
export function sessionSetCookie(token: string | null, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return token === null ? `${SESSION_COOKIE}=; Max-Age=0; ${attributes}` : `${SESSION_COOKIE}=${encodeURIComponent(token)}; Max-Age=${COOKIES.authToken.maxAge}; ${attributes}`;
}
