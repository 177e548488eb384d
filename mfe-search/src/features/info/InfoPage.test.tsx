import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tours/shared/core';
import { expectLoadErrorAndRetry, renderWithHost } from '../../test-utils';
import InfoPage from './InfoPage';
import { ABOUT, CONTACTS, FAQ, PRESS_FALLBACK, PRIVACY_DE } from './info-pages.fixtures';

const CALL = '/spa/info-page';

describe('informational pages', () => {
  test('about: the title and breadcrumbs of the catalogue, the blocks as headings, paragraphs, lists and a link by route name', async () => {
    const h = renderWithHost(<InfoPage />, { path: '/en/about', routes: { [CALL]: ABOUT } });
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'How a request works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Coordinators' })).toBeInTheDocument();
    expect(screen.getByText('Tours of Russia is a marketplace of guided tours.').tagName).toBe('P');
    const [ordered, plain] = screen.getAllByRole('list').filter((l) => !l.closest('nav'));
    expect(ordered!.tagName).toBe('OL');
    expect(within(ordered!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Send a request: it is free.', 'A coordinator contacts you.', 'You pay after confirmation.']);
    expect(plain!.tagName).toBe('UL');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/en/contacts');
    expect(h.calls).toEqual([expect.objectContaining({ method: 'GET', path: CALL, query: { page: 'about' } })]);
    // Not a legal document: no version line.
    expect(screen.queryByText(/^Version/)).not.toBeInTheDocument();
    expect(h.emit).toHaveBeenCalledWith('page:meta', { title: 'About us', description: undefined });
  });

  test('FAQ: each group under its heading, each question a disclosure that opens to its answer', async () => {
    renderWithHost(<InfoPage />, { path: '/en/faq', routes: { [CALL]: FAQ } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    const summary = screen.getByText('How do I pay?');
    expect(summary.tagName).toBe('SUMMARY');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('By the invoice, online on the site.')).toBeVisible();
    expect(document.querySelectorAll('details')).toHaveLength(6);
  });

  test('privacy in German: the German route asks the same call, the version and date of the document in words of the locale', async () => {
    const h = renderWithHost(<InfoPage />, { path: '/de/datenschutzrichtlinie', routes: { [CALL]: PRIVACY_DE } });
    expect(await screen.findByText('Wir verarbeiten personenbezogene Daten nach dem Föderalen Gesetz Nr. 152-FZ.')).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Version 2.4, gültig seit 1. März 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cookie-Richtlinie' })).toHaveAttribute('href', '/de/cookie-richtlinie');
    expect(h.calls[0]!.query).toEqual({ page: 'privacy' });
  });

  test('a page shown in English for want of a translation is marked lang="en"', async () => {
    renderWithHost(<InfoPage />, { path: '/de/presse', routes: { [CALL]: PRESS_FALLBACK } });
    expect((await screen.findByText('Logos and photos.')).closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  test('a skeleton while the content loads', async () => {
    let answer: (v: unknown) => void = () => undefined;
    renderWithHost(<InfoPage />, { path: '/en/about', routes: { [CALL]: () => new Promise((resolve) => { answer = resolve; }) } });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    answer(ABOUT);
    expect(await screen.findByRole('heading', { level: 2, name: 'How a request works' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
  });

  test('no answer (offline) shows the error in place, Retry asks again; a 503 or 404 is the host\'s error page', async () => {
    const h = renderWithHost(<InfoPage />, { path: '/en/visa', routes: { [CALL]: () => new ApiError(0, CALL, 'Failed to fetch') } });
    await expectLoadErrorAndRetry(h, CALL);

    // §2.8 (issue 29): the API answering 503 (down or shedding load) is the 503 page.
    const down = renderWithHost(<InfoPage key="5" />, { path: '/en/visa', routes: { [CALL]: () => new ApiError(503, CALL, 'API unavailable') } });
    await waitFor(() => expect(down.emit).toHaveBeenCalledWith('page:error', { status: 503 }));

    const gone = renderWithHost(<InfoPage key="2" />, { path: '/en/visa', routes: { [CALL]: () => new ApiError(404, CALL, 'Page not found') } });
    await waitFor(() => expect(gone.emit).toHaveBeenCalledWith('page:error', { status: 404 }));

    // 403 with the account the page belongs to and 410: the host's 403 ('log in again') and 410 pages.
    const other = renderWithHost(<InfoPage key="3" />, { path: '/en/visa', routes: { [CALL]: () => new ApiError(403, CALL, 'refused', {}, { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'an***@example.com' }) } });
    await waitFor(() => expect(other.emit).toHaveBeenCalledWith('page:error', { status: 403, data: { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'an***@example.com' } }));
    const removed = renderWithHost(<InfoPage key="4" />, { path: '/en/visa', routes: { [CALL]: () => new ApiError(410, CALL, 'Gone') } });
    await waitFor(() => expect(removed.emit).toHaveBeenCalledWith('page:error', { status: 410 }));
  });
});

describe('contacts page', () => {
  test('phones as tel links, the e-mail, the schedule; the common help card', async () => {
    renderWithHost(<InfoPage />, { path: '/en/contacts', routes: { [CALL]: CONTACTS } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Phones and e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Free call within Russia\s*\+7 800 201-45-67/ })).toHaveAttribute('href', 'tel:+78002014567');
    expect(screen.getByRole('link', { name: /Moscow office/ })).toHaveAttribute('href', 'tel:+74951204567');
    expect(screen.getByRole('link', { name: 'help@tours.example' })).toHaveAttribute('href', 'mailto:help@tours.example');
    expect(screen.getByText('Mon-Fri 09:00 - 21:00')).toBeInTheDocument();
    expect(screen.getByText('Sat-Sun 10:00 - 19:00')).toBeInTheDocument();
    expect(screen.getByText('MSK (GMT +03:00)')).toBeInTheDocument();
    expect(screen.getByTestId('help-card')).toBeInTheDocument();
  });

  test("'Request a call' and 'Send a request to our email' open the layout's own forms through the contract, marked contacts_page", async () => {
    const h = renderWithHost(<InfoPage />, { path: '/en/contacts', routes: { [CALL]: CONTACTS } });
    await userEvent.click(await screen.findByRole('button', { name: 'Request a call' }));
    expect(h.emit).toHaveBeenLastCalledWith('layout:help-form', { form: 'callback', clickSource: 'contacts_page' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a request to our email' }));
    expect(h.emit).toHaveBeenLastCalledWith('layout:help-form', { form: 'email-request', clickSource: 'contacts_page' });
    // No form of its own: nothing is shown in the outlet from here, nothing is sent.
    expect(h.showModal).not.toHaveBeenCalled();
    expect(h.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
