import {
  COOKIES, STORAGE, appConfigAtom, currencyAtom, favouritesAtom, sessionAtom, type HostContext, type HostStore,
} from '@tours/shared';
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
 * The host owns currency, favourites and session: it restores them on load and writes them back on change.
 * Currency: cookie for 1 year, cleared when the default is chosen (§9). Favourites: on the device.
 */
export function initPersistentState(store: HostStore, _host: HostContext): void {
  // The initial currency came from the cookie through the server (initial state); changes go back to it.
  store.sub(currencyAtom, () => {
    const currency = store.get(currencyAtom);
    if (currency === store.get(appConfigAtom).defaultCurrency) deleteCookie(COOKIES.currency.name);
    else writeCookie(COOKIES.currency.name, currency, COOKIES.currency.maxAge);
  });

  const favourites = readJson<unknown[]>(STORAGE.favourites, []).filter((id): id is number => Number.isInteger(id));
  store.set(favouritesAtom, favourites);
  store.sub(favouritesAtom, () => {
    try { localStorage.setItem(STORAGE.favourites, JSON.stringify(store.get(favouritesAtom))); } catch { /* storage blocked */ }
  });

  const session = readJson<{ token: string; profile: { id: number; first_name: string; last_name: string } } | null>('session', null);
  if (session && typeof session.token === 'string') store.set(sessionAtom, session);
  store.sub(sessionAtom, () => {
    const s = store.get(sessionAtom);
    if (s) localStorage.setItem('session', JSON.stringify(s));
    else localStorage.removeItem('session');
  });
}
