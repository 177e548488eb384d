/**
 * Tour calls (public-site §7.2): the tour detail of §3.5 and the search autocomplete (§3.3 suggestion kinds).
 * Prices: `price` etc. are in the X-Currency currency, `original_*` in RUB (the stored currency).
 */
import { type Infer, array, boolean, enums, integer, nullable, number, string, type } from 'superstruct';
import {
  ACCOMMODATION_KINDS, AUTOCOMPLETE_GROUPS, DISCOUNT_KINDS, FallbackLocale, ImageUrl, SUGGESTION_KINDS,
  currencyCode, nul, opt, queryBool, queryInt, queryString, withMeta,
} from './common';
import { Expert, Review } from './organizers';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// GET /spa/tour -----------------------------------------------------------------

export const TourDetailQuery = type({
  slug: queryString(300, { min: 1, pattern: SLUG, description: 'Tour slug, ending in -{id}' }),
  format: opt(queryString(20, { description: "'main'" })),
  expand_program: opt(queryBool('1: programme days with descriptions and images (titles only otherwise)')),
  expand_reviews: opt(queryBool('1: add the latest reviews')),
  with_alt: opt(queryBool('1: add alt texts to images')),
  site_id: opt(queryInt(1, 1000)),
});
export type TourDetailQuery = Infer<typeof TourDetailQuery>;

export const NamedText = type({ id: integer(), text: string(), slug: string() });
export const MediaImage = type({ url: ImageUrl, alt: opt(string()) });

export const TourDiscount = type({
  id: integer(),
  size: number(),
  /** 1 currency (RUB), 2 percent. */
  format: type({ id: enums([1, 2]) }),
  type_string: enums(DISCOUNT_KINDS),
  end_date: nul(string()),
  conditions: string(),
});

export const TourVariant = type({
  id: integer(),
  tour_id: integer(),
  start: string(),
  end: string(),
  price: number(),
  price_without_discount: number(),
  original_price: number(),
  currency: currencyCode(),
  is_busy: boolean(),
  number_of_free_seats: integer(),
  not_guaranteed: boolean(),
});
export type TourVariant = Infer<typeof TourVariant>;

export const ExcursionDate = type({
  date: string(),
  time: array(type({ id: integer(), start: string(), end: string() })),
});

export const TourOption = type({ tour_id: integer(), slug: string(), name: string() });

export const AccommodationVariant = type({
  type: enums(ACCOMMODATION_KINDS),
  description: string(),
  images: array(ImageUrl),
  registry_url: nul(string()),
  registry_number: nul(string()),
});
export const Accommodation = type({ nights: integer(), variants: array(AccommodationVariant) });

export const ProgramDay = type({ day: integer(), title: string(), description: string(), images: array(ImageUrl) });

/** A tour in lists (similar tours use the snake_case forms of public-site §3.4). */
export const TourCardSmall = type({
  id: integer(),
  title: string(),
  slug: string(),
  image: ImageUrl,
  price: number(),
  currency: currencyCode(),
  original_price: number(),
  original_currency: string(),
  main_location_name: string(),
  days: integer(),
  rating: number(),
  reviews_count: integer(),
});
export type TourCardSmall = Infer<typeof TourCardSmall>;

/** The tour detail of public-site §3.5. */
export const TourDetailAnswer = type({
  id: integer(),
  id_on_site: integer(),
  slug: string(),
  slugs: type({ en: string(), cn: string(), de: string(), ru: string() }),
  /** Present when the slug asked for is not the canonical one: the path to go to. */
  redirect: opt(string()),
  title: string(),
  image: ImageUrl,
  images: array(MediaImage),
  is_indexed: boolean(),
  countries: array(NamedText),
  regions: array(NamedText),
  host_cities: array(NamedText),
  main_location: enums(['country', 'region', 'city']),
  main_location_name: string(),
  breadcrumbs: array(type({ title: string(), screen_name: string() })),
  /** 1 TOUR, 2 EXCURSION. */
  type: enums([1, 2]),
  type_name: enums(['TOUR', 'EXCURSION']),
  is_cruise: boolean(),
  is_author_tour: boolean(),
  is_individual: boolean(),
  is_tour_active: boolean(),
  request_id: nullable(integer()),
  price: number(),
  priceWithoutDiscount: number(),
  original_price: number(),
  original_price_without_discount: number(),
  currency: currencyCode(),
  original_currency: enums(['RUB']),
  is_need_show_price_from: boolean(),
  discounts: array(TourDiscount),
  special_tariff: nul(string()),
  is_dates_preliminary: boolean(),
  use_request_period: boolean(),
  request_period_start: nul(string()),
  request_period_end: nul(string()),
  excursion_dates: array(ExcursionDate),
  variants: array(TourVariant),
  tour_variants: array(TourOption),
  /** Days for a tour, hours for an excursion (see duration_unit). */
  duration: integer(),
  duration_unit: enums(['days', 'hours']),
  days: integer(),
  hours: nul(integer()),
  accommodation: array(Accommodation),
  accommodation_kinds: array(enums(ACCOMMODATION_KINDS)),
  living_base: nul(type({ description: string(), images: array(ImageUrl) })),
  cabins_price_table: nul(string()),
  is_comfort_base: boolean(),
  is_comfort_base_plus: boolean(),
  is_comfort_medium: boolean(),
  is_comfort_improved: boolean(),
  is_comfort_premium: boolean(),
  difficulty: integer(),
  difficulty_description: string(),
  program: array(ProgramDay),
  excursion_program_description: nul(string()),
  map: nul(type({ lat: number(), lng: number(), zoom: integer() })),
  main_impressions: array(type({ image: ImageUrl, title: string(), description: string() })),
  faq: array(type({ id: integer(), question: string(), answer: string() })),
  penalties: array(type({ period: string(), percent: integer() })),
  penalties_conditions: string(),
  organizational_details: string(),
  description: string(),
  in_price: type({ included: string(), excluded: string() }),
  group_min: integer(),
  group_max: integer(),
  min_age: integer(),
  max_age: nul(integer()),
  max_tourist_weight_in_kg: nul(integer()),
  gathering_place: string(),
  lat: number(),
  lng: number(),
  languages: array(string()),
  guides: array(Expert),
  cards: array(type({ title: string(), text: string() })),
  similar: array(TourCardSmall),
  rating: number(),
  reviews_count: integer(),
  /** Only with expand_reviews=1. */
  reviews: opt(array(Review)),
  tags: array(type({ id: integer(), text: string(), screen_name: string() })),
  collections: array(type({ id: integer(), name: string(), slug: string(), is_hidden: boolean() })),
  is_need_show_cities_info: boolean(),
  organizer: type({ id: integer(), expert: Expert, marketplace_requests_with_direct_sale: boolean() }),
  fallback_locale: FallbackLocale,
});
export type TourDetailAnswer = Infer<typeof TourDetailAnswer>;

// GET /spa/autocomplete ---------------------------------------------------------

const GROUP_LIST = withMeta(queryString(200, { pattern: /^[a-z_]*(,[a-z_]+)*$/ }), {
  description: `Comma-separated groups: ${[...AUTOCOMPLETE_GROUPS, 'ships'].join(', ')}`,
});

export const AutocompleteQuery = type({
  query: queryString(100, { description: 'Search text; an empty query gives no suggestions' }),
  only: opt(GROUP_LIST),
  exclude: opt(GROUP_LIST),
  isCruisesSearch: opt(queryBool('1: cruise search (start cities, water objects, ships, cruises)')),
});
export type AutocompleteQuery = Infer<typeof AutocompleteQuery>;

/** A suggestion: `path` is where choosing it leads (starts with '/'). */
export const Suggestion = type({ id: integer(), name: string(), slug: string(), path: string() });
export type Suggestion = Infer<typeof Suggestion>;

export const SuggestionGroup = type({ kind: enums(SUGGESTION_KINDS), items: array(Suggestion) });
export type SuggestionGroup = Infer<typeof SuggestionGroup>;

/** Non-empty groups, in the order of public-site §3.3 'Suggestion kinds'. */
export const AutocompleteAnswer = type({ result: array(SuggestionGroup) });
export type AutocompleteAnswer = Infer<typeof AutocompleteAnswer>;
