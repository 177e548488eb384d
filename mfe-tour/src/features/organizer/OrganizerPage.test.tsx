import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, appConfigAtom, currencyAtom } from '@tours/shared/core';
import { BASE_CONFIG } from '@tours/shared/contract';
import { renderScreen } from '@tours/shared/src/testing';
import OrganizerPage from './OrganizerPage';

const info = {
  id: 5, name: 'Black Sea coast Tours', kind: 'organization', expert: { first_name: 'Daria', last_name: 'Morozova', photo: null },
  experts: [{ first_name: 'Daria', last_name: 'Morozova', photo: null }, { first_name: 'Nikolai', last_name: 'Petrov', photo: null }],
  marketplace_requests_with_direct_sale: false, description: '<p>Small-group tours since 2014.</p>', rating: 4.2, reviews_count: 7, tours_count: 6, since_year: 2014,
  logo: '/media/organizers/5-1/{{size}}/image.svg', legal_form: 3, region: { id: 36, name: 'Krasnodar Krai' },
  tours: [{ id: 3409, slug: 'black-sea-3409', title: 'Black Sea coast tour', image: '/media/tours/3409-1/{{size}}/image.svg', price: 77100, currency: 'RUB', days: 6, rating: 4.8, reviews_count: 9 }],
};
const review = (id: number) => ({
  id, name: `Guest ${id}`, author_photo: null, rating: 4, type: 'organizer', date: '2026-06-01', body: `Text ${id}`, images: [], no_index_photo: false,
  review_from_another_site: false, tour: null, reply_review: null, site_reply_review: null,
});
const page = (p: number) => ({ reviews: p === 3 ? [review(7)] : [1, 2, 3].map((i) => review((p - 1) * 3 + i)), pagination: { page: p, pages: 3, itemsCount: 7, itemsOnPage: p === 3 ? 1 : 3, pageSize: 3 }, rating: 4.2, reviews_count: 7 });

describe('organizer page (accounts-and-comms)', () => {
  test('public info, marks (a failed verification counts as all false), tours and paged reviews', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = renderScreen(<OrganizerPage />, {
      url: '/en/organizer/5?page=2',
      routes: {
        '/crm/api/organizer/info': info,
        '/crm/api/organizer/verification-info': new ApiError(500, '/crm/api/organizer/verification-info', 'Internal server error'),
        '/spa/organizer-reviews': (req: { query?: Record<string, unknown> }) => page(Number(req.query?.page)),
      },
    });
    act(() => r.host.store.set(currencyAtom, 'RUB'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Black Sea coast Tours' })).toBeInTheDocument();
    expect(await screen.findByText('E-mail not verified')).toBeInTheDocument();
    expect(screen.getByText('Passport not verified')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('Organizer verification failed to load'));
    expect(r.calls.find((c) => c.path === '/spa/organizer-reviews')?.query).toEqual({ id: 5, limit: 3, page: 2 });
    expect(await screen.findByText('Text 4')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pager).getByText('2')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(pager).getByRole('link', { name: '3' }));
    expect(r.navigations).toEqual(['/en/organizer/5?page=3']);
    expect(screen.getByRole('heading', { name: 'Tours (6)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Guides' })).not.toBeInTheDocument();
    act(() => r.host.store.set(appConfigAtom, { ...BASE_CONFIG, organizer: { ...BASE_CONFIG.organizer, forceHideOrganizers: false } }));
    expect(screen.getByRole('heading', { name: 'Guides' })).toBeInTheDocument();
    expect(screen.getByText('Nikolai P.')).toBeInTheDocument();
    spy.mockRestore();
  });

  test('a page past the last (?page=500) shows the last page: the URL is replaced, no new history entry', async () => {
    const r = renderScreen(<OrganizerPage />, {
      url: '/en/organizer/5?page=500',
      routes: {
        '/crm/api/organizer/info': info,
        '/crm/api/organizer/verification-info': { is_email_verified: false, is_phone_verified: false, is_passport_verified: false },
        '/spa/organizer-reviews': (req: { query?: Record<string, unknown> }) => ({ ...page(3), reviews: [], pagination: { ...page(3).pagination, page: Number(req.query?.page), itemsOnPage: 0 } }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Black Sea coast Tours' })).toBeInTheDocument();
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.navigate).toHaveBeenCalledWith('/en/organizer/5?page=3', { replace: true });
  });

  test('an unknown organizer is a 404', async () => {
    const r = renderScreen(<OrganizerPage />, { url: '/en/organizer/999999', routes: {} });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.events).toContainEqual({ event: 'page:error', payload: { status: 404 } });
  });

  // Not 'Something went wrong' (500): the 403 page names the account ('log in again'), 410 is the removed page (§2.8).
  test.each([
    [403, { legit_user_email: 'an***@example.com' }, { status: 403, data: { legit_user_email: 'an***@example.com' } }],
    [403, { legit_user_phone: '+7 *** ***-45-67' }, { status: 403, data: { legit_user_phone: '+7 *** ***-45-67' } }],
    [410, undefined, { status: 410 }],
  ])('an answer %i is the error page with what it needs of the answer', async (status, data, payload) => {
    const r = renderScreen(<OrganizerPage />, { url: '/en/organizer/5', routes: { '/crm/api/organizer/info': new ApiError(status, '/crm/api/organizer/info', 'refused', {}, data), '/crm/api/organizer/verification-info': { is_email_verified: false, is_phone_verified: false, is_passport_verified: false } } });
    await act(async () => new Promise((res) => setTimeout(res, 0)));
    expect(r.events.filter((e) => e.event === 'page:error')).toEqual([{ event: 'page:error', payload }]);
  });
});
