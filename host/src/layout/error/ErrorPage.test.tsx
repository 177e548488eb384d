import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyAtom, sessionAtom } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import { clearConversionCache } from '@tours/shared/src/domain/price';
import type { ChatSourcesAnswer, ContactsAnswer } from '@tours/shared/api';
import type { PageError } from '../../routing/sync';
import { browser } from '../browser';
import { chatSourcesAtom, contactsAtom } from '../state';
import { ErrorPage } from './ErrorPage';
import { SESSION, fixtures, renderWithHost } from '../test-utils';

const seed = (store: HostStore) => {
  // Roubles, the currency of the answers below, so prices need no conversion unless a test asks for one.
  store.set(currencyAtom, 'RUB');
  store.set(contactsAtom, fixtures.contacts as ContactsAnswer);
  store.set(chatSourcesAtom, fixtures.chatSources as ChatSourcesAnswer);
};
const renderError = (error: PageError, options: Parameters<typeof renderWithHost>[1] = {}) => renderWithHost(<ErrorPage error={error} />, { prepare: seed, ...options });

let reload: jest.SpyInstance;
beforeEach(() => {
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => reload.mockRestore());

describe('Error page: 404', () => {
  it("shows the image, 'Page not found: {path}' for an unmatched route, and 'go to home'", async () => {
    const user = userEvent.setup();
    const t = renderError({ status: 404, path: '/en/nowhere', kind: 'unmatched' });
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find this page" })).toBeInTheDocument();
    expect(screen.getByText('Page not found: /en/nowhere')).toBeInTheDocument();
    expect(screen.getByTestId('not-found-image')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to home page' });
    expect(home).toHaveAttribute('href', '/en');
    expect(screen.queryByRole('button', { name: 'Refresh page' })).not.toBeInTheDocument();
    await user.click(home);
    expect(t.navigate).toHaveBeenCalledWith('/en');
  });

  it("shows 'Page Not Found: {path}' when the route failed its validation", () => {
    renderError({ status: 404, path: '/en/no-such-slug', kind: 'validation' });
    expect(screen.getByText('Page Not Found: /en/no-such-slug')).toBeInTheDocument();
  });

  it('shows the contacts: messengers, phone and e-mail', () => {
    renderError({ status: 404, path: '/x' });
    const contacts = screen.getByTestId('error-contacts');
    expect(within(contacts).getByRole('link', { name: /Head office/ })).toHaveAttribute('href', 'tel:+74959998877');
    expect(within(contacts).getByRole('link', { name: /hello@tours\.example/ })).toHaveAttribute('href', 'mailto:hello@tours.example');
    expect(within(contacts).getByRole('list', { name: 'Messengers' })).toBeInTheDocument();
    expect(within(contacts).getByRole('button', { name: 'Send an email' })).toBeInTheDocument();
  });

  it('tells the host the page title', () => {
    const t = renderError({ status: 404, path: '/x' });
    expect(t.emit).toHaveBeenCalledWith('page:meta', { title: "We couldn't find this page" });
  });
});

describe('Error page: removed from publication', () => {
  const removed: PageError = {
    status: 404,
    path: '/en/old-tour-77',
    data: {
      reason: 'removed_from_publication',
      similar_tours: [
        { id: 5, title: 'Altai trek', slug: 'altai-trek-5', image: '/media/5/{{size}}/a.jpg', price: 45000, currency: 'RUB' },
        // Answered in another currency than the page's (a cached answer): shown from its roubles, in the page's currency.
        { id: 6, title: 'Baikal ice', slug: 'baikal-ice-6', image: { url: '/media/6/b.jpg' }, price: 900, currency: 'USD', original_price: 72000, original_currency: 'RUB' },
        { title: 'no slug, skipped' },
      ],
      similar_destinations: [{ name: 'Altai', slug: 'altai', image: '/media/d/{{size}}/altai.jpg', tours_count: 12 }],
    },
  };

  it('has its own heading, links to similar tours and destinations, and a banner', () => {
    renderError(removed);
    expect(screen.getByRole('heading', { level: 1, name: 'This tour is no longer available' })).toBeInTheDocument();
    const tours = screen.getByRole('region', { name: 'Similar tours' });
    const links = within(tours).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/en/altai-trek-5');
    expect(links[0]).toHaveTextContent('Altai trek');
    // Prices and photos exactly as the tour cards show them: narrow symbols, the card's photo size.
    expect(links[0]).toHaveTextContent(/from 45\s000\s₽/);
    expect(links[0]?.querySelector('img')).toHaveAttribute('src', '/media/5/400x400/a.jpg');
    expect(links[1]).toHaveTextContent(/from 72\s000\s₽/);
    expect(links[1]).not.toHaveTextContent('$');
    const destinations = screen.getByRole('region', { name: 'Similar destinations' });
    expect(within(destinations).getByRole('link', { name: /Altai/ })).toHaveAttribute('href', '/en/altai');
    expect(within(destinations).getByText('12 tours')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Find your next adventure' })).toBeInTheDocument();
  });

  // Issue 17, defect 9: the similar tours' prices go through the one price display, converted to the page's currency.
  it.each([
    ['USD', 0.0125, 'from $563', 'from $900'],
    ['EUR', 0.01, 'from €450', 'from €720'],
  ])('on a %s page, every similar tour shows its price in that currency', async (currency, rate, first, second) => {
    clearConversionCache();
    renderError(removed, {
      prepare: (store) => {
        seed(store);
        store.set(currencyAtom, currency);
      },
      routes: {
        '/node-api/convert-price': (req: { query?: Record<string, unknown> }) => ({ result: Number(req.query?.amount) * rate }),
      },
    });
    const links = within(screen.getByRole('region', { name: 'Similar tours' })).getAllByRole('link');
    await waitFor(() => expect(links[0]).toHaveTextContent(first));
    await waitFor(() => expect(links[1]).toHaveTextContent(second));
    for (const link of links) expect(link).not.toHaveTextContent(/₽|US\$|RUB/);
  });

  it('shows no contacts and no 404 image', () => {
    renderError(removed);
    expect(screen.queryByTestId('error-contacts')).not.toBeInTheDocument();
    expect(screen.queryByTestId('not-found-image')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toBeInTheDocument();
  });
});

describe('Error page: 403', () => {
  it('names both the phone and the e-mail of the account that has access', () => {
    renderError({ status: 403, path: '/x', data: { legit_user_phone: '+7 900 000-00-00', legit_user_email: 'owner@example.com' } });
    expect(screen.getByText(/log in with the account that has the phone/)).toHaveTextContent(
      'To open it, log in with the account that has the phone +7 900 000-00-00 and the e-mail owner@example.com.',
    );
  });

  it('names only the phone', () => {
    renderError({ status: 403, path: '/x', data: { legit_user_phone: '+7 900 000-00-00' } });
    expect(screen.getByText(/account that has the phone/)).toHaveTextContent('To open it, log in with the account that has the phone +7 900 000-00-00.');
  });

  it('names only the e-mail', () => {
    renderError({ status: 403, path: '/x', data: { legit_user_email: 'owner@example.com' } });
    expect(screen.getByText(/account that has the e-mail/)).toHaveTextContent('To open it, log in with the account that has the e-mail owner@example.com.');
  });

  it('says nothing about the account when the data is missing', () => {
    renderError({ status: 403, path: '/x' });
    expect(screen.queryByText(/account that has/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'This page belongs to another account' })).toBeInTheDocument();
  });

  it("'Log in again' logs out, opens the login modal and reloads once the login is done", async () => {
    const user = userEvent.setup();
    const t = renderError({ status: 403, path: '/x' }, { session: SESSION });
    await user.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'forbidden' });
    const login = t.openModal.mock.results[0]!.value as ReturnType<typeof t.host.openModal>;
    expect(reload).not.toHaveBeenCalled();
    // The login parcel signs in, then closes.
    act(() => {
      t.store.set(sessionAtom, SESSION);
      t.closeModal(login.id, { signedIn: true });
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("'Log in again' closed without signing in leaves the page as it is", async () => {
    const user = userEvent.setup();
    const t = renderError({ status: 403, path: '/x' }, { session: SESSION });
    await user.click(screen.getByRole('button', { name: 'Log in again' }));
    const login = t.openModal.mock.results[0]!.value as ReturnType<typeof t.host.openModal>;
    act(() => t.closeModal(login.id));
    await new Promise((r) => setTimeout(r, 20));
    expect(reload).not.toHaveBeenCalled();
  });

  it("offers 'Refresh page' and contacts", async () => {
    const user = userEvent.setup();
    renderError({ status: 403, path: '/x' });
    await user.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(reload).toHaveBeenCalled();
    expect(screen.getByTestId('error-contacts')).toBeInTheDocument();
  });
});

describe('Error page: other statuses', () => {
  it('410 has its own texts, a refresh button and no contacts', () => {
    renderError({ status: 410, path: '/x' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page has been removed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-contacts')).not.toBeInTheDocument();
  });

  it('503 has its own texts and contacts', () => {
    renderError({ status: 503, path: '/x' });
    expect(screen.getByRole('heading', { level: 1, name: "We'll be right back" })).toBeInTheDocument();
    expect(screen.getByTestId('error-contacts')).toBeInTheDocument();
  });

  it('a 503 from the server asks for the page again with backoff and reloads once it answers', async () => {
    jest.useFakeTimers();
    const answers = [503, 503, 200];
    const fetchMock = jest.fn(() => Promise.resolve({ status: answers.shift() ?? 200 } as Response));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      renderError({ status: 503, path: '/en/tours', fromServer: true });
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => void jest.advanceTimersByTime(2_000)); // first check after 2 s
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(reload).not.toHaveBeenCalled();
      await act(async () => void jest.advanceTimersByTime(2_000)); // still 503: the next one waits longer
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(async () => void jest.advanceTimersByTime(2_000));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await act(async () => void jest.advanceTimersByTime(8_000));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      global.fetch = realFetch;
      jest.useRealTimers();
    }
  });

  it('a 503 raised in the browser (not by the server) does not poll', async () => {
    jest.useFakeTimers();
    const fetchMock = jest.fn();
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      renderError({ status: 503, path: '/x' });
      await act(async () => void jest.advanceTimersByTime(60_000));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      global.fetch = realFetch;
      jest.useRealTimers();
    }
  });

  it.each([500, 502, 418])('%s falls back to the 500 texts with refresh and contacts', (status) => {
    renderError({ status, path: '/x' });
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to home page' })).not.toBeInTheDocument();
    expect(screen.getByTestId('error-contacts')).toBeInTheDocument();
  });
});

describe('Error page: the common help card (§2.7)', () => {
  const HELP_TITLE = 'Any tour program on your request';

  it('404: the card below the page actions; a submit stores common_help and shows the success screen', async () => {
    const { loadPhoneLib } = await import('@tours/shared/src/domain/phone');
    await loadPhoneLib();
    const user = userEvent.setup();
    const t = renderError({ status: 404, path: '/en/nowhere', kind: 'unmatched' }, { routes: { 'POST /spa/submit-help-request': { request_id: 91, requestUUID: '0f6a3c2e-1b7d-4e8a-9c55-2d1f0a9b8c7e' } } });
    const title = await screen.findByRole('heading', { level: 2, name: HELP_TITLE });
    // Below the page's own actions.
    expect(screen.getByRole('link', { name: 'Go to home page' }).compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('placeholder', 'Where do you want to go?');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Anna');
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.click(phone);
    await waitFor(() => expect(phone).toHaveValue('+1'));
    await user.type(phone, ' 212 456 7890');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Baikal');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('heading', { name: 'Request #91 has been sent' })).toBeInTheDocument();
    const sent = t.calls.filter((c) => c.path === '/spa/submit-help-request');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { data: Record<string, unknown> }).data).toMatchObject({
      type: 'common_help', name: 'Anna', phone: '+12124567890', comment: `Baikal\nrequest from ${window.location.href}`, click_source: 'error_page', referer: window.location.href,
    });
  });

  it.each([
    [{ status: 500, path: '/x' }, true],
    [{ status: 403, path: '/x' }, true],
    [{ status: 404, path: '/x', data: { reason: 'removed_from_publication' } }, true],
    [{ status: 410, path: '/x' }, false],
    [{ status: 503, path: '/x' }, false],
  ] as Array<[PageError, boolean]>)('%o: card shown %s', async (error, shown) => {
    renderError(error);
    if (shown) expect(await screen.findByRole('heading', { level: 2, name: HELP_TITLE })).toBeInTheDocument();
    else {
      await act(async () => undefined);
      expect(screen.queryByTestId('help-card')).not.toBeInTheDocument();
    }
  });
});
