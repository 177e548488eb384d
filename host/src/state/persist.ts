import { appConfigAtom, currencyAtom, favouritesAtom, sessionAtom, type Session } from '@tours/shared/core';
import { COOKIES, SESSION_MARKER_PREFIX, STORAGE, currencyChoices, type HostContext, type HostStore } from '@tours/shared/contract';
import { deleteCookie, writeCookie } from './cookies';

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The host owns currency, favourites and session: it restores them on load (the session after hydration:
 * `restoreSession`) and writes them back on change.
 * Currency: cookie for 1 year, cleared when the default is chosen (§9); while logged in it is also saved to the
 * profile (set-currency, whose answer is the updated user), and signing in adopts the profile's currency.
 * Favourites: on the device.
 */
export function initPersistentState(store: HostStore, host: HostContext): void {
  // The initial currency came from the cookie through the server (initial state); changes go back to it.
  store.sub(currencyAtom, () => {
    const currency = store.get(currencyAtom);
    if (currency === store.get(appConfigAtom).defaultCurrency) deleteCookie(COOKIES.currency.name);
    else writeCookie(COOKIES.currency.name, currency, COOKIES.currency.maxAge);
    const session = store.get(sessionAtom);
    // The save is its own chunk: only a logged-in traveller changing the currency needs it.
    if (session && session.profile.currency !== currency) void import('./save-currency').then((m) => m.saveCurrency(store, host, session.token, currency));
  });

  const favourites = readJson<unknown[]>(STORAGE.favourites, []).filter((id): id is number => Number.isInteger(id));
  store.set(favouritesAtom, favourites);
  store.sub(favouritesAtom, () => {
    try { localStorage.setItem(STORAGE.favourites, JSON.stringify(store.get(favouritesAtom))); } catch { /* storage blocked */ }
  });

  store.sub(sessionAtom, () => {
    const s = store.get(sessionAtom);
    try {
      if (s) localStorage.setItem(SESSION_KEY, JSON.stringify(s));
      else localStorage.removeItem(SESSION_KEY);
    } catch { /* storage blocked: the session lives in this tab only */ }
    // Signing in (or a profile update) brings the profile's currency, when the site offers it. Not a restored
    // session: this device's cookie holds the latest choice.
    const saved = s?.profile.currency;
    if (!restoring && saved && saved !== store.get(currencyAtom) && currencyChoices(store.get(appConfigAtom)).includes(saved)) store.set(currencyAtom, saved);
  });

  // One session for every tab of the site: a sign-in or a logout in one tab reaches the others (accounts issue:
  // 'logout clears the session everywhere').
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const next = parseSession(event.key === null ? null : event.newValue);
    const now = store.get(sessionAtom);
    if ((next?.token ?? null) === (now?.token ?? null)) return;
    store.set(sessionAtom, next);
  });
}

const SESSION_KEY = 'session';

/**
 * A session as this device keeps it: its token is the marker of the HttpOnly auth_token cookie (the host server set
 * both; shared/src/api/session-cookie.ts). A token kept before (a real one, readable by any script on the site) is
 * not a session any more: restoreSession removes it and the traveller signs in again once.
 */
function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as Session | null;
    return session && typeof session.token === 'string' && session.token.startsWith(SESSION_MARKER_PREFIX) && typeof session.profile === 'object' && session.profile !== null ? session : null;
  } catch {
    return null;
  }
}

let restoring = false;

/**
 * Puts the session kept on this device into the store. Called after hydration: the server cannot know the
 * session, so the server HTML and the first client render must both be logged out (or React discards the server
 * HTML, microfrontend slots with it).
 */
export function restoreSession(store: HostStore): void {
  let raw: string | null = null;
  try { raw = localStorage.getItem(SESSION_KEY); } catch { /* storage blocked */ }
  const session = parseSession(raw);
  if (!session) {
    if (raw !== null) try { localStorage.removeItem(SESSION_KEY); } catch { /* storage blocked */ }
    return;
  }
  restoring = true;
  try {
    store.set(sessionAtom, session);
  } finally {
    restoring = false;
  }
}
