/* Test data for the cost calculation: answers of GET /spa/tour-for-request, /spa/tours-cities and /spa/cities-by-query, checked against their schemas. */
import { create } from 'superstruct';
import { TicketsAnswer, TourForRequestAnswer, type TourVariant } from '@tours/shared/api';
import { CitiesAnswer } from './api';

// The calendar is fixed in tests (scripts/jest/fixed-clock.ts).
const TODAY = new Date();
export const day = (offset: number) => new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth(), TODAY.getUTCDate() + offset)).toISOString().slice(0, 10);

export function variant(id: number, startOffset: number, over: Partial<TourVariant> = {}): TourVariant {
  return {
    id, tour_id: 1001, start: day(startOffset), end: day(startOffset + 4), price: 26300, price_without_discount: 28900, original_price: 26300, currency: 'RUB',
    is_busy: false, number_of_free_seats: 8, not_guaranteed: false, ...over,
  };
}

/** A tour (type 1) with two dates, one of another option, and individual dates on request. */
export function tourForRequest(over: Partial<TourForRequestAnswer> = {}): TourForRequestAnswer {
  return create({
    id: 1001, slug: 'svir-tour-1001', slugs: { en: 'svir-tour-1001', cn: 'svir-tour-1001', de: 'svir-reise-1001', ru: 'svir-tur-1001' },
    title: 'Sightseeing tour in Svir', image: '/media/tours/1001-1/{{size}}/image.svg', type: 1, type_name: 'TOUR', is_tour_active: true,
    price: 26300, priceWithoutDiscount: 28900, original_price: 26300, currency: 'RUB', is_need_show_price_from: true,
    duration: 5, duration_unit: 'days', days: 5, hours: null,
    is_dates_preliminary: false, use_request_period: true, request_period_start: day(10), request_period_end: day(300),
    excursion_dates: [],
    variants: [variant(1, 20), variant(2, 40), variant(4, 80, { tour_id: 1354 })],
    tour_variants: [{ tour_id: 1354, slug: 'vyborg-castle-1354', name: 'Vyborg Castle tour' }],
    group_min: 2, group_max: 12, min_age: 6, max_age: null, main_location_name: 'Leningrad Oblast',
    organizer: { id: 7, expert: { first_name: 'Anna', last_name: 'Petrova', photo: null }, marketplace_requests_with_direct_sale: false },
    ...over,
  }, TourForRequestAnswer);
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
