/* Test data for the request page and the cost calculation: a GET /spa/tour-for-request answer checked against its schema. */
import { create } from 'superstruct';
import { TourForRequestAnswer } from '@tours/shared/api';
import { day, variant } from '@tours/shared/src/testing/tours';

export { day, variant };

export function tourForRequest(over: Partial<TourForRequestAnswer> = {}): TourForRequestAnswer {
  return create({
    id: 1001, slug: 'svir-tour-1001', slugs: { en: 'svir-tour-1001', cn: 'svir-tour-1001', de: 'svir-reise-1001', ru: 'svir-tur-1001' },
    title: 'Sightseeing tour in Svir', image: '/media/tours/1001-1/{{size}}/image.svg', type: 1, type_name: 'TOUR', is_tour_active: true,
    price: 26300, priceWithoutDiscount: 28900, original_price: 26300, currency: 'RUB', is_need_show_price_from: true,
    duration: 5, duration_unit: 'days', days: 5, hours: null,
    is_dates_preliminary: false, use_request_period: true, request_period_start: day(10), request_period_end: day(300),
    excursion_dates: [],
    variants: [variant(1, 20), variant(2, 40, { not_guaranteed: true }), variant(3, 60, { is_busy: true }), variant(4, 80, { tour_id: 1354, price: 78000, original_price: 78000, price_without_discount: 78000, number_of_free_seats: 3 })],
    tour_variants: [{ tour_id: 1354, slug: 'vyborg-castle-1354', name: 'Vyborg Castle tour' }],
    group_min: 2, group_max: 12, min_age: 6, max_age: null, main_location_name: 'Leningrad Oblast',
    organizer: { id: 7, expert: { first_name: 'Anna', last_name: 'Petrova', photo: null }, marketplace_requests_with_direct_sale: false },
    ...over,
  }, TourForRequestAnswer);
}
