/* Test helpers for mfe-search: one jotai store, the host contract with a fake API, the real catalogues. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import {
  HostProvider, buildPath, currencyAtom, localeAtom, matchRoute, messagesAtom, queryAtom, routeAtom,
  type HostContext, type Locale, type ModalHandle, type RouteName,
} from '@tours/shared';
// The fake API and the merged catalogues come from the shared test kit.
export { fakeApi as createFakeApi, testCatalogue as catalogue, type ApiCall } from '@tours/shared/src/testing';
import { fakeApi as createFakeApi, testCatalogue as catalogue, type ApiCall, type FakeRoutes } from '@tours/shared/src/testing';

type ApiHandler = FakeRoutes[string];

export interface Harness {
  store: ReturnType<typeof createStore>;
  host: HostContext;
  calls: ApiCall[];
  navigate: jest.Mock;
  emit: jest.Mock;
  openModal: jest.Mock;
  /** Moves to a URL as the host does on navigate and on back/forward: route and query atoms. */
  go: (url: string) => void;
  view: ReturnType<typeof render>;
}

export function renderWithHost(ui: ReactElement, { path = '/en/tours', routes = {}, modalResult, currency = 'RUB' }: { path?: string; routes?: Record<string, ApiHandler>; modalResult?: unknown; currency?: string } = {}): Harness {
  const store = createStore();
  store.set(localeAtom, 'en');
  store.set(currencyAtom, currency);
  // jsdom has no scrolling.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  store.set(messagesAtom, catalogue('en'));
  const { api, calls } = createFakeApi(routes);
  const go = (url: string) => {
    const [pathname, search = ''] = url.split('?');
    store.set(routeAtom, matchRoute(pathname!, { russianIsAvailable: true }));
    const query: Record<string, string | string[]> = {};
    const params = new URLSearchParams(search);
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      query[key] = all.length > 1 ? all : all[0]!;
    }
    store.set(queryAtom, query);
  };
  go(path);
  const navigate = jest.fn((to: string) => go(to));
  const emit = jest.fn();
  const openModal = jest.fn((): ModalHandle => ({ id: 'm1', close: () => undefined, closed: Promise.resolve(modalResult) }));
  const host: HostContext = {
    store, api, navigate, emit, openModal, toast: jest.fn(),
    href: (name: RouteName, params?: Record<string, string | number | undefined>, query?: Record<string, string | number | undefined>) => {
      const base = buildPath(name, params ?? {}, store.get(localeAtom) as Locale);
      const q = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
      return q ? `${base}?${q}` : base;
    },
  };
  const view = render(<HostProvider host={host}>{ui}</HostProvider>);
  return { store, host, calls, navigate, emit, openModal, go, view };
}
