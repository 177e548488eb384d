/**
 * Tour search in the database (public-site §3.1, §3.2, §5.4): every filter is a SQL condition on `tours` (or an
 * EXISTS on its indexed link tables), the text search goes through FTS5 / tsvector, and the filter options of
 * each section are counted with GROUP BY over the tours matching every *other* filter (so a second region can
 * still be added). Raw SQL through Kysely's `sql` keeps the statements portable between SQLite and PostgreSQL.
 */
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_FILTER, type TourFilter } from '@tours/shared/src/domain/filters';
import type { Db } from '../index';
import { textSearchSql, type SearchLocale } from '../search';
import { listedTour, type Listing } from './listing';

type Cond = RawBuilder<unknown>;

/** Condition groups; a facet leaves out its own group(s). */
export type CondKey =
  | 'base' | 'tab' | 'type' | 'text' | 'regions' | 'cities' | 'countries' | 'restKinds' | 'collections' | 'languages' | 'showplace'
  | 'waterObject' | 'accommodation' | 'comfort' | 'difficulty' | 'maxGroupSize' | 'minAge' | 'price' | 'pricePerDay' | 'days' | 'dates'
  | 'organizer' | 'operatorType' | 'author' | 'cruisesType' | 'cruisesStartCity' | 'ships' | 'returning' | 'geo';

export interface SearchParams {
  filter: TourFilter;
  locale: SearchLocale;
  /** Units of RUB per unit of the X-Currency currency: filter prices arrive in that currency. */
  rubPerUnit: number;
  /** 'YYYY-MM-DD': dates before it are not offered. */
  today: string;
  /** The app configuration's excursionsEnabled (issue 32): false leaves excursions out of every count. Default true. */
  excursionsEnabled?: boolean;
}

const list = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql.val(v)));
/** Tours linked to any of the values: an uncorrelated IN, so the engine can start from the link table's (value, tour_id) index. */
const exists = (table: string, column: string, values: readonly (number | string)[]) =>
  sql`t.id in (select x.tour_id from ${sql.table(table)} x where ${sql.ref(`x.${column}`)} in (${list(values)}))`;

/** The conditions of a search, each under its group key (only the groups that filter something). */
export function searchConditions(db: Db, p: SearchParams): Map<CondKey, Cond> {
  const f = p.filter;
  const c = new Map<CondKey, Cond>();
  c.set('base', listedTour('t', { excursionsEnabled: p.excursionsEnabled !== false }));
  c.set('tab', f.isCruisesSearch ? sql`t.is_cruise = 1` : sql`t.is_cruise = 0`);
  // §5.4 drops type=1 when serialising, so 1 is the default: every kind. Only 2 narrows to excursions.
  if (f.type === 2) c.set('type', sql`t.type = 2`);
  if (f.query) c.set('text', textSearchSql(db.dialect, f.query, p.locale)?.where ?? sql`1 = 0`);
  if (f.regions.length) c.set('regions', exists('tour_regions', 'region_id', f.regions));
  if (f.cities.length) c.set('cities', exists('tour_cities', 'city_id', f.cities));
  if (f.countries.length) c.set('countries', sql`t.country_id in (${list(f.countries)})`);
  if (f.restKinds.length) c.set('restKinds', exists('tour_rest_kinds', 'rest_kind_id', f.restKinds));
  if (f.collections.length) c.set('collections', exists('tour_collections', 'collection_id', f.collections));
  if (f.languages.length) c.set('languages', exists('tour_languages', 'language', f.languages));
  if (f.showplace.length) c.set('showplace', exists('tour_showplaces', 'showplace_id', f.showplace));
  if (f.waterObject.length) c.set('waterObject', exists('tour_water_objects', 'water_object_id', f.waterObject));
  if (f.accommodation.length) c.set('accommodation', exists('tour_accommodation_kinds', 'kind', f.accommodation));
  if (f.comfort.length) c.set('comfort', sql`t.comfort in (${list(f.comfort)})`);
  if (f.difficulty.length) c.set('difficulty', sql`t.difficulty in (${list(f.difficulty)})`);
  if (f.maxGroupSize !== null && f.maxGroupSize > 0) c.set('maxGroupSize', sql`t.group_max <= ${Math.floor(f.maxGroupSize)}`);
  if (f.minAge !== null) c.set('minAge', sql`t.min_age <= ${f.minAge}`);
  const rub = (amount: number) => amount * p.rubPerUnit;
  const range = (column: string, min: number, max: number, limit: number, convert: (n: number) => number): Cond | null => {
    const parts: Cond[] = [];
    // Integer columns: PostgreSQL refuses a fractional parameter, and ⌈min⌉..⌊max⌋ selects the same rows.
    if (min > 0) parts.push(sql`${sql.ref(column)} >= ${Math.ceil(convert(min))}`);
    if (max > 0 && max < limit) parts.push(sql`${sql.ref(column)} <= ${Math.floor(convert(max))}`);
    return parts.length ? sql.join(parts, sql` and `) : null;
  };
  const price = range('t.price', f.priceMin, f.priceMax, 200000, rub);
  if (price) c.set('price', price);
  const perDay = range('t.price_per_day', f.pricePerDayMin, f.pricePerDayMax, 30000, rub);
  if (perDay) c.set('pricePerDay', perDay);
  const days = range('t.days', f.daysMin, f.daysMax, 20, (n) => n);
  if (days) c.set('days', days);
  if (f.dateFrom || f.dateTo) {
    const from = f.dateFrom && f.dateFrom > p.today ? f.dateFrom : p.today;
    const to = f.dateTo || '9999-12-31';
    c.set('dates', sql`(exists (select 1 from tour_variants v where v.tour_id = t.id and v.is_busy = 0 and v.start >= ${from} and v.start <= ${to})
      or exists (select 1 from excursion_times e where e.tour_id = t.id and e.date >= ${from} and e.date <= ${to}))`);
  }
  if (f.organizer !== null) c.set('organizer', sql`t.organizer_id = ${f.organizer}`);
  if (f.operatorType && f.operatorType !== 'any') c.set('operatorType', sql`t.operator_type = ${f.operatorType}`);
  if (f.isAuthorTourSearch) c.set('author', sql`t.is_author_tour = 1`);
  if (f.cruisesType.length) c.set('cruisesType', sql`t.cruise_type_id in (${list(f.cruisesType)})`);
  if (f.cruisesStartCity.length) c.set('cruisesStartCity', sql`t.cruise_start_city_id in (${list(f.cruisesStartCity)})`);
  if (f.ships.length) c.set('ships', sql`t.ship_id in (${list(f.ships)})`);
  if (f.onlyReturningCruises) c.set('returning', sql`t.is_returning_cruise = 1`);
  if (f.radius > 0 && (f.lat !== 0 || f.lng !== 0)) {
    // An equirectangular distance in km: exact enough for a search radius, and plain arithmetic on both engines.
    const kx = 111.32 * Math.cos((f.lat * Math.PI) / 180);
    const dLat = f.radius / 111.32;
    const dLng = kx > 0.01 ? f.radius / kx : 180;
    c.set('geo', sql`t.lat between ${f.lat - dLat} and ${f.lat + dLat} and t.lng between ${f.lng - dLng} and ${f.lng + dLng}
      and ((t.lat - ${f.lat}) * 111.32) * ((t.lat - ${f.lat}) * 111.32) + ((t.lng - ${f.lng}) * ${kx}) * ((t.lng - ${f.lng}) * ${kx}) <= ${f.radius * f.radius}`);
  }
  return c;
}

/** `where` text of the conditions, leaving out the given groups. */
function whereOf(conds: Map<CondKey, Cond>, except: readonly CondKey[] = []): Cond {
  const parts = [...conds].filter(([key]) => !except.includes(key)).map(([, cond]) => sql`(${cond})`);
  return sql.join(parts, sql` and `);
}

/** Result groups come in this order: tours, excursions, cruises (public-site §3.2 'groups by key'). */
const GROUP_ORDER = sql`case when t.is_cruise = 1 then 2 when t.type = 2 then 1 else 0 end`;

/**
 * One page of matching tour ids with their group, and the total. The default order is the most reviewed first; with
 * a text search (`text`, from textSearchSql) it is the most relevant first — tours with every word in their title,
 * then the engine's rank (issue 17 defect 3) — within each group.
 */
export async function searchPage(
  db: Db, conds: Map<CondKey, Cond>, sort: TourFilter['sort'], page: number, pageSize: number, text?: { ranks: Cond } | null,
): Promise<{ total: number; rows: { id: number; grp: number }[] }> {
  const where = whereOf(conds);
  const popular = sql`t.reviews_count desc, t.rating desc, t.id asc`;
  const ranked = sort === 'default' && text;
  const order = sort === 'price' ? sql`t.price asc, t.id asc` : sort === '-price' ? sql`t.price desc, t.id asc` : ranked ? sql`ts.tier, ts.score, ${popular}` : popular;
  const [count, rows] = await Promise.all([
    sql<{ n: number }>`select count(*) as n from tours t where ${where}`.execute(db.kysely),
    // Ranked, the page starts from the matching tours (`ts` holds exactly them, so the text condition is left out: with
    // it, SQLite's planner ran the full-text query once per tour).
    ranked
      ? sql<{ id: number; grp: number }>`with ${text.ranks} select t.id, ${GROUP_ORDER} as grp from ts join tours t on t.id = ts.tour_id
        where ${whereOf(conds, ['text'])} order by grp, ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db.kysely)
      : sql<{ id: number; grp: number }>`select t.id, ${GROUP_ORDER} as grp from tours t where ${where}
        order by grp, ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db.kysely),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows.map((r) => ({ id: Number(r.id), grp: Number(r.grp) })) };
}

/** Counts per value of a link table over the tours matching `where`. */
async function countBy(db: Db, table: string, column: string, where: Cond, extra?: Cond): Promise<Map<number | string, number>> {
  const { rows } = await sql<{ v: number | string; n: number }>`
    select x.${sql.ref(column)} as v, count(*) as n from ${sql.table(table)} x join tours t on t.id = x.tour_id
    where ${where}${extra ? sql` and ${extra}` : sql``} group by x.${sql.ref(column)}`.execute(db.kysely);
  return new Map(rows.map((r) => [r.v, Number(r.n)]));
}

/** Counts per value of a column of `tours`. */
async function countByColumn(db: Db, column: string, where: Cond): Promise<Map<number | string, number>> {
  const { rows } = await sql<{ v: number | string | null; n: number }>`
    select ${sql.ref(`t.${column}`)} as v, count(*) as n from tours t where ${where} and ${sql.ref(`t.${column}`)} is not null group by ${sql.ref(`t.${column}`)}`.execute(db.kysely);
  return new Map(rows.filter((r) => r.v !== null).map((r) => [r.v as number | string, Number(r.n)]));
}

/** Spans and per-value counts over columns of `tours`, all in one scan (conditional sums). */
interface ColumnFacet {
  /** Condition groups this facet leaves out. */
  except: CondKey[];
  /** Named aggregate expressions. */
  exprs: [string, Cond][];
}

async function columnAggregates(db: Db, conds: Map<CondKey, Cond>, facets: ColumnFacet[]): Promise<Map<string, number | null>> {
  // Facets whose left-out groups filter nothing share one where clause, hence one statement.
  const byWhere = new Map<string, { except: CondKey[]; exprs: [string, Cond][] }>();
  for (const f of facets) {
    const except = f.except.filter((k) => conds.has(k)).sort();
    const key = except.join(',');
    const entry = byWhere.get(key) ?? { except, exprs: [] };
    entry.exprs.push(...f.exprs);
    byWhere.set(key, entry);
  }
  const out = new Map<string, number | null>();
  await Promise.all([...byWhere.values()].map(async ({ except, exprs }) => {
    const select = sql.join(exprs.map(([name, expr]) => sql`${expr} as ${sql.ref(name)}`));
    const { rows } = await sql<Record<string, unknown>>`select ${select} from tours t where ${whereOf(conds, except)}`.execute(db.kysely);
    const row = rows[0] ?? {};
    for (const [name] of exprs) out.set(name, row[name] === null || row[name] === undefined ? null : Number(row[name]));
  }));
  return out;
}

const countWhen = (cond: Cond) => sql`sum(case when ${cond} then 1 else 0 end)`;
function valueCounts(key: CondKey, column: string, values: readonly (number | string)[], op: '=' | '<=' = '='): ColumnFacet {
  return {
    except: [key],
    exprs: values.map((v, i) => [`${key}_${i}`, countWhen(op === '=' ? sql`${sql.ref(`t.${column}`)} = ${v}` : sql`${sql.ref(`t.${column}`)} <= ${v}`)] as [string, Cond]),
  };
}
const readCounts = (agg: Map<string, number | null>, key: CondKey, values: readonly (number | string)[]) =>
  new Map<number | string, number>(values.map((v, i) => [v, agg.get(`${key}_${i}`) ?? 0]));

/** Thresholds offered by the group size and age sections. */
export const GROUP_SIZE_OPTIONS = [8, 12, 16, 20, 30] as const;
export const CHILD_AGE_OPTIONS = [0, 3, 6, 10, 14] as const;
export const OPERATOR_OPTIONS = ['organization', 'author'] as const;
export const COMFORT_OPTIONS = [1, 2, 3, 4, 5] as const;
export const DIFFICULTY_OPTIONS = [1, 2, 3, 4] as const;

interface Span { min: number | null; max: number | null }
type Counts = Map<number | string, number>;

export interface FacetCounts {
  regions?: Counts;
  cities?: Counts;
  restKinds?: Counts;
  collections?: Counts;
  languages?: Counts;
  accommodation?: Counts;
  comfort?: Counts;
  difficulty?: Counts;
  operatorType?: Counts;
  maxGroupSize?: Counts;
  minAge?: Counts;
  cruisesType?: Counts;
  cruisesStartCity?: Counts;
  ships?: Counts;
  waterObject?: Counts;
  showplace?: Counts;
  /** In RUB. */
  price: Span;
  pricePerDay: Span;
  days: Span;
}

/**
 * Option counts of every section of the tab, each over the tours matching every filter but the option's own list
 * (so choosing an option in a list where nothing is chosen finds exactly its count).
 * Column sections and spans share one scan per distinct where clause; link tables are counted with GROUP BY.
 */
export async function facetCounts(db: Db, conds: Map<CondKey, Cond>, cruises: boolean): Promise<FacetCounts> {
  const w = (...except: CondKey[]) => whereOf(conds, except.filter((k) => conds.has(k)));
  const spans: ColumnFacet[] = [
    { except: ['price', 'pricePerDay'], exprs: [['price_min', sql`min(t.price)`], ['price_max', sql`max(t.price)`], ['ppd_min', sql`min(t.price_per_day)`], ['ppd_max', sql`max(t.price_per_day)`]] },
    { except: ['days'], exprs: [['days_min', sql`min(t.days)`], ['days_max', sql`max(t.days)`]] },
  ];
  const spanOf = (agg: Map<string, number | null>) => ({
    price: { min: agg.get('price_min') ?? null, max: agg.get('price_max') ?? null },
    pricePerDay: { min: agg.get('ppd_min') ?? null, max: agg.get('ppd_max') ?? null },
    days: { min: agg.get('days_min') ?? null, max: agg.get('days_max') ?? null },
  });
  // Each place list leaves out only its own filter: values of one list combine with OR, the lists with AND (as the
  // search does), so an option's count is what choosing it gives — a town's count on a region page is that region's
  // tours in the town, not every tour in the town (issue 17, defect 4).
  if (cruises) {
    const [agg, cruisesType, cruisesStartCity, ships, waterObject, cities, regions, showplace] = await Promise.all([
      columnAggregates(db, conds, spans),
      countByColumn(db, 'cruise_type_id', w('cruisesType')),
      countByColumn(db, 'cruise_start_city_id', w('cruisesStartCity')),
      countByColumn(db, 'ship_id', w('ships')),
      countBy(db, 'tour_water_objects', 'water_object_id', w('waterObject')),
      countBy(db, 'tour_cities', 'city_id', w('cities')),
      countBy(db, 'tour_regions', 'region_id', w('regions')),
      countBy(db, 'tour_showplaces', 'showplace_id', w('showplace')),
    ]);
    return { ...spanOf(agg), cruisesType, cruisesStartCity, ships, waterObject, cities, regions, showplace };
  }
  const columns: ColumnFacet[] = [
    ...spans,
    valueCounts('comfort', 'comfort', COMFORT_OPTIONS),
    valueCounts('difficulty', 'difficulty', DIFFICULTY_OPTIONS),
    valueCounts('operatorType', 'operator_type', OPERATOR_OPTIONS),
    valueCounts('maxGroupSize', 'group_max', GROUP_SIZE_OPTIONS, '<='),
    valueCounts('minAge', 'min_age', CHILD_AGE_OPTIONS, '<='),
  ];
  const [agg, regions, cities, restKinds, collections, languages, accommodation] = await Promise.all([
    columnAggregates(db, conds, columns),
    countBy(db, 'tour_regions', 'region_id', w('regions')),
    // Every city of the tour, as the city filter matches (a count of host cities only promised fewer tours than the option opens).
    countBy(db, 'tour_cities', 'city_id', w('cities')),
    countBy(db, 'tour_rest_kinds', 'rest_kind_id', w('restKinds')),
    countBy(db, 'tour_collections', 'collection_id', w('collections')),
    countBy(db, 'tour_languages', 'language', w('languages')),
    countBy(db, 'tour_accommodation_kinds', 'kind', w('accommodation')),
  ]);
  return {
    ...spanOf(agg), regions, cities, restKinds, collections, languages, accommodation,
    comfort: readCounts(agg, 'comfort', COMFORT_OPTIONS),
    difficulty: readCounts(agg, 'difficulty', DIFFICULTY_OPTIONS),
    operatorType: readCounts(agg, 'operatorType', OPERATOR_OPTIONS),
    maxGroupSize: readCounts(agg, 'maxGroupSize', GROUP_SIZE_OPTIONS),
    minAge: readCounts(agg, 'minAge', CHILD_AGE_OPTIONS),
  };
}

/**
 * Tours per region and per travel style as their links open them (issue 17, defect 4): a region or travel-style
 * link (`host.href('tours', { slug })`) opens the Tours tab of the search with that slug, so the number next to it
 * is counted with the very conditions of that search (published, not a cruise, every kind) — not with its own
 * hand-written query. `only` narrows the regions counted (the removed-tour page's similar destinations).
 */
export async function linkedTourCounts(db: Db, today: string, listing: Listing, only?: { regions?: readonly number[] }): Promise<{ regions: Map<number, number>; restKinds: Map<number, number> }> {
  const conds = searchConditions(db, { filter: { ...DEFAULT_FILTER }, locale: 'en', rubPerUnit: 1, today, excursionsEnabled: listing.excursionsEnabled });
  const where = whereOf(conds);
  const onlyRegions = only?.regions ? (only.regions.length ? sql`x.region_id in (${list(only.regions)})` : sql`1 = 0`) : undefined;
  const [regions, restKinds] = await Promise.all([
    countBy(db, 'tour_regions', 'region_id', where, onlyRegions),
    only ? Promise.resolve(new Map<number | string, number>()) : countBy(db, 'tour_rest_kinds', 'rest_kind_id', where),
  ]);
  const numeric = (m: Map<number | string, number>) => new Map([...m].map(([k, v]) => [Number(k), v]));
  return { regions: numeric(regions), restKinds: numeric(restKinds) };
}

/** Everything a card shows besides the tour row, for one page of tours. */
export async function cardParts(db: Db, ids: number[], today: string) {
  const k = db.kysely;
  if (!ids.length) return null;
  const [tours, variants, excursionDays, regions, cities, restKinds, collections, discounts, optionLinks] = await Promise.all([
    k.selectFrom('tours').select([
      'id', 'type', 'is_cruise', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru', 'title_en', 'title_cn', 'title_de', 'title_ru', 'description_en', 'description_cn',
      'main_location', 'country_id', 'main_region_id', 'main_city_id', 'organizer_id', 'main_rest_kind_id', 'days', 'hours', 'price', 'price_without_discount',
      'difficulty', 'comfort', 'is_new', 'is_very_hot', 'is_dates_preliminary', 'use_request_period', 'request_period_start', 'request_period_end',
      'rating', 'reviews_count', 'image_count',
    ]).where('id', 'in', ids).execute(),
    k.selectFrom('tour_variants').select(['id', 'tour_id', 'start', 'end', 'price', 'not_guaranteed'])
      .where('tour_id', 'in', ids).where('is_busy', '=', 0).where('number_of_free_seats', '>', 0).where('start', '>=', today).orderBy('start').orderBy('id').execute(),
    k.selectFrom('excursion_times').select(['tour_id', 'date']).distinct().where('tour_id', 'in', ids).where('date', '>=', today).orderBy('date').execute(),
    k.selectFrom('tour_regions').select(['tour_id', 'region_id']).where('tour_id', 'in', ids).orderBy('region_id').execute(),
    k.selectFrom('tour_cities').select(['tour_id', 'city_id']).where('tour_id', 'in', ids).where('is_host', '=', 1).orderBy('position').execute(),
    k.selectFrom('tour_rest_kinds').select(['tour_id', 'rest_kind_id']).where('tour_id', 'in', ids).orderBy('position').execute(),
    k.selectFrom('tour_collections').select(['tour_id', 'collection_id']).where('tour_id', 'in', ids).orderBy('collection_id').execute(),
    k.selectFrom('discounts').select(['id', 'tour_id', 'kind', 'format_id', 'size']).where('tour_id', 'in', ids).orderBy('id').execute(),
    k.selectFrom('tour_options').select(['tour_id', 'option_tour_id']).where('tour_id', 'in', ids).orderBy('tour_id').orderBy('position').execute(),
  ]);
  // Two small lookups by primary key (a join here lets SQLite start from the wrong table without statistics).
  const organizerIds = [...new Set(tours.map((t) => t.organizer_id))];
  const optionIds = [...new Set(optionLinks.map((o) => o.option_tour_id))];
  const [experts, optionTours] = await Promise.all([
    organizerIds.length ? k.selectFrom('experts').selectAll().where('organizer_id', 'in', organizerIds).orderBy('organizer_id').orderBy('position').execute() : Promise.resolve([]),
    optionIds.length
      ? k.selectFrom('tours').select(['id', 'slug_en', 'slug_cn', 'slug_de', 'slug_ru', 'title_en', 'title_cn', 'title_de', 'title_ru']).where('id', 'in', optionIds).where('is_published', '=', 1).execute()
      : Promise.resolve([]),
  ]);
  const optionById = new Map(optionTours.map((o) => [o.id, o]));
  const options = optionLinks.flatMap((o) => {
    const tour = optionById.get(o.option_tour_id);
    return tour ? [{ tour_id: o.tour_id, ...tour }] : [];
  });
  return { tours, variants, excursionDays, regions, cities, restKinds, collections, discounts, options, experts };
}
export type CardParts = NonNullable<Awaited<ReturnType<typeof cardParts>>>;

/** Names of everything a filter or a card refers to (small tables; cached by the caller). */
export async function searchReference(db: Db) {
  const k = db.kysely;
  const cols = ['id', 'slug', 'name_en', 'name_cn', 'name_de', 'name_ru'] as const;
  const [regions, cities, restKinds, collections, countries, showplaces, waters, ships, cruiseTypes, slugs] = await Promise.all([
    k.selectFrom('regions').select([...cols, 'country_id', 'weight']).execute(),
    k.selectFrom('cities').select([...cols, 'region_id', 'country_id']).execute(),
    k.selectFrom('rest_kinds').select(cols).execute(),
    k.selectFrom('collections').select([...cols, 'is_hidden']).execute(),
    k.selectFrom('countries').select(['id', 'iso_code', 'name_en', 'name_cn', 'name_de', 'name_ru']).execute(),
    k.selectFrom('showplaces').select(cols).execute(),
    k.selectFrom('water_objects').select(cols).execute(),
    k.selectFrom('ships').select(cols).execute(),
    k.selectFrom('cruise_types').select(cols).execute(),
    k.selectFrom('slug_index').selectAll().execute(),
  ]);
  const byId = <R extends { id: number }>(rows: R[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    regions: byId(regions), cities: byId(cities), restKinds: byId(restKinds), collections: byId(collections), countries: byId(countries),
    showplaces: byId(showplaces), waters: byId(waters), ships: byId(ships), cruiseTypes: byId(cruiseTypes),
    slugs: new Map(slugs.map((s) => [s.slug, s])),
  };
}
export type SearchReference = Awaited<ReturnType<typeof searchReference>>;
