/*
 * Test kit for the host and every microfrontend: the one fake host context (store, contract, fake API, the real
 * catalogues), and `renderScreen` to render a screen inside it. An app wraps it only for providers of its own
 * (the host adds its modal outlet and layout answers; mfe-search follows navigations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType, ReactElement } from 'react';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createStore } from 'jotai';
import { create } from 'superstruct';
import { ApiError } from '../api/errors';
import type { ApiClient, RequestOptions } from '../api/client';
import { BASE_CONFIG, type AppConfig } from '../config/app-config';
import type { HostContext, HostEvents, HostStore } from '../contract/host';
import type { ComponentModal, ModalContentProps, ModalHandle, ModalKey, ModalProps, ModalRequest } from '../contract/modals';
import { buildHref, matchRoute, parseQuery } from '../routing/match';
import { appConfigAtom, countryAtom, currencyAtom, localeAtom, messagesAtom, queryAtom, routeAtom, sessionAtom } from '@tours/shared/core';
import type { CurrentCountry, Session } from '@tours/shared/core';
import type { Locale } from '../i18n/locales';
import { HostProvider } from '@tours/shared/core';

const MESSAGES_DIR = join(__dirname, '../i18n/messages');
const ROOT = join(__dirname, '../../..');
// Each microfrontend's own texts (mfe-…/src/i18n/{locale}.json), shipped with its build.
const REMOTE_CATALOGUES = readdirSync(ROOT).filter((d) => d.startsWith('mfe-')).map((d) => join(ROOT, d, 'src/i18n'));

/**
 * Every catalogue of a locale merged, with en underneath: shared's (as the host server serves it) and every
 * microfrontend's own (as the host adds it when the microfrontend loads).
 */
export function testCatalogue(locale: Locale = 'en'): Record<string, string> {
  const readDir = (dir: string): Record<string, string> =>
    Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>));
  const readRemote = (dir: string, l: Locale): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  return Object.assign(
    { ...readDir(join(MESSAGES_DIR, 'en')), ...readDir(join(MESSAGES_DIR, locale)) },
    ...REMOTE_CATALOGUES.map((dir) => ({ ...readRemote(dir, 'en'), ...readRemote(dir, locale) })),
  );
}

export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent with the captcha protocol's invisible token (the call is marked captcha). */
  captcha?: true;
  /** The call's own headers, when it sent any (an idempotency key, a staff token); the client adds the common ones. */
  headers?: Record<string, string>;
}

export type FakeRoutes = Record<string, unknown | ((req: { query?: Record<string, unknown>; body?: unknown }) => unknown)>;

/** Answers 'METHOD /path' or '/path' through the real schema; unknown paths are a 404. Records every call (`calls`). */
export function fakeApi(routes: FakeRoutes): { api: ApiClient; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  async function handle<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions<T>): Promise<T> {
    const query = opts.query as Record<string, unknown> | undefined;
    calls.push({ method, path, query, body, ...(opts.captcha ? { captcha: true as const } : {}), ...(opts.headers ? { headers: { ...opts.headers } } : {}) });
    const handler = routes[`${method} ${path}`] ?? routes[path];
    if (handler === undefined) throw new ApiError(404, path, 'Not found');
    const value = typeof handler === 'function' ? await (handler as (r: { query?: Record<string, unknown>; body?: unknown }) => unknown)({ query, body }) : handler;
    if (value instanceof Error) throw value;
    return create(value, opts.schema);
  }
  return { calls, api: { get: (p, o) => handle('GET', p, undefined, o), post: (p, b, o) => handle('POST', p, b, o) } };
}

export interface TestHostOptions {
  /** The page's URL ('/en/tour/15/order?date=2030-06-01'): route, query and, unless `locale` is given, the locale. Default '/en'. */
  url?: string;
  /** The page's locale when it is not the URL's. */
  locale?: Locale;
  /** The locale of the catalogue; the page's by default. */
  messagesLocale?: Locale;
  /** Answers of the fake API (`fakeApi`). */
  routes?: FakeRoutes;
  /** Replaces the fake API, for a test that answers every call itself. */
  api?: ApiClient;
  /** Over BASE_CONFIG; its russianIsAvailable also decides whether '/ru/…' URLs match. */
  config?: Partial<AppConfig>;
  currency?: string;
  session?: Session | null;
  country?: CurrentCountry | null;
  /** Anything else to put into the store before rendering. */
  prepare?: (store: HostStore) => void;
  /** `navigate` moves the store's route and query to the URL, as the host does; by default it only records it. */
  followNavigation?: boolean;
}

export interface TestHost {
  store: HostStore;
  host: HostContext;
  /** The fake API's calls (empty when `api` replaced it). */
  calls: ApiCall[];
  /** The contract's functions as mocks: assert on them, or give them another implementation. */
  navigate: jest.Mock;
  emit: jest.Mock;
  toast: jest.Mock;
  openModal: jest.Mock;
  showModal: jest.Mock;
  /** The same calls as plain lists. */
  events: Array<{ event: keyof HostEvents; payload: unknown }>;
  modals: ModalRequest[];
  navigations: string[];
  /** Moves to a URL as the host does on navigate and on back/forward: the route and query atoms. */
  go: (url: string) => void;
}

/**
 * The one fake host context: a fresh store with the configuration, locale, catalogue, route and query of `url`, and a
 * HostContext whose `href` is the host's own (`buildHref`), whose API is `fakeApi(routes)`, and whose navigate, emit,
 * toast, openModal and showModal are jest mocks. The modal ones record the request (`modals`) and return a handle that never closes.
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  const store = createStore();
  const config: AppConfig = { ...BASE_CONFIG, ...options.config };
  store.set(appConfigAtom, config);
  const go = (url: string) => {
    const parsed = new URL(url, 'http://test');
    store.set(routeAtom, matchRoute(parsed.pathname, { russianIsAvailable: config.russianIsAvailable }));
    store.set(queryAtom, parseQuery(parsed.search));
  };
  go(options.url ?? '/en');
  const locale = options.locale ?? store.get(routeAtom)?.locale ?? 'en';
  store.set(localeAtom, locale);
  store.set(messagesAtom, testCatalogue(options.messagesLocale ?? locale));
  if (options.currency !== undefined) store.set(currencyAtom, options.currency);
  if (options.session) store.set(sessionAtom, options.session);
  if (options.country !== undefined) store.set(countryAtom, options.country);
  options.prepare?.(store);

  const fake = fakeApi(options.routes ?? {});
  const events: TestHost['events'] = [];
  const modals: ModalRequest[] = [];
  const navigations: string[] = [];
  const navigate = jest.fn((to: string) => {
    navigations.push(to);
    if (options.followNavigation) go(to);
  });
  const emit = jest.fn((event: keyof HostEvents, payload: unknown) => void events.push({ event, payload }));
  const toast = jest.fn();
  const record = (request: ModalRequest): ModalHandle => {
    modals.push(request);
    return { id: String(modals.length), close: () => undefined, closed: new Promise(() => undefined) };
  };
  const openModal = jest.fn(<K extends ModalKey>(key: K, props: ModalProps<K>) => record({ kind: 'registered', key, props }));
  const showModal = jest.fn(<P extends object>({ component, ...rest }: ComponentModal<P>) => record({ kind: 'component', component: component as unknown as ComponentType<ModalContentProps>, ...rest }));
  const host: HostContext = {
    store,
    api: options.api ?? fake.api,
    navigate,
    href: (name, params = {}, query) => buildHref(name, params, store.get(localeAtom), query),
    openModal,
    // jest.fn keeps no type parameters: the mock stands for the generic method.
    showModal: showModal as HostContext['showModal'],
    toast,
    emit,
  };
  return { store, host, calls: fake.calls, navigate, emit, toast, openModal, showModal, events, modals, navigations, go };
}

export type ScreenTest = TestHost & RenderResult;

/** Renders a screen at a URL (e.g. '/en/tour/15/order') inside the fake host context. */
export function renderScreen(ui: ReactElement, options: TestHostOptions = {}): ScreenTest {
  const t = createTestHost(options);
  const result = render(<HostProvider host={t.host}>{ui}</HostProvider>);
  return { ...result, ...t };
}

/** Fills the kit's help card (ui/HelpCard) as a visitor in the US (the phone field starts at +1) and submits it. */
export async function fillHelpCard(user: UserEvent, comment: string): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Anna');
  const phone = screen.getByRole('textbox', { name: /^Phone/ });
  await user.click(phone);
  await waitFor(() => expect(phone).toHaveValue('+1'));
  await user.type(phone, ' 212 456 7890');
  await user.type(screen.getByRole('textbox', { name: 'Comment' }), comment);
  await user.click(screen.getByRole('button', { name: 'Submit request' }));
}
