/**
 * The main page's tour sections (issue 17 'Content a traveller expects'): GET /spa/main-page-tours answers popular
 * tours, travel styles, upcoming departures and recent reviews in one call, in the request's locale and currency.
 * The spec's main page (§2.4) names no call for them; this one is designed here (docs/decisions.md 'Main page tours').
 */
import { type Infer, array, integer, number, string, type } from 'superstruct';
import { ImageUrl, nul } from './common';
import { SearchFormItem } from './reference';
import { TourCardItem } from './search';

/** Cards per tour section and reviews shown (the answer never holds more). */
export const MAIN_PAGE_TOURS = 8;
export const MAIN_PAGE_STYLES = 8;
export const MAIN_PAGE_UPCOMING = 4;
export const MAIN_PAGE_REVIEWS = 4;

/** A tour with its next departure: the tour's card (§3.4) and the departure's dates (ISO YYYY-MM-DD). */
export const UpcomingDeparture = type({ start: string(), end: string(), tour: TourCardItem });
export type UpcomingDeparture = Infer<typeof UpcomingDeparture>;

/** A short review card: who, how many stars, when, the text shortened, and the tour it is about. */
export const MainPageReview = type({
  id: integer(),
  name: string(),
  author_photo: nul(ImageUrl),
  rating: number(),
  /** ISO date, YYYY-MM-DD. */
  date: string(),
  /** Plain text, at most 200 characters (shortened with '…'). */
  text: string(),
  tour: type({ id: integer(), slug: string(), name: string() }),
});
export type MainPageReview = Infer<typeof MainPageReview>;

export const MainPageToursAnswer = type({
  /** The first cards of the default search (Tours tab, popular first): what 'See all tours' opens. */
  popular: array(TourCardItem),
  /** Travel styles with the most tours; tours_count is the number of tours the style's link (its slug) opens. */
  styles: array(SearchFormItem),
  /** Published tours whose next free departure starts after today (the service's clock), soonest first. */
  upcoming: array(UpcomingDeparture),
  /** The newest published reviews about published tours. */
  reviews: array(MainPageReview),
});
export type MainPageToursAnswer = Infer<typeof MainPageToursAnswer>;
