/**
 * An archived tour on the tour page (issue 29: a tour marked archived on the staff panel was still bookable): its page
 * shows what it was and says it can no longer be booked, with no button, date or private-tour offer to request it.
 */
import './test-swiper';
import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { currencyAtom } from '@tours/shared/core';
import type { TourDetailAnswer } from '@tours/shared/api';
import { renderScreen } from '@tours/shared/src/testing';
import { TourView } from './TourView';
import { CONTACT_ROUTES, NO_CITIES, VERIFICATION, reviewsPage, tourFixture } from './test-fixture';

const routes = {
  ...CONTACT_ROUTES,
  '/crm/api/tour/get-by-ids': [],
  '/spa/tour-reviews': () => reviewsPage(1, 0, 'all'),
  '/spa/tours-cities': NO_CITIES,
  '/crm/api/organizer/verification-info': VERIFICATION,
};

function show(tour: TourDetailAnswer) {
  const r = renderScreen(<TourView tour={tour} />, { url: `/en/${tour.slug}`, routes });
  act(() => r.host.store.set(currencyAtom, 'RUB'));
  return r;
}

beforeAll(() => {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
});

const NOTICE = 'This tour has been archived and can no longer be booked. See similar tours below or ask our travel experts.';

test('archived: the booking card says it cannot be booked and offers no request, date, tickets price or private tour', async () => {
  show(tourFixture({ is_tour_active: false, is_archived: true }));
  const card = await screen.findByTestId('booking-card');
  expect(within(card).getByTestId('not-bookable')).toHaveTextContent(NOTICE);
  for (const name of ['Book the tour', 'Request info', 'Book private tour']) {
    expect(within(card).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
  }
  expect(within(card).queryByTestId('sidebar-dates')).not.toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Calculate the price with tickets' })).not.toBeInTheDocument();
  expect(within(screen.getByTestId('mobile-sheet')).getByTestId('not-bookable')).toHaveTextContent('No longer bookable');
  expect(within(screen.getByTestId('mobile-sheet')).queryByRole('link')).not.toBeInTheDocument();
});

test('archived: the dates section lists no date to choose', async () => {
  show(tourFixture({ is_tour_active: false, is_archived: true }));
  await screen.findByRole('button', { name: /Day 1 - Day title 1/ });
  const schedule = document.getElementById('schedule')!;
  expect(within(schedule).getByTestId('not-bookable')).toHaveTextContent(NOTICE);
  expect(within(schedule).queryAllByRole('listitem').filter((li) => li.hasAttribute('data-variant'))).toEqual([]);
});

test('a tour that is only inactive keeps the spec\'s "Request info" (§4.1)', async () => {
  show(tourFixture({ is_tour_active: false, is_archived: false }));
  expect(within(await screen.findByTestId('booking-card')).getByRole('link', { name: 'Request info' })).toHaveAttribute('href', '/en/tour/1001/order');
  expect(screen.queryByTestId('not-bookable')).not.toBeInTheDocument();
});
