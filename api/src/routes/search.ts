/**
 * Search calls (public-site §7.2): GET /spa/tours (first page, expand=filters adds the options with counts),
 * GET /spa/tours-page (another page), GET /spa/cities-by-query (§5.7). Favourites are an account's (routes/accounts.ts).
 *
 * The query is validated (lengths, list sizes, date format) and then normalised with the client's own
 * `normaliseFilter` (§5.4), so both sides clamp the same way. Filtering, text search and option counts run in the
 * database (db/queries/search.ts); answers are memoised for 60 s per locale, currency and normalised filter.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import {
  CitiesByQueryAnswer, CitiesByQueryQuery, SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, ToursAnswer,
  ToursPageAnswer, TourSearchQuery, type FilterOption, type FilterSectionOptions, type ResultGroup, type SearchResult, type TourCardItem,
} from '@tours/shared/src/api/schemas/search';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
import { clamp, filterToSearch, normaliseFilter, type TourFilter } from '@tours/shared/src/domain/filters';
import {
  CHILD_AGE_OPTIONS, COMFORT_OPTIONS, DIFFICULTY_OPTIONS, GROUP_SIZE_OPTIONS, OPERATOR_OPTIONS, cardParts, facetCounts, searchConditions, searchPage, searchReference, type FacetCounts, type SearchReference
} from '../db/queries/search';
import { queryTerms, textSearchSql } from '../db/search';
import { isoDate } from '../db/seed/text';
import { convert, type Rates } from '../lib/currency';
import { notFound } from '../lib/errors';
import { collator, t, WORDS } from '../lib/i18n';
import type { Services } from '../services';
import { buildCards } from '../lib/tour-cards';
import { matchNames } from '../lib/tour-views';
import type { ApiRouter } from './router';

const SEARCH_SLUGS = new Set<string>(Object.values(DEFAULT_SEARCH_SLUGS));
/** The last page the API looks at (a larger one is an empty page). */
const MAX_PAGE = 100000;
/** Ids and counts are 32-bit integers in the database (PostgreSQL refuses larger ones). */
const INT_MAX = 2147483647;
/** Guide languages the catalogue offers, and accommodation kinds in the order of the filter. */
const GUIDE_LANGUAGES = ['en', 'de', 'ru', 'cn'] as const;
const ACCOMMODATION_KINDS = ['hotel', 'guest-house', 'flat', 'camp-site', 'tent', 'cabin', 'train', 'not-set'] as const;
const GROUP_KEYS = ['tours', 'excursions', 'cruises'] as const;

type Place = SearchResult['place'];

/** The filter of a query: validated fields normalised like the client's; the slug adds its entity to the filter. */
function filterOfQuery(query: Record<string, unknown>, ref: SearchReference, locale: ApiLocale): { filter: TourFilter; place: Place } {
  const raw = { ...query };
  delete raw.expand;
  delete raw['per-page'];
  const filter = normaliseFilter(raw);
  // Beyond §5.4: numbers the database must be able to use (a page of 1e308 is no page at all).
  filter.page = Math.min(filter.page, MAX_PAGE);
  filter.lat = clamp(filter.lat, -90, 90);
  filter.lng = clamp(filter.lng, -180, 180);
  filter.radius = clamp(filter.radius, 0, 20000);
  const int = (v: number) => Number.isInteger(v) && v >= 0 && v <= INT_MAX;
  for (const key of ['organizer', 'maxGroupSize', 'continent', 'type'] as const) {
    const v = filter[key];
    if (v !== null && !int(v)) filter[key] = null;
  }
  for (const key of ['comfort', 'difficulty', 'restKinds', 'cities', 'regions', 'countries', 'collections', 'showplace', 'cruisesType', 'cruisesStartCity', 'ships', 'waterObject'] as const) {
    filter[key] = filter[key].filter(int);
  }
  let place: Place = null;
  if (filter.slug) {
    const slug = filter.slug.trim().replace(/^\/+|\/+$/g, '').toLowerCase();
    if (SEARCH_SLUGS.has(slug)) {
      place = { kind: 'search', id: null, name: WORDS.tours[locale], slug: DEFAULT_SEARCH_SLUGS[locale] };
    } else {
      const entry = ref.slugs.get(slug);
      if (!entry) throw notFound();
      const add = (list: number[], id: number) => (list.includes(id) ? list : [...list, id]);
      const table = entry.kind === 'region' ? ref.regions : entry.kind === 'city' ? ref.cities : entry.kind === 'rest_kind' ? ref.restKinds : ref.collections;
      const row = table.get(entry.entity_id);
      if (!row) throw notFound();
      if (entry.kind === 'region') filter.regions = add(filter.regions, row.id);
      else if (entry.kind === 'city') filter.cities = add(filter.cities, row.id);
      else if (entry.kind === 'rest_kind') filter.restKinds = add(filter.restKinds, row.id);
      else if (entry.kind === 'collection') filter.collections = add(filter.collections, row.id);
      else throw notFound();
      place = { kind: entry.kind as 'region' | 'city' | 'rest_kind' | 'collection', id: row.id, name: t(row, 'name', locale), slug: row.slug };
    }
  }
  return { filter, place };
}


type Named = { id: number; slug: string; name_en: string; name_cn: string; name_de: string | null; name_ru: string | null };

/** The filter options of a tab (§3.3 sections), names in the locale, most tours first; selected values always listed. */
function filterSections(f: FacetCounts, filter: TourFilter, ref: SearchReference, locale: ApiLocale, currency: CurrencyCode, rates: Rates, today: string): FilterSectionOptions[] {
  const sort = collator(locale);
  const entities = (kind: FilterOption['kind'], counts: Map<number | string, number> | undefined, table: ReadonlyMap<number, Named>, selected: readonly number[], keep?: (row: Named) => boolean): FilterOption[] => {
    const ids = new Set<number>([...[...(counts ?? new Map<number | string, number>()).keys()].map(Number), ...selected]);
    const out: FilterOption[] = [];
    for (const id of ids) {
      const row = table.get(id);
      if (!row || (keep && !keep(row))) continue;
      out.push({ kind, id, value: id, name: t(row, 'name', locale), slug: row.slug, count: counts?.get(id) ?? 0 });
    }
    return out.sort((a, b) => b.count - a.count || sort.compare(a.name, b.name));
  };
  const values = (kind: FilterOption['kind'], counts: Map<number | string, number> | undefined, all: readonly (string | number)[]): FilterOption[] =>
    all.map((v) => ({ kind, id: v, value: v, name: String(v), slug: String(v), count: counts?.get(v) ?? counts?.get(String(v)) ?? 0 }));
  const fromRub = (rub: number | null, round: (n: number) => number) => (rub === null ? null : round(currency === 'RUB' ? rub : convert(rub, 'RUB', currency, rates)));
  const price: FilterSectionOptions = {
    section: 'price', items: [],
    min: fromRub(f.price.min, Math.floor), max: fromRub(f.price.max, Math.ceil), perDayMin: fromRub(f.pricePerDay.min, Math.floor), perDayMax: fromRub(f.pricePerDay.max, Math.ceil),
  };
  const common: FilterSectionOptions[] = [
    { section: 'dates', items: [], min: today, max: null },
    price,
    { section: 'duration', items: [], min: f.days.min, max: f.days.max },
  ];
  if (filter.isCruisesSearch) {
    return [
      { section: 'cruises_types', items: entities('cruisesType', f.cruisesType, ref.cruiseTypes, filter.cruisesType) },
      { section: 'cruises_start_city', items: entities('cruisesStartCity', f.cruisesStartCity, ref.cities, filter.cruisesStartCity) },
      {
        section: 'cruises_direction',
        items: [
          ...entities('waterObject', f.waterObject, ref.waters, filter.waterObject),
          ...entities('cities', f.cities, ref.cities, filter.cities),
          ...entities('regions', f.regions, ref.regions, filter.regions),
          ...entities('showplace', f.showplace, ref.showplaces, filter.showplace),
        ],
      },
      { section: 'cruises_ships', items: entities('ships', f.ships, ref.ships, filter.ships) },
      ...common,
    ];
  }
  return [
    {
      section: 'tours_direction',
      // Every region; the towns with the most tours (and any chosen one) — the rest are a search away.
      items: [...entities('regions', f.regions, ref.regions, filter.regions), ...topWithChosen(entities('cities', f.cities, ref.cities, filter.cities), filter.cities, DIRECTION_CITIES)],
    },
    { section: 'tours_activities', items: entities('restKinds', f.restKinds, ref.restKinds, filter.restKinds) },
    { section: 'collections', items: entities('collections', f.collections, ref.collections, filter.collections, (c) => (c as Named & { is_hidden: number }).is_hidden === 0) },
    ...common,
    { section: 'age', items: values('minAge', f.minAge, CHILD_AGE_OPTIONS) },
    { section: 'accommodation', items: values('accommodation', f.accommodation, ACCOMMODATION_KINDS) },
    { section: 'comfort', items: values('comfort', f.comfort, COMFORT_OPTIONS) },
    { section: 'difficulty', items: values('difficulty', f.difficulty, DIFFICULTY_OPTIONS) },
    { section: 'languages', items: values('languages', f.languages, GUIDE_LANGUAGES) },
    { section: 'group_size', items: values('maxGroupSize', f.maxGroupSize, GROUP_SIZE_OPTIONS) },
    { section: 'author_tours_operator', items: values('operatorType', f.operatorType, OPERATOR_OPTIONS) },
  ];
}

/** Towns listed in the Tours tab's direction section. */
const DIRECTION_CITIES = 40;
function topWithChosen(items: FilterOption[], chosen: readonly number[], limit: number): FilterOption[] {
  return items.filter((item, i) => i < limit || chosen.includes(Number(item.value)));
}

/** Result groups of a page: consecutive tours of one kind form a group (§3.2). */
function groupsOf(rows: { id: number; grp: number }[], cards: TourCardItem[]): ResultGroup[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const groups: ResultGroup[] = [];
  for (const row of rows) {
    const card = byId.get(row.id);
    if (!card) continue;
    const key = GROUP_KEYS[row.grp] ?? 'tours';
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(card);
    else groups.push({ key, items: [card] });
  }
  return groups;
}

/** The words a text search looks for, as one string (equal texts search alike). */
function searchTerms(text: string): string {
  return queryTerms(text).map((t) => (t.kind === 'word' ? t.word : t.chars.join(''))).join(' ');
}

export function registerSearchRoutes(router: ApiRouter, s: Services): void {
  const ref = () => s.cached('search-reference', () => searchReference(s.db));
  const pageSizeOf = (raw: string | undefined) => Math.min(SEARCH_MAX_PAGE_SIZE, Math.max(1, Number(raw) || SEARCH_PAGE_SIZE));

  async function search(request: FastifyRequest, query: Record<string, unknown>, locale: ApiLocale, currency: CurrencyCode, withFilters: boolean) {
    const [reference, rates] = await Promise.all([ref(), s.rates()]);
    const { filter, place } = filterOfQuery(query, reference, locale);
    const pageSize = pageSizeOf(query['per-page'] as string | undefined);
    // The cache key is the filter as the database sees it: the place name is only a label, coordinates count only
    // with a radius, and a text counts by its search terms.
    const geo = filter.radius > 0 && (filter.lat !== 0 || filter.lng !== 0);
    const keyed: TourFilter = { ...filter, slug: null, placeName: '', query: searchTerms(filter.query), ...(geo ? {} : { lat: 0, lng: 0, radius: 0 }) };
    const key = `search:${locale}:${currency}:${pageSize}:${withFilters ? 1 : 0}:${place?.slug ?? ''}:${filterToSearch(keyed)}`;
    // A computed answer costs its visitor (issue 28); a cached or shared one costs nothing. At most so many compute at
    // once (SEARCH_CONCURRENCY), so cheap calls wait behind a few searches, not behind a flood of them.
    if (!s.cache.has(key)) await s.work.charge(request, 'search');
    return s.cached(key, () => s.work.search.run(async () => {
      const today = isoDate(s.date());
      const rubPerUnit = rates.get(currency) ?? 1;
      const conds = searchConditions(s.db, { filter, locale, rubPerUnit, today, excursionsEnabled: s.config.excursionsEnabled });
      // Option counts do not depend on the page, the sort, the locale (but for the text search) or the currency.
      const priced = filter.priceMin || filter.priceMax || filter.pricePerDayMin || filter.pricePerDayMax;
      const facetKey = `facets:${keyed.query ? locale : ''}:${priced ? currency : ''}:${filterToSearch({ ...keyed, page: 1, sort: 'default' })}`;
      const [page, facets] = await Promise.all([
        searchPage(s.db, conds, filter.sort, filter.page, pageSize, filter.query ? textSearchSql(s.db.dialect, filter.query, locale) : null),
        withFilters ? s.cached(facetKey, () => facetCounts(s.db, conds, filter.isCruisesSearch)) : Promise.resolve(null),
      ]);
      const ids = page.rows.map((r) => r.id);
      const parts = await cardParts(s.db, ids, today);
      const cards = parts ? buildCards(ids, parts, reference, locale, currency, rates) : [];
      const result: SearchResult = {
        groups: groupsOf(page.rows, cards),
        pagination: { page: filter.page, pages: Math.ceil(page.total / pageSize), itemsCount: page.total, itemsOnPage: cards.length, pageSize },
        place,
      };
      return facets ? { result, filters: filterSections(facets, filter, reference, locale, currency, rates, today) } : { result };
    }));
  }

  router.add({
    method: 'GET', url: '/spa/tours', tags: ['search'], summary: 'Search tours: result groups of the first (or given) page; expand=filters adds the options with counts',
    description:
      'Filter fields of public-site §3.1 in query form (§5.4): lists repeat their key or are comma-separated; aliases city, region, shipId, organizerId; ' +
      'values are clamped like the client does (prices 0..200000 and per day 0..30000 in X-Currency, days 0..20, minAge 0..17, page ≥ 1). ' +
      "`slug` is a region, city, travel-style or collection slug (or the default search slug) and adds its entity to the filter; an unknown slug is a 404. " +
      'Groups: tours, excursions, cruises, in that order; a group may continue on the next page (merge by key). Sort: default (popular first), price, -price.',
    query: TourSearchQuery, answer: ToursAnswer, errors: [404],
    handler: ({ query, ctx, request }) => search(request, query, ctx.locale, ctx.currency, query.expand === 'filters'),
  });

  router.add({
    method: 'GET', url: '/spa/tours-page', tags: ['search'], summary: 'Another page of a search (load more, page buttons)',
    description: 'The same filter fields as /spa/tours; answers only the page of results.',
    query: TourSearchQuery, answer: ToursPageAnswer, errors: [404],
    handler: async ({ query, ctx, request }) => ({ result: (await search(request, query, ctx.locale, ctx.currency, false)).result }),
  });

  router.add({
    method: 'GET', url: '/spa/cities-by-query', tags: ['search'], summary: 'Cities whose name contains the query (any language): id, name, region, country',
    description: 'The query is trimmed and lower-cased for matching (public-site §5.7); an empty query gives no cities. At most 10, names starting with the query first.',
    query: CitiesByQueryQuery, answer: CitiesByQueryAnswer,
    handler: async ({ query, ctx }) => {
      const needle = query.query.trim().toLowerCase();
      if (!needle) return { result: [] };
      const reference = await ref();
      const rows = matchNames([...reference.cities.values()], needle, 10);
      return {
        result: rows.map((c) => {
          const region = reference.regions.get(c.region_id);
          const country = reference.countries.get(c.country_id);
          return { id: c.id, name: t(c, 'name', ctx.locale), region: { name: region ? t(region, 'name', ctx.locale) : '' }, country: { id: c.country_id, name: country ? t(country, 'name', ctx.locale) : '' } };
        }),
      };
    },
  });
}
