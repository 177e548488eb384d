/**
 * The price conversion (public-site §7.5) and the site's statistics (§3.6): the schemas of reference data a search or
 * main page's first screen uses, apart from ./reference.ts (which re-exports them) so those pages' first chunk does
 * not carry the contacts', work time's and social links' schemas (issue 33).
 */
import { type Infer, integer, number, type } from 'superstruct';
import { currencyCode, queryNumber } from './common';

// GET /node-api/convert-price -------------------------------------------------

export const ConvertPriceQuery = type({
  from_currency: currencyCode('Currency of the amount'),
  to_currency: currencyCode('Currency to convert to'),
  amount: queryNumber(0, 1e12, 'Amount to convert'),
});
export type ConvertPriceQuery = Infer<typeof ConvertPriceQuery>;

/** The converted amount, rounded to 2 decimals. */
export const ConvertPriceAnswer = type({ result: number() });
export type ConvertPriceAnswer = Infer<typeof ConvertPriceAnswer>;

// GET /spa/info ----------------------------------------------------------------

/** Site statistics (public-site §3.6): published tours, regions with tours, travel styles with tours. */
export const InfoAnswer = type({
  totalCount: integer(),
  toursCount: integer(),
  regions: integer(),
  types: integer(),
});
export type InfoAnswer = Infer<typeof InfoAnswer>;
