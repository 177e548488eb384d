/**
 * Search calls (public-site §7.2, §3.1–§3.4): GET /spa/tours, GET /spa/tours-page, GET /spa/cities-by-query,
 * POST /crm/api/favourite-tour/create|delete.
 *
 * The query is the filter of §3.1 in its query form (§5.4: aliases city, region, shipId, organizerId; lists as
 * repeated keys or comma-separated). The API validates only what could hurt it (lengths, list sizes, date format)
 * and then normalises exactly like the client (`normaliseFilter`: clamping, dropping non-numbers), so a URL the
 * client accepts is never refused. Prices in the filter and in the answer are in the X-Currency currency.
 */
import { type Infer, type Struct, array, assign, boolean, enums, integer, literal, nullable, number, refine, string, type } from 'superstruct';
import { Pagination, bodyId, coerceIf, currencyCode, isString, nul, opt, queryBool, queryId, queryString, scalarOneOf, withMeta } from './common';
import { Photo } from './photo';

// Query ---------------------------------------------------------------------------

/** A query value that may repeat (`cities=1&cities=2`) or be comma-separated; at most 50 values. */
function queryList(description: string): Struct<string[], null> {
  const item = queryString(200, { pattern: /^[A-Za-z0-9_.,-]*$/ });
  const list = refine(array(item), 'size', (v) => v.length <= 50 || 'Maximum 50 values');
  return withMeta(coerceIf(list, isString, (raw) => [raw]) as unknown as Struct<string[], null>, { description, maxLength: 50 });
}
const listOf = (description: string) => opt(queryList(description));

const NUM = (description: string) => opt(queryString(20, { description }));
const DATE = (description: string) => opt(queryString(10, { pattern: /^(\d{4}-\d{2}-\d{2})?$/, description }));

/** Filter fields of §3.1 in query form. Numbers arrive as text and are clamped like the client does (§5.4). */
export const TourSearchFields = {
  slug: opt(queryString(300, { description: 'A search slug: region, city, travel style, collection or the default search slug' })),
  query: opt(queryString(100, { description: 'Full-text search over titles and descriptions' })),
  organizerId: opt(queryId('Organizer id (query form of organizer)')),
  accommodation: listOf('Accommodation kinds: camp-site, guest-house, flat, cabin, hotel, tent, train, not-set'),
  comfort: listOf('Comfort levels 1–5 (base, base_plus, medium, improved, premium)'),
  difficulty: listOf('Difficulty 1–4'),
  maxGroupSize: NUM('Largest acceptable group'),
  priceMin: NUM('0..200000, in X-Currency'),
  priceMax: NUM('0..200000 (200000 or more: no limit), in X-Currency'),
  pricePerDayMin: NUM('0..30000, in X-Currency'),
  pricePerDayMax: NUM('0..30000 (30000 or more: no limit), in X-Currency'),
  minAge: NUM("Age of the youngest traveller, 0..17 ('Travel with children')"),
  dateFrom: DATE('Departures from, YYYY-MM-DD'),
  dateTo: DATE('Departures until, YYYY-MM-DD'),
  daysMin: NUM('0..20'),
  daysMax: NUM('0..20 (20: no limit)'),
  restKinds: listOf('Travel style ids'),
  cities: listOf('City ids (alias: city)'),
  city: listOf('Alias of cities'),
  regions: listOf('Region ids (alias: region)'),
  region: listOf('Alias of regions'),
  countries: listOf('Country ids'),
  collections: listOf('Collection ids'),
  languages: listOf('Guide language codes (en, de, ru, cn…)'),
  showplace: listOf('Showplace ids'),
  continent: NUM('World part id (none in the catalogue yet)'),
  isCruisesSearch: opt(queryBool('1: the Cruises tab')),
  cruisesType: listOf('Cruise type ids'),
  cruisesStartCity: listOf('Departure city ids'),
  ships: listOf('Ship ids (alias: shipId)'),
  shipId: listOf('Alias of ships'),
  waterObject: listOf('Water object ids'),
  onlyReturningCruises: opt(queryBool('1: return to the departure city')),
  placeName: opt(queryString(200, { description: 'Name of the place of a radius search' })),
  radius: NUM('Radius in km around lat,lng'),
  lat: NUM('Latitude'),
  lng: NUM('Longitude'),
  page: NUM('Page, from 1'),
  sort: opt(queryString(10, { description: "default, price (cheaper first), -price (more expensive first)" })),
  isAuthorTourSearch: opt(queryBool('1: author tours only')),
  operatorType: opt(queryString(20, { description: 'any, organization, author' })),
  type: NUM('1 tour, 2 excursion'),
} as const;

export const TourSearchQuery = assign(type(TourSearchFields), type({
  expand: opt(queryString(40, { pattern: /^(filters)?$/, description: "'filters': add the filter options with counts" })),
  'per-page': opt(queryString(3, { pattern: /^\d*$/, description: 'Tours per page, 1..48 (default 18)' })),
}));
export type TourSearchQuery = Infer<typeof TourSearchQuery>;

/** Tours per page unless per-page says otherwise. */
export const SEARCH_PAGE_SIZE = 18;
export const SEARCH_MAX_PAGE_SIZE = 48;

// Tour card (§3.4) ------------------------------------------------------------------

const Texted = type({ id: integer(), text: string() });

export const CardVariant = type({ id: integer(), start: string(), end: string(), not_guaranteed: boolean() });

export const TourCardItem = type({
  id: integer(),
  title: string(),
  slug: string(),
  image: string(),
  images: array(string()),
  description: string(),
  price: number(),
  currency: currencyCode(),
  originalPrice: number(),
  originalCurrency: enums(['RUB']),
  priceWithoutDiscount: number(),
  originalPriceWithoutDiscount: number(),
  isNeedShowPriceFrom: boolean(),
  discounts: array(type({ id: integer(), size: number(), format: type({ id: enums([1, 2]) }), type_string: string() })),
  /** The largest percent discount, when there is one. */
  discount: nullable(number()),
  type: enums(['TOUR', 'EXCURSION']),
  isCruise: boolean(),
  /** Days for a tour; hours (for an excursion) in `hours`. */
  days: integer(),
  hours: nullable(integer()),
  mainLocation: enums(['country', 'region', 'city']),
  mainLocationName: string(),
  countries: array(Texted),
  regions: array(Texted),
  hostCities: array(Texted),
  /** Upcoming dates that can be booked, soonest first. */
  variants: array(CardVariant),
  versions: array(type({ tour_id: integer(), slug: string(), name: string() })),
  nearestVariant: nullable(CardVariant),
  excursionDates: array(string()),
  isUsingRequestPeriod: boolean(),
  requestPeriodStart: nullable(string()),
  requestPeriodEnd: nullable(string()),
  isDatesPreliminary: boolean(),
  showIndividualDatesInCard: boolean(),
  organizer: type({ id: integer(), expert: type({ first_name: string(), last_name: string(), photo: nul(Photo) }) }),
  mainActivity: nullable(type({ id: integer(), name: string() })),
  tags: array(type({ id: integer(), text: string(), is_hidden: boolean() })),
  rating: number(),
  reviewsCount: integer(),
  difficulty: integer(),
  isVeryHot: boolean(),
  isNewTour: boolean(),
  isComfortBase: boolean(),
  isComfortBasePlus: boolean(),
  isComfortMedium: boolean(),
  isComfortImproved: boolean(),
  isComfortPremium: boolean(),
});
export type TourCardItem = Infer<typeof TourCardItem>;

// Results (§3.2) -------------------------------------------------------------------

/** Result group keys, in the order they come: tours, then excursions, then cruises. */
export const RESULT_GROUP_KEYS = ['tours', 'excursions', 'cruises'] as const;
export type ResultGroupKey = (typeof RESULT_GROUP_KEYS)[number];

export const ResultGroup = type({ key: enums(RESULT_GROUP_KEYS), items: array(TourCardItem) });
export type ResultGroup = Infer<typeof ResultGroup>;

export const SearchResult = type({
  groups: array(ResultGroup),
  pagination: Pagination,
  /** What the slug resolved to (absent for the default search slug). */
  place: nul(type({ kind: enums(['region', 'city', 'rest_kind', 'collection', 'search']), id: nul(integer()), name: string(), slug: string() })),
});
export type SearchResult = Infer<typeof SearchResult>;

// Filter options (§3.3 filter sections) ---------------------------------------------

export const FILTER_SECTIONS = [
  'tours_direction', 'tours_activities', 'cruises_types', 'cruises_start_city', 'cruises_direction', 'cruises_ships', 'dates',
  'price', 'duration', 'age', 'accommodation', 'difficulty', 'collections', 'languages', 'author_tours_operator', 'group_size', 'comfort',
] as const;
export type FilterSection = (typeof FILTER_SECTIONS)[number];

/** Which filter field an option sets. */
export const FILTER_OPTION_KINDS = [
  'regions', 'cities', 'restKinds', 'collections', 'cruisesType', 'cruisesStartCity', 'waterObject', 'showplace', 'ships',
  'accommodation', 'difficulty', 'comfort', 'languages', 'operatorType', 'maxGroupSize', 'minAge',
] as const;
export type FilterOptionKind = (typeof FILTER_OPTION_KINDS)[number];

/** A filter item (§3.1 'Filter items have id, name and slug'); `value` is what goes into the filter (an id, or a code). */
export const FilterOption = type({
  kind: enums(FILTER_OPTION_KINDS),
  id: scalarOneOf(['integer', 'string']),
  value: scalarOneOf(['integer', 'string']),
  name: string(),
  slug: string(),
  count: integer(),
});
export type FilterOption = Infer<typeof FilterOption>;

export const FilterSectionOptions = type({
  section: enums(FILTER_SECTIONS),
  items: array(FilterOption),
  /** Range sections (price, duration, dates): the span over the results of the other filters. */
  min: opt(nullable(scalarOneOf(['number', 'string']))),
  max: opt(nullable(scalarOneOf(['number', 'string']))),
  /** Price sections: the same span per day. */
  perDayMin: opt(nullable(number())),
  perDayMax: opt(nullable(number())),
});
export type FilterSectionOptions = Infer<typeof FilterSectionOptions>;

/** GET /spa/tours: the first page with its groups, and with expand=filters the options and counts of each section. */
export const ToursAnswer = type({ result: SearchResult, filters: opt(array(FilterSectionOptions)) });
export type ToursAnswer = Infer<typeof ToursAnswer>;

/** GET /spa/tours-page: another page of the same search. */
export const ToursPageAnswer = type({ result: SearchResult });
export type ToursPageAnswer = Infer<typeof ToursPageAnswer>;

// GET /spa/cities-by-query (§5.7) ----------------------------------------------------

export const CitiesByQueryQuery = type({
  query: queryString(100, { description: 'Trimmed and lower-cased for matching; an empty query gives no cities' }),
});
export type CitiesByQueryQuery = Infer<typeof CitiesByQueryQuery>;

export const CityItem = type({
  id: integer(),
  name: string(),
  region: type({ name: string() }),
  country: type({ id: integer(), name: string() }),
});
export type CityItem = Infer<typeof CityItem>;

export const CitiesByQueryAnswer = type({ result: array(CityItem) });
export type CitiesByQueryAnswer = Infer<typeof CitiesByQueryAnswer>;

// POST /crm/api/favourite-tour/create|delete -----------------------------------------------

export const FavouriteTourBody = type({ tour_id: bodyId('Tour id') });
export type FavouriteTourBody = Infer<typeof FavouriteTourBody>;

/** The traveller's favourite tour ids after the change. */
export const FavouriteTourAnswer = type({ result: literal(true), tour_ids: array(integer()) });
export type FavouriteTourAnswer = Infer<typeof FavouriteTourAnswer>;
