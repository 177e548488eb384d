import { tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { COOKIES, STORAGE, type HostStore } from '@tours/shared/contract';
import { writeCookie } from '../state/cookies';

/**
 * On every page load (§2.3): store the tour-selection token, reset the selection and strip the parameter
 * from the URL; store utm_source / utm_campaign / utm_content for 3 days.
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
      if (stored) store.set(tourSelectionTokenAtom, stored);
    } catch { /* storage blocked */ }
  }
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
