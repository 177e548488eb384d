/**
 * Whether this browser holds a staff session (issue 16): the API sets the non-secret `admin_session=1` cookie next to
 * the HttpOnly `admin_auth` one and clears both together. A page reads only this hint, to decide whether to fetch
 * the staff tools at all (a traveller's page downloads none of them); the API still checks the session and the
 * permissions on every staff call. No imports: it sits in the traveller's bundle.
 */

/** The staff-session presence cookie (not HttpOnly, value '1', same lifetime as admin_auth). */
export const ADMIN_SESSION_COOKIE = 'admin_session';

/** Whether the cookie string (document.cookie by default) holds the staff-session hint. */
export function hasAdminSessionHint(cookies: string | undefined = typeof document === 'undefined' ? undefined : document.cookie): boolean {
  if (!cookies) return false;
  return cookies.split(';').some((part) => part.trim() === `${ADMIN_SESSION_COOKIE}=1`);
}
