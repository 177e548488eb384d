/**
 * Tour calls (public-site §7.2): the tour detail of §3.5 and the search autocomplete (§3.3 suggestion kinds).
 * Prices: `price` etc. are in the X-Currency currency, `original_*` in RUB (the stored currency).
 */
import { type Infer, type Struct, array, assign, boolean, enums, integer, nullable, number, refine, string, type } from 'superstruct';
import {
  ACCOMMODATION_KINDS, AUTOCOMPLETE_GROUPS, DISCOUNT_KINDS, FallbackLocale, ImageUrl, Pagination, SUGGESTION_KINDS, TOUR_TYPES,
  ID_MAX, coerceIf, currencyCode, dflt, nul, opt, queryBool, queryId, queryInt, queryString, withMeta,
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

// The order page's shapes live in ./tour-for-request.ts (issue 33: a chunk takes a schema file whole, with every
// schema the build uses of it; the order page needs none of the tour page's).
export { ExcursionDate, TourForRequestAnswer, TourForRequestQuery, TourOption, TourVariant } from './tour-for-request';

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

// Removed from publication (public-site §2.8) -------------------------------------

export const SimilarDestination = type({ id: integer(), name: string(), slug: string(), image: ImageUrl, tours_count: integer() });
export type SimilarDestination = Infer<typeof SimilarDestination>;

/** `data` of the 404 answered for a tour that exists but is no longer published. */
export const RemovedTourData = type({
  reason: enums(['removed_from_publication']),
  similar_tours: array(TourCardSmall),
  similar_destinations: array(SimilarDestination),
});
export type RemovedTourData = Infer<typeof RemovedTourData>;

// GET /spa/tour-reviews ---------------------------------------------------------------

/** Review tabs of the tour page: All / Tour / Tour Provider (the organizer). */
export const REVIEW_TABS = ['all', 'tour', 'organizer'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export const TourReviewsQuery = type({
  id: queryId('Tour id'),
  slug: opt(queryString(300, { min: 1, pattern: SLUG, description: 'The tour slug (accepted; id names the tour)' })),
  type: dflt(withMeta(enums(REVIEW_TABS), { description: "all (default), tour, or organizer (the tour provider's reviews)" }), 'all'),
  rating: opt(queryInt(1, 5, 'Only reviews with this rating (the canFilterReviews filter)')),
  with_photos: opt(queryBool('1: only reviews with photos')),
  page: dflt(queryInt(1, 100000, 'Page, from 1'), 1),
  limit: dflt(queryInt(1, 50, 'Reviews per page (the step is 3)'), 3),
  expand_reviews: opt(queryBool('Accepted for compatibility; reviews are always expanded')),
});
export type TourReviewsQuery = Infer<typeof TourReviewsQuery>;

/** Reviews of a tour (tab 'tour') and of its organizer (tab 'organizer'), newest first, with the tab counts. */
export const TourReviewsAnswer = type({
  reviews: array(Review),
  pagination: Pagination,
  /** Average rating of the selected tab (all filters but the tab ignored), one decimal. */
  rating: number(),
  reviews_count: integer(),
  counts: type({ all: integer(), tour: integer(), organizer: integer() }),
});
export type TourReviewsAnswer = Infer<typeof TourReviewsAnswer>;

// GET /spa/tour-program, /spa/tour-question -------------------------------------------

export const TourProgramQuery = type({ program_id: queryId('Programme day id (program[].id)'), tour_id: queryId('Tour id') });
export type TourProgramQuery = Infer<typeof TourProgramQuery>;
/**
 * One programme day with its description (HTML) and images.
 * @alias of ProgramDay, under the call's name
 */
export const TourProgramAnswer = ProgramDay;

export const TourQuestionQuery = type({ question_id: queryId('FAQ item id (faq[].id)'), tour_id: queryId('Tour id') });
export type TourQuestionQuery = Infer<typeof TourQuestionQuery>;
/** One FAQ item; the answer is HTML. */
export const TourQuestionAnswer = type({ id: integer(), question: string(), answer: string() });
export type TourQuestionAnswer = Infer<typeof TourQuestionAnswer>;

// GET /spa/tours-cities, /crm/api/ticket/tour-cities -----------------------------------

export const TicketsQuery = type({ tour_id: queryId('Tour id') });
export type TicketsQuery = Infer<typeof TicketsQuery>;

/** An arrival or departure of public-site §3.6 'Tickets data': `day` of the tour, `date` when the tour has a next date. */
export const TicketEntry = type({
  city_name: string(),
  day: integer(),
  date: nul(string()),
  time: string(),
  items: array(type({ country: type({ id: integer() }) })),
});
export type TicketEntry = Infer<typeof TicketEntry>;

export const TicketsAnswer = type({
  arrival: array(TicketEntry),
  departure: array(TicketEntry),
  train_arrival: array(TicketEntry),
  train_departure: array(TicketEntry),
  other_mean_of_transport_arrival: array(TicketEntry),
  other_mean_of_transport_departure: array(TicketEntry),
  important: array(type({ city_name: string(), comment_for_arrival_departure: string() })),
  /** HTML. */
  comment_for_all_cities: nul(string()),
});
export type TicketsAnswer = Infer<typeof TicketsAnswer>;

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

// GET /crm/api/tour/get-by-ids -----------------------------------------------------------

/** A list of ids: repeated (`ids=1&ids=2`) or comma-separated (`ids=1,2`); at most `max`. */
export function queryIdList(max: number, description?: string): Struct<number[], null> {
  const list = refine(array(number()), 'ids', (v) => {
    if (v.length === 0) return 'Required field';
    if (v.length > max) return `Maximum ${max}`;
    return v.every((n) => Number.isInteger(n) && n >= 1 && n <= ID_MAX) || 'Incorrect value';
  });
  const s = coerceIf(list, (raw): raw is string | unknown[] => typeof raw === 'string' || Array.isArray(raw), (raw) =>
    (Array.isArray(raw) ? raw : [raw])
      .flatMap((x) => String(x).split(','))
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => (/^\d{1,10}$/.test(x) ? Number(x) : -1)),
  ) as unknown as Struct<number[], null>;
  return withMeta(s, { fromString: true, description: description ?? `Up to ${max} ids, comma-separated or repeated` });
}

export const TourIdsQuery = type({ ids: queryIdList(50, 'Tour ids, comma-separated or repeated (at most 50)') });
export type TourIdsQuery = Infer<typeof TourIdsQuery>;

/** A tour of a list: the card fields plus type, duration and the old price. */
export const TourListItem = assign(TourCardSmall, type({
  type: enums(TOUR_TYPES),
  type_name: enums(['TOUR', 'EXCURSION']),
  duration: integer(),
  duration_unit: enums(['days', 'hours']),
  hours: nul(integer()),
  price_without_discount: number(),
  is_need_show_price_from: boolean(),
}));
export type TourListItem = Infer<typeof TourListItem>;

/** Published tours among the ids, in the order asked; unknown or unpublished ids are left out. */
export const TourIdsAnswer = array(TourListItem);
export type TourIdsAnswer = Infer<typeof TourIdsAnswer>;
