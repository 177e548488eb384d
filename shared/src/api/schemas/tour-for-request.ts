/**
 * The order page's tour (public-site §7.2 GET /spa/tour-for-request) and the date shapes it shares with the tour
 * detail (./tours.ts, which re-exports them). Its own file so the order page's chunk holds only these (issue 33).
 * Prices: `price` etc. are in the X-Currency currency, `original_*` in RUB (the stored currency).
 */
import { type Infer, array, boolean, enums, integer, number, string, type } from 'superstruct';
import { FallbackLocale, ImageUrl, TOUR_TYPES, currencyCode, nul, opt, queryId, queryInt, queryString } from './common';
import { Expert } from './organizers';

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
export type ExcursionDate = Infer<typeof ExcursionDate>;

export const TourOption = type({ tour_id: integer(), slug: string(), name: string() });
export type TourOption = Infer<typeof TourOption>;

// GET /spa/tour-for-request -----------------------------------------------------------------

export const TourForRequestQuery = type({
  id: queryId('Tour id'),
  format: opt(queryString(20, { description: "'main'" })),
  site_id: opt(queryInt(1, 1000, 'Always 1 from the order page')),
});
export type TourForRequestQuery = Infer<typeof TourForRequestQuery>;

/** What the order page (and the variants modal) needs of a tour. */
export const TourForRequestAnswer = type({
  id: integer(),
  slug: string(),
  slugs: type({ en: string(), cn: string(), de: string(), ru: string() }),
  title: string(),
  image: ImageUrl,
  type: enums(TOUR_TYPES),
  type_name: enums(['TOUR', 'EXCURSION']),
  is_tour_active: boolean(),
  /** Archived on the staff panel: the order page offers no form (submit-order refuses it; issue 29). */
  is_archived: opt(boolean()),
  price: number(),
  priceWithoutDiscount: number(),
  original_price: number(),
  currency: currencyCode(),
  is_need_show_price_from: boolean(),
  duration: integer(),
  duration_unit: enums(['days', 'hours']),
  days: integer(),
  hours: nul(integer()),
  is_dates_preliminary: boolean(),
  use_request_period: boolean(),
  request_period_start: nul(string()),
  request_period_end: nul(string()),
  excursion_dates: array(ExcursionDate),
  variants: array(TourVariant),
  tour_variants: array(TourOption),
  group_min: integer(),
  group_max: integer(),
  min_age: integer(),
  max_age: nul(integer()),
  main_location_name: string(),
  organizer: type({ id: integer(), expert: Expert, marketplace_requests_with_direct_sale: boolean() }),
  fallback_locale: FallbackLocale,
});
export type TourForRequestAnswer = Infer<typeof TourForRequestAnswer>;
