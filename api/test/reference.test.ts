/** Reference and site data calls (public-site §7.5) against a seeded database. */
import {
  ChatSourcesAnswer, ContactsAnswer, ConvertPriceAnswer, CountriesAnswer, CountryByIpAnswer, InfoAnswer, SearchFormAnswer,
  SiteTokensAnswer, SocialLinksAnswer, WorkTimeAnswer,
} from '@tours/shared/src/api/schemas/reference';
import { ErrorBody, MESSENGERS } from '@tours/shared/src/api/schemas/common';
import { expectShape, get, testServer, withTestServer } from './helpers';

/** The host proxy's secret: only a request that carries it may name the visitor's address. */
const SECRET = 'reference-test-internal-secret';

const { t, app } = withTestServer({ internalSecret: SECRET });

describe('GET /node-api/convert-price', () => {
  test.each([
    ['USD', 'RUB', '10', 815],
    ['RUB', 'RUB', '123.456', 123.46],
    ['usd', 'eur', '100', 86.52],
    ['CNY', 'KZT', '1', 71.2],
    ['SHF', 'INR', '0', 0],
  ])('%s → %s of %s', async (from, to, amount, expected) => {
    const res = await get(app, `/node-api/convert-price?from_currency=${from}&to_currency=${to}&amount=${amount}`);
    expect(res.status).toBe(200);
    expect(expectShape(res.body, ConvertPriceAnswer).result).toBeCloseTo(expected, 2);
  });

  test.each([
    ['from_currency=XXX&to_currency=RUB&amount=1', 'from_currency', 'Incorrect value'],
    ['from_currency=RUB&to_currency=US&amount=1', 'to_currency', 'Incorrect value'],
    ['from_currency=RUB&to_currency=USD&amount=-5', 'amount', 'Minimum 0'],
    ['from_currency=RUB&to_currency=USD&amount=1e400', 'amount', 'Incorrect value'],
    ['from_currency=RUB&to_currency=USD&amount=99999999999999', 'amount', 'Maximum 1000000000000'],
    ['from_currency=RUB&to_currency=USD&amount=abc', 'amount', 'Incorrect value'],
    ['from_currency=RUB&to_currency=USD', 'amount', 'Required field'],
    ['to_currency=USD&amount=1', 'from_currency', 'Required field'],
  ])('%s → 422 on %s', async (qs, field, message) => {
    const res = await get(app, `/node-api/convert-price?${qs}`);
    expect(res.status).toBe(422);
    const body = expectShape(res.body, ErrorBody);
    expect(body.errors?.[field]).toBe(message);
    expect(body.message).toBeTruthy();
  });
});

test('GET /spa/site-tokens gives the site settings', async () => {
  const res = await get(app, '/spa/site-tokens');
  expect(res.status).toBe(200);
  const body = expectShape(res.body, SiteTokensAnswer);
  expect(body.maps_provider).toBe('yandex');
  expect(body.main_auth_method).toBe(1);
  expect(body.captcha_provider).toBeTruthy();
});

test('site-tokens takes captcha and maps settings from the configuration', async () => {
  const custom = testServer(t.db, { captchaProvider: 'yandex', captchaKey: 'k1', mapsToken: 'mt' });
  const body = expectShape((await get(custom, '/spa/site-tokens')).body, SiteTokensAnswer);
  expect(body).toMatchObject({ captcha_provider: 'yandex', captcha_key: 'k1', maps_token: 'mt' });
  await custom.close();
});

describe('GET /spa/country-by-ip', () => {
  test.each([
    [undefined, 'US'],
    ['8.8.8.8', 'US'],
    ['77.88.55.60', 'RU'],
    ['2.72.10.1', 'KZ'],
    ['93.84.1.1', 'BY'],
    ['114.114.114.114', 'CN'],
    ['10.0.0.7', 'US'],
    ['203.0.113.9, 77.88.55.60', 'RU'],
  ])('X-Forwarded-For %s from the host proxy → %s', async (xff, iso) => {
    const res = await get(app, '/spa/country-by-ip', { 'x-internal-secret': SECRET, ...(xff ? { 'x-forwarded-for': xff } : {}) });
    expect(res.status).toBe(200);
    expect(expectShape(res.body, CountryByIpAnswer).result.iso_code).toBe(iso);
  });

  test('X-Forwarded-For without the proxy secret is ignored, even from loopback', async () => {
    const res = await get(app, '/spa/country-by-ip', { 'x-forwarded-for': '77.88.55.60', 'x-internal-secret': 'a-wrong-secret-of-some-length' });
    expect(expectShape(res.body, CountryByIpAnswer).result.iso_code).toBe('US');
  });

  test('X-Forwarded-For from an untrusted peer is ignored', async () => {
    const res = await app.inject({ method: 'GET', url: '/spa/country-by-ip', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '77.88.55.60' } });
    expect(res.json().result.iso_code).toBe('US');
  });

  test('the default country comes from the configuration', async () => {
    const de = testServer(t.db, { defaultCountryIso: 'DE' });
    const body = expectShape((await get(de, '/spa/country-by-ip', { 'x-language': 'de' })).body, CountryByIpAnswer);
    expect(body.result).toMatchObject({ iso_code: 'DE', name: 'Deutschland', phone_code: '49' });
    await de.close();
  });
});

describe('GET /crm/api/dropdown/country', () => {
  test('Russia is id 1, primary countries first, localized names', async () => {
    const en = expectShape((await get(app, '/crm/api/dropdown/country')).body, CountriesAnswer);
    expect(en[0]).toMatchObject({ id: 1, name: 'Russia', iso_code: 'RU', iso3: 'RUS', phone_code: '7', is_primary: true });
    const firstNonPrimary = en.findIndex((c) => !c.is_primary);
    expect(en.slice(firstNonPrimary).every((c) => !c.is_primary)).toBe(true);
    expect(en.length).toBeGreaterThan(40);
    const cn = expectShape((await get(app, '/crm/api/dropdown/country', { 'x-language': 'zh-CN' })).body, CountriesAnswer);
    expect(cn[0]?.name).toBe('俄罗斯');
    const ru = expectShape((await get(app, '/crm/api/dropdown/country', { 'x-language': 'ru' })).body, CountriesAnswer);
    expect(ru.find((c) => c.iso_code === 'DE')?.name).toBe('Германия');
  });
});

describe('GET /spa/contacts', () => {
  test('global contacts', async () => {
    const body = expectShape((await get(app, '/spa/contacts')).body, ContactsAnswer);
    expect(body.phones).toHaveLength(1);
    expect(body.phones[0]).toMatchObject({ type: 'main', entity: null });
    expect(body.phoneMain.formatted_phone).toBe(body.phones[0]?.formatted_phone);
    expect(body.has_other_phones).toBe(true);
    expect(body.country).toBeNull();
    expect(body.all).toBeUndefined();
  });

  test('a local phone is preferred: country, then city', async () => {
    const by = expectShape((await get(app, '/spa/contacts?country_id=20')).body, ContactsAnswer);
    expect(by.phones[0]).toMatchObject({ type: 'additional', entity: { id: 20, kind: 'country' } });
    expect(by.phones[1]?.type).toBe('main');
    expect(by.email).toBe('by@tours.example');
    const cities = await t.db.kysely.selectFrom('cities').select(['id']).where('name_en', '=', 'Saint Petersburg').executeTakeFirstOrThrow();
    const spb = expectShape((await get(app, `/spa/contacts?city_id=${cities.id}`)).body, ContactsAnswer);
    expect(spb.phones[0]?.entity).toEqual({ id: cities.id, kind: 'city' });
    expect(spb.country?.id).toBe(1);
  });

  test('all=1 lists every country with its phones; texts follow X-Language', async () => {
    const body = expectShape((await get(app, '/spa/contacts?all=1', { 'x-language': 'de' })).body, ContactsAnswer);
    expect(body.all?.length).toBeGreaterThanOrEqual(4);
    expect(body.all?.map((c) => c.country.iso_code)).toEqual(expect.arrayContaining(['RU', 'BY', 'KZ', 'DE', 'US']));
    expect(body.phones[0]?.text).toBe('Kostenlos innerhalb Russlands');
  });

  test('the Chinese-region variant has its own contacts', async () => {
    const body = expectShape((await get(app, '/spa/contacts', { 'x-localization': '12', 'x-language': 'zh-CN' })).body, ContactsAnswer);
    expect(body.phoneMain.phone.startsWith('+86')).toBe(true);
    expect(body.email).toBe('china@tours.example');
  });

  test('unknown ids fall back to the global contacts; bad ids are 422', async () => {
    const body = expectShape((await get(app, '/spa/contacts?country_id=999999&city_id=999999')).body, ContactsAnswer);
    expect(body.phones.map((p) => p.type)).toEqual(['main']);
    expect((await get(app, '/spa/contacts?country_id=abc')).status).toBe(422);
    expect((await get(app, '/spa/contacts?all=maybe')).status).toBe(422);
  });
});

test('GET /spa/work-time gives the schedule in GMT+3', async () => {
  const body = expectShape((await get(app, '/spa/work-time?country_id=1')).body, WorkTimeAnswer);
  expect(body).toMatchObject({ timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 });
  expect(body.weekdays.start).toMatch(/^\d\d:\d\d$/);
  expectShape((await get(app, '/spa/work-time')).body, WorkTimeAnswer);
  expect((await get(app, '/spa/work-time?city_id=-1')).status).toBe(422);
});

test('GET /spa/groups-in-social-network per site variant', async () => {
  const base = expectShape((await get(app, '/spa/groups-in-social-network')).body, SocialLinksAnswer);
  expect(base.map((g) => g.source)).toContain('vk');
  const cn = expectShape((await get(app, '/spa/groups-in-social-network', { 'x-localization': '12' })).body, SocialLinksAnswer);
  expect(cn.map((g) => g.source)).toContain('wechat');
});

test('GET /spa/chat-sources-list maps every messenger to a URL with the ids', async () => {
  const body = expectShape((await get(app, '/spa/chat-sources-list?client_id=c-1&request_id=77&subscriber_id=s_9&webinar_id=3')).body, ChatSourcesAnswer);
  expect(Object.keys(body).sort()).toEqual([...MESSENGERS].sort());
  expect(body.telegram).toBe('https://t.me/tours_example_bot?start=r77_cc-1_ss_9_w3');
  expect(body.whatsapp).toContain('wa.me');
  expect((await get(app, '/spa/chat-sources-list?client_id=%3Cscript%3E')).status).toBe(422);
});

test('GET /spa/info and /spa/search-form count published tours', async () => {
  const info = expectShape((await get(app, '/spa/info', { 'x-localization': '1' })).body, InfoAnswer);
  const published = await t.db.kysely.selectFrom('tours').select(['id']).where('is_published', '=', 1).execute();
  expect(info.totalCount).toBe(published.length);
  expect(info.toursCount).toBe(info.totalCount);
  expect(info.regions).toBeGreaterThan(30);
  expect(info.types).toBeGreaterThan(10);
  const form = expectShape((await get(app, '/spa/search-form', { 'x-language': 'zh-CN' })).body, SearchFormAnswer);
  expect(form.regions.length).toBe(info.regions);
  expect(form.types.length).toBe(info.types);
  expect(form.regions[0]!.tours_count).toBeGreaterThanOrEqual(form.regions[form.regions.length - 1]!.tours_count);
  expect(form.regions.some((r) => /[\u4e00-\u9fff]/.test(r.name))).toBe(true);
  expect(form.types.every((x) => /^[a-z0-9-]+$/.test(x.slug))).toBe(true);
});
