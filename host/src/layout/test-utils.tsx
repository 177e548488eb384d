/*
 * The layout's wrapper of the shared test kit (@tours/shared/src/testing): the kit's fake host context with the
 * layout's API answers, an English catalogue by default, and the host's real modal outlet.
 */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { HostProvider, type Session } from '@tours/shared/core';
import type { ComponentModal, ModalKey, ModalProps } from '@tours/shared/contract';
import { createTestHost as createKitHost, type FakeRoutes, type TestHost as KitHost, type TestHostOptions } from '@tours/shared/src/testing';
import { ModalOutlet } from '../modals/ModalOutlet';
import { createModalController } from '../modals/modal-state';
import type { RemoteLoader } from '../federation/loader';

type ApiHandler = FakeRoutes[string];

export const fixtures = {
  contacts: {
    email: 'hello@tours.example',
    phones: [
      { type: 'additional', entity: null, phone: '+74951112233', formatted_phone: '+7 495 111-22-33', text: 'Free call' },
      { type: 'main', entity: null, phone: '+74959998877', formatted_phone: '+7 495 999-88-77', text: 'Head office' },
    ],
    has_other_phones: true,
    phoneMain: { phone: '+74959998877', formatted_phone: '+7 495 999-88-77' },
    country: { id: 1, name: 'Russia', iso_code: 'RU' },
  },
  workTime: { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '18:00' }, timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 },
  social: [
    { id: 1, source: 'vk', url_to_group: 'https://vk.example/tours' },
    { id: 2, source: 'youtube', url_to_group: 'https://youtube.example/tours' },
  ],
  chatSources: {
    telegram: 'https://t.example/tours',
    vk: 'https://vk.example/im',
    ok: '',
    whatsapp: 'https://wa.example/123',
    viber: '',
    facebook: 'https://m.example/tours',
    instagram: 'https://ig.example/tours',
  },
  info: { totalCount: 12345, toursCount: 12345, regions: 85, types: 24 },
  siteTokens: {
    captcha_provider: 'none', captcha_key: '', hard_captcha_key: '', invisible_captcha_provider: 'none', invisible_captcha_key: '',
    maps_provider: 'yandex', maps_token: '', maps_suggest_token: '', send_tour_program_in_pdf_via_whatsapp: false, main_auth_method: 1,
  },
  countryByIp: { result: { id: 1, name: 'Russia', iso_code: 'RU', phone_code: '7' } },
  countries: [
    { id: 1, name: 'Russia', iso_code: 'RU', iso3: 'RUS', phone_code: '7', is_primary: true },
    { id: 31, name: 'United States', iso_code: 'US', iso3: 'USA', phone_code: '1', is_primary: true },
  ],
};

const defaultRoutes: Record<string, ApiHandler> = {
  '/spa/contacts': fixtures.contacts,
  '/spa/work-time': fixtures.workTime,
  '/spa/groups-in-social-network': fixtures.social,
  '/spa/chat-sources-list': fixtures.chatSources,
  '/spa/info': fixtures.info,
  '/spa/site-tokens': fixtures.siteTokens,
  '/spa/country-by-ip': fixtures.countryByIp,
  '/crm/api/dropdown/country': fixtures.countries,
  'POST /spa/submit-help-request': { request_id: 501, requestUUID: '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10' },
};

export interface SetupOptions extends Omit<TestHostOptions, 'url' | 'messagesLocale' | 'routes'> {
  /** The page URL path; sets the route and locale. Default '/en/visa'. */
  path?: string;
  /** Catalogue locale; English by default (whatever the page's locale). */
  messagesLocale?: TestHostOptions['messagesLocale'];
  /** Extra or replacing API answers, over the layout's (`defaultRoutes`). */
  routes?: Record<string, ApiHandler>;
}

export interface TestHost extends KitHost {
  /** Closes a modal of the real modal controller, as the outlet does. */
  closeModal: (id: string, result?: unknown) => void;
}

/** The kit's host whose openModal and showModal are the host's real modal controller. */
function createTestHost({ path = '/en/visa', messagesLocale = 'en', routes, ...options }: SetupOptions = {}): TestHost {
  const t = createKitHost({ ...options, url: path, messagesLocale, routes: { ...defaultRoutes, ...routes } });
  const modals = createModalController(t.store);
  t.openModal.mockImplementation(<K extends ModalKey>(key: K, props: ModalProps<K>) => modals.openRegistered(key, props));
  t.showModal.mockImplementation(<P extends object>(modal: ComponentModal<P>) => modals.showComponent(modal));
  return { ...t, closeModal: modals.close };
}

const neverLoader = { loadModule: () => new Promise<never>(() => undefined) } as unknown as RemoteLoader;

/** Renders `ui` inside HostProvider with the test host, plus the real modal outlet. */
export function renderWithHost(ui: ReactElement, { loader = neverLoader, ...options }: SetupOptions & { loader?: RemoteLoader } = {}): TestHost & RenderResult {
  const t = createTestHost(options);
  const result = render(
    <HostProvider host={t.host}>
      {ui}
      <ModalOutlet loader={loader} onClose={t.closeModal} />
    </HostProvider>,
  );
  return { ...t, ...result };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/** A matchMedia stand-in: every query matches when `matches` is true. */
export function mockMatchMedia(matches: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export const SESSION: Session = { token: 't0k3n', profile: { id: 7, first_name: 'Anna', last_name: 'Lee', email: 'anna@example.com', phone: '+447700900123' } };
