import { act, fireEvent, screen } from '@testing-library/react';
import { create } from 'superstruct';
import { DEFAULT_SITE_SETTINGS, siteSettingsAtom } from '@tours/shared/core';
import { SiteTokensAnswer } from '@tours/shared/api';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { CaptchaModalContent } from '../../parcels/CaptchaModal';
import { loadAltcha } from './altcha-loader';

// The ALTCHA bundle is a dynamic import of its own chunk; jsdom gets a stand-in that only answers the language.
jest.mock('./altcha-loader', () => ({ loadAltcha: jest.fn(async (locale: string) => (locale === 'cn' ? 'zh-cn' : locale)) }));

type Settings = Partial<typeof DEFAULT_SITE_SETTINGS>;
const ALTCHA: Settings = { captcha_provider: 'altcha', captcha_key: '/spa/captcha/challenge', hard_captcha_key: '/spa/captcha/challenge?hard=1' };
const tokens = (over: Partial<SiteTokensAnswer> = {}): SiteTokensAnswer =>
  create(
    {
      captcha_provider: 'altcha', captcha_key: '/spa/captcha/challenge', hard_captcha_key: '/spa/captcha/challenge?hard=1', invisible_captcha_provider: '', invisible_captcha_key: '',
      maps_provider: 'yandex', maps_token: '', maps_suggest_token: '', send_tour_program_in_pdf_via_whatsapp: false, main_auth_method: 1, ...over,
    },
    SiteTokensAnswer,
  );

function open(settings: Settings, options: { type?: 'captcha' | 'hard_captcha'; russian?: boolean; routes?: FakeRoutes; url?: string } = {}) {
  const close = jest.fn();
  const t = renderScreen(<CaptchaModalContent type={options.type ?? 'captcha'} action="user/send_auth_code" modal={{ close }} />, {
    url: options.url ?? '/en',
    config: { russianIsAvailable: options.russian ?? false },
    routes: options.routes ?? {},
    prepare: (store) => store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, ...settings }),
  });
  return { ...t, close };
}
const flush = () => act(async () => undefined);
/** Try again, and what it fetches and mounts settles. */
async function tryAgain() {
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await flush();
  await flush();
}
const widget = () => document.querySelector('altcha-widget') as HTMLElement | null;
const state = (detail: { state: string; payload?: string | null }) => act(() => void widget()!.dispatchEvent(new CustomEvent('statechange', { detail })));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('captcha modal (accounts-and-comms §2 Captcha modal, §4 Captcha, §5, §8)', () => {
  test('title, why it is needed (a disclosure), and the ALTCHA widget with the action in its challenge URL', async () => {
    open(ALTCHA);
    expect(screen.getByRole('heading', { name: "Confirm that you aren't a robot" })).toHaveAttribute('id', 'account-captcha-title');
    const why = screen.getByText('Why is this needed?');
    expect(why.tagName).toBe('SUMMARY');
    expect(screen.getByText(/automated registrations/)).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await flush();
    expect(widget()).toHaveAttribute('challenge', '/spa/captcha/challenge?action=user%2Fsend_auth_code');
    expect(widget()).toHaveAttribute('language', 'en');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(loadAltcha).toHaveBeenCalledWith('en');
  });

  test('hard_captcha uses the hard key; the widget speaks the locale', async () => {
    open(ALTCHA, { type: 'hard_captcha', url: '/de' });
    await flush();
    expect(widget()).toHaveAttribute('challenge', '/spa/captcha/challenge?hard=1&action=user%2Fsend_auth_code');
    expect(widget()).toHaveAttribute('language', 'de');
  });

  test('the solved payload closes the modal with it (once)', async () => {
    const t = open(ALTCHA);
    await flush();
    await state({ state: 'verifying' });
    expect(t.close).not.toHaveBeenCalled();
    await state({ state: 'verified', payload: 'eyJjaGFsbGVuZ2UiOnt9fQ==' });
    act(() => void widget()!.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'eyJjaGFsbGVuZ2UiOnt9fQ==' } })));
    expect(t.close).toHaveBeenCalledTimes(1);
    expect(t.close).toHaveBeenCalledWith('eyJjaGFsbGVuZ2UiOnt9fQ==');
  });

  test('an expired token is cleared: the same payload solved again is taken again', async () => {
    const t = open(ALTCHA);
    await flush();
    await state({ state: 'verified', payload: 'p1' });
    await state({ state: 'expired' });
    await state({ state: 'verified', payload: 'p1' });
    expect(t.close.mock.calls).toEqual([['p1'], ['p1']]);
  });

  test.each([
    [true, true],
    [false, false],
  ])('russianIsAvailable %p: VPN hint shown %p', (russian, shown) => {
    open(ALTCHA, { russian });
    const hint = screen.queryByText('VPN may cause errors, please check that it is turned off');
    expect(Boolean(hint)).toBe(shown);
  });

  test('an unknown provider is an error', () => {
    open({ captcha_provider: 'recaptcha', captcha_key: 'k' });
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown captcha provider');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('no key: loading error; Try again refetches the site tokens into the store and shows the widget', async () => {
    const t = open({ captcha_provider: 'altcha', captcha_key: null }, { routes: { 'GET /spa/site-tokens': () => tokens() } });
    expect(screen.getByRole('alert')).toHaveTextContent('Captcha loading error');
    expect(widget()).toBeNull();
    await tryAgain();
    expect(t.calls).toEqual([{ method: 'GET', path: '/spa/site-tokens', query: undefined, body: undefined }]);
    expect(t.store.get(siteSettingsAtom)).toMatchObject({ captcha_provider: 'altcha', captcha_key: '/spa/captcha/challenge' });
    expect(screen.queryByText('Captcha loading error')).not.toBeInTheDocument();
    expect(widget()).toHaveAttribute('challenge', '/spa/captcha/challenge?action=user%2Fsend_auth_code');
  });

  test('a failed refetch keeps the loading error', async () => {
    open({ captcha_provider: null, captcha_key: null }, { routes: {} });
    await tryAgain();
    expect(screen.getByRole('alert')).toHaveTextContent('Captcha loading error');
  });

  test('a widget that fails (its challenge cannot be fetched) shows the loading error; Try again mounts it anew', async () => {
    open(ALTCHA, { routes: { 'GET /spa/site-tokens': () => tokens() } });
    await flush();
    await state({ state: 'error' });
    expect(screen.getByRole('alert')).toHaveTextContent('Captcha loading error');
    expect(widget()).toBeNull();
    await tryAgain();
    expect(document.querySelectorAll('altcha-widget')).toHaveLength(1);
  });

  test('a provider whose script cannot load (no network) shows the loading error', async () => {
    open({ captcha_provider: 'turnstile', captcha_key: '0x4AAAA' });
    await flush();
    await flush();
    const script = document.head.querySelector('script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]');
    expect(script).not.toBeNull();
    act(() => void script!.dispatchEvent(new Event('error')));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Captcha loading error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
