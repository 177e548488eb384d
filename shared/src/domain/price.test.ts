import type { ApiClient } from '../api/client';
import {
  cachedConversion, clearConversionCache, convertPrice, discountPercent, formatPrice, priceLocale, priceScale, roundDownTo,
} from './price';

/** Intl separates with (narrow) no-break spaces; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice (§9)', () => {
  test.each([
    [45000, 'RUB', '45 000 ₽'],
    [1234567.6, 'RUB', '1 234 568 ₽'],
    [999.4, 'KZT', '999 ₸'],
    [125000, 'KZT', '125 000 ₸'],
    [1500, 'BYN', '1 500 р.'],
    [1234.5, 'EUR', '€1,235'],
    [1234567, 'USD', '$1,234,567'],
    [880, 'CNY', '¥880'],
    [99.5, 'GBP', '£100'],
    [0, 'USD', '$0'],
    [12345, 'AED', 'AED 12,345'],
    [42, 'usd', '$42'],
  ])('%p %s → %s', (amount, currency, expected) => {
    expect(plain(formatPrice(amount, currency))).toBe(expected);
  });

  test.each([
    [45250, 'RUB', '45,25 тыс. ₽'],
    [1234567, 'RUB', '1,235 млн ₽'],
    [999, 'RUB', '999 ₽'],
    [45250, 'EUR', '€45.25k'],
    [1234567, 'USD', '$1.235m'],
    [12345678, 'KZT', '12,35 млн ₸'],
  ])('compact: %p %s → %s (4 significant digits)', (amount, currency, expected) => {
    expect(plain(formatPrice(amount, currency, { compact: true }))).toBe(expected);
  });

  test('an unknown code never throws', () => {
    expect(formatPrice(10.4, 'XX')).toBe('10 XX');
    expect(plain(formatPrice(Number.NaN, 'RUB'))).toBe('0 ₽');
  });

  test.each([['RUB', 'ru-RU'], ['BYN', 'ru-RU'], ['KZT', 'ru-RU'], ['USD', 'en-GB'], ['EUR', 'en-GB'], ['CNY', 'en-GB'], ['JPY', 'en-GB']])('%s is formatted in %s', (currency, locale) => {
    expect(priceLocale(currency)).toBe(locale);
  });
});

describe('discountPercent (§9: shown from 2 %)', () => {
  test.each([
    [90, 100, 10],
    [98, 100, 2],
    [98.6, 100, null], // 1.4 % rounds to 1: hidden
    [97.6, 100, 2], // 2.4 % rounds to 2: shown
    [99, 100, null],
    [100, 100, null],
    [120, 100, null],
    [50, null, null],
    [50, 0, null],
    [0, 100, 100],
  ])('price %p, old %p → %p', (price, old, expected) => {
    expect(discountPercent(price, old)).toBe(expected);
  });

  test('the minimum can be changed', () => {
    expect(discountPercent(95, 100, 10)).toBeNull();
    expect(discountPercent(90, 100, 10)).toBe(10);
  });
});

describe('roundDownTo and the price scale tables', () => {
  test.each([[1999, 1000, 1000], [2000, 1000, 2000], [49, 50, 0], [123.9, 0, 123], [Number.NaN, 10, 0]])('roundDownTo(%p, %p) = %p', (value, step, expected) => {
    expect(roundDownTo(value, step)).toBe(expected);
  });
  test.each([
    ['RUB', { max: 200000, perDayMax: 20000, step: 1000 }],
    ['EUR', { max: 5000, perDayMax: 500, step: 50 }],
    ['USD', { max: 5000, perDayMax: 500, step: 50 }],
    ['CNY', { max: 20000, perDayMax: 2000, step: 200 }],
    ['BYN', { max: 10000, perDayMax: 1000, step: 100 }],
    ['KZT', { max: 1000000, perDayMax: 100000, step: 5000 }],
    ['GBP', { max: 5000, perDayMax: 500, step: 50 }],
  ])('%s scale', (currency, expected) => {
    expect(priceScale(currency)).toEqual(expected);
  });
});

describe('convertPrice: GET /node-api/convert-price, cached 60 s per from/to/amount (§9)', () => {
  const makeApi = (rate = 0.011) => {
    const get = jest.fn(async (_path: string, opts: { query?: Record<string, unknown> }) => ({ result: Number(opts.query?.amount) * rate }));
    return { api: { get, post: jest.fn() } as unknown as ApiClient, get };
  };
  beforeEach(() => clearConversionCache());

  test('asks the API once per from/to/amount within 60 s', async () => {
    const { api, get } = makeApi();
    const t0 = 1_000_000;
    await expect(convertPrice(api, { from: 'RUB', to: 'USD', amount: 1000 }, t0)).resolves.toBe(11);
    await expect(convertPrice(api, { from: 'RUB', to: 'USD', amount: 1000 }, t0 + 59_999)).resolves.toBe(11);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe('/node-api/convert-price');
    expect(get.mock.calls[0]![1].query).toEqual({ from_currency: 'RUB', to_currency: 'USD', amount: 1000 });
    await convertPrice(api, { from: 'RUB', to: 'USD', amount: 1000 }, t0 + 60_000);
    expect(get).toHaveBeenCalledTimes(2);
  });

  test('another amount, source or target is another entry', async () => {
    const { api, get } = makeApi();
    await Promise.all([
      convertPrice(api, { from: 'RUB', to: 'USD', amount: 1000 }),
      convertPrice(api, { from: 'RUB', to: 'USD', amount: 1000 }),
      convertPrice(api, { from: 'RUB', to: 'USD', amount: 2000 }),
      convertPrice(api, { from: 'RUB', to: 'EUR', amount: 1000 }),
      convertPrice(api, { from: 'EUR', to: 'USD', amount: 1000 }),
    ]);
    expect(get).toHaveBeenCalledTimes(4);
  });

  test('the same currency needs no call; a fresh result is readable synchronously', async () => {
    const { api, get } = makeApi();
    await expect(convertPrice(api, { from: 'EUR', to: 'eur', amount: 5 })).resolves.toBe(5);
    expect(get).not.toHaveBeenCalled();
    const now = Date.now();
    expect(cachedConversion({ from: 'RUB', to: 'USD', amount: 500 }, now)).toBeUndefined();
    await convertPrice(api, { from: 'RUB', to: 'USD', amount: 500 }, now);
    expect(cachedConversion({ from: 'RUB', to: 'USD', amount: 500 }, now + 1000)).toBe(5.5);
    expect(cachedConversion({ from: 'RUB', to: 'USD', amount: 500 }, now + 60_000)).toBeUndefined();
  });

  test('a failed call is not cached', async () => {
    const get = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ result: 7 });
    const api = { get, post: jest.fn() } as unknown as ApiClient;
    await expect(convertPrice(api, { from: 'RUB', to: 'USD', amount: 1 })).rejects.toThrow('down');
    await expect(convertPrice(api, { from: 'RUB', to: 'USD', amount: 1 })).resolves.toBe(7);
  });
});
