/** Answers of My trips' call for tests, checked with the schema the client uses. */
import { create } from 'superstruct';
import { MyTrip, MyTripsAnswer } from '@tours/shared/api';
import type { Session } from '@tours/shared/core';

export const UUID_1 = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';
export const UUID_2 = '4c2d9e61-3b8a-4a7f-8e21-9d0c6b5a4f32';

export const trip = (over: Partial<MyTrip> = {}): MyTrip =>
  create({
    id: 1234567890, uuid: UUID_1, type: 'order', status: 2, status_name: 'pending_prepayment', created_at: '2025-05-20T09:30:00.000Z',
    tour: { id: 1001, title: 'Sightseeing tour in Svir', slug: 'svir-tour-1001', image: '/media/tours/1001-1.jpg' },
    dates: { kind: 'variant', variant_id: 5, start: '2025-07-01', end: '2025-07-05', not_guaranteed: false, time_start: null },
    adults: 2, children: 1, tourists: 1, due: { invoice_id: 77, amount: 300, currency: 'EUR' }, actions: ['pay', 'add_tourists', 'chat', 'cancel'], ...over,
  }, MyTrip);

export const tripsAnswer = (trips: MyTrip[], total = trips.length): MyTripsAnswer => create({ trips, total }, MyTripsAnswer);

export const session: Session = { token: 'tok-trips', profile: { id: 42, first_name: 'Anna', last_name: 'Ivanova' } };
