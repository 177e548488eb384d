/* Test data for the cost calculation: answers of GET /spa/tour-for-request, /spa/tours-cities and /spa/cities-by-query, checked against their schemas. */
import { create } from 'superstruct';
import { TicketsAnswer, type TourForRequestAnswer } from '@tours/shared/api';
import { CitiesAnswer } from './api';

import { day, tourForRequest as requestPageTour, variant } from '../common/tour-fixture';

export { day, variant };

/** A tour (type 1) with two dates, one of another option, and individual dates on request (the request page's tour otherwise). */
export function tourForRequest(over: Partial<TourForRequestAnswer> = {}): TourForRequestAnswer {
  return requestPageTour({ variants: [variant(1, 20), variant(2, 40), variant(4, 80, { tour_id: 1354 })], ...over });
}

/** An excursion (type 2) with a request period and one day of times. */
export function excursionForRequest(over: Partial<TourForRequestAnswer> = {}): TourForRequestAnswer {
  return tourForRequest({
    id: 2002, type: 2, type_name: 'EXCURSION', duration: 3, duration_unit: 'hours', days: 1, hours: 3, variants: [], tour_variants: [],
    excursion_dates: [{ date: day(5), time: [{ id: 31, start: '10:00', end: '13:00' }] }],
    ...over,
  });
}

const entry = (city: string, countryIds: number[]) => ({ city_name: city, day: 1, date: null, time: '12:00', items: countryIds.map((id) => ({ country: { id } })) });

/** The tour's tickets data: arrivals in Russia (country 1) or elsewhere. */
export function tickets(arrivalCountries: number[] = [1]): TicketsAnswer {
  return create({
    arrival: arrivalCountries.length ? [entry('Petrozavodsk', arrivalCountries)] : [],
    departure: [], train_arrival: [], train_departure: [], other_mean_of_transport_arrival: [], other_mean_of_transport_departure: [],
    important: [], comment_for_all_cities: null,
  }, TicketsAnswer);
}

export const CITIES = [
  { id: 11, name: 'Moscow', region: { name: 'Moscow' }, country: { id: 1, name: 'Russia' } },
  { id: 12, name: 'Kazan', region: { name: 'Tatarstan' }, country: { id: 1, name: 'Russia' } },
  { id: 21, name: 'Berlin', region: { name: 'Berlin' }, country: { id: 2, name: 'Germany' } },
];

/** The cities whose name contains the (lower-cased) query, as the API answers (cost-calculation.test.ts checks it against shared's schema too). */
export function citiesAnswer(query: string) {
  return create({ result: CITIES.filter((c) => c.name.toLowerCase().includes(query)) }, CitiesAnswer);
}
