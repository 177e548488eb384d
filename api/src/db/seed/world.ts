/**
 * Reference data of the catalogue: countries, geography, travel styles, collections, water objects, ships,
 * contacts, social groups, chat sources, currency rates, schedules and site settings.
 */
import { COUNTRIES } from './data/countries';
import { COLLECTIONS, REST_KINDS, SHIPS, SHOWPLACES, WATER_OBJECTS } from './data/catalogue';
import { REGIONS, type RegionSeed } from './data/geography';
import { slugify } from './text';
import type { CityInfo, Names, RegionInfo, Rows, World } from './types';

const COUNTRY_ID: Record<RegionSeed['country'], number> = { RU: 1, BY: 20, KZ: 110 };
const REGION_CODE: Record<RegionSeed['country'], string> = { RU: 'russia', BY: 'belarus', KZ: 'kazakhstan' };

const GERMAN_CITY: Record<string, string> = {
  Moscow: 'Moskau', 'Saint Petersburg': 'Sankt Petersburg', 'Nizhny Novgorod': 'Nischni Nowgorod', 'Veliky Novgorod': 'Weliki Nowgorod',
  Yekaterinburg: 'Jekaterinburg', Yakutsk: 'Jakutsk', Vladivostok: 'Wladiwostok', Yaroslavl: 'Jaroslawl', Vladimir: 'Wladimir',
  Suzdal: 'Susdal', Kazan: 'Kasan', Volgograd: 'Wolgograd', Rostov: 'Rostow', 'Rostov-on-Don': 'Rostow am Don', 'Rostov Veliky': 'Rostow Weliki',
  Tver: 'Twer', Vologda: 'Wologda', Pskov: 'Pskow', Novosibirsk: 'Nowosibirsk', Vyborg: 'Wyborg', Khabarovsk: 'Chabarowsk',
  Krasnoyarsk: 'Krasnojarsk', Minsk: 'Minsk', Astana: 'Astana', Almaty: 'Almaty', Arkhangelsk: 'Archangelsk', Kaluga: 'Kaluga',
  Sochi: 'Sotschi', Irkutsk: 'Irkutsk', Murmansk: 'Murmansk', Kaliningrad: 'Kaliningrad', Kostroma: 'Kostroma', Smolensk: 'Smolensk',
  Ryazan: 'Rjasan', Voronezh: 'Woronesch', Gomel: 'Homel', Vitebsk: 'Witebsk', Grodno: 'Hrodna', Mogilev: 'Mahiljou', Brest: 'Brest',
};

/** German region names by rule ('X Oblast' → 'Oblast X', 'Republic of X' → 'Republik X', ...). */
export function germanRegionName(en: string): string {
  const special: Record<string, string> = {
    Moscow: 'Moskau', 'Saint Petersburg': 'Sankt Petersburg', 'Moscow Oblast': 'Oblast Moskau', 'North Ossetia–Alania': 'Nordossetien-Alanien',
    'Sakha Republic (Yakutia)': 'Republik Sacha (Jakutien)', 'East Kazakhstan Region': 'Gebiet Ostkasachstan', 'Nizhny Novgorod Oblast': 'Oblast Nischni Nowgorod',
  };
  if (special[en]) return special[en];
  const rules: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^(.+) Oblast$/, (m) => `Oblast ${m[1]}`],
    [/^(.+) Krai$/, (m) => `Region ${m[1]}`],
    [/^Republic of (.+)$/, (m) => `Republik ${m[1]}`],
    [/^(.+) Republic$/, (m) => `Republik ${m[1]}`],
    [/^(.+) Autonomous Okrug$/, (m) => `Autonomer Kreis der ${m[1]}`],
    [/^(.+) Region$/, (m) => `Gebiet ${m[1]}`],
  ];
  for (const [re, f] of rules) {
    const m = en.match(re);
    if (m) return f(m);
  }
  return en;
}

function shortName(region: RegionSeed): Names {
  if (region.short) return { en: region.short[0], ru: region.short[1], cn: region.short[2], de: null };
  const en = region.en.replace(/ (Oblast|Krai|Region|Autonomous Okrug)$/, '').replace(/^Republic of /, '').replace(/ Republic$/, '');
  const cn = region.cn.replace(/(边疆区|自治区|共和国|州)$/, '');
  return { en, ru: region.ru, cn, de: null };
}

/** Every slug used by pages must be unique: the second user of a slug gets a suffix. */
class SlugRegistry {
  private readonly used = new Set<string>();
  take(base: string, suffix: string): string {
    let slug = base;
    if (this.used.has(slug)) slug = `${base}-${suffix}`;
    for (let n = 2; this.used.has(slug); n++) slug = `${base}-${suffix}-${n}`;
    this.used.add(slug);
    return slug;
  }
}

export interface WorldResult {
  world: World;
  rows: Partial<Rows>;
}

export function buildWorld(today: string): WorldResult {
  const slugs = new SlugRegistry();
  const slugIndex: Rows['slug_index'] = [];

  const countries: Rows['countries'] = COUNTRIES.map((c, i) => ({
    id: c.id, iso_code: c.iso, iso3: c.iso3, phone_code: c.phone, is_primary: c.primary ? 1 : 0, position: i + 1,
    name_en: c.en, name_cn: c.cn, name_de: c.de, name_ru: c.ru,
  }));

  const regions: RegionInfo[] = [];
  const regionRows: Rows['regions'] = [];
  const cityRows: Rows['cities'] = [];
  const cityByEn = new Map<string, CityInfo>();
  let cityId = 0;
  REGIONS.forEach((seed, i) => {
    const id = i + 1;
    const names: Names = { en: seed.en, cn: seed.cn, ru: seed.ru, de: germanRegionName(seed.en) };
    const slug = slugs.take(slugify(seed.en), 'region');
    slugIndex.push({ slug, kind: 'region', entity_id: id });
    const info: RegionInfo = { id, seed, countryId: COUNTRY_ID[seed.country], names, short: shortName(seed), cities: [], showplaces: [], waters: [] };
    const first = seed.cities[0];
    regionRows.push({
      id, country_id: info.countryId, code: REGION_CODE[seed.country], slug, name_en: names.en, name_cn: names.cn, name_de: names.de, name_ru: names.ru,
      short_en: info.short.en, short_cn: info.short.cn, short_ru: info.short.ru ?? names.ru ?? names.en, lat: first?.lat ?? 0, lng: first?.lng ?? 0,
      utc_offset_minutes: seed.tz * 60, weight: seed.w,
    });
    for (const c of seed.cities) {
      cityId++;
      const cityNames: Names = { en: c.en, cn: c.cn, ru: c.ru, de: GERMAN_CITY[c.en] ?? c.en };
      const citySlug = slugs.take(slugify(c.en), 'city');
      slugIndex.push({ slug: citySlug, kind: 'city', entity_id: cityId });
      const city: CityInfo = { id: cityId, seed: c, regionId: id, names: cityNames };
      info.cities.push(city);
      cityByEn.set(c.en, city);
      cityRows.push({
        id: cityId, region_id: id, country_id: info.countryId, slug: citySlug, name_en: c.en, name_cn: c.cn, name_de: cityNames.de, name_ru: c.ru,
        lat: c.lat, lng: c.lng, utc_offset_minutes: seed.tz * 60,
      });
    }
    regions.push(info);
  });
  const regionByKey = new Map(regions.map((r) => [r.seed.key, r]));

  const showplaceRows: Rows['showplaces'] = [];
  SHOWPLACES.forEach((p, i) => {
    const region = regionByKey.get(p.region);
    if (!region) throw new Error(`Unknown region ${p.region} for ${p.en}`);
    const first = region.cities[0];
    const jitter = ((i * 37) % 100) / 500;
    const info = { id: i + 1, regionId: region.id, names: { en: p.en, cn: p.cn, ru: p.ru, de: null }, lat: (first?.seed.lat ?? 0) + jitter, lng: (first?.seed.lng ?? 0) - jitter };
    region.showplaces.push(info);
    showplaceRows.push({
      id: info.id, region_id: region.id, city_id: first?.id ?? null, slug: slugify(p.en), name_en: p.en, name_cn: p.cn, name_de: null, name_ru: p.ru,
      lat: info.lat, lng: info.lng,
    });
  });

  const waterRows: Rows['water_objects'] = [];
  const waterRegionRows: Rows['water_object_regions'] = [];
  const waters = WATER_OBJECTS.map((w, i) => {
    const info = { id: i + 1, seed: w, names: { en: w.en, cn: w.cn, de: w.de, ru: w.ru } };
    waterRows.push({ id: info.id, kind: w.kind, slug: w.key, name_en: w.en, name_cn: w.cn, name_de: w.de, name_ru: w.ru });
    for (const key of w.regions) {
      const region = regionByKey.get(key);
      if (!region) throw new Error(`Unknown region ${key} for ${w.en}`);
      region.waters.push(info);
      waterRegionRows.push({ water_object_id: info.id, region_id: region.id });
    }
    return info;
  });

  const ships = SHIPS.map((s, i) => ({ id: i + 1, seed: s, names: { en: s.en, cn: s.cn, ru: s.ru, de: s.en } }));
  const shipRows: Rows['ships'] = ships.map((s) => ({
    id: s.id, kind: s.seed.kind, slug: s.seed.key, name_en: s.seed.en, name_cn: s.seed.cn, name_de: s.seed.en, name_ru: s.seed.ru,
    decks: s.seed.decks, capacity: s.seed.capacity, built_year: s.seed.built,
  }));

  const cruiseTypeRows: Rows['cruise_types'] = [
    { id: 1, slug: 'river-cruises', name_en: 'River cruises', name_cn: '内河游轮', name_de: 'Flusskreuzfahrten', name_ru: 'Речные круизы' },
    { id: 2, slug: 'sea-cruises', name_en: 'Sea cruises', name_cn: '海上游轮', name_de: 'Seekreuzfahrten', name_ru: 'Морские круизы' },
    { id: 3, slug: 'lake-cruises', name_en: 'Lake cruises', name_cn: '湖泊游船', name_de: 'Seenkreuzfahrten', name_ru: 'Озёрные круизы' },
  ];

  const restKinds = REST_KINDS.map((k, i) => ({ id: i + 1, seed: k, names: { en: k.en, cn: k.cn, de: k.de, ru: k.ru } }));
  const restKindRows: Rows['rest_kinds'] = restKinds.map((k) => {
    const slug = slugs.take(slugify(k.seed.en), 'tours');
    slugIndex.push({ slug, kind: 'rest_kind', entity_id: k.id });
    return { id: k.id, slug, name_en: k.seed.en, name_cn: k.seed.cn, name_de: k.seed.de, name_ru: k.seed.ru, is_winter: k.seed.winter ? 1 : 0 };
  });

  const collections = COLLECTIONS.map((c, i) => ({ id: i + 1, key: c.key }));
  const collectionRows: Rows['collections'] = COLLECTIONS.map((c, i) => {
    const slug = slugs.take(c.key, 'collection');
    slugIndex.push({ slug, kind: 'collection', entity_id: i + 1 });
    return { id: i + 1, slug, name_en: c.en, name_cn: c.cn, name_de: c.de, name_ru: c.ru, is_hidden: c.hidden ? 1 : 0 };
  });

  const world: World = {
    regions,
    regionByKey,
    cityByEn,
    restKinds,
    collections,
    waters,
    ships,
    shipByKey: new Map(ships.map((s) => [s.seed.key, s])),
    waterByKey: new Map(waters.map((w) => [w.seed.key, w])),
    cruiseTypeIds: { river: 1, sea: 2, lake: 3 },
  };

  return {
    world,
    rows: {
      countries, regions: regionRows, cities: cityRows, showplaces: showplaceRows, water_objects: waterRows,
      water_object_regions: waterRegionRows, ships: shipRows, cruise_types: cruiseTypeRows, rest_kinds: restKindRows,
      collections: collectionRows, slug_index: slugIndex, ...siteRows(today, cityByEn),
    },
  };
}

/** Contacts, social groups, chat sources, currency rates, schedules and site settings. */
function siteRows(today: string, cityByEn: Map<string, CityInfo>): Partial<Rows> {
  const phone = (
    id: number, site_variant: number, country_id: number | null, city_id: number | null, type: string,
    formatted: string, text: [string, string, string, string],
  ): Rows['contact_phones'][number] => ({
    id, site_variant, country_id, city_id, type, phone: formatted.replace(/[^\d+]/g, ''), formatted_phone: formatted,
    text_en: text[0], text_cn: text[1], text_de: text[2], text_ru: text[3], position: id,
  });
  const FREE: [string, string, string, string] = ['Free call within Russia', '俄罗斯境内免费电话', 'Kostenlos innerhalb Russlands', 'Бесплатно по России'];
  const LOCAL = (en: string, cn: string, de: string, ru: string): [string, string, string, string] => [en, cn, de, ru];
  const spb = cityByEn.get('Saint Petersburg')?.id ?? null;
  const almaty = cityByEn.get('Almaty')?.id ?? null;
  const contactPhones: Rows['contact_phones'] = [
    phone(1, 1, null, null, 'main', '+7 800 201-45-67', FREE),
    phone(2, 1, 1, null, 'additional', '+7 495 120-45-67', LOCAL('Moscow office', '莫斯科办公室', 'Büro Moskau', 'Офис в Москве')),
    phone(3, 1, 1, spb, 'additional', '+7 812 309-45-67', LOCAL('Saint Petersburg office', '圣彼得堡办公室', 'Büro Sankt Petersburg', 'Офис в Санкт-Петербурге')),
    phone(4, 1, 20, null, 'additional', '+375 17 388-45-67', LOCAL('Office in Belarus', '白俄罗斯办公室', 'Büro in Belarus', 'Офис в Беларуси')),
    phone(5, 1, 110, null, 'additional', '+7 717 264-45-67', LOCAL('Office in Kazakhstan', '哈萨克斯坦办公室', 'Büro in Kasachstan', 'Офис в Казахстане')),
    phone(6, 1, 110, almaty, 'additional', '+7 727 355-45-67', LOCAL('Almaty office', '阿拉木图办公室', 'Büro Almaty', 'Офис в Алматы')),
    phone(7, 1, 80, null, 'additional', '+49 30 2555-4567', LOCAL('Office in Germany', '德国办公室', 'Büro in Deutschland', 'Офис в Германии')),
    phone(8, 1, 228, null, 'additional', '+1 212 555-0147', LOCAL('Office in the USA', '美国办公室', 'Büro in den USA', 'Офис в США')),
    phone(9, 1, null, null, 'for_calls_by_code', '+7 499 350-45-67', LOCAL('Calls by code', '按代码呼叫', 'Anrufe per Code', 'Звонки по коду')),
    phone(10, 12, null, null, 'main', '+86 400 820-4567', LOCAL('Customer service (Chinese)', '中文客服热线', 'Kundenservice (Chinesisch)', 'Служба поддержки (китайский)')),
    phone(11, 12, 45, null, 'additional', '+86 10 8455-4567', LOCAL('Beijing office', '北京办公室', 'Büro Peking', 'Офис в Пекине')),
    phone(12, 12, 1, null, 'additional', '+7 495 120-45-68', LOCAL('Moscow office (Chinese-speaking)', '莫斯科办公室（中文服务）', 'Büro Moskau (Chinesisch)', 'Офис в Москве (китайский)')),
  ];
  const contactCountries: Rows['contact_countries'] = [
    { country_id: 1, email: 'help@tours.example', position: 1 },
    { country_id: 20, email: 'by@tours.example', position: 2 },
    { country_id: 110, email: 'kz@tours.example', position: 3 },
    { country_id: 80, email: 'de@tours.example', position: 4 },
    { country_id: 228, email: 'us@tours.example', position: 5 },
    { country_id: 45, email: 'cn@tours.example', position: 6 },
  ];
  const socialGroups: Rows['social_groups'] = [
    { id: 1, site_variant: 1, source: 'vk', url_to_group: 'https://vk.com/tours.example', position: 1 },
    { id: 2, site_variant: 1, source: 'telegram', url_to_group: 'https://t.me/tours_example', position: 2 },
    { id: 3, site_variant: 1, source: 'ok', url_to_group: 'https://ok.ru/group/toursexample', position: 3 },
    { id: 4, site_variant: 1, source: 'youtube', url_to_group: 'https://www.youtube.com/@tours.example', position: 4 },
    { id: 5, site_variant: 1, source: 'instagram', url_to_group: 'https://www.instagram.com/tours.example', position: 5 },
    { id: 6, site_variant: 12, source: 'wechat', url_to_group: 'https://weixin.qq.com/r/tours-example', position: 1 },
    { id: 7, site_variant: 12, source: 'weibo', url_to_group: 'https://weibo.com/toursexample', position: 2 },
    { id: 8, site_variant: 12, source: 'xiaohongshu', url_to_group: 'https://www.xiaohongshu.com/user/profile/toursexample', position: 3 },
  ];
  const chatSources: Rows['chat_sources'] = [
    { source: 'telegram', url_template: 'https://t.me/tours_example_bot?start={ref}', position: 1 },
    { source: 'vk', url_template: 'https://vk.me/tours.example?ref={ref}', position: 2 },
    { source: 'ok', url_template: 'https://ok.ru/group/toursexample/messages?ref={ref}', position: 3 },
    { source: 'whatsapp', url_template: 'https://wa.me/78002014567?text={text}', position: 4 },
    { source: 'viber', url_template: 'viber://pa?chatURI=toursexample&context={ref}', position: 5 },
    { source: 'facebook', url_template: 'https://m.me/tours.example?ref={ref}', position: 6 },
    { source: 'instagram', url_template: 'https://ig.me/m/tours.example?ref={ref}', position: 7 },
  ];
  /** RUB per unit. */
  const RATES: Record<string, number> = {
    RUB: 1, USD: 81.5, EUR: 94.2, BYN: 27.4, KZT: 0.158, CNY: 11.25, AED: 22.19, CAD: 58.6, AUD: 53.1, SGD: 62.8,
    NZD: 47.9, GBP: 108.4, SHF: 101.7, TRY: 1.98, JPY: 0.541, KRW: 0.0587, INR: 0.935,
  };
  const currencyRates: Rows['currency_rates'] = Object.entries(RATES).map(([code, rate]) => ({ code, rate, updated_on: today }));
  const workSchedules: Rows['work_schedules'] = [
    { id: 1, country_id: null, weekdays_start: '09:00', weekdays_end: '21:00', weekend_start: '10:00', weekend_end: '19:00', timezone: 'MSK', utc_offset_minutes: 180 },
    { id: 2, country_id: 45, weekdays_start: '08:00', weekdays_end: '20:00', weekend_start: '10:00', weekend_end: '18:00', timezone: 'MSK', utc_offset_minutes: 180 },
  ];
  const siteSettings: Rows['site_settings'] = [
    { key: 'email', value: 'help@tours.example' },
    { key: 'email_cn', value: 'china@tours.example' },
    // No captcha settings: /spa/site-tokens answers the API's own captcha (ALTCHA) unless the environment or an
    // operator's settings name another.
    { key: 'maps_provider', value: 'yandex' },
    { key: 'maps_token', value: '' },
    { key: 'maps_suggest_token', value: '' },
    { key: 'send_tour_program_in_pdf_via_whatsapp', value: '1' },
    { key: 'main_auth_method', value: '1' },
  ];
  return {
    contact_phones: contactPhones, contact_countries: contactCountries, social_groups: socialGroups, chat_sources: chatSources,
    currency_rates: currencyRates, work_schedules: workSchedules, site_settings: siteSettings,
  };
}
