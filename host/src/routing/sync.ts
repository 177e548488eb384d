import { atom } from 'jotai';
import { appConfigAtom, queryAtom, routeAtom } from '@tours/shared/core';
import { matchRoute, parseQuery, type HostStore, type Locale } from '@tours/shared/contract';
import type { FirstScreen } from '../state/initial';
import { routeTableAtom } from './table';

/** The error page the host shows instead of the slots (§2.8); cleared on every route change. */
export interface PageError { status: number; path: string; kind?: 'unmatched' | 'validation'; data?: Record<string, unknown>; message?: string; fromServer?: boolean }
export const pageErrorAtom = atom<PageError | null>(null);
/** The first screen the server knew of (host/server: the tour's hero), until the page's own screen paints. */
export const firstScreenAtom = atom<FirstScreen | null>(null);
/** Route changes in this visit, for the e-book sheet (§4.11). */
export const routeChangesAtom = atom(0);

/**
 * Puts the current URL into the store. Runs before single-spa decides which microfrontend is active,
 * so the mounted screen reads the new route at once. A change of the query alone (a search filter) keeps the
 * route object: the layout and everything else that reads the route does not re-render for it.
 */
export function syncRoute(store: HostStore, opts: { russianIsAvailable: boolean; onLocale: (l: Locale) => void }, loc: Location = window.location) {
  const previous = store.get(routeAtom);
  // The site's variant from the configuration: the Chinese-region site offers en and cn only (issue 32).
  const match = matchRoute(loc.pathname, { russianIsAvailable: opts.russianIsAvailable, variant: store.get(appConfigAtom).variant, routes: store.get(routeTableAtom) });
  const pathChanged = previous?.path !== match?.path || previous?.locale !== match?.locale;
  if (pathChanged) store.set(routeAtom, match);
  store.set(queryAtom, parseQuery(loc.search));
  if (match && match.locale !== previous?.locale) opts.onLocale(match.locale);
  if (pathChanged) {
    store.set(pageErrorAtom, match ? null : { status: 404, path: loc.pathname, kind: 'unmatched' });
    if (previous) store.set(routeChangesAtom, (n) => n + 1);
  }
}
