import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, sessionAtom } from '@tours/shared/core';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import MyTripsPage from './MyTripsPage';
import { session, trip, tripsAnswer, UUID_1, UUID_2 } from './test-fixtures';

const flush = () => act(async () => undefined);

async function open(routes: FakeRoutes, options: { url?: string } = {}) {
  const t = renderScreen(<MyTripsPage />, { url: options.url ?? '/en/account/trips', session, routes });
  await flush();
  return t;
}

const confirmed = trip();
const sent = trip({
  id: 1234567891, uuid: UUID_2, status: 1, status_name: 'pending_confirm', created_at: '2025-05-10T09:30:00.000Z', tourists: 0, due: null,
  dates: { kind: 'individual', variant_id: null, start: '2025-08-03', end: '2025-08-03', not_guaranteed: false, time_start: '10:30' }, adults: 1, children: 0,
  actions: ['add_tourists', 'chat', 'cancel'],
});
const cancelled = trip({ id: 1234567892, uuid: UUID_2, status: 5, status_name: 'canceled_tourist', tour: null, due: null, actions: [] });

describe('My trips (/account/trips)', () => {
  test('without a session it offers to log in; the account\'s pages are linked both ways', async () => {
    const t = renderScreen(<MyTripsPage />, { url: '/en/account/trips' });
    expect(screen.getByRole('heading', { level: 1, name: 'My trips' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/en/account');
    expect(within(nav).getByRole('link', { name: 'My trips' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Log in to see your trips.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'login-required' });
    expect(t.calls).toEqual([]);
  });

  test('the traveller\'s trips newest first: status, dates, party, tourists, what is due, and the next action first', async () => {
    const t = await open({ 'GET /crm/api/request/my-trips': tripsAnswer([confirmed, sent, cancelled]) });
    expect(t.calls[0]).toMatchObject({ method: 'GET', path: '/crm/api/request/my-trips', query: { limit: 20, offset: 0 } });
    expect(screen.getByText('3 trips')).toBeInTheDocument();
    const items = screen.getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual(['Sightseeing tour in Svir', 'Sightseeing tour in Svir', 'Request #1234567892']);

    const first = items[0]!;
    expect(within(first).getByRole('link', { name: 'Sightseeing tour in Svir' })).toHaveAttribute('href', `/en/arrival/${UUID_1}`);
    expect(within(first).getByText('Request #1234567890')).toBeInTheDocument();
    expect(within(first).getByText('Confirmed: awaiting prepayment')).toBeInTheDocument();
    expect(within(first).getByText('Jul 1 – 5, 2025')).toBeInTheDocument();
    expect(within(first).getByText('2 adults, 1 child')).toBeInTheDocument();
    expect(within(first).getByText('1 of 3')).toBeInTheDocument();
    expect(within(first).getByText('€300')).toBeInTheDocument();
    const actions = within(first).getAllByRole('link').slice(1);
    expect(actions.map((a) => [a.textContent, a.getAttribute('href'), a.className])).toEqual([
      ['Pay €300', `/en/arrival/${UUID_1}`, 'ui-btn ui-btn--primary'],
      ['Add tourists', `/en/order/${UUID_1}/add-tourists?request_id=1234567890`, 'ui-btn ui-btn--secondary'],
      ['Chat with the travel expert', '/en/chat', 'ui-btn ui-btn--secondary'],
      ['Cancel the booking', `/en/arrival/${UUID_1}`, 'ui-btn ui-btn--secondary'],
    ]);
    fireEvent.click(actions[1]!);
    expect(t.navigations).toEqual([`/en/order/${UUID_1}/add-tourists?request_id=1234567890`]);

    expect(within(items[1]!).getByText('Aug 3, 2025, 10:30')).toBeInTheDocument();
    expect(within(items[1]!).getByText('1 adult')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Add tourists' })).toHaveClass('ui-btn--primary');
    // Cancelled: its status, no actions.
    expect(within(items[2]!).getByText('Cancelled by you')).toBeInTheDocument();
    expect(within(items[2]!).getAllByRole('link')).toHaveLength(1);
  });

  test('in German, with German plurals and words', async () => {
    await open({ 'GET /crm/api/request/my-trips': tripsAnswer([confirmed]) }, { url: '/de/account/trips' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Reisen' })).toBeInTheDocument();
    expect(screen.getByText('1 Reise')).toBeInTheDocument();
    expect(screen.getByText('2 Erwachsene, 1 Kind')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '€300 bezahlen' })).toHaveAttribute('href', `/de/arrival/${UUID_1}`);
  });

  test('Show more appends the next page until all are shown', async () => {
    const page2 = trip({ id: 1234567899, uuid: UUID_2, status: 3, status_name: 'made_prepayment', due: null, actions: ['chat', 'cancel'] });
    const t = await open({
      'GET /crm/api/request/my-trips': ({ query }: { query?: Record<string, unknown> }) => (query?.offset === 0 ? tripsAnswer([confirmed], 2) : tripsAnswer([page2], 2)),
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await flush();
    expect(t.calls.map((c) => c.query)).toEqual([{ limit: 20, offset: 0 }, { limit: 20, offset: 1 }]);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Prepayment received')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  test('no trips yet: says where they come from and offers the search', async () => {
    await open({ 'GET /crm/api/request/my-trips': tripsAnswer([]) });
    expect(screen.getByText(/^No trips yet\. Bookings you send while logged in, or with this account's e-mail or phone number, appear here\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a tour' })).toHaveAttribute('href', '/en');
  });

  test('a session the server no longer knows ends here, and the page offers to log in', async () => {
    const t = await open({ 'GET /crm/api/request/my-trips': new ApiError(401, '/crm/api/request/my-trips', 'Unauthorized') });
    await flush();
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(screen.getByText('Log in to see your trips.')).toBeInTheDocument();
  });
});
