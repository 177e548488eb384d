import { createStore } from 'jotai';
import {
  appConfigAtom, currencyAtom, localeAtom, matchRoute, messagesAtom, queryAtom, routeAtom, type HostStore,
} from '@tours/shared';
import { firstScreenAtom, pageErrorAtom, parseQuery } from '../routing/sync';
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
  store.set(routeAtom, matchRoute(url.pathname, { russianIsAvailable: initial.config.russianIsAvailable }));
  store.set(queryAtom, parseQuery(url.search));
  store.set(firstScreenAtom, initial.firstScreen ?? null);
  if (initial.status === 404 && initial.notFound) {
    store.set(pageErrorAtom, { status: 404, path: url.pathname, kind: initial.notFound, fromServer: true });
  }
  return store;
}
