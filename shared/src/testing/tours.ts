/* Tour test data the microfrontends' fixtures share (mfe-tour's tour page, mfe-booking's request forms). */
import type { TourVariant } from '../api/schemas/tours';

// The calendar is fixed in tests (scripts/jest/fixed-clock.ts), so these dates fall the same way every day.
const TODAY = new Date();

/** The day `offset` days from today, YYYY-MM-DD. */
export const day = (offset: number) => new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth(), TODAY.getUTCDate() + offset)).toISOString().slice(0, 10);

/** A date of tour 1001 starting `startOffset` days from today, five days long, with free seats. */
export function variant(id: number, startOffset: number, over: Partial<TourVariant> = {}): TourVariant {
  return {
    id, tour_id: 1001, start: day(startOffset), end: day(startOffset + 4), price: 26300, price_without_discount: 28900, original_price: 26300, currency: 'RUB',
    is_busy: false, number_of_free_seats: 8, not_guaranteed: false, ...over,
  };
}
