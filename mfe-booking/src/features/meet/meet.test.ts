import { create } from 'superstruct';
import { RequestAnswer, requestStatusKey, requestStatusName, type BookingRequest } from '@tours/shared/api';
import { meetStage, meetUuidOf, meetingPlan, touristsMissing } from './meet';

const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';

function request(status: number, dates: Partial<BookingRequest['dates']> = {}, over: Partial<BookingRequest> = {}): BookingRequest {
  return create({
    request: {
      id: 701, uuid: UUID, type: 'order', status, status_name: requestStatusName(status), status_key: requestStatusKey(status),
      is_cancelled: status >= 5, can_cancel: status < 4, can_edit_tourists: status < 4, created_at: '2026-03-08T09:30:00.000Z', updated_at: '2026-03-08T09:30:00.000Z',
      tour: { id: 1001, title: 'Svir', slug: 'svir-tour-1001', image: '/media/tours/1001-1/{{size}}/image.png', type: 1, days: 5, hours: null, main_location: 'region' },
      dates: { kind: 'variant', variant_id: 1, start: '2026-04-01', end: '2026-04-05', not_guaranteed: false, time_start: null, ...dates },
      adults: 2, children: 1, name: null, email: null, phone: null, comment: null, currency: 'RUB', locale: 'en', tourists: [], history: [],
      ...over,
    },
  }, RequestAnswer).request;
}

test.each([
  [{}, null], [{ uuid: '' }, null], [{ uuid: ` ${UUID} ` }, UUID], [{ uuid: [UUID, 'other'] }, UUID], [{ other: 'x' }, null],
])('the booking of %j is %s', (query, expected) => expect(meetUuidOf(query)).toBe(expected));

test.each([
  [1, 'awaiting'], [2, 'confirmed'], [3, 'confirmed'], [4, 'past'], [5, 'cancelled'], [6, 'cancelled'], [7, 'cancelled'], [8, 'cancelled'],
] as const)('status %i: %s', (status, stage) => expect(meetStage(request(status))).toBe(stage));

const place = { gathering_place: ' Lodeynoye Pole railway station ', lat: 60.72, lng: 33.55 };
test.each([
  ['a tour of five days: met on the first', request(2), place,
    { start: '2026-04-01', end: '2026-04-05', time: null, multiDay: true, place: 'Lodeynoye Pole railway station', map: { lat: 60.72, lng: 33.55 } }],
  ['an excursion at its start time', request(2, { kind: 'individual', variant_id: null, start: '2026-04-03', end: '2026-04-03', time_start: '10:00' }), place,
    { start: '2026-04-03', end: '2026-04-03', time: '10:00', multiDay: false, place: 'Lodeynoye Pole railway station', map: { lat: 60.72, lng: 33.55 } }],
  ['no dates yet, the tour not loaded', request(1, { kind: 'none', variant_id: null, start: null, end: null }), null,
    { start: null, end: null, time: null, multiDay: false, place: null, map: null }],
  ['a tour without a place or real coordinates', request(2), { gathering_place: '  ', lat: 0, lng: 0 },
    { start: '2026-04-01', end: '2026-04-05', time: null, multiDay: true, place: null, map: null }],
] as const)('meeting: %s', (_name, req, tour, expected) => expect(meetingPlan(req, tour)).toEqual(expected));

test('names still missing: the party less the tourists entered, never below 0', () => {
  expect(touristsMissing(request(2))).toBe(3);
  const one = { id: 5, full_name: 'Ivan', first_name: '', last_name: '', middle_name: '', birthday: '', passport: '', email: '', food_restriction: '', phone: '', weight: null, questionnaire: {}, is_touched: true, can_edit: true, can_delete: true };
  expect(touristsMissing(request(2, {}, { tourists: [one] }))).toBe(2);
  expect(touristsMissing(request(2, {}, { adults: 1, children: 0, tourists: [one, { ...one, id: 6 }] }))).toBe(0);
});
