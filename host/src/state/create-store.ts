import { createStore } from 'jotai';
import { appConfigAtom, currencyAtom, localeAtom, messagesAtom, queryAtom, routeAtom } from '@tours/shared/core';
import { matchRoute, parseQuery, type HostStore } from '@tours/shared/contract';
import { cookiesAnsweredAtom, cookiesPendingAtom } from '../layout/state';
import { applyLayoutData } from '../layout/layout-data';
import { firstScreenAtom, pageErrorAtom } from '../routing/sync';
import { routeTableAtom, tableFor } from '../routing/table';
import type { InitialState } from './initial';

/**
 * The one store, filled from the server's initial state. Used by the browser and by the server render,
 * so both start from exactly the same state (no hydration mismatch).
 */
export function createHostStore(initial: InitialState, url: { pathname: string; search: string }): HostStore {
  const store = createStore();
  store.set(appConfigAtom, initial.config);
  store.set(localeAtom, initial.locale);
  store.set(messagesAtom, initial.messages);
  store.set(currencyAtom, initial.currency ?? initial.config.defaultCurrency);
  const routes = tableFor(initial.routes);
  store.set(routeTableAtom, routes);
  store.set(routeAtom, matchRoute(url.pathname, { russianIsAvailable: initial.config.russianIsAvailable, variant: initial.config.variant, routes }));
  store.set(queryAtom, parseQuery(url.search));
  store.set(firstScreenAtom, initial.firstScreen ?? null);
  store.set(cookiesAnsweredAtom, initial.cookiesAnswered === true);
  store.set(cookiesPendingAtom, initial.cookiesAnswered !== true);
  if (initial.layout) applyLayoutData(store, initial.layout);
  if (initial.status === 404 && initial.notFound) {
    store.set(pageErrorAtom, { status: 404, path: url.pathname, kind: initial.notFound, fromServer: true });
  } else if (initial.status === 503) {
    // The server could not check this page (the API is down or limiting it): the error page, which reloads
    // by itself once the page answers again.
    store.set(pageErrorAtom, { status: 503, path: url.pathname, fromServer: true });
  }
  return store;
}
