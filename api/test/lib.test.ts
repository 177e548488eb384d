/** Pure helpers, table-tested. */
import { create, StructError, validate } from 'superstruct';
import { ConvertPriceQuery, ContactsQuery } from '@tours/shared/src/api/schemas/reference';
import { BlogPostsQuery } from '@tours/shared/src/api/schemas/blog';
import { queryBool, queryInt } from '@tours/shared/src/api/schemas/common';
import { readConfig } from '../src/config';
import { ftsQuery, normalizeSearchText, queryTerms, tsQuery } from '../src/db/search';
import { Rng } from '../src/db/seed/prng';
import { addDays, slugify, transliterate } from '../src/db/seed/text';
import { germanRegionName } from '../src/db/seed/world';
import { Memo } from '../src/lib/cache';
import { convert, currencyFromHeader, priceIn } from '../src/lib/currency';
import { clientErrorMessage } from '../src/lib/errors';
import { countryOfIp } from '../src/lib/geoip';
import { localeFromHeader, localizationFromHeader, pickText } from '../src/lib/i18n';
import { parseSize, renderSvg, resolveImageUrl } from '../src/lib/images';
import { RateLimiter } from '../src/lib/rate-limit';
import { fieldErrors } from '../src/lib/validation';
import { chatRef, formatOffset } from '../src/routes/reference';
import { normalizeSlug } from '../src/routes/slugs';

test.each([
  ['Altai Mountains Jeep Tour', 'altai-mountains-jeep-tour'],
  ['Круиз Москва — Казань', 'kruiz-moskva-kazan'],
  ['Kreuzfahrt ab Moskau: Über Größe', 'kreuzfahrt-ab-moskau-uber-grosse'],
  ['  --Lake  Baikal!!  ', 'lake-baikal'],
  ['贝加尔湖', ''],
])('slugify(%s) = %s', (text, slug) => expect(slugify(text)).toBe(slug));

test('transliterate', () => expect(transliterate('Щёлково Южно-Сахалинск')).toBe('shchelkovo yuzhno-sakhalinsk'));

test.each([
  ['2025-01-31', 1, '2025-02-01'],
  ['2024-02-28', 1, '2024-02-29'],
  ['2025-12-31', 1, '2026-01-01'],
  ['2025-03-01', -1, '2025-02-28'],
])('addDays(%s, %i) = %s', (day, n, out) => expect(addDays(day, n)).toBe(out));

test.each([
  ['Irkutsk Oblast', 'Oblast Irkutsk'],
  ['Krasnodar Krai', 'Region Krasnodar'],
  ['Republic of Karelia', 'Republik Karelia'],
  ['Altai Republic', 'Republik Altai'],
  ['Moscow', 'Moskau'],
  ['Brest Region', 'Gebiet Brest'],
])('germanRegionName(%s) = %s', (en, de) => expect(germanRegionName(en)).toBe(de));

test('Rng is deterministic and in range', () => {
  const a = new Rng(7);
  const b = new Rng(7);
  const seq = Array.from({ length: 50 }, () => a.int(1, 6));
  expect(Array.from({ length: 50 }, () => b.int(1, 6))).toEqual(seq);
  expect(seq.every((x) => x >= 1 && x <= 6)).toBe(true);
  expect(new Set(seq).size).toBe(6);
  expect(Rng.derive(1, 'tours').next()).not.toBe(Rng.derive(1, 'blog').next());
  expect(new Rng(3).sample([1, 2, 3, 4], 10).sort()).toEqual([1, 2, 3, 4]);
});

test.each([
  ['1200x00', { width: 1200, height: 800 }],
  ['374x500', { width: 374, height: 500 }],
  ['00x400', { width: 600, height: 400 }],
  ['0x0', { width: 1600, height: 1067 }],
  ['', { width: 1600, height: 1067 }],
  [undefined, { width: 1600, height: 1067 }],
  ['5000x10', null],
  ['12x', null],
  ['-1x10', null],
  ['10X10', null],
])('parseSize(%s)', (text, size) => expect(parseSize(text)).toEqual(size));

test.each([
  ['/media/tours/1-1/{{size}}/image.svg', '140x140', '/media/tours/1-1/140x140/image.svg'],
  ['/media/tours/1-1/{{size}}/image.svg', '', '/media/tours/1-1/image.svg'],
])('resolveImageUrl(%s, %s)', (url, size, out) => expect(resolveImageUrl(url, size)).toBe(out));

test('renderSvg is deterministic and sized', () => {
  const a = renderSvg('tours', '1-1', { width: 10, height: 20 });
  expect(renderSvg('tours', '1-1', { width: 10, height: 20 })).toBe(a);
  expect(a).toContain('viewBox="0 0 10 20"');
  expect(renderSvg('tours', '1-2', { width: 10, height: 20 })).not.toBe(a);
});

const RATES = new Map([['RUB', 1], ['USD', 80], ['EUR', 100], ['CNY', 10]]);
test.each([
  [100, 'USD', 'RUB', 8000],
  [8000, 'RUB', 'USD', 100],
  [1, 'EUR', 'USD', 1.25],
  [1, 'CNY', 'CNY', 1],
  [0.005, 'RUB', 'RUB', 0.01],
])('convert(%f %s → %s) = %f', (amount, from, to, out) => expect(convert(amount, from, to, RATES)).toBe(out));

test('convert without a rate throws; priceIn keeps the RUB original', () => {
  expect(() => convert(1, 'XXX', 'RUB', RATES)).toThrow('No rate for XXX');
  expect(priceIn(16000, 'USD', RATES)).toEqual({ price: 200, currency: 'USD', original_price: 16000, original_currency: 'RUB' });
});

test.each([
  ['usd', 1, 'USD'],
  ['EUR', 12, 'EUR'],
  [undefined, 1, 'RUB'],
  [undefined, 12, 'CNY'],
  ['XYZ', 1, 'RUB'],
  ['€', 12, 'CNY'],
] as const)('currencyFromHeader(%s, %i) = %s', (header, loc, out) => expect(currencyFromHeader(header, loc)).toBe(out));

test.each([
  ['en-US', 'en'], ['zh-CN', 'cn'], ['zh', 'cn'], ['cn', 'cn'], ['de', 'de'], ['de-DE', 'de'], ['ru-RU', 'ru'], ['fr', 'en'], [undefined, 'en'], ['', 'en'],
])('localeFromHeader(%s) = %s', (header, out) => expect(localeFromHeader(header)).toBe(out));

test.each([['12', 12], ['1', 1], [undefined, 1], ['abc', 1], [' 12 ', 12]] as const)('localizationFromHeader(%s) = %i', (h, out) => expect(localizationFromHeader(h)).toBe(out));

test('pickText falls back to English and says so', () => {
  const row = { title_en: 'Lake', title_cn: '湖', title_de: null };
  expect(pickText(row, 'title', 'cn')).toEqual({ text: '湖', fellBack: false });
  expect(pickText(row, 'title', 'de')).toEqual({ text: 'Lake', fellBack: true });
  expect(pickText(row, 'title', 'ru')).toEqual({ text: 'Lake', fellBack: true });
});

test.each([
  ['77.88.55.60', 'RU'], ['::ffff:77.88.55.60', 'RU'], ['8.8.8.8', 'US'], ['2.72.0.1', 'KZ'], ['127.0.0.1', null], ['::1', null],
  ['10.1.2.3', null], ['300.1.1.1', null], ['garbage', null], [undefined, null],
])('countryOfIp(%s) = %s', (ip, iso) => expect(countryOfIp(ip)).toBe(iso));

test('RateLimiter: fixed window per key', () => {
  let now = 0;
  const limiter = new RateLimiter(3, () => now);
  expect([1, 2, 3, 4].map(() => limiter.hit('a').allowed)).toEqual([true, true, true, false]);
  expect(limiter.hit('b').allowed).toBe(true);
  expect(limiter.hit('a').retryAfter).toBe(60);
  now = 59_000;
  expect(limiter.hit('a')).toMatchObject({ allowed: false, retryAfter: 1 });
  now = 60_000;
  expect(limiter.hit('a').allowed).toBe(true);
  limiter.sweep();
  expect(limiter.size).toBe(1);
  expect(new RateLimiter(0).hit('x').allowed).toBe(true);
});

test('Memo: caches, shares concurrent work, expires, drops failures', async () => {
  let now = 0;
  const memo = new Memo(1000, 2, () => now);
  let calls = 0;
  const compute = async () => ++calls;
  expect(await Promise.all([memo.get('k', compute), memo.get('k', compute)])).toEqual([1, 1]);
  now = 999;
  expect(await memo.get('k', compute)).toBe(1);
  now = 1000;
  expect(await memo.get('k', compute)).toBe(2);
  await expect(memo.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
  await Promise.resolve();
  expect(await memo.get('bad', async () => 'ok')).toBe('ok');
  await memo.get('c', compute);
  expect(memo.size).toBeLessThanOrEqual(2);
});

describe('query schemas coerce strings and report field errors', () => {
  test('numbers, booleans and defaults', () => {
    expect(create({ page: '2', 'per-page': '5', with_alt: '1' }, BlogPostsQuery)).toEqual({ page: 2, 'per-page': 5, with_alt: true });
    expect(create({}, BlogPostsQuery)).toEqual({ page: 1, 'per-page': 20 });
    expect(create({ all: 'true' }, ContactsQuery).all).toBe(true);
    for (const v of ['true', true, 1, '1']) expect(create(v, queryBool())).toBe(true);
    for (const v of ['false', false, 0, '0']) expect(create(v, queryBool())).toBe(false);
    expect(create(' 7 ', queryInt(1, 10))).toBe(7);
  });

  test.each([
    [{ from_currency: 'RUB', to_currency: 'USD' }, { amount: 'Required field' }],
    [{ from_currency: 'RUB', to_currency: 'USD', amount: '-1' }, { amount: 'Minimum 0' }],
    [{ from_currency: 'RU', to_currency: 'USD', amount: '1' }, { from_currency: 'Incorrect value' }],
    [{ from_currency: ['RUB'], to_currency: 'USD', amount: '1' }, { from_currency: 'Incorrect value' }],
    [{ from_currency: 'RUB', to_currency: 'USD', amount: '0x10' }, { amount: 'Incorrect value' }],
  ])('%j → %j', (input, errors) => {
    const [error] = validate(input, ConvertPriceQuery, { coerce: true });
    expect(error).toBeInstanceOf(StructError);
    expect(fieldErrors(error as StructError)).toEqual(errors);
  });
});

test.each([
  ['Baikal ice', [{ kind: 'word', word: 'baikal' }, { kind: 'word', word: 'ice' }], '"baikal" "ice"*', 'baikal & ice:*'],
  ['贝加尔湖 tour', [{ kind: 'phrase', chars: ['贝', '加', '尔', '湖'] }, { kind: 'word', word: 'tour' }], '"贝 加 尔 湖" "tour"*', '(贝 <-> 加 <-> 尔 <-> 湖) & tour:*'],
  ['"; drop --', [{ kind: 'word', word: 'drop' }], '"drop"*', 'drop:*'],
  ['', [], null, null],
])('queryTerms(%s)', (query, terms, fts, ts) => {
  const parsed = queryTerms(query);
  expect(parsed).toEqual(terms);
  expect(ftsQuery(parsed)).toBe(fts);
  expect(tsQuery(parsed)).toBe(ts);
});

test('normalizeSearchText separates Chinese characters and lower-cases', () => {
  expect(normalizeSearchText('Озеро БАЙКАЛ 贝加尔湖')).toBe('озеро байкал 贝 加 尔 湖');
});

test.each([
  ['tours', 'tours'], ['/Altai-Republic/', 'altai-republic'], ['a--b', null], ['тур', null], ['', null], ['x y', null],
])('normalizeSlug(%s) = %s', (raw, out) => expect(normalizeSlug(raw)).toBe(out));

test.each([[180, '+03:00'], [-210, '-03:30'], [0, '+00:00'], [345, '+05:45']])('formatOffset(%i) = %s', (m, out) => expect(formatOffset(m)).toBe(out));

test.each([
  [{}, 'site'],
  [{ request_id: '5' }, 'r5'],
  [{ client_id: 'a', webinar_id: '9' }, 'ca_w9'],
])('chatRef(%j) = %s', (ids, out) => expect(chatRef(ids)).toBe(out));

test.each([
  [400, undefined, 'Unexpected end of JSON input', 'Malformed JSON'],
  [400, 'FST_ERR_CTP_EMPTY_JSON_BODY', 'x', 'Empty JSON body'],
  [400, undefined, 'whatever', 'Bad request'],
  [413, undefined, '', 'Payload too large'],
  [415, undefined, '', 'Unsupported media type'],
])('clientErrorMessage(%i, %s, %s)', (status, code, message, out) => expect(clientErrorMessage(status, code, message)).toBe(out));

describe('readConfig', () => {
  test('defaults', () => {
    const c = readConfig({}, '/work');
    expect(c).toMatchObject({ port: 3001, host: '127.0.0.1', databaseUrl: '', seed: 42, rateLimitPerMin: 3000, defaultCountryIso: 'US', trustProxy: 'loopback' });
    expect(c.catalogueSize).toBeGreaterThanOrEqual(3000);
    expect(c.dbFile.endsWith('api/.data/catalogue.sqlite')).toBe(true);
  });
  test('environment', () => {
    const c = readConfig({ PORT: '0', DB_FILE: 'x/y.sqlite', RATE_LIMIT_PER_MIN: '5', DEFAULT_COUNTRY_ISO: 'de', SEED: '7', CATALOGUE_SIZE: '300' }, '/work');
    expect(c).toMatchObject({ port: 0, dbFile: '/work/x/y.sqlite', rateLimitPerMin: 5, defaultCountryIso: 'DE', seed: 7, catalogueSize: 300 });
  });
  test.each([['PORT', '70000'], ['SEED', '-1'], ['CATALOGUE_SIZE', '0'], ['RATE_LIMIT_PER_MIN', 'lots']])('%s=%s is refused', (key, value) => {
    expect(() => readConfig({ [key]: value })).toThrow();
  });
});
