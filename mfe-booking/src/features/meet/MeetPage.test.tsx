/**
 * The meet page (issue 29: `/{locale}/meet` had only its heading): reached from a booking (`?uuid=`), it says where the
 * booking stands, when and where the group meets, what to know before going, whose names are missing and whom to call;
 * without a booking, what the page is and where its link is.
 */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, HostProvider } from '@tours/shared/core';
import { RequestAnswer, requestStatusKey, requestStatusName, type BookingRequest } from '@tours/shared/api';
import { createTestHost, type FakeRoutes } from '@tours/shared/src/testing';
import MeetPage from './MeetPage';

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
const GET = '/crm/api/request/get-by-uuid';

function booking(status = 2, over: Partial<BookingRequest> = {}): BookingRequest {
  return create({
    request: {
      id: 1234567890, uuid: UUID, type: 'order', status, status_name: requestStatusName(status), status_key: requestStatusKey(status),
      is_cancelled: status >= 5, can_cancel: status < 4, can_edit_tourists: status < 4, created_at: '2026-03-08T09:30:00.000Z', updated_at: '2026-03-09T10:00:00.000Z',
      tour: { id: 1001, title: 'Kizhi and Valaam by boat', slug: 'kizhi-valaam-1001', image: '/media/tours/1001-1/{{size}}/image.png', type: 2, days: 1, hours: 3, main_location: 'city' },
      dates: { kind: 'individual', variant_id: null, start: '2026-04-03', end: '2026-04-03', not_guaranteed: false, time_start: '10:00' },
      adults: 2, children: 1, name: 'Ivan', email: 'ivan@example.com', phone: '+79123456789', comment: null, currency: 'RUB', locale: 'en',
      tourists: [{ id: 5, full_name: 'Ivan Petrov', first_name: '', last_name: '', middle_name: '', birthday: '', passport: '', email: '', food_restriction: '', phone: '', weight: null, questionnaire: {}, is_touched: true, can_edit: true, can_delete: true }],
      history: [],
      ...over,
    },
  }, RequestAnswer).request;
}

const TOUR = { slug: 'kizhi-valaam-1001', gathering_place: 'Petrozavodsk, the river port, pier 2', lat: 61.7945, lng: 34.3846, organizational_details: '<p>Bring your passport: the boat checks it.</p>' };
const CONTACTS = { email: 'help@tours.example', phones: [], has_other_phones: false, phoneMain: { phone: '+78002014567', formatted_phone: '+7 800 201-45-67' }, country: null };
const WORK_TIME = { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 };

function show(url: string, routes: FakeRoutes = {}) {
  const t = createTestHost({ url, routes: { [GET]: { request: booking() }, '/spa/tour': TOUR, '/spa/contacts': CONTACTS, '/spa/work-time': WORK_TIME, ...routes } });
  const r = render(
    <HostProvider host={t.host}>
      <MeetPage />
    </HostProvider>,
  );
  return { ...t, ...r };
}

test('from a booking of an excursion: the date and start time, the meeting place with a maps link, what to know, missing names, whom to call', async () => {
  const t = show(`/en/meet?uuid=${UUID}`);
  expect(screen.getByRole('heading', { level: 1, name: 'Meet your organizer' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Request #1234567890' })).toBeInTheDocument();
  expect(t.calls.find((c) => c.path === GET)).toMatchObject({ query: { uuid: UUID } });
  expect(screen.getByRole('link', { name: 'Kizhi and Valaam by boat' })).toHaveAttribute('href', '/en/kizhi-valaam-1001');
  expect(screen.getByRole('link', { name: 'Your booking: status, tourists and payments' })).toHaveAttribute('href', `/en/arrival/${UUID}`);
  // Confirmed: no notice above the meeting.
  expect(screen.queryByTestId('meet-stage')).not.toBeInTheDocument();

  expect(within(screen.getByRole('region', { name: 'When' })).getByText(/Apr.*2026, starts at 10:00/)).toBeInTheDocument();
  const where = screen.getByRole('region', { name: 'Where' });
  expect(await within(where).findByText('Petrozavodsk, the river port, pier 2')).toBeInTheDocument();
  expect(within(where).getByText('Coordinates: 61.79450, 34.38460')).toBeInTheDocument();
  const map = within(where).getByRole('link', { name: /Open in maps/ });
  expect(map).toHaveAttribute('target', '_blank');
  expect(new URL(map.getAttribute('href')!).searchParams.get('pt')).toBe('34.3846,61.7945');
  expect(t.calls.find((c) => c.path === '/spa/tour')).toMatchObject({ query: { slug: 'kizhi-valaam-1001' } });

  const before = screen.getByRole('region', { name: 'Before you go' });
  expect(await within(before).findByText('Bring your passport: the boat checks it.')).toBeInTheDocument();
  expect(within(before).getByText(/1 of 3 entered/)).toBeInTheDocument();
  expect(within(before).getByRole('link', { name: 'Add tourists' })).toHaveAttribute('href', `/en/order/${UUID}/add-tourists?request_id=1234567890`);

  const day = screen.getByRole('region', { name: 'On the day' });
  expect(await within(day).findByRole('link', { name: /\+7 800 201-45-67/ })).toHaveAttribute('href', 'tel:+78002014567');
  expect(within(day).getByText('Mon–Fri 09:00–21:00, Sat–Sun 10:00–19:00, Moscow time')).toBeInTheDocument();
  expect(within(day).getByRole('link', { name: 'Write to us in the chat' })).toHaveAttribute('href', '/en/chat');
});

test('a tour of several days: the group meets on the first; not confirmed yet, the page says the place is the usual one', async () => {
  show(`/en/meet?uuid=${UUID}`, {
    [GET]: { request: booking(1, { tour: { id: 1001, title: 'Svir', slug: 'kizhi-valaam-1001', image: '/media/tours/1001-1/{{size}}/image.png', type: 1, days: 5, hours: null, main_location: 'region' }, dates: { kind: 'variant', variant_id: 1, start: '2026-04-01', end: '2026-04-05', not_guaranteed: false, time_start: null } }) },
  });
  expect(await screen.findByTestId('meet-stage')).toHaveTextContent("The coordinator has not confirmed your request yet. The meeting place below is the tour’s usual one");
  expect(within(screen.getByRole('region', { name: 'When' })).getByText(/the group meets on the first day/)).toBeInTheDocument();
});

test('a cancelled booking: no meeting, the link to the booking stays', async () => {
  show(`/en/meet?uuid=${UUID}`, { [GET]: { request: booking(5) } });
  expect(await screen.findByTestId('meet-stage')).toHaveTextContent('This booking is cancelled, so there is no meeting.');
  expect(screen.queryByRole('region', { name: 'Where' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Your booking: status, tourists and payments' })).toBeInTheDocument();
});

test('in German: the page in the visitor\'s locale', async () => {
  show(`/de/meet?uuid=${UUID}`);
  expect(await screen.findByRole('heading', { level: 2, name: 'Anfrage Nr. 1234567890' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Wo' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: /In der Karte öffnen/ })).toBeInTheDocument();
});

test('without a booking: what the page is for and where its link is', () => {
  const t = show('/en/meet');
  const intro = screen.getByTestId('meet-intro');
  expect(intro).toHaveTextContent('This page shows where and when your group meets for a booking of yours');
  expect(within(intro).getByRole('link', { name: 'My trips' })).toHaveAttribute('href', '/en/account/trips');
  expect(t.calls).toEqual([]);
});

test('an unknown booking or a malformed link is the host\'s 404', async () => {
  const t = show(`/en/meet?uuid=${UUID}`, { [GET]: new ApiError(404, GET, 'Request not found') });
  await screen.findByRole('heading', { level: 1, name: 'Meet your organizer' });
  await new Promise((r) => setTimeout(r, 0));
  expect(t.events).toContainEqual({ event: 'page:error', payload: expect.objectContaining({ status: 404 }) });
  const bad = show('/en/meet?uuid=not-a-uuid');
  expect(bad.events).toContainEqual({ event: 'page:error', payload: expect.objectContaining({ status: 404 }) });
  expect(bad.calls.filter((c) => c.path === GET)).toEqual([]);
});
