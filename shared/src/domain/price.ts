/**
 * Prices and currencies (public-site §9 'Prices and currencies'):
 * - RUB, BYN and KZT use Russian-style formatting, every other currency British English;
 *   no fraction digits, with the currency symbol; a compact form keeps 4 significant digits.
 * - The discount percent is shown only when it is at least 2 % (smaller rounded discounts are hidden).
 * - Conversion goes through GET /node-api/convert-price and is cached for 60 s per from/to/amount.
 * Pure apart from the conversion cache; the API and host server may import this file by path.
 */
import type { ApiClient } from '../api/client';
import { ConvertPriceAnswer } from '../api/schemas/reference';

/** Currencies formatted the Russian way; the rest use British English. */
export const RUSSIAN_STYLE_CURRENCIES: readonly string[] = ['RUB', 'BYN', 'KZT'];
/** Default currency of tour cards (§9). */
export const CARD_DEFAULT_CURRENCY = 'RUB';
/** The discount percent is shown from this value on (§9: 'the minimum defaults to 2'). */
export const MIN_DISCOUNT_PERCENT = 2;
/** Conversion results are cached this long (§9). */
export const CONVERSION_CACHE_MS = 60_000;
/** Significant digits of the compact form (§9). */
export const COMPACT_SIGNIFICANT_DIGITS = 4;

/**
 * The three per-currency tables of §9 (their purpose is not stated there). We use them for the price filter:
 * A is the top of the total-price scale, B the top of the per-day scale, C the step of both
 * (docs/decisions.md, 'Search').
 */
export const PRICE_SCALE_MAX: Readonly<Record<string, number>> = { EUR: 5000, USD: 5000, RUB: 200000, CNY: 20000, BYN: 10000, KZT: 1000000 };
export const PRICE_PER_DAY_SCALE_MAX: Readonly<Record<string, number>> = { EUR: 500, USD: 500, RUB: 20000, CNY: 2000, BYN: 1000, KZT: 100000 };
export const PRICE_SCALE_STEP: Readonly<Record<string, number>> = { EUR: 50, USD: 50, RUB: 1000, CNY: 200, BYN: 100, KZT: 5000 };
const TABLE_DEFAULTS = { max: 5000, perDayMax: 500, step: 50 } as const;

export interface PriceScale { max: number; perDayMax: number; step: number }
/** The price filter's scale in a currency (tables A, B and C of §9, with their defaults). */
export function priceScale(currency: string): PriceScale {
  return {
    max: PRICE_SCALE_MAX[currency] ?? TABLE_DEFAULTS.max,
    perDayMax: PRICE_PER_DAY_SCALE_MAX[currency] ?? TABLE_DEFAULTS.perDayMax,
    step: PRICE_SCALE_STEP[currency] ?? TABLE_DEFAULTS.step,
  };
}

/** 'ru-RU' for RUB, BYN and KZT, 'en-GB' for every other currency. */
export function priceLocale(currency: string): 'ru-RU' | 'en-GB' {
  return RUSSIAN_STYLE_CURRENCIES.includes(currency.toUpperCase()) ? 'ru-RU' : 'en-GB';
}

export interface FormatPriceOptions {
  /** The compact form ('123,5 тыс. ₽', '£12.35K'): 4 significant digits. */
  compact?: boolean;
}

const formatters = /*#__PURE__*/ new Map<string, Intl.NumberFormat>();
function formatter(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact ? 1 : 0}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(priceLocale(currency), compact
      ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol', notation: 'compact', maximumSignificantDigits: COMPACT_SIGNIFICANT_DIGITS }
      : { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A price with its currency symbol (the narrow one: '$', '¥', '₸'; a code where there is none):
 * `formatPrice(45000, 'RUB')` → '45 000 ₽', `formatPrice(1234.6, 'EUR')` → '€1,235'. Never throws: a code Intl
 * does not know is written after the rounded number.
 */
export function formatPrice(amount: number, currency: string, options: FormatPriceOptions = {}): string {
  const code = currency.toUpperCase();
  const value = Number.isFinite(amount) ? amount : 0;
  try {
    return formatter(code, Boolean(options.compact)).format(value);
  } catch {
    return `${Math.round(value)} ${code}`;
  }
}

/** Rounds down to a multiple of `step` (§9 'Numbers can be rounded down to a multiple of a given step'). */
export function roundDownTo(value: number, step: number): number {
  if (!Number.isFinite(value)) return 0;
  if (!(step > 0)) return Math.floor(value);
  return Math.floor(value / step) * step;
}

/**
 * The discount percent to show, or null when it must be hidden: the rounded percent of the old price the
 * traveller saves, shown only when it is at least `min` (2 by default).
 */
export function discountPercent(price: number, priceWithoutDiscount: number | null | undefined, min = MIN_DISCOUNT_PERCENT): number | null {
  if (!priceWithoutDiscount || !Number.isFinite(price) || !Number.isFinite(priceWithoutDiscount) || priceWithoutDiscount <= price || price < 0) return null;
  const percent = Math.round((1 - price / priceWithoutDiscount) * 100);
  return percent >= min ? percent : null;
}

// Conversion ---------------------------------------------------------------------------

interface CacheEntry { at: number; value: Promise<number> }
// The caches are marked pure so a bundle that only formats prices (the host's error page) drops them.
const conversions = /*#__PURE__*/ new Map<string, CacheEntry>();

export interface ConvertInput { from: string; to: string; amount: number }

/** Key of the conversion cache: one entry per from/to/amount. */
export function conversionKey({ from, to, amount }: ConvertInput): string {
  return `${from.toUpperCase()}>${to.toUpperCase()}:${amount}`;
}

/** The result when it is cached and fresh (lets a component paint without a skeleton), else undefined. */
export function cachedConversion(input: ConvertInput, now = Date.now()): number | undefined {
  if (input.from.toUpperCase() === input.to.toUpperCase()) return input.amount;
  const entry = known.get(conversionKey(input));
  return entry && now - entry.at < CONVERSION_CACHE_MS ? entry.value : undefined;
}

/** Settled results, so a fresh one can be read synchronously. */
const known = /*#__PURE__*/ new Map<string, { at: number; value: number }>();

/**
 * Converts an amount with GET /node-api/convert-price, cached 60 s per from/to/amount (concurrent asks for the
 * same key share one request). The same currency needs no call. A failed call is not cached.
 */
export function convertPrice(api: ApiClient, input: ConvertInput, now = Date.now()): Promise<number> {
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  if (from === to) return Promise.resolve(input.amount);
  const key = conversionKey(input);
  const hit = conversions.get(key);
  if (hit && now - hit.at < CONVERSION_CACHE_MS) return hit.value;
  const value = api
    .get('/node-api/convert-price', { schema: ConvertPriceAnswer, query: { from_currency: from, to_currency: to, amount: input.amount } })
    .then((answer) => {
      known.set(key, { at: now, value: answer.result });
      return answer.result;
    });
  conversions.set(key, { at: now, value });
  value.catch(() => {
    if (conversions.get(key)?.value === value) conversions.delete(key);
  });
  // Keep the caches small: drop stale entries now and then.
  if (conversions.size > 500) {
    for (const [k, e] of conversions) if (now - e.at >= CONVERSION_CACHE_MS) conversions.delete(k);
    for (const [k, e] of known) if (now - e.at >= CONVERSION_CACHE_MS) known.delete(k);
  }
  return value;
}

/** Forgets every cached conversion (tests). */
export function clearConversionCache(): void {
  conversions.clear();
  known.clear();
}
