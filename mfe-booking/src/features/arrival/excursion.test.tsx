/**
 * An excursion booked at one of its start times (issue 29: the time went into the comment and the arrival page showed
 * the date alone, labelled 'Your individual tour'): the page shows the date and start time under 'Date and start time',
 * no individual-tour link, and the meet page's link.
 */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { HostProvider } from '@tours/shared/core';
import type { BookingRequest } from '@tours/shared/api';
import { createTestHost } from '@tours/shared/src/testing';
import ArrivalPage from './ArrivalPage';
import { datesLabelKey, hasMeeting, individualTourUuid, isExcursionAtTime } from './arrival';
import { UUID, bookingRequest } from './test-fixture';

const excursion = (over: Partial<BookingRequest> = {}) => bookingRequest(1, {
  tour: { id: 1002, title: 'Kizhi by boat', slug: 'kizhi-1002', image: '/media/tours/1002-1/{{size}}/image.png', type: 2, days: 1, hours: 3, main_location: 'city' },
  dates: { kind: 'individual', variant_id: null, start: '2026-04-03', end: '2026-04-03', not_guaranteed: false, time_start: '10:00' },
  ...over,
});

describe('rules', () => {
  const tour = bookingRequest(1);
  const privateDates = bookingRequest(1, { dates: { kind: 'individual', variant_id: null, start: '2026-05-01', end: '2026-05-07', not_guaranteed: false, time_start: null } });
  const excursionDay = excursion({ dates: { kind: 'individual', variant_id: null, start: '2026-04-03', end: '2026-04-03', not_guaranteed: false, time_start: null } });
  test.each([
    ['a tour on a date', tour, false, 'booking.arrival.facts.dates', null],
    ['a tour on its own dates', privateDates, false, 'booking.arrival.facts.dates', UUID],
    ['an excursion at a start time', excursion(), true, 'booking.arrival.facts.dateTime', null],
    ['an excursion on a day without a time', excursionDay, false, 'booking.arrival.facts.date', UUID],
  ] as const)('%s', (_name, request, atTime, label, individual) => {
    expect(isExcursionAtTime(request)).toBe(atTime);
    expect(datesLabelKey(request)).toBe(label);
    expect(individualTourUuid(request)).toBe(individual);
  });
  test('the meet page is offered while the booking is open', () => {
    expect(hasMeeting(bookingRequest(2))).toBe(true);
    expect(hasMeeting(bookingRequest(5))).toBe(false);
    expect(hasMeeting(bookingRequest(2, { tour: null }))).toBe(false);
  });
});

test('the arrival page of an excursion at 10:00: "Date and start time", no individual tour, where and when we meet', async () => {
  const t = createTestHost({ url: `/en/arrival/${UUID}`, routes: { '/crm/api/request/get-by-uuid': { request: excursion() } } });
  render(
    <HostProvider host={t.host}>
      <ArrivalPage />
    </HostProvider>,
  );
  const main = await screen.findByRole('region', { name: 'Request #701' });
  const term = within(main).getByText('Date and start time', { selector: 'dt' });
  expect(term.nextElementSibling).toHaveTextContent(/Apr.*2026, starts at 10:00/);
  expect(within(main).queryByText('Tour dates', { selector: 'dt' })).not.toBeInTheDocument();
  const tour = screen.getByRole('complementary');
  expect(within(tour).queryByRole('link', { name: /Your individual tour/ })).not.toBeInTheDocument();
  expect(within(tour).getByRole('link', { name: 'Where and when we meet' })).toHaveAttribute('href', `/en/meet?uuid=${UUID}`);
});
