/**
 * Tour calls (public-site §7.2): the tour detail of §3.5 and the search autocomplete (§3.3 suggestion kinds).
 * Prices: `price` etc. are in the X-Currency currency, `original_*` in RUB (the stored currency).
 */
import { type Infer, type Struct, array, assign, boolean, enums, integer, number, refine, string, type } from 'superstruct';
import {
  AUTOCOMPLETE_GROUPS, ImageUrl, Pagination, SUGGESTION_KINDS, TOUR_TYPES,
  ID_MAX, coerceIf, dflt, nul, opt, queryBool, queryId, queryInt, queryString, withMeta,
} from './common';
import { Review } from './organizers';
import { ProgramDay, TourCardSmall } from './tour-detail';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;


// The tour page's shapes live in ./tour-detail.ts, the order page's in ./tour-for-request.ts (issue 33: a chunk takes
// a schema file whole, with every schema the build uses of it; the tour and order pages need none of the others).
export {
  Accommodation, AccommodationVariant, IndividualTourAnswer, IndividualTourQuery, MediaImage, NamedText, ProgramDay, TourCardSmall, TourDetailAnswer,
  TourDetailQuery, TourDiscount,
} from './tour-detail';
export { ExcursionDate, TourForRequestAnswer, TourForRequestQuery, TourOption, TourVariant } from './tour-for-request';


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
