import { tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { COOKIES, STORAGE, type HostStore } from '@tours/shared/contract';
import { writeCookie } from '../state/cookies';

/** The stored selection: a list of tour ids (what another version or a hand edit left is dropped). */
export function readSelectionItems(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? [...new Set(parsed.filter((v): v is number => Number.isInteger(v) && v > 0))].slice(0, 50) : [];
  } catch {
    return [];
  }
}

/**
 * On every page load (§2.3): store the tour-selection token, reset the selection and strip the parameter
 * from the URL; store utm_source / utm_campaign / utm_content for 3 days. Without a token in the URL the stored token
 * and selection come back (issue 17: a reload must not lose what the traveller selected); the host keeps the selection
 * in storage as it changes, whichever area changed it.
 */
export function onPageLoad(store: HostStore, loc: Location = window.location, history: History = window.history): void {
  const url = new URL(loc.href);
  const token = url.searchParams.get('tour-selection-token');
  if (token) {
    try {
      localStorage.setItem(STORAGE.tourSelectionToken, token);
      localStorage.removeItem(STORAGE.tourSelectionItems);
    } catch { /* storage blocked */ }
    store.set(tourSelectionTokenAtom, token);
    store.set(tourSelectionItemsAtom, []);
    url.searchParams.delete('tour-selection-token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  } else {
    try {
      const stored = localStorage.getItem(STORAGE.tourSelectionToken);
      if (stored) {
        store.set(tourSelectionTokenAtom, stored);
        store.set(tourSelectionItemsAtom, readSelectionItems(localStorage.getItem(STORAGE.tourSelectionItems)));
      }
    } catch { /* storage blocked */ }
  }
  store.sub(tourSelectionItemsAtom, () => {
    try {
      localStorage.setItem(STORAGE.tourSelectionItems, JSON.stringify(store.get(tourSelectionItemsAtom)));
    } catch { /* storage full or blocked */ }
  });
  const utm = [
    ['utm_source', COOKIES.utmSource],
    ['utm_campaign', COOKIES.utmCampaign],
    ['utm_content', COOKIES.utmContent],
  ] as const;
  for (const [param, cookie] of utm) {
    const value = url.searchParams.get(param);
    if (value) writeCookie(cookie.name, value.slice(0, 200), cookie.maxAge);
  }
}
