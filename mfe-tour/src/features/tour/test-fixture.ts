/* Test data for the tour page: a full tour detail answer of §3.5 with overridable parts. */
import type { TourDetailAnswer, TourReviewsAnswer } from '@tours/shared/api';
import { day, variant } from '@tours/shared/src/testing/tours';

export { variant };

export function tourFixture(over: Partial<TourDetailAnswer> = {}): TourDetailAnswer {
  return {
    id: 1001, id_on_site: 1001, slug: 'svir-tour-1001', slugs: { en: 'svir-tour-1001', cn: 'svir-tour-1001', de: 'svir-reise-1001', ru: 'svir-tur-1001' },
    title: 'Sightseeing tour in Svir', image: '/media/tours/1001-1/{{size}}/image.svg',
    images: Array.from({ length: 10 }, (_, i) => ({ url: `/media/tours/1001-${i + 1}/{{size}}/image.svg`, alt: `Svir ${i + 1}` })),
    is_indexed: true,
    countries: [{ id: 1, text: 'Russia', slug: 'ru' }], regions: [{ id: 47, text: 'Leningrad Oblast', slug: 'leningrad-oblast' }],
    host_cities: [{ id: 9, text: 'Vyborg', slug: 'vyborg' }], main_location: 'region', main_location_name: 'Leningrad Oblast',
    breadcrumbs: [{ title: 'Tours', screen_name: 'tours' }, { title: 'Leningrad Oblast', screen_name: 'leningrad-oblast' }, { title: 'Sightseeing tour in Svir', screen_name: 'svir-tour-1001' }],
    type: 1, type_name: 'TOUR', is_cruise: false, is_author_tour: false, is_individual: false, is_tour_active: true, request_id: null,
    price: 26300, priceWithoutDiscount: 28900, original_price: 26300, original_price_without_discount: 28900, currency: 'RUB', original_currency: 'RUB',
    is_need_show_price_from: true,
    discounts: [
      { id: 1, size: 10, format: { id: 2 }, type_string: 'early_booking_dates', end_date: day(60), conditions: 'Book before the date' },
      { id: 2, size: 9000, format: { id: 1 }, type_string: 'early_booking_days', end_date: null, conditions: 'Book 90 days ahead' },
      { id: 3, size: 5, format: { id: 2 }, type_string: 'seasonal', end_date: null, conditions: 'Winter' },
      { id: 4, size: 3, format: { id: 2 }, type_string: 'on_tour_date', end_date: null, conditions: 'Selected dates' },
    ],
    special_tariff: '<p>Students pay less</p>',
    is_dates_preliminary: false, use_request_period: true, request_period_start: day(10), request_period_end: day(300),
    excursion_dates: [],
    variants: [variant(1, 20), variant(2, 40, { not_guaranteed: true }), variant(3, 60, { is_busy: true }), variant(4, 80, { tour_id: 1354 }), variant(5, 100, { number_of_free_seats: 0 }), variant(6, 420), variant(7, 440)],
    tour_variants: [{ tour_id: 1354, slug: 'vyborg-castle-1354', name: 'Vyborg Castle tour' }],
    duration: 5, duration_unit: 'days', days: 5, hours: null,
    accommodation: [{ nights: 4, variants: [{ type: 'hotel', description: '<p>Hotel in the centre</p>', images: ['/media/accommodation/1-1/{{size}}/image.svg'], registry_url: 'https://registry.example/1', registry_number: 'R-1' }] }],
    accommodation_kinds: ['hotel'], living_base: null, cabins_price_table: null,
    is_comfort_base: false, is_comfort_base_plus: true, is_comfort_medium: false, is_comfort_improved: false, is_comfort_premium: false,
    difficulty: 2, difficulty_description: '<p>Walks of 10 km</p>',
    program: [1, 2, 3].map((d) => ({ id: 100 + d, day: d, title: `Day title ${d}`, description: `<p>Programme of day ${d}</p>`, images: [] })),
    excursion_program_description: null, map: { lat: 60.7756, lng: 28.683, zoom: 10 },
    main_impressions: [{ image: '/media/tours/1001-2/{{size}}/image.svg', title: 'Wild nature', description: 'Meeting craftsmen' }],
    faq: [{ id: 11, question: 'Can I join with children?', answer: '<p>From 5 years old</p>' }, { id: 12, question: 'Do I need a visa?', answer: '<p>Yes</p>' }],
    penalties: [{ period: '15 days or more before the start', percent: 0 }, { period: '0–7 days before the start', percent: 80 }],
    penalties_conditions: '<p>Free up to 14 days</p>', organizational_details: 'Arrive the day before',
    description: '<p>This sightseeing tour takes you to Svir.</p>', in_price: { included: '<ul><li>Hotel</li></ul>', excluded: '<ul><li>Flights</li></ul>' },
    group_min: 3, group_max: 22, min_age: 5, max_age: 70, max_tourist_weight_in_kg: 110,
    gathering_place: 'Vyborg railway station', lat: 60.7756, lng: 28.683, languages: ['en'],
    guides: [{ first_name: 'Anna', last_name: 'Petrova', photo: null }], cards: [],
    similar: [{ id: 2001, title: 'Kayak tour', slug: 'kayak-tour-2001', image: '/media/tours/2001-1/{{size}}/image.svg', price: 30000, currency: 'RUB', original_price: 30000, original_currency: 'RUB', main_location_name: 'Leningrad Oblast', days: 4, rating: 4.8, reviews_count: 5 }],
    rating: 4.8, reviews_count: 8,
    tags: [{ id: 1, text: 'Sightseeing tour', screen_name: 'sightseeing' }], collections: [], is_need_show_cities_info: true,
    organizer: { id: 5, expert: { first_name: 'Daria', last_name: 'Morozova', photo: null }, marketplace_requests_with_direct_sale: false },
    ...over,
  };
}

/** A page of a tab: `tourTotal` reviews of the tour, 2 of its provider (none when the tour has none), as the API counts them. */
export function reviewsPage(page: number, tourTotal: number, tab: 'all' | 'tour' | 'organizer' = 'all'): TourReviewsAnswer {
  const counts = { tour: tourTotal, organizer: tourTotal > 0 ? 2 : 0, all: tourTotal + (tourTotal > 0 ? 2 : 0) };
  const total = counts[tab];
  const from = (page - 1) * 3;
  const reviews = Array.from({ length: Math.max(0, Math.min(3, total - from)) }, (_, i) => ({
    id: from + i + 1, name: `Traveller ${from + i + 1}`, author_photo: null, rating: 5, type: 'tour' as const, date: '2026-07-30', body: `Review text ${from + i + 1}`, images: [],
    no_index_photo: false, review_from_another_site: false, tour: { id: 1001, slug: 'svir-tour-1001', name: 'Sightseeing tour in Svir' }, reply_review: null, site_reply_review: null,
  }));
  return {
    reviews, pagination: { page, pages: Math.max(1, Math.ceil(total / 3)), itemsCount: total, itemsOnPage: reviews.length, pageSize: 3 },
    rating: 4.75, reviews_count: total, counts,
  };
}

/** The site's contacts and working hours (GET /spa/contacts, /spa/work-time), which the tour page's sidebar shows. */
export const CONTACT_ROUTES = {
  '/spa/contacts': { email: 'help@tours.example', phones: [], has_other_phones: false, phoneMain: { phone: '+78002014567', formatted_phone: '+7 800 201-45-67' }, country: null },
  '/spa/work-time': { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 },
};

/** A tour without arrival or departure cities (GET /spa/tours-cities). */
export const NO_CITIES = { arrival: [], departure: [], train_arrival: [], train_departure: [], other_mean_of_transport_arrival: [], other_mean_of_transport_departure: [], important: [], comment_for_all_cities: null };

/** The organizer's checks (GET /crm/api/organizer/verification-info). */
export const VERIFICATION = { is_email_verified: true, is_phone_verified: false, is_passport_verified: true };
