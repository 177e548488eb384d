/* Test kit for screens of any microfrontend: the one store, the en catalogue, a route and a fake API. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import { create } from 'superstruct';
import { ApiError } from '../api/errors';
import type { ApiClient, RequestOptions } from '../api/client';
import type { HostContext, HostEvents, ModalRequest } from '../contract/host';
import { buildPath, matchRoute } from '../routing/match';
import { localeAtom, messagesAtom, queryAtom, routeAtom } from '@tours/shared/core';
import type { Locale } from '../i18n/locales';
import { HostProvider } from '@tours/shared/core';

const MESSAGES_DIR = join(__dirname, '../i18n/messages');

/** Every catalogue file of a locale merged, with en underneath (as the host server serves it). */
export function testCatalogue(locale: Locale = 'en'): Record<string, string> {
  const read = (dir: string): Record<string, string> =>
    Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>));
  return { ...read(join(MESSAGES_DIR, 'en')), ...read(join(MESSAGES_DIR, locale)) };
}

export interface ApiCall { method: 'GET' | 'POST'; path: string; query?: Record<string, unknown>; body?: unknown }

export type FakeRoutes = Record<string, unknown | ((req: { query?: Record<string, unknown>; body?: unknown }) => unknown)>;

/** Answers 'METHOD /path' or '/path' through the real schema; unknown paths are a 404. */
export function fakeApi(routes: FakeRoutes): { api: ApiClient; calls: ApiCall[] } {
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
  return { calls, api: { get: (p, o) => handle('GET', p, undefined, o), post: (p, b, o) => handle('POST', p, b, o) } };
}

export interface ScreenTest extends RenderResult {
  host: HostContext;
  events: Array<{ event: keyof HostEvents; payload: unknown }>;
  modals: ModalRequest[];
  navigations: string[];
  calls: ReturnType<typeof fakeApi>['calls'];
}

/** Renders a screen at a URL (e.g. '/en/tour/15/order') inside the host contract. */
export function renderScreen(ui: ReactElement, { url = '/en', routes = {}, locale }: { url?: string; routes?: FakeRoutes; locale?: Locale } = {}): ScreenTest {
  const parsed = new URL(url, 'http://test');
  const match = matchRoute(parsed.pathname, { russianIsAvailable: true });
  const store = createStore();
  const loc = locale ?? match?.locale ?? 'en';
  store.set(localeAtom, loc);
  store.set(messagesAtom, testCatalogue(loc));
  store.set(routeAtom, match);
  store.set(queryAtom, Object.fromEntries(parsed.searchParams));
  const { api, calls } = fakeApi(routes);
  const events: ScreenTest['events'] = [];
  const modals: ModalRequest[] = [];
  const navigations: string[] = [];
  const host: HostContext = {
    store,
    api,
    navigate: (to) => void navigations.push(to),
    href: (name, params = {}) => buildPath(name, params, store.get(localeAtom)),
    openModal: (request) => {
      modals.push(request);
      return { id: String(modals.length), close: () => undefined, closed: new Promise(() => undefined) };
    },
    toast: () => undefined,
    emit: (event, payload) => void events.push({ event, payload }),
  };
  const result = render(<HostProvider host={host}>{ui}</HostProvider>);
  return { ...result, host, events, modals, navigations, calls };
}
