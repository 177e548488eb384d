/**
 * Tours, excursions and cruises with everything a tour page shows: variants over the next 12 months,
 * excursion dates, programme by day, accommodation and living base, FAQ, discounts, penalties,
 * tickets data, guides, languages, collections and sibling options.
 */
import { CRUISE_ROUTES, type CruiseRouteSeed } from './data/catalogue';
import * as T from './data/texts';
import type { OrganizerInfo } from './organizers';
import type { Rng } from './prng';
import { addDays, monthOf, roundTo, slugify } from './text';
import type { CityInfo, Names, RegionInfo, RestKindInfo, Rows, ShipInfo, WaterInfo, World } from './types';

export const FIRST_TOUR_ID = 1001;

/** What later generators (reviews, hostile data) need to know about a tour. */
export interface TourInfo {
  id: number;
  organizerId: number;
  published: boolean;
  place: Names;
  title: Names;
  slug: string;
}

type Pair = [string, string];
type TourRows = Pick<Rows,
  | 'tours' | 'tour_regions' | 'tour_cities' | 'tour_rest_kinds' | 'tour_collections' | 'tour_showplaces' | 'tour_water_objects'
  | 'tour_languages' | 'tour_accommodation_kinds' | 'tour_guides' | 'tour_options' | 'tour_variants' | 'excursion_times'
  | 'program_days' | 'main_impressions' | 'tour_faq' | 'tour_accommodations' | 'accommodation_variants' | 'discounts'
  | 'penalties' | 'ticket_routes' | 'ticket_notes'>;

function emptyTourRows(): TourRows {
  return {
    tours: [], tour_regions: [], tour_cities: [], tour_rest_kinds: [], tour_collections: [], tour_showplaces: [], tour_water_objects: [],
    tour_languages: [], tour_accommodation_kinds: [], tour_guides: [], tour_options: [], tour_variants: [], excursion_times: [],
    program_days: [], main_impressions: [], tour_faq: [], tour_accommodations: [], accommodation_variants: [], discounts: [],
    penalties: [], ticket_routes: [], ticket_notes: [],
  };
}

interface Ctx {
  rng: Rng;
  world: World;
  organizers: OrganizerInfo[];
  organizersByRegion: Map<number, OrganizerInfo[]>;
  today: string;
  rows: TourRows;
  ids: Record<'variant' | 'time' | 'day' | 'impression' | 'faq' | 'stay' | 'stayVariant' | 'discount' | 'penalty' | 'ticket' | 'note', number>;
}

const FAR = new Set(['kamchatka', 'chukotka', 'yakutia', 'sakhalin', 'magadan', 'yamal', 'nenets', 'murmansk', 'komi', 'krasnoyarsk']);
const SUMMER_KINDS = new Set(['rafting', 'kayaking', 'sailing', 'mountaineering', 'horse-riding', 'diving', 'cycling']);
const GOLDEN_RING = new Set(['yaroslavl', 'vladimir', 'kostroma', 'ivanovo', 'moscow-oblast']);
const NORTH = new Set(['murmansk', 'karelia', 'arkhangelsk', 'yamal', 'nenets', 'khanty-mansi', 'komi', 'yakutia', 'chukotka']);
const MOUNTAIN = new Set(['altai-republic', 'kabardino-balkaria', 'karachay-cherkessia', 'north-ossetia', 'dagestan', 'adygea', 'almaty-region', 'kamchatka']);
const PER_DAY_BY_COMFORT = [3500, 5000, 7500, 11000, 18000];

function localized(names: Names): Pair {
  return [names.en, names.cn];
}

function uniqueBy<V>(items: V[], key: (v: V) => number): V[] {
  const seen = new Set<number>();
  return items.filter((v) => (seen.has(key(v)) ? false : (seen.add(key(v)), true)));
}

/** Dates of the variants: `count` distinct start days over the next 12 months, in allowed months. */
function variantStarts(rng: Rng, today: string, days: number, months: number[] | null, count: number): string[] {
  const out = new Set<string>();
  for (let attempt = 0; attempt < count * 6 && out.size < count; attempt++) {
    const start = addDays(today, rng.int(3, Math.max(4, 365 - days)));
    if (!months || months.includes(monthOf(start))) out.add(start);
  }
  return [...out].sort();
}

function seasonMonths(kind: RestKindInfo, cruise: CruiseRouteSeed | null): number[] | null {
  if (kind.seed.winter) return [12, 1, 2, 3];
  if (cruise) return cruise.type === 'sea' ? [5, 6, 7, 8, 9, 10] : [5, 6, 7, 8, 9];
  if (SUMMER_KINDS.has(kind.seed.key)) return [5, 6, 7, 8, 9];
  return null;
}

interface Shape {
  kind: 'tour' | 'excursion' | 'cruise';
  region: RegionInfo;
  regions: RegionInfo[];
  cities: CityInfo[];
  mainKind: RestKindInfo;
  kinds: RestKindInfo[];
  showplaces: RegionInfo['showplaces'];
  waters: WaterInfo[];
  days: number;
  hours: number | null;
  cruise: CruiseRouteSeed | null;
  ship: ShipInfo | null;
}

function pickShape(ctx: Ctx): Shape {
  const { rng, world } = ctx;
  const r = rng.next();
  const cruiseKind = world.restKinds.find((k) => k.seed.key === 'cruise');
  if (r < 0.08 && cruiseKind) {
    const cruise = rng.pick(CRUISE_ROUTES);
    const cities = cruise.stops.map((name) => {
      const city = world.cityByEn.get(name);
      if (!city) throw new Error(`Unknown cruise stop ${name}`);
      return city;
    });
    const regions = uniqueBy(cities.map((c) => world.regions[c.regionId - 1] as RegionInfo), (x) => x.id);
    const ship = world.shipByKey.get(rng.pick(cruise.ships)) ?? null;
    const waters = cruise.waters.map((k) => world.waterByKey.get(k)).filter((w): w is WaterInfo => !!w);
    const extra = world.restKinds.filter((k) => ['sightseeing', 'family', 'gastronomy', 'photo'].includes(k.seed.key));
    const region = regions[0] as RegionInfo;
    return {
      kind: 'cruise', region, regions, cities, mainKind: cruiseKind, kinds: [cruiseKind, ...rng.sample(extra, rng.int(0, 2))],
      showplaces: rng.sample(regions.flatMap((x) => x.showplaces), rng.int(1, 3)), waters, days: rng.int(...cruise.days), hours: null, cruise, ship,
    };
  }
  const kind = r < 0.33 ? 'excursion' : 'tour';
  const region = rng.weighted(world.regions, (x) => x.seed.w);
  const fits = world.restKinds.filter((k) => k.seed.key !== 'cruise' && (!k.seed.regions || k.seed.regions.includes(region.seed.key)) && (kind === 'tour' || k.seed.excursion));
  const mainKind = rng.weighted(fits, (k) => (k.seed.key === 'sightseeing' ? 3 : k.seed.regions ? 2 : 1));
  const kinds = [mainKind, ...rng.sample(fits.filter((k) => k !== mainKind), rng.int(0, 2))];
  const regions = [region];
  const cities = rng.sample(region.cities, kind === 'excursion' ? 1 : rng.int(1, Math.min(3, region.cities.length)));
  if (kind === 'tour' && rng.chance(0.15)) {
    // A second region only next door (a tour from Peterhof does not end in Yamal).
    const neighbours = nearRegions(region, world.regions);
    if (neighbours.length) {
      const other = rng.weighted(neighbours, (x) => x.seed.w);
      regions.push(other);
      if (other.cities[0]) cities.push(other.cities[0]);
    }
  }
  const days = kind === 'excursion' ? 1 : rng.weighted([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14], (d) => (d >= 4 && d <= 8 ? 4 : d <= 3 ? 2 : 1));
  return {
    kind, region, regions, cities, mainKind, kinds,
    // The main region's first: the title is built on the first one (titlePlace).
    showplaces: mainRegionFirst(rng.sample(regions.flatMap((x) => x.showplaces), kind === 'excursion' ? rng.int(0, 1) : rng.int(0, 3)), region),
    waters: rng.sample(region.waters, rng.int(0, 2)), days, hours: kind === 'excursion' ? rng.int(2, 10) : null, cruise: null, ship: null,
  };
}

/** How far a tour's second region may be from its main one (Moscow–Saint Petersburg is ~635 km). */
export const NEIGHBOUR_KM = 650;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Regions of the same country whose main city is within NEIGHBOUR_KM of this region's. */
function nearRegions(region: RegionInfo, all: readonly RegionInfo[]): RegionInfo[] {
  const here = region.seed.cities[0];
  if (!here) return [];
  return all.filter((x) => x !== region && x.seed.country === region.seed.country && x.seed.cities[0] !== undefined && distanceKm(here, x.seed.cities[0]) <= NEIGHBOUR_KM);
}

/** Showplaces with the main region's first (order otherwise kept). */
function mainRegionFirst<T>(showplaces: T[], region: { showplaces: readonly T[] }): T[] {
  return [...showplaces.filter((p) => region.showplaces.includes(p)), ...showplaces.filter((p) => !region.showplaces.includes(p))];
}

/** The place a title is built on: a showplace, a water object, the region's short name or the main city. */
function titlePlace(rng: Rng, s: Shape): Names {
  const options: Names[] = [s.region.short, s.cities[0]?.names ?? s.region.short];
  // Only a showplace of the main region names the tour (a second region's would misplace it).
  const own = s.showplaces[0] && s.region.showplaces.includes(s.showplaces[0]) ? s.showplaces[0] : null;
  if (own) options.push(own.names, own.names);
  if (s.waters[0]) options.push(s.waters[0].names);
  return rng.pick(options);
}

function titles(rng: Rng, s: Shape, place: Names): Names {
  const style = s.mainKind.names;
  const lc = (t: string): string => t.charAt(0).toLowerCase() + t.slice(1);
  if (s.cruise) {
    const start = s.cities[0]?.names as Names;
    const end = (s.cruise.returning ? start : s.cities[s.cities.length - 1]?.names) as Names;
    const water = s.waters[0]?.names ?? s.region.short;
    const ship = s.ship?.names;
    const aboard = ship && rng.chance(0.5);
    if (s.cruise.returning) {
      return {
        en: `${water.en} cruise from ${start.en}${aboard ? ` aboard the ${ship.en}` : ''}`,
        cn: `${start.cn}出发${water.cn}游轮${aboard ? `（${ship.cn}）` : ''}`,
        ru: `Круиз «${water.ru}»: отправление из города ${start.ru}`,
        de: `Kreuzfahrt ab ${start.de ?? start.en}`,
      };
    }
    return {
      en: `${water.en} cruise: ${start.en} – ${end.en}${aboard ? ` aboard the ${ship.en}` : ''}`,
      cn: `${water.cn}游轮：${start.cn}—${end.cn}${aboard ? `（${ship.cn}）` : ''}`,
      ru: `Круиз ${start.ru} — ${end.ru}${aboard ? ` на теплоходе «${ship.ru}»` : ''}`,
      de: `Kreuzfahrt ${start.de ?? start.en} – ${end.de ?? end.en}`,
    };
  }
  const second = s.cities[1]?.names ?? s.showplaces[1]?.names;
  const t = rng.int(0, second ? 3 : 2);
  const de = place.de;
  if (t === 0) return { en: `${style.en} in ${place.en}`, cn: `${place.cn}${style.cn}`, ru: `${style.ru}: ${place.ru}`, de: de ? `${style.de} in ${de}` : null };
  if (t === 1) return { en: `${place.en} ${lc(style.en)}`, cn: `${place.cn}${style.cn}`, ru: `${place.ru} — ${lc(style.ru ?? '')}`, de: de ? `${de}: ${style.de}` : null };
  if (t === 2 && s.days > 1) {
    return { en: `${s.days}-day ${lc(style.en)} through ${place.en}`, cn: `${place.cn}${s.days}日${style.cn}`, ru: `${style.ru}: ${place.ru}, ${s.days} дн.`, de: de ? `${style.de}: ${s.days} Tage in ${de}` : null };
  }
  if (t === 3 && second) {
    return { en: `${place.en} and ${second.en}: ${lc(style.en)}`, cn: `${place.cn}与${second.cn}${style.cn}`, ru: `${place.ru} и ${second.ru}: ${lc(style.ru ?? '')}`, de: de && second.de ? `${de} und ${second.de}: ${style.de}` : null };
  }
  return { en: `${style.en}: ${place.en}`, cn: `${place.cn}${style.cn}`, ru: `${style.ru}: ${place.ru}`, de: de ? `${style.de}: ${de}` : null };
}

function listHtml(items: Pair[], lang: 0 | 1): string {
  return `<ul>${items.map((i) => `<li>${i[lang]}</li>`).join('')}</ul>`;
}

/** Generates one tour and its child rows. */
function generateTour(ctx: Ctx, id: number): TourInfo {
  const { rng, rows, today } = ctx;
  const s = pickShape(ctx);
  const place = titlePlace(rng, s);
  const title = titles(rng, s, place);
  const slugEn = `${slugify(title.en)}-${id}`;
  const slugDe = title.de ? `${slugify(title.de)}-${id}` : slugEn;
  const slugRu = title.ru ? `${slugify(title.ru)}-${id}` : slugEn;
  const mainCity = s.cities[0] as CityInfo;
  const candidates = ctx.organizersByRegion.get(s.region.id);
  const organizer = candidates && candidates.length && rng.chance(0.75) ? rng.pick(candidates) : rng.pick(ctx.organizers);
  const type = s.kind === 'excursion' ? 2 : 1;

  const comfort = s.cruise && s.ship
    ? Math.min(5, Math.max(2, Math.round((s.ship.seed.built - 1950) / 15)))
    : rng.weighted([1, 2, 3, 4, 5], (c) => [1, 2, 4, 2, 1][c - 1] ?? 1);
  const factor = (FAR.has(s.region.seed.key) ? 1.5 : s.region.seed.key === 'moscow' || s.region.seed.key === 'saint-petersburg' ? 1.2 : 1) * (0.8 + rng.next() * 0.45);
  const perDay = (PER_DAY_BY_COMFORT[comfort - 1] ?? 7500) * (s.cruise ? 1.4 : 1) * factor;
  const basePrice = s.kind === 'excursion' ? roundTo((s.hours ?? 3) * rng.int(800, 2500) * factor, 100) : roundTo(perDay * s.days, 100);
  const [dMin, dMax] = s.mainKind.seed.diff;
  const difficulty = rng.int(dMin, dMax);
  const groupMin = rng.int(1, 4);
  const groupMax = s.ship ? Math.min(s.ship.seed.capacity, 300) : s.kind === 'excursion' ? rng.int(8, 30) : rng.int(6, 24);
  const minAge = s.mainKind.seed.key === 'mountaineering' ? 16 : rng.weighted([0, 3, 6, 7, 10, 12, 14, 16], (a) => (a === 0 || a === 7 || a === 12 ? 3 : 1));
  const accKinds = s.cruise ? ['cabin'] : s.kind === 'excursion' ? ['not-set'] : rng.sample(s.mainKind.seed.acc, rng.int(1, 2));
  const hasDiscount = rng.chance(0.35);
  const usesRequestPeriod = s.kind === 'tour' && rng.chance(0.1);

  // Dates ------------------------------------------------------------------
  let nearest: string | null = null;
  let minPrice = basePrice;
  let minPriceWithout = basePrice;
  if (s.kind === 'excursion') {
    const pattern = rng.pick(['daily', 'weekends', 'three']);
    const starts = rng.sample(['09:00', '10:00', '11:00', '14:00', '15:00'], rng.int(1, 2)).sort();
    for (let d = 1; d <= 30; d++) {
      const date = addDays(today, d);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (pattern === 'weekends' && weekday !== 0 && weekday !== 6) continue;
      if (pattern === 'three' && ![1, 3, 5].includes(weekday)) continue;
      nearest ??= date;
      for (const start of starts) {
        const endHour = Math.min(23, Number(start.slice(0, 2)) + (s.hours ?? 3));
        rows.excursion_times.push({ id: ++ctx.ids.time, tour_id: id, date, start, end: `${String(endHour).padStart(2, '0')}:00` });
      }
    }
  } else {
    const months = seasonMonths(s.mainKind, s.cruise);
    const starts = variantStarts(rng, today, s.days, months, usesRequestPeriod ? rng.int(0, 3) : rng.int(3, 18));
    for (const start of starts) {
      const peak = [7, 8, 1].includes(monthOf(start)) ? 1.1 : 1;
      const price = roundTo(basePrice * peak * (0.95 + rng.next() * 0.15), 100);
      const withoutDiscount = hasDiscount && rng.chance(0.6) ? roundTo(price * 1.1, 100) : price;
      const seats = rng.chance(0.12) ? 0 : rng.int(1, Math.min(groupMax, 40));
      rows.tour_variants.push({
        id: ++ctx.ids.variant, tour_id: id, start, end: addDays(start, s.days - 1), price, price_without_discount: withoutDiscount,
        is_busy: seats === 0 ? 1 : 0, number_of_free_seats: seats, not_guaranteed: rng.chance(0.2) ? 1 : 0,
      });
      if (seats === 0) continue;
      nearest ??= start;
      if (nearest === start || price < minPrice) {
        minPrice = price;
        minPriceWithout = withoutDiscount;
      }
    }
  }
  const requestStart = usesRequestPeriod ? addDays(today, 7) : null;
  nearest ??= requestStart;

  // Texts ------------------------------------------------------------------
  const vars: T.TextVars = {
    region: localized(s.region.short), place: localized(place), city: localized(mainCity.names), style: localized(s.mainKind.names),
    days: s.days, hours: s.hours ?? 0, minAge, groupMin, groupMax,
  };
  const intro = rng.pick(T.INTROS);
  const sentences = rng.sample(T.STYLE_SENTENCES, 2);
  const highlights: Pair[] = [...s.showplaces.map((p) => localized(p.names)), ...rng.sample(T.HIGHLIGHTS, 2)];
  const description: Pair = [
    `<p>${intro[0](vars)}</p><p>${sentences.map((x) => x[0]).join(' ')}</p>${listHtml(highlights, 0)}`,
    `<p>${intro[1](vars)}</p><p>${sentences.map((x) => x[1]).join('')}</p>${listHtml(highlights, 1)}`,
  ];
  const included = rng.sample(T.INCLUDED, rng.int(3, 6));
  const excluded = rng.sample(T.EXCLUDED, rng.int(2, 4));
  const freeDays = rng.pick([14, 21, 30, 45]);
  const diffText = T.DIFFICULTY[difficulty - 1] as Pair;
  const diffDetail = T.DIFFICULTY_DETAILS[difficulty - 1] as Pair;
  const specialTariff = rng.chance(0.15);
  const livingBase = s.kind === 'tour' && accKinds.some((k) => k === 'camp-site' || k === 'guest-house') && rng.chance(0.4);
  const gathering: Pair = s.kind === 'excursion'
    ? (() => { const g = rng.pick<Pair>([['main square', '中心广场'], ['central station', '火车站'], ['hotel lobby', '酒店大堂'], ['tourist information centre', '游客中心']]); return [`${mainCity.names.en}, ${g[0]}`, `${mainCity.names.cn}${g[1]}`]; })()
    : [`${mainCity.names.en} airport or railway station`, `${mainCity.names.cn}机场或火车站`];
  const anchor = s.showplaces[0] ?? { lat: mainCity.seed.lat, lng: mainCity.seed.lng };
  const createdAt = addDays(today, -rng.int(0, 1000));
  const languages = ['ru', ...(rng.chance(0.45) ? ['en'] : []), ...(rng.chance(0.2) ? ['cn'] : []), ...(rng.chance(0.08) ? ['de'] : [])];

  rows.tours.push({
    id, type, is_cruise: s.cruise ? 1 : 0, slug_en: slugEn, slug_cn: slugEn, slug_de: slugDe, slug_ru: slugRu,
    title_en: title.en, title_cn: title.cn, title_de: title.de, title_ru: title.ru,
    description_en: description[0], description_cn: description[1],
    main_location: s.regions.length > 1 ? 'region' : rng.chance(0.5) ? 'city' : 'region',
    country_id: s.region.countryId, main_region_id: s.region.id, main_city_id: mainCity.id, organizer_id: organizer.id, main_rest_kind_id: s.mainKind.id,
    days: s.days, hours: s.hours, price: minPrice, price_without_discount: Math.max(minPrice, minPriceWithout),
    price_per_day: s.kind === 'excursion' ? minPrice : Math.round(minPrice / s.days),
    difficulty, comfort, accommodation: accKinds[0] ?? 'not-set', group_min: groupMin, group_max: groupMax, min_age: minAge,
    max_age: rng.chance(0.3) ? rng.int(60, 75) : null, max_tourist_weight_in_kg: s.mainKind.seed.key === 'horse-riding' ? rng.int(95, 120) : null,
    is_published: rng.chance(0.97) ? 1 : 0, is_indexed: rng.chance(0.95) ? 1 : 0, is_author_tour: organizer.kind === 'author' ? 1 : 0,
    operator_type: organizer.kind, is_new: createdAt > addDays(today, -60) ? 1 : 0, is_very_hot: rng.chance(0.05) ? 1 : 0,
    is_dates_preliminary: rng.chance(0.05) ? 1 : 0, use_request_period: usesRequestPeriod ? 1 : 0,
    request_period_start: requestStart, request_period_end: usesRequestPeriod ? addDays(today, 300) : null, nearest_date: nearest,
    lat: anchor.lat, lng: anchor.lng, gathering_place_en: gathering[0], gathering_place_cn: gathering[1],
    rating: 0, reviews_count: 0, image_count: rng.int(4, 10),
    cruise_type_id: s.cruise ? ctx.world.cruiseTypeIds[s.cruise.type] : null, cruise_start_city_id: s.cruise ? mainCity.id : null,
    ship_id: s.ship?.id ?? null, is_returning_cruise: s.cruise?.returning ? 1 : 0,
    special_tariff_en: specialTariff ? '<p>Special price for groups of 4 or more: ask the coordinator.</p>' : null,
    special_tariff_cn: specialTariff ? '<p>4人及以上团体享受特价，请咨询协调员。</p>' : null,
    included_en: listHtml(included, 0), included_cn: listHtml(included, 1), excluded_en: listHtml(excluded, 0), excluded_cn: listHtml(excluded, 1),
    penalties_conditions_en: `<p>Cancellation is free up to ${freeDays} days before the start. Later cancellations are charged according to the table.</p>`,
    penalties_conditions_cn: `<p>出发前${freeDays}天以上取消免费，之后取消按下表收取费用。</p>`,
    organizational_details_en: `<p>The group size is ${groupMin}–${groupMax} people. If you travel from afar, arrive in ${mainCity.names.en} the day before.</p>`,
    organizational_details_cn: `<p>团队人数为${groupMin}至${groupMax}人。如果您远道而来，请提前一天抵达${mainCity.names.cn}。</p>`,
    difficulty_description_en: `<p>${diffText[0]}. ${diffDetail[0]}</p>`, difficulty_description_cn: `<p>${diffText[1]}。${diffDetail[1]}</p>`,
    excursion_program_description_en: s.kind === 'excursion' ? `<p>${s.hours}-hour programme: meeting in ${gathering[0]}, ${(rng.pick(T.ACTIVITIES))[0].toLowerCase()}, and a visit to ${place.en}.</p>` : null,
    excursion_program_description_cn: s.kind === 'excursion' ? `<p>${s.hours}小时行程：在${gathering[1]}集合，${rng.pick(T.ACTIVITIES)[1]}，参观${place.cn}。</p>` : null,
    cabins_price_table_en: s.cruise ? cabinsTable(minPrice, 0) : null, cabins_price_table_cn: s.cruise ? cabinsTable(minPrice, 1) : null,
    living_base_description_en: livingBase ? `<p>The base camp stands near ${place.en}: wooden houses for 2–4 people, a banya, a dining room and hot water.</p>` : null,
    living_base_description_cn: livingBase ? `<p>大本营位于${place.cn}附近：2至4人的木屋，设有俄式桑拿、餐厅和热水。</p>` : null,
    living_base_image_count: livingBase ? rng.int(3, 6) : 0,
    comment_for_all_cities_en: s.kind !== 'excursion' && rng.chance(0.4) ? '<p>We recommend flights that land before noon on the first day.</p>' : null,
    comment_for_all_cities_cn: null,
    created_at: createdAt,
  });
  const last = rows.tours[rows.tours.length - 1];
  if (last && last.comment_for_all_cities_en) last.comment_for_all_cities_cn = '<p>建议选择第一天中午前抵达的航班。</p>';

  // Links ------------------------------------------------------------------
  for (const region of s.regions) rows.tour_regions.push({ tour_id: id, region_id: region.id });
  s.cities.forEach((c, i) => rows.tour_cities.push({ tour_id: id, city_id: c.id, position: i + 1, is_host: i < 3 ? 1 : 0 }));
  s.kinds.forEach((k, i) => rows.tour_rest_kinds.push({ tour_id: id, rest_kind_id: k.id, position: i + 1 }));
  for (const p of s.showplaces) rows.tour_showplaces.push({ tour_id: id, showplace_id: p.id });
  for (const w of s.waters) rows.tour_water_objects.push({ tour_id: id, water_object_id: w.id });
  for (const language of languages) rows.tour_languages.push({ tour_id: id, language });
  for (const kind of new Set(accKinds)) rows.tour_accommodation_kinds.push({ tour_id: id, kind });
  rng.sample(organizer.expertIds, rng.int(1, 2)).forEach((expertId, i) => rows.tour_guides.push({ tour_id: id, expert_id: expertId, position: i + 1 }));
  for (const collectionId of pickCollections(ctx, s, { minAge, comfort, perDay: minPrice / Math.max(1, s.days), languages })) {
    rows.tour_collections.push({ tour_id: id, collection_id: collectionId });
  }

  // Details ----------------------------------------------------------------
  addProgram(ctx, id, s, vars, place);
  addImpressions(ctx, id, s, place);
  addFaq(ctx, id, vars);
  if (hasDiscount) addDiscounts(ctx, id);
  addPenalties(ctx, id, freeDays);
  if (s.kind !== 'excursion') {
    addAccommodation(ctx, id, s, accKinds);
    addTickets(ctx, id, s);
  }
  return { id, organizerId: organizer.id, published: rows.tours[rows.tours.length - 1]?.is_published === 1, place, title, slug: slugEn };
}

function cabinsTable(price: number, lang: 0 | 1): string {
  const cats: [string, string, number][] = [['Main deck, twin cabin', '主甲板双人舱', 1], ['Middle deck, twin cabin', '中甲板双人舱', 1.2], ['Upper deck, junior suite', '上甲板小套房', 1.6], ['Suite', '套房', 2.2]];
  const head = lang === 0 ? '<tr><th>Cabin</th><th>Price per person, RUB</th></tr>' : '<tr><th>舱位</th><th>每人价格（卢布）</th></tr>';
  return `<table>${head}${cats.map((c) => `<tr><td>${c[lang]}</td><td>${roundTo(price * c[2], 100)}</td></tr>`).join('')}</table>`;
}

function pickCollections(ctx: Ctx, s: Shape, t: { minAge: number; comfort: number; perDay: number; languages: string[] }): number[] {
  const { rng, world } = ctx;
  const id = (key: string): number | undefined => world.collections.find((c) => c.key === key)?.id;
  const keys = new Set<string>();
  if (s.mainKind.seed.winter) {
    if (rng.chance(0.6)) keys.add('winter-fairy-tale');
    if (rng.chance(0.3)) keys.add('new-year-holidays');
  }
  if (GOLDEN_RING.has(s.region.seed.key)) keys.add('golden-ring-of-russia');
  if ((s.mainKind.seed.key === 'family' || t.minAge <= 6) && rng.chance(0.6)) keys.add('tours-with-children');
  if (s.days <= 3 && s.kind !== 'excursion' && rng.chance(0.5)) keys.add('weekend-getaways');
  if (t.perDay < 5000) keys.add('budget-tours');
  if (t.comfort >= 4 && rng.chance(0.5)) keys.add('premium-tours');
  if (t.languages.includes('cn')) keys.add('chinese-speaking-guide');
  if (NORTH.has(s.region.seed.key) && rng.chance(0.4)) keys.add('russian-arctic');
  if (MOUNTAIN.has(s.region.seed.key) && !s.mainKind.seed.winter && rng.chance(0.4)) keys.add('summer-in-the-mountains');
  for (const key of ['hot-deals', 'editors-choice', 'may-holidays', 'autumn-colours', 'first-time-in-russia', 'partner-specials']) {
    if (rng.chance(0.05)) keys.add(key);
  }
  return [...keys].map(id).filter((x): x is number => x !== undefined);
}

function addProgram(ctx: Ctx, id: number, s: Shape, vars: T.TextVars, place: Names): void {
  const { rng, rows } = ctx;
  if (s.kind === 'excursion') return;
  const stops: Names[] = s.cruise
    ? s.cities.map((c) => c.names)
    : [...s.showplaces.map((p) => p.names), ...s.waters.map((w) => w.names), ...s.cities.map((c) => c.names), place];
  for (let day = 1; day <= s.days; day++) {
    let titlePair: Pair;
    let textPair: Pair;
    if (day === 1) {
      titlePair = s.cruise ? [`Embarkation in ${vars.city[0]}`, `${vars.city[1]}登船`] : [`Arrival in ${vars.city[0]}`, `抵达${vars.city[1]}`];
      textPair = [T.DAY_FIRST[0](vars), T.DAY_FIRST[1](vars)];
    } else if (day === s.days) {
      titlePair = s.cruise ? ['Disembarkation', '离船'] : ['Departure', '返程'];
      textPair = [T.DAY_LAST[0](vars), T.DAY_LAST[1](vars)];
    } else {
      const stop = stops[(day - 2) % stops.length] ?? place;
      const activity = rng.pick(T.ACTIVITIES);
      titlePair = [stop.en, stop.cn];
      textPair = s.cruise
        ? [`<p>The ship calls at ${stop.en}. ${activity[0]}. Back on board for dinner.</p>`, `<p>游轮停靠${stop.cn}。${activity[1]}。返回船上用晚餐。</p>`]
        : [`<p>After breakfast we set off for ${stop.en}. ${activity[0]}. Dinner and overnight on the route.</p>`, `<p>早餐后前往${stop.cn}。${activity[1]}。晚餐并在途中过夜。</p>`];
    }
    rows.program_days.push({
      id: ++ctx.ids.day, tour_id: id, day, title_en: titlePair[0], title_cn: titlePair[1], description_en: textPair[0], description_cn: textPair[1],
      image_count: rng.int(0, 3),
    });
  }
}

function addImpressions(ctx: Ctx, id: number, s: Shape, place: Names): void {
  const { rng, rows } = ctx;
  const subjects: Names[] = [place, ...s.showplaces.map((p) => p.names), ...s.waters.map((w) => w.names)];
  rng.sample(T.IMPRESSIONS, 3).forEach((imp, i) => {
    const subject = subjects[i % subjects.length] ?? place;
    const highlight = rng.pick(T.HIGHLIGHTS);
    rows.main_impressions.push({
      id: ++ctx.ids.impression, tour_id: id, position: i + 1, title_en: imp[0], title_cn: imp[1],
      description_en: `${subject.en}: ${highlight[0].toLowerCase()}.`, description_cn: `${subject.cn}：${highlight[1]}。`,
    });
  });
}

function addFaq(ctx: Ctx, id: number, vars: T.TextVars): void {
  const { rng, rows } = ctx;
  const indexes = rng.sample([0, 1, 2, 3, 4, 5, 6], rng.int(2, 5)).sort();
  indexes.forEach((i, position) => {
    const q = T.FAQ[i];
    const a = T.FAQ_ANSWERS[i];
    if (!q || !a) return;
    rows.tour_faq.push({
      id: ++ctx.ids.faq, tour_id: id, position: position + 1, question_en: q[0](vars), question_cn: q[1](vars), answer_en: a[0](vars), answer_cn: a[1](vars),
    });
  });
}

function addDiscounts(ctx: Ctx, id: number): void {
  const { rng, rows, today } = ctx;
  const kinds = rng.sample(['early_booking_dates', 'early_booking_days', 'seasonal', 'on_tour_date'], rng.int(1, 2));
  for (const kind of kinds) {
    const percent = rng.chance(0.7);
    const size = percent ? rng.int(3, 15) : roundTo(rng.int(1000, 10000), 500);
    let start: string | null = null;
    let end: string | null = null;
    let daysBefore: number | null = null;
    let conditions: Pair;
    if (kind === 'early_booking_dates') {
      start = today;
      end = addDays(today, rng.int(30, 120));
      conditions = [`Book before ${end} and save.`, `在${end}前预订即可享受优惠。`];
    } else if (kind === 'early_booking_days') {
      daysBefore = rng.pick([30, 45, 60, 90]);
      conditions = [`Book at least ${daysBefore} days before the start.`, `至少提前${daysBefore}天预订。`];
    } else if (kind === 'seasonal') {
      start = addDays(today, rng.int(60, 200));
      end = addDays(start, 60);
      conditions = [`Low-season discount from ${start} to ${end}.`, `淡季优惠：${start}至${end}。`];
    } else {
      start = addDays(today, rng.int(10, 200));
      end = addDays(start, rng.int(0, 14));
      conditions = [`Discount on departures from ${start} to ${end}.`, `${start}至${end}出发的团期享受优惠。`];
    }
    rows.discounts.push({
      id: ++ctx.ids.discount, tour_id: id, kind, format_id: percent ? 2 : 1, size, start_date: start, end_date: end, days_before: daysBefore,
      conditions_en: conditions[0], conditions_cn: conditions[1],
    });
  }
}

function addPenalties(ctx: Ctx, id: number, freeDays: number): void {
  const { rng, rows } = ctx;
  const tiers: [number, number | null, number][] = [[freeDays + 1, null, rng.pick([0, 0, 5, 10])], [8, freeDays, rng.pick([25, 30, 50])], [0, 7, rng.pick([80, 100])]];
  for (const [from, to, percent] of tiers) rows.penalties.push({ id: ++ctx.ids.penalty, tour_id: id, days_from: from, days_to: to, percent });
}

function addAccommodation(ctx: Ctx, id: number, s: Shape, accKinds: string[]): void {
  const { rng, rows } = ctx;
  const nights = s.days - 1;
  if (nights < 1) return;
  const stays = s.cruise ? 1 : Math.min(nights, rng.int(1, 3));
  let left = nights;
  for (let i = 0; i < stays; i++) {
    const n = i === stays - 1 ? left : rng.int(1, left - (stays - i - 1));
    left -= n;
    const stayId = ++ctx.ids.stay;
    rows.tour_accommodations.push({ id: stayId, tour_id: id, position: i + 1, nights: n });
    const types = accKinds.length > 1 && rng.chance(0.4) ? accKinds : [accKinds[i % accKinds.length] ?? 'hotel'];
    for (const type of types) {
      const text = T.ACCOMMODATION_TEXT[type] ?? T.ACCOMMODATION_TEXT.hotel ?? ['', ''];
      const registry = type === 'hotel' && rng.chance(0.7);
      const number = `C${rng.int(10, 99)}${rng.int(1000000, 9999999)}`;
      rows.accommodation_variants.push({
        id: ++ctx.ids.stayVariant, accommodation_id: stayId, tour_id: id, type, description_en: text[0], description_cn: text[1],
        image_count: rng.int(1, 5), registry_url: registry ? `https://tourism.gov.ru/reestry/reestr-gostinits/?number=${number}` : null,
        registry_number: registry ? number : null,
      });
    }
  }
}

function addTickets(ctx: Ctx, id: number, s: Shape): void {
  const { rng, rows } = ctx;
  const city = (s.cities[0] as CityInfo).names;
  const endCity = (s.cruise && !s.cruise.returning ? s.cities[s.cities.length - 1] ?? s.cities[0] : s.cities[0]) as CityInfo;
  const add = (direction: string, transport: string, c: Names, day: number, time: string): void => {
    rows.ticket_routes.push({ id: ++ctx.ids.ticket, tour_id: id, direction, transport, city_name_en: c.en, city_name_cn: c.cn, day, time, country_id: s.region.countryId });
  };
  add('arrival', 'plane', city, 1, rng.pick(['10:00', '12:00', '14:00']));
  add('departure', 'plane', endCity.names, s.days, rng.pick(['15:00', '17:00', '19:00']));
  if (rng.chance(0.5)) {
    add('arrival', 'train', city, 1, rng.pick(['08:00', '11:00']));
    add('departure', 'train', endCity.names, s.days, rng.pick(['18:00', '21:00']));
  }
  if (rng.chance(0.1)) {
    add('arrival', 'other', city, 1, '12:00');
    add('departure', 'other', endCity.names, s.days, '16:00');
  }
  if (rng.chance(0.3)) {
    rows.ticket_notes.push({
      id: ++ctx.ids.note, tour_id: id, city_name_en: city.en, city_name_cn: city.cn,
      comment_en: 'Arrive the day before: the group leaves early in the morning.', comment_cn: '请提前一天到达：团队清晨出发。',
    });
  }
}

/** Links tours of the same region and travel style as each other's options (tour_variants on the tour page). */
function linkOptions(rows: TourRows): void {
  const groups = new Map<string, number[]>();
  for (const t of rows.tours) {
    if (t.type !== 1) continue;
    const key = `${t.main_region_id}:${t.main_rest_kind_id}:${t.is_cruise}`;
    const list = groups.get(key) ?? [];
    list.push(t.id as number);
    groups.set(key, list);
  }
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    ids.forEach((tourId, i) => {
      const others = [ids[i - 1], ids[i + 1], ids[i + 2]].filter((x): x is number => x !== undefined);
      others.forEach((option, position) => rows.tour_options.push({ tour_id: tourId, option_tour_id: option, position: position + 1 }));
    });
  }
}

export function generateTours(rng: Rng, world: World, organizers: OrganizerInfo[], today: string, size: number): { rows: TourRows; tours: TourInfo[] } {
  const organizersByRegion = new Map<number, OrganizerInfo[]>();
  for (const o of organizers) organizersByRegion.set(o.regionId, [...(organizersByRegion.get(o.regionId) ?? []), o]);
  const ctx: Ctx = {
    rng, world, organizers, organizersByRegion, today, rows: emptyTourRows(),
    ids: { variant: 0, time: 0, day: 0, impression: 0, faq: 0, stay: 0, stayVariant: 0, discount: 0, penalty: 0, ticket: 0, note: 0 },
  };
  const tours: TourInfo[] = [];
  for (let i = 0; i < size; i++) tours.push(generateTour(ctx, FIRST_TOUR_ID + i));
  linkOptions(ctx.rows);
  return { rows: ctx.rows, tours };
}
