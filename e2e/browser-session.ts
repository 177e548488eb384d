/**
 * A browser put in a visitor's state without clicking through the site: for the e2e specs (tests/support.ts) and the
 * cluster suite's browser check (scripts/cluster/suite.mjs), which drives Chromium outside the Playwright runner.
 * No Playwright runtime is imported here, so either can load it.
 */
import type { BrowserContext } from '@playwright/test';
import { SESSION_COOKIE, sessionMarker } from '../shared/src/api/session-cookie';

/**
 * Starts a session in a browser context as a sign-in through the host server leaves it: the HttpOnly cookie with the
 * token, and the session in storage with the token's marker (set before the first page's scripts run).
 */
export async function startSession(context: BrowserContext, baseURL: string, token: string, profile: Record<string, unknown>): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Strict' }]);
  const session = { token: sessionMarker(token), profile };
  await context.addInitScript((s) => {
    if (!localStorage.getItem('session')) localStorage.setItem('session', JSON.stringify(s));
  }, session);
}

/**
 * The cookies of a visitor who already answered the cookie alert and the region question (the United States), so
 * nothing covers the page: `test.beforeEach(({ context, baseURL }) => context.addCookies(answeredVisitorCookies(baseURL!)))`.
 */
export function answeredVisitorCookies(url: string) {
  return [
    { name: 'cookie_alert_accepted', value: '1', url },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url },
  ];
}
