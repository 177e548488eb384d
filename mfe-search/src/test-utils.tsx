/* Test helpers for mfe-search: one jotai store, the host contract with a fake API, the real catalogues. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import { create } from 'superstruct';
import {
  ApiError, HostProvider, buildPath, currencyAtom, localeAtom, matchRoute, messagesAtom, queryAtom, routeAtom,
  type ApiClient, type HostContext, type Locale, type ModalHandle, type RequestOptions, type RouteName,
} from '@tours/shared';

const MESSAGES_DIR = join(__dirname, '../../shared/src/i18n/messages');

export function catalogue(locale: Locale = 'en'): Record<string, string> {
  const dir = join(MESSAGES_DIR, locale);
  const en = join(MESSAGES_DIR, 'en');
  const read = (d: string) => Object.assign({}, ...readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(d, f), 'utf8')) as Record<string, string>));
  return { ...read(en), ...read(dir) };
}

export interface ApiCall { method: 'GET' | 'POST'; path: string; query?: Record<string, unknown>; body?: unknown }
type Handler = unknown | ((req: { query?: Record<string, unknown>; body?: unknown }) => unknown);

/** Answers by 'METHOD /path' or '/path' through the real schemas; a missing route rejects with 404. */
export function createFakeApi(routes: Record<string, Handler>): { api: ApiClient; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  async function handle<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions<T>): Promise<T> {
    const query = opts.query as Record<string, unknown> | undefined;
    calls.push({ method, path, query, body });
    const handler = routes[`${method} ${path}`] ?? routes[path];
    if (handler === undefined) throw new ApiError(404, path, 'Not found');
    const value = typeof handler === 'function' ? await (handler as (r: { query?: Record<string, unknown>; body?: unknown }) => unknown)({ query, body }) : handler;
    if (value instanceof Error) throw value;
    return create(value, opts.schema);
  }
  return { calls, api: { get: (path, opts) => handle('GET', path, undefined, opts), post: (path, body, opts) => handle('POST', path, body, opts) } };
}

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

export function renderWithHost(ui: ReactElement, { path = '/en/tours', routes = {}, modalResult, currency = 'RUB' }: { path?: string; routes?: Record<string, Handler>; modalResult?: unknown; currency?: string } = {}): Harness {
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
