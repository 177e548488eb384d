import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASE_CONFIG, type HostStore } from '@tours/shared/contract';
import { CookieAlert } from '../layout/sheets/CookieAlert';
import { clearCookies, renderWithHost } from '../layout/test-utils';
import { countryResolvedAtom } from '../layout/state';
import { Layout } from '../layout/Layout';
import { Analytics } from './Analytics';
import { consentGate, counterScriptAdapter, recordingAdapter } from './adapters';

const METRICS = { yandex: '98765', google: 'G-TEST1' };
const ready = (s: HostStore) => s.set(countryResolvedAtom, true);
/** The visitor allowed cookies on an earlier visit. */
const allowCookies = () => void (document.cookie = 'cookie_alert_accepted=1; Path=/');

/** Gives any eager load a chance, then: still nothing recorded. */
async function expectNothingRecorded() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(window.__analyticsEvents).toBeUndefined();
}

afterEach(() => {
  clearCookies();
  delete window.__analyticsEvents;
  document.head.querySelectorAll('script[data-analytics]').forEach((s) => s.remove());
});

describe('analytics ids (metrics) behind the cookie choice', () => {
  it('nothing is recorded before Allow; after it the page view is, with the configured ids; then each navigation', async () => {
    const user = userEvent.setup();
    const r = renderWithHost(<><CookieAlert /><Analytics /></>, { config: { metrics: METRICS }, prepare: ready, path: '/en/tours' });
    await expectNothingRecorded();

    await user.click(within(screen.getByRole('region', { name: 'Cookie notice' })).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(window.__analyticsEvents).toEqual([{ name: 'page_view', params: { path: '/tours' }, ids: METRICS }]));
    act(() => r.go('/en/visa'));
    await waitFor(() => expect(window.__analyticsEvents?.map((e) => e.params?.path)).toEqual(['/tours', '/visa']));
  });

  it('a returning visitor who allowed cookies is counted at once', async () => {
    allowCookies();
    renderWithHost(<Analytics />, { config: { metrics: METRICS }, path: '/en/tours' });
    await waitFor(() => expect(window.__analyticsEvents).toHaveLength(1));
  });

  it('with no ids configured (the presets), nothing is loaded even after Allow', async () => {
    allowCookies();
    renderWithHost(<Analytics />, { config: { metrics: BASE_CONFIG.metrics }, path: '/en/tours' });
    await expectNothingRecorded();
  });
});

describe('in the layout', () => {
  it('a site with ids loads the analytics code and counts the page once cookies are allowed', async () => {
    allowCookies();
    renderWithHost(<Layout><p>page</p></Layout>, { config: { metrics: METRICS }, path: '/en/visa' });
    await waitFor(() => expect(window.__analyticsEvents).toEqual([{ name: 'page_view', params: { path: '/visa' }, ids: METRICS }]));
  });

  it('a site without ids (the presets) renders no analytics at all', async () => {
    allowCookies();
    renderWithHost(<Layout><p>page</p></Layout>, { path: '/en/visa' });
    await screen.findByText('page');
    await expectNothingRecorded();
  });
});

describe('consent gate and adapters', () => {
  it('the gate drops events before allow() and starts the adapter once', () => {
    const adapter = { start: jest.fn(), track: jest.fn() };
    const gate = consentGate(METRICS, adapter);
    gate.track({ name: 'page_view' });
    expect(adapter.start).not.toHaveBeenCalled();
    expect(adapter.track).not.toHaveBeenCalled();
    gate.allow();
    gate.allow();
    gate.track({ name: 'page_view' });
    expect(adapter.start).toHaveBeenCalledTimes(1);
    expect(adapter.start).toHaveBeenCalledWith(METRICS);
    expect(adapter.track).toHaveBeenCalledWith({ name: 'page_view' });
  });

  it('a counter script is injected only on start, for known services, with the id escaped', () => {
    const adapter = counterScriptAdapter({ yandex: (id) => `https://counter.example/tag.js?id=${id}` });
    expect(document.head.querySelector('script[data-analytics]')).toBeNull();
    adapter.start({ yandex: 'a b', unknown: 'x' });
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[data-analytics]');
    expect([...scripts].map((s) => s.src)).toEqual(['https://counter.example/tag.js?id=a%20b']);
  });

  it('the recording adapter makes no request: it keeps the events in the page', () => {
    const a = recordingAdapter();
    a.start(METRICS);
    a.track({ name: 'page_view', params: { path: '/' } });
    expect(window.__analyticsEvents).toEqual([{ name: 'page_view', params: { path: '/' }, ids: METRICS }]);
    expect(document.querySelectorAll('script, img, iframe')).toHaveLength(0);
  });
});
