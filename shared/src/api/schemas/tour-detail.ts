/**
 * The tour page's answer (public-site §7.2 GET /spa/tour, the tour detail of §3.5) and an individual tour's (GET
 * /spa/individual-tour), with the shapes they are made of; tours.ts re-exports them. Their own file so the tour page's
 * first chunk holds only these, not the autocomplete's, the reviews', the tickets' or the lists' schemas (issue 33: a
 * chunk takes a schema file whole, with every schema the build uses of it).
 * Prices: `price` etc. are in the X-Currency currency, `original_*` in RUB (the stored currency).
 */
import { type Infer, array, assign, boolean, enums, integer, nullable, number, string, type } from 'superstruct';
import {
  ACCOMMODATION_KINDS, DISCOUNT_KINDS, FallbackLocale, ImageUrl, TOUR_TYPES,
  currencyCode, nul, opt, queryBool, queryInt, queryString,
} from './common';
import { Expert, Review } from './organizers';
import { ExcursionDate, TourOption, TourVariant } from './tour-for-request';


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


export const AccommodationVariant = type({
  type: enums(ACCOMMODATION_KINDS),
  description: string(),
  images: array(ImageUrl),
  registry_url: nul(string()),
  registry_number: nul(string()),
});
export const Accommodation = type({ nights: integer(), variants: array(AccommodationVariant) });

/** A programme day; `id` is the program_id of GET /spa/tour-program. */
export const ProgramDay = type({ id: integer(), day: integer(), title: string(), description: string(), images: array(ImageUrl) });
export type ProgramDay = Infer<typeof ProgramDay>;

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
  type: enums(TOUR_TYPES),
  type_name: enums(['TOUR', 'EXCURSION']),
  is_cruise: boolean(),
  is_author_tour: boolean(),
  is_individual: boolean(),
  is_tour_active: boolean(),
  /**
   * Archived on the staff panel (accounts-and-comms §2 'the tour cannot be booked'; issue 29): not active, and not to be
   * requested either — the page says so instead of offering a request. Optional: answers of before lack it.
   */
  is_archived: opt(boolean()),
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
  /**
   * The cabins price table as rows with numbers (issue 17): `price` in X-Currency, `original_price` in RUB, so the page
   * shows every amount through its one price display. Absent or null when the tour has no table (or it has no prices);
   * `cabins_price_table` stays for readers of the HTML.
   */
  cabins: opt(nul(array(type({ name: string(), price: number(), currency: currencyCode(), original_price: number(), original_currency: string() })))),
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

// GET /spa/individual-tour --------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const IndividualTourQuery = type({
  uuid: queryString(36, { min: 1, pattern: UUID, description: 'The individual tour of an order (lower-case UUID)' }),
  with_alt: opt(queryBool('1: add alt texts to images')),
});
export type IndividualTourQuery = Infer<typeof IndividualTourQuery>;

/** The tour detail of an individual (custom) tour tied to an order: is_individual is true, request_id is set. */
// assign, not a spread of .schema: a spread is not side-effect free, which would keep every struct in every bundle.
export const IndividualTourAnswer = assign(TourDetailAnswer, type({
  individual: type({
    uuid: string(),
    request_id: integer(),
    date_start: nul(string()),
    date_end: nul(string()),
    adults: integer(),
    children: integer(),
  }),
}));
export type IndividualTourAnswer = Infer<typeof IndividualTourAnswer>;

