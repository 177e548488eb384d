/**
 * Currency: prices are stored in RUB and converted on answer per X-Currency.
 * X-Currency: a known 3-letter code picks the currency; an unknown or missing one silently gives the
 * variant's default (CNY for the Chinese-region variant 12, RUB otherwise). Calls that take a currency
 * *parameter* (convert-price) answer 422 for an unknown code instead.
 */
import { CURRENCY_CODES, type CurrencyCode, type LocalizationId } from '@tours/shared/src/api/schemas/common';

/** Units of RUB per unit of each currency. */
export type Rates = ReadonlyMap<string, number>;

function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

function defaultCurrency(localization: LocalizationId): CurrencyCode {
  return localization === 12 ? 'CNY' : 'RUB';
}

/** The X-Currency header, or the variant's default when missing or unknown. */
export function currencyFromHeader(value: string | string[] | undefined, localization: LocalizationId): CurrencyCode {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return isCurrencyCode(raw) ? raw : defaultCurrency(localization);
}

function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Converts `amount` from one currency to another (2 decimals). Throws on a currency without a rate. */
export function convert(amount: number, from: string, to: string, rates: Rates): number {
  if (from === to) return round2(amount);
  const rateFrom = rates.get(from);
  const rateTo = rates.get(to);
  if (!rateFrom || !rateTo) throw new Error(`No rate for ${rateFrom ? to : from}`);
  return round2((amount * rateFrom) / rateTo);
}

export interface PriceFields {
  price: number;
  currency: CurrencyCode;
  original_price: number;
  original_currency: 'RUB';
}

/** A RUB price as answered: converted to `currency` and rounded to whole units, plus the original. */
export function priceIn(rub: number, currency: CurrencyCode, rates: Rates): PriceFields {
  const converted = currency === 'RUB' ? rub : Math.round(convert(rub, 'RUB', currency, rates));
  return { price: converted, currency, original_price: rub, original_currency: 'RUB' };
}
