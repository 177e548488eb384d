import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countryAtom, siteSettingsAtom } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import { routeChangesAtom } from '../routing/sync';
import { Layout } from './Layout';
import { applyLayoutData } from './layout-data';
import { clearCookies, renderWithHost } from './test-utils';

afterEach(() => {
  clearCookies();
  localStorage.clear();
  jest.useRealTimers();
});

describe('Layout', () => {
  it('has a skip link to the main content, header, main, footer and the support button', async () => {
    renderWithHost(<Layout><p>page</p></Layout>);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(within(screen.getByRole('main')).getByText('page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    await screen.findByTestId('tours-count');
  });

  it("the drawer menu's code comes on the first open: the menu opens with focus inside, Escape closes it and it opens again", async () => {
    const user = userEvent.setup();
    renderWithHost(<Layout><p>page</p></Layout>);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it('loads the site data and the contacts for the detected country', async () => {
    const t = renderWithHost(<Layout><p>page</p></Layout>);
    await screen.findByTestId('tours-count');
    await waitFor(() => expect(t.calls.some((c) => c.path === '/spa/contacts')).toBe(true));
    expect(t.calls.find((c) => c.path === '/spa/contacts')?.query).toEqual({ country_id: 1 });
    expect(t.calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/spa/site-tokens', '/spa/groups-in-social-network', '/spa/info', '/spa/country-by-ip', '/spa/work-time']));
    // The messenger links are asked for when the support panel opens, not by every page (issue 33).
    expect(t.calls.map((c) => c.path)).not.toContain('/spa/chat-sources-list');
    expect(t.store.get(siteSettingsAtom).maps_provider).toBe('yandex');
  });

  it('asks for nothing the server inlined: the header paints with its country and phone (issue 33)', async () => {
    const country = { id: 31, name: 'United States', iso_code: 'US', fromCookie: true };
    const contacts = { email: 'us@example.com', phones: [], has_other_phones: false, phoneMain: { phone: '+12025550100', formatted_phone: '+1 202 555-0100' }, country: null };
    const workTime = { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 };
    const info = { totalCount: 5, toursCount: 5, regions: 2, types: 1 };
    const t = renderWithHost(<Layout><p>page</p></Layout>, { prepare: (s: HostStore) => applyLayoutData(s, { country, contacts, workTime, info, socialLinks: [] }) });
    expect(screen.getByRole('button', { name: 'Region: United States' })).toBeInTheDocument();
    expect(screen.getAllByText('+1 202 555-0100').length).toBeGreaterThan(0);
    await waitFor(() => expect(t.calls.map((c) => c.path)).toContain('/spa/site-tokens'));
    expect(t.calls.map((c) => c.path)).toEqual(expect.not.arrayContaining(['/spa/contacts', '/spa/work-time', '/spa/info', '/spa/groups-in-social-network', '/spa/country-by-ip']));
    // A country chosen later asks for its own contacts.
    act(() => t.store.set(countryAtom, { id: 1, name: 'Russia', iso_code: 'RU', fromCookie: true }));
    await waitFor(() => expect(t.calls.find((c) => c.path === '/spa/contacts')?.query).toEqual({ country_id: 1 }));
  });

  it('asks to confirm the detected country 500 ms after it is known; the cookie alert waits for the answer', async () => {
    jest.useFakeTimers();
    renderWithHost(<Layout><p>page</p></Layout>);
    const button = await screen.findByRole('button', { name: 'Region: Russia' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    await act(async () => {
      screen.getByRole('button', { name: 'Ok' }).click();
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
  });

  it('takes the country from the cookie without asking', async () => {
    jest.useFakeTimers();
    document.cookie = `current_country=${encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' }))}; Path=/`;
    const t = renderWithHost(<Layout><p>page</p></Layout>);
    const button = await screen.findByRole('button', { name: 'Region: United States' });
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(t.calls.some((c) => c.path === '/spa/country-by-ip')).toBe(false);
    expect(t.store.get(countryAtom)?.fromCookie).toBe(true);
  });

  it('still renders, and logs, when every call fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = Object.fromEntries(
      ['/spa/contacts', '/spa/work-time', '/spa/groups-in-social-network', '/spa/info', '/spa/site-tokens', '/spa/country-by-ip'].map((p) => [p, new Error('down')]),
    );
    renderWithHost(<Layout><p>page</p></Layout>, { routes: failing });
    await waitFor(() => expect(error).toHaveBeenCalledTimes(6));
    expect(screen.getByRole('main')).toHaveTextContent('page');
    expect(screen.getByRole('button', { name: 'Choose region' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows the e-book sheet after more than 3 route changes, beside a cookie alert still waiting (issue 29)', async () => {
    const user = userEvent.setup();
    // A country from the cookie: no location question before the cookie alert.
    document.cookie = `current_country=${encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' }))}; Path=/`;
    const first = renderWithHost(<Layout><p>page</p></Layout>, { prepare: (s: HostStore) => s.set(routeChangesAtom, 9) });
    const cookies = await screen.findByRole('region', { name: 'Cookie notice' });
    // It had waited for 'Allow': both stand in the sheet stack, one above the other.
    const ebook = await screen.findByRole('region', { name: 'Free travel guide' });
    expect(ebook.closest('.ui-sheet-stack')).toBe(cookies.closest('.ui-sheet-stack'));
    await user.click(within(cookies).getByRole('button', { name: 'Allow' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Free travel guide' })).toBeInTheDocument();
    first.unmount();

    const t = renderWithHost(<Layout><p>page</p></Layout>, { prepare: (s: HostStore) => s.set(routeChangesAtom, 3) });
    await screen.findByTestId('tours-count');
    expect(screen.queryByRole('region', { name: 'Free travel guide' })).not.toBeInTheDocument();
    act(() => t.store.set(routeChangesAtom, 4));
    expect(await screen.findByRole('region', { name: 'Free travel guide' })).toBeInTheDocument();
  });
});
