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
import { AnswerCache, estimateSize } from '../src/lib/cache';
import { lastEntry, secretChecker } from '../src/lib/client-address';
import { convert, currencyFromHeader, priceIn } from '../src/lib/currency';
import { clientErrorMessage } from '../src/lib/errors';
import { countryOfIp } from '../src/lib/geoip';
import { localeFromHeader, localizationFromHeader, pickText } from '../src/lib/i18n';
import { parseSize, renderSvg, resolveImageUrl } from '../src/lib/images';
import { jsonNestingExceeds } from '../src/lib/json-body';
import { addressKey, limitClass, rateLimitsOf, RateLimitStore } from '../src/lib/rate-limit';
import { fieldErrors } from '../src/lib/validation';
import { chatRef } from '../src/domain/chat-link';
import { formatOffset } from '../src/domain/utc-offset';
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

function incr(store: RateLimitStore, key: string): { current: number; ttl: number } {
  let out = { current: 0, ttl: 0 };
  store.incr(key, (_e, r) => (out = r!), 60_000);
  return out;
}

test('RateLimitStore: fixed window per key, bounded by its key count', () => {
  let now = 0;
  const store = new RateLimitStore(100, () => now);
  expect([1, 2, 3].map(() => incr(store, 'a').current)).toEqual([1, 2, 3]);
  expect(incr(store, 'b').current).toBe(1);
  now = 59_000;
  expect(incr(store, 'a')).toEqual({ current: 4, ttl: 1000 });
  let read = { current: -1, ttl: -1 };
  store.read('a', (_e, r) => (read = r!), 60_000);
  expect(read.current).toBe(4);
  now = 60_000;
  expect(incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
  for (let i = 0; i < 1000; i++) incr(store, `k${i}`);
  expect(store.size).toBe(100);
  expect(store.child()).toBe(store);
});

test.each([
  [{ rateLimitPerMin: 600, rateLimitWritesPerMin: null, rateLimitAuthPerMin: null }, { reads: 600, writes: 60, auth: 10, captcha: 600 }],
  [{ rateLimitPerMin: 100000, rateLimitWritesPerMin: null, rateLimitAuthPerMin: null }, { reads: 100000, writes: 10000, auth: 1667, captcha: 100000 }],
  [{ rateLimitPerMin: 40, rateLimitWritesPerMin: 5, rateLimitAuthPerMin: null }, { reads: 40, writes: 5, auth: 1, captcha: 40 }],
  [{ rateLimitPerMin: 600, rateLimitWritesPerMin: 0, rateLimitAuthPerMin: 3 }, { reads: 600, writes: 0, auth: 3, captcha: 600 }],
  [{ rateLimitPerMin: 0, rateLimitWritesPerMin: 5, rateLimitAuthPerMin: 5 }, { reads: 0, writes: 0, auth: 0, captcha: 0 }],
])('rateLimitsOf(%j)', (config, limits) => expect(rateLimitsOf(config)).toEqual(limits));

test.each([
  ['GET', '/spa/tours', 'reads'],
  ['HEAD', '/spa/tours', 'reads'],
  ['OPTIONS', '/spa/submit-help-request', 'reads'],
  ['GET', '/crm/api/dropdown/country', 'reads'],
  ['GET', '/node-api/convert-price', 'reads'],
  ['POST', '/spa/submit-help-request', 'writes'],
  ['POST', '/crm/api/favourite-tour/create', 'writes'],
  ['POST', '/crm/api/user/send-auth-code', 'auth'],
  ['POST', '/crm/api/user/auth', 'auth'],
  ['POST', '/crm/api/user/auth-via-code', 'auth'],
  ['POST', '/crm/api/user/password-recovery', 'auth'],
  ['POST', '/crm/api/user/register-without-password', 'auth'],
  ['POST', '/crm/api/user/send-confirmation-code', 'auth'],
  ['GET', '/crm/api/user/phone-confirmation-methods', 'auth'],
  ['OPTIONS', '/crm/api/user/auth', 'reads'],
  ['GET', '/crm/api/organizer/public-info', 'reads'],
  ['GET', '/media/tours/:key/:size/:file', 'none'],
  ['GET', '/api-docs', 'none'],
  ['GET', '/api-docs/openapi.json', 'none'],
  ['GET', '/', 'none'],
  ['GET', '/spam', 'none'],
  ['GET', '/internal/metrics', 'reads'],
])('limitClass(%s %s) = %s', (method, path, cls) => expect(limitClass(method, path)).toBe(cls));

test.each([
  ['198.51.100.7', '198.51.100.7'],
  ['::ffff:198.51.100.7', '198.51.100.7'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
  ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['not an address', 'not an address'],
])('addressKey(%s) = %s', (ip, key) => expect(addressKey(ip)).toBe(key));

test('secretChecker: only the configured secret, nothing when none is configured', () => {
  const check = secretChecker('s3cret-s3cret-s3cret');
  expect(check('s3cret-s3cret-s3cret')).toBe(true);
  expect(check('s3cret-s3cret-s3cre')).toBe(false);
  expect(check('')).toBe(false);
  expect(check(undefined)).toBe(false);
  expect(check(['s3cret-s3cret-s3cret'])).toBe(false);
  expect(secretChecker('')('')).toBe(false);
  expect(secretChecker('')('anything')).toBe(false);
});

test.each([
  ['1.2.3.4', '1.2.3.4'], ['1.2.3.4, 5.6.7.8', '5.6.7.8'], [' 9.9.9.9 ', '9.9.9.9'], [undefined, ''], [['1.1.1.1', '2.2.2.2'], '2.2.2.2'],
])('lastEntry(%j) = %s', (value, out) => expect(lastEntry(value)).toBe(out));

test('AnswerCache: caches, shares concurrent work, expires, drops failures', async () => {
  let now = 1;
  const cache = new AnswerCache({ maxBytes: 1_000_000, ttlMs: 1000, now: () => now });
  let calls = 0;
  const compute = async () => ++calls;
  expect(await Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1, 1]);
  expect(cache.stats()).toMatchObject({ misses: 1, shared: 2, hits: 0, entries: 1 });
  now = 999;
  expect(await cache.get('k', compute)).toBe(1);
  now = 1002;
  expect(await cache.get('k', compute)).toBe(2);
  await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
  expect(await cache.get('bad', async () => 'ok')).toBe('ok');
  await expect(cache.get('sync', () => { throw new Error('y'); })).rejects.toThrow('y');
  expect(cache.stats()).toMatchObject({ hits: 1, pending: 0 });
  // The same object comes back while it is cached (the router serialises it once).
  const value = { a: 1 };
  const first = await cache.get('obj', async () => value);
  expect(await cache.get('obj', async () => ({ a: 2 }))).toBe(first);
});

test('AnswerCache: bounded by estimated bytes, least recently used evicted first', async () => {
  const cache = new AnswerCache({ maxBytes: 100_000 });
  const big = (n: number) => async () => ({ n, text: 'x'.repeat(4_000) }); // ≈ 16 KB estimated
  await cache.get('a', big(0));
  for (let i = 1; i < 20; i++) {
    await cache.get('a', big(0)); // keeps 'a' recently used
    await cache.get(`k${i}`, big(i));
  }
  const stats = cache.stats();
  expect(stats.bytes).toBeLessThanOrEqual(100_000);
  expect(stats.entries).toBeLessThan(8);
  expect(stats.evictions).toBeGreaterThan(10);
  expect(await cache.get('a', big(99))).toMatchObject({ n: 0 }); // still there
  // An answer over a quarter of the budget is served, not kept.
  expect(await cache.get('huge', async () => 'y'.repeat(7_000))).toHaveLength(7_000);
  expect(cache.stats().tooBig).toBe(1);
  expect(await cache.get('huge', async () => 'again')).toBe('again');
});

test('estimateSize counts JSON characters, Maps and Sets by their entries', () => {
  expect(estimateSize({ a: 'xxxx' })).toBe(JSON.stringify({ a: 'xxxx' }).length * 4);
  expect(estimateSize(new Map([['k', 'v'.repeat(100)]]))).toBeGreaterThan(400);
  expect(estimateSize(new Set(['a', 'b']))).toBe('["a","b"]'.length * 4);
  expect(estimateSize({ n: BigInt(1) })).toBeGreaterThan(0);
});

test.each([
  ['brackets in strings do not count', '{"a":[1,2,{"b":"[[[[["}]}', 3, false],
  ['4 levels over 3', '[[[[]]]]', 3, true],
  ['3 levels', '[[[]]]', 3, false],
  ['a string holding one backslash', String.raw`{"s":"\\"}`, 1, false],
  ['an escaped quote does not end the string', String.raw`{"s":"\"[[[[[["}`, 1, false],
  ['the string ends after an escaped backslash', String.raw`{"s":"\\"}[[`, 1, true],
  ['the probe: {"data": + 400,000 [', `{"data":${'['.repeat(400_000)}`, 64, true],
  ['64 arrays', `${'['.repeat(64)}${']'.repeat(64)}`, 64, false],
  ['65 objects', `${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64, true],
])('jsonNestingExceeds: %s', (_label, text, max, out) => expect(jsonNestingExceeds(text, max)).toBe(out));

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
  [400, 'FST_ERR_CTP_INVALID_JSON_BODY', '', 'Malformed JSON'],
  [400, 'FST_ERR_BAD_URL', "'/%c0' is not a valid url component", 'Bad request'],
  [431, undefined, 'Exceeded maximum allowed HTTP header size', 'Request header fields too large'],
  [405, undefined, '', 'Method not allowed'],
  [418, undefined, 'teapot', 'Bad request'],
  [503, undefined, '', 'Service unavailable'],
])('clientErrorMessage(%i, %s, %s)', (status, code, message, out) => expect(clientErrorMessage(status, code, message)).toBe(out));

describe('readConfig', () => {
  test('defaults', () => {
    const c = readConfig({}, '/work');
    expect(c).toMatchObject({ port: 3001, host: '127.0.0.1', databaseUrl: '', seed: 42, rateLimitPerMin: 600, defaultCountryIso: 'US', trustProxy: [] });
    expect(c).toMatchObject({ rateLimitWritesPerMin: null, rateLimitAuthPerMin: null, rateLimitMaxKeys: 10_000, cacheMaxMb: 64, internalSecret: '' });
    expect(c.catalogueSize).toBeGreaterThanOrEqual(3000);
    expect(c.dbFile.endsWith('api/.data/catalogue.sqlite')).toBe(true);
  });
  test('environment', () => {
    const c = readConfig({ PORT: '0', DB_FILE: 'x/y.sqlite', RATE_LIMIT_PER_MIN: '5', DEFAULT_COUNTRY_ISO: 'de', SEED: '7', CATALOGUE_SIZE: '300' }, '/work');
    expect(c).toMatchObject({ port: 0, dbFile: '/work/x/y.sqlite', rateLimitPerMin: 5, defaultCountryIso: 'DE', seed: 7, catalogueSize: 300 });
    const limits = readConfig({
      RATE_LIMIT_PER_MIN: '100000', RATE_LIMIT_READS_PER_MIN: '40', RATE_LIMIT_WRITES_PER_MIN: '5', RATE_LIMIT_AUTH_PER_MIN: '2',
      RATE_LIMIT_MAX_KEYS: '500', CACHE_MAX_MB: '8', INTERNAL_API_SECRET: 'x'.repeat(32), TRUST_PROXY: '10.0.0.0/8, 192.0.2.1',
    });
    expect(limits).toMatchObject({
      rateLimitPerMin: 40, rateLimitWritesPerMin: 5, rateLimitAuthPerMin: 2, rateLimitMaxKeys: 500, cacheMaxMb: 8,
      internalSecret: 'x'.repeat(32), trustProxy: ['10.0.0.0/8', '192.0.2.1'],
    });
    expect(readConfig({ RATE_LIMIT_PER_MIN: '0', RATE_LIMIT_READS_PER_MIN: '' }).rateLimitPerMin).toBe(0);
  });
  test('accounts: SMTP, the sender, links, developer mode, secrets', () => {
    expect(readConfig({})).toMatchObject({ smtpUrl: '', siteOrigin: 'http://localhost:8080', devMode: false, captchaSecret: '', authCodeSecret: '' });
    expect(readConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Tours <hi@tours.example>', SITE_ORIGIN: 'https://tours.example/', DEV_MODE: '1',
      CAPTCHA_SECRET: 'c'.repeat(32), AUTH_CODE_SECRET: 'a'.repeat(32),
    })).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example:465', mailFrom: 'Tours <hi@tours.example>', siteOrigin: 'https://tours.example', devMode: true,
      captchaSecret: 'c'.repeat(32), authCodeSecret: 'a'.repeat(32),
    });
    expect(readConfig({ DEV_MODE: '0' }).devMode).toBe(false);
  });
  test.each([['PORT', '70000'], ['SEED', '-1'], ['CATALOGUE_SIZE', '0'], ['RATE_LIMIT_PER_MIN', 'lots'],
    ['RATE_LIMIT_WRITES_PER_MIN', '-1'], ['CACHE_MAX_MB', '0'], ['TRUST_PROXY', 'true'], ['TRUST_PROXY', '10.0.0.1,*'], ['TRUST_PROXY', '2'],
    ['INTERNAL_API_SECRET', 'short'], ['CAPTCHA_SECRET', 'short'], ['AUTH_CODE_SECRET', 'short'], ['SMTP_URL', 'mail.example'], ['SMTP_URL', 'http://mail.example'],
    ['SITE_ORIGIN', 'tours.example'], ['SITE_ORIGIN', 'https://tours.example/path'], ['SITE_ORIGIN', 'javascript:alert(1)'],
    ['BACK_OFFICE_URL', 'admin.example'], ['BACK_OFFICE_URL', 'javascript:alert(1)'], ['BACK_OFFICE_URL', 'https://admin.example/?x=1'],
    ['BACK_OFFICE_URL', 'https://user:pw@admin.example']])('%s=%s is refused', (key, value) => {
    expect(() => readConfig({ [key]: value })).toThrow();
  });
  test.each([[undefined, null], ['', null], ['https://admin.example.com', 'https://admin.example.com'], ['https://admin.example.com/', 'https://admin.example.com'],
    ['http://localhost:9000/office//', 'http://localhost:9000/office']])('BACK_OFFICE_URL=%s is %s (issue 29: no back office, no link)', (value, expected) => {
    expect(readConfig({ BACK_OFFICE_URL: value }).backOfficeUrl).toBe(expected);
  });
});
