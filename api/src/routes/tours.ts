/** Tour calls (public-site §7.2): the tour detail (§3.5) and the search autocomplete (§3.3 suggestion kinds). */
import { AUTOCOMPLETE_GROUPS, SUGGESTION_KINDS, type ApiLocale, type CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
import {
  AutocompleteAnswer, AutocompleteQuery, TourDetailAnswer, TourDetailQuery,
  type RemovedTourData, type Suggestion, type SuggestionGroup, type TourVariant,
} from '@tours/shared/src/api/schemas/tours';
import type { Db } from '../db';
import * as extras from '../db/queries/tour-extras';
import * as q from '../db/queries/tours';
import { linkedTourCounts } from '../db/queries/search';
import { isoDate } from '../db/seed/text';
import { searchToursText } from '../db/search';
import { priceIn, type Rates } from '../lib/currency';
import { HttpError, notFound } from '../lib/errors';
import { fallbackMark, pickText, t, WORDS, type Picked } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import { expert, expertPhoto, review } from './organizers';
import type { ApiRouter } from './router';
import { penaltyPeriod } from '../lib/penalty-period';

export type Parts = Awaited<ReturnType<typeof q.tourParts>>;
export type TourRow = NonNullable<Awaited<ReturnType<typeof q.tourById>>>;
type Accommodation = TourDetailAnswer['accommodation_kinds'][number];

function images(bucket: Parameters<typeof imageUrl>[0], key: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => imageUrl(bucket, `${key}-${i + 1}`));
}

function money(rub: number, currency: CurrencyCode, rates: Rates): number {
  return priceIn(rub, currency, rates).price;
}

export function variantsOf(parts: Parts, currency: CurrencyCode, rates: Rates): TourVariant[] {
  return parts.variants.map((v) => ({
    id: v.id, tour_id: v.tour_id, start: v.start, end: v.end, price: money(v.price, currency, rates),
    price_without_discount: money(v.price_without_discount, currency, rates), original_price: v.price, currency,
    is_busy: v.is_busy === 1, number_of_free_seats: v.number_of_free_seats, not_guaranteed: v.not_guaranteed === 1,
  }));
}

export function excursionDates(parts: Parts): TourDetailAnswer['excursion_dates'] {
  const byDate = new Map<string, { id: number; start: string; end: string }[]>();
  for (const x of parts.times) byDate.set(x.date, [...(byDate.get(x.date) ?? []), { id: x.id, start: x.start, end: x.end }]);
  return [...byDate].map(([date, time]) => ({ date, time }));
}

/** Text of an HTML cell: tags dropped, the usual entities decoded, spaces collapsed. */
function cellText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

/**
 * The rows of a cabins price table (stored as HTML, prices per person in RUB): each body row's first cell is the
 * cabin and its last cell the amount. Null when the table has no row whose amount is a number, so the page falls
 * back to the HTML rather than showing a partial table.
 */
export function cabinRowsOfTable(html: string | null | undefined): { name: string; rub: number }[] | null {
  if (!html) return null;
  const rows: { name: string; rub: number }[] = [];
  for (const row of html.match(/<tr[\s>][\s\S]*?<\/tr>/gi) ?? []) {
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((m) => cellText(m[1] ?? ''));
    if (cells.length < 2) continue; // the header row (th cells)
    const digits = (cells.at(-1) ?? '').replace(/[\s\u00a0\u202f,]/g, '');
    if (!/^\d+(?:\.\d+)?$/.test(digits)) return null;
    rows.push({ name: cells[0] ?? '', rub: Number(digits) });
  }
  return rows.length ? rows : null;
}

export function detail(tour: TourRow, parts: Parts, locale: ApiLocale, currency: CurrencyCode, rates: Rates, query: { slug: string; expand_program?: boolean | undefined; with_alt?: boolean | undefined; expand_reviews?: boolean | undefined }): TourDetailAnswer {
  const picks: Picked[] = [];
  const pick = (row: object, field: string): string => {
    const p = pickText(row, field, locale);
    picks.push(p);
    return p.text;
  };
  const html = (field: string): string | null => (t(tour, field, 'en') ? pick(tour, field) : null);
  const title = pick(tour, 'title');
  const slug = t(tour, 'slug', locale);
  const mainRegion = parts.regions.find((r) => r.id === tour.main_region_id) ?? parts.regions[0];
  const mainCity = parts.cities.find((c) => c.id === tour.main_city_id);
  const countryIds = [...new Set(parts.regions.map((r) => r.country_id))];
  const mainLocation = tour.main_location === 'city' && mainCity ? 'city' : 'region';
  const mainLocationName = mainLocation === 'city' && mainCity ? t(mainCity, 'name', locale) : mainRegion ? t(mainRegion, 'name', locale) : '';
  // 'from' is shown when the tour's own open dates have different prices (other options' dates do not count).
  const prices = parts.variants.filter((v) => v.tour_id === tour.id && v.is_busy === 0).map((v) => v.price);
  const expertMain = parts.experts.find((e) => e.is_main === 1) ?? parts.experts[0];
  const organizerPhoto = expertMain ? expertPhoto(expertMain) : null;
  const search = DEFAULT_SEARCH_SLUGS[locale];
  const alt = (text: string) => (query.with_alt ? { alt: text } : {});
  const expand = Boolean(query.expand_program);
  return {
    id: tour.id,
    id_on_site: tour.id,
    slug,
    slugs: { en: tour.slug_en, cn: tour.slug_cn, de: tour.slug_de, ru: tour.slug_ru },
    ...(query.slug !== slug && ![tour.slug_en, tour.slug_cn, tour.slug_de, tour.slug_ru].includes(query.slug) ? { redirect: `/${slug}` } : {}),
    title,
    image: imageUrl('tours', `${tour.id}-1`),
    images: Array.from({ length: tour.image_count }, (_, i) => ({ url: imageUrl('tours', `${tour.id}-${i + 1}`), ...alt(`${title} — ${i + 1}`) })),
    is_indexed: tour.is_indexed === 1,
    countries: countryIds.map((id) => {
      const c = parts.countries.find((x) => x.id === id);
      return { id, text: c ? t(c, 'name', locale) : '', slug: c?.iso_code.toLowerCase() ?? '' };
    }),
    regions: parts.regions.map((r) => ({ id: r.id, text: t(r, 'name', locale), slug: r.slug })),
    host_cities: parts.cities.filter((c) => c.is_host === 1).map((c) => ({ id: c.id, text: t(c, 'name', locale), slug: c.slug })),
    main_location: mainLocation,
    main_location_name: mainLocationName,
    breadcrumbs: [
      { title: WORDS.tours[locale], screen_name: search },
      ...(mainRegion ? [{ title: t(mainRegion, 'name', locale), screen_name: mainRegion.slug }] : []),
      { title, screen_name: slug },
    ],
    type: tour.type === 2 ? 2 : 1,
    type_name: tour.type === 2 ? 'EXCURSION' : 'TOUR',
    is_cruise: tour.is_cruise === 1,
    is_author_tour: tour.is_author_tour === 1,
    is_individual: false,
    // Archived on the staff panel: shown, but it cannot be booked (issue 29; the request calls refuse it too).
    is_tour_active: tour.is_published === 1 && !parts.archived,
    is_archived: parts.archived,
    request_id: null,
    price: money(tour.price, currency, rates),
    priceWithoutDiscount: money(tour.price_without_discount, currency, rates),
    original_price: tour.price,
    original_price_without_discount: tour.price_without_discount,
    currency,
    original_currency: 'RUB',
    is_need_show_price_from: new Set(prices).size > 1,
    discounts: parts.discounts.map((d) => ({
      id: d.id, size: d.size, format: { id: d.format_id === 1 ? 1 : 2 }, type_string: d.kind as TourDetailAnswer['discounts'][number]['type_string'],
      end_date: d.end_date, conditions: pick(d, 'conditions'),
    })),
    special_tariff: html('special_tariff'),
    is_dates_preliminary: tour.is_dates_preliminary === 1,
    use_request_period: tour.use_request_period === 1,
    request_period_start: tour.request_period_start,
    request_period_end: tour.request_period_end,
    excursion_dates: excursionDates(parts),
    variants: variantsOf(parts, currency, rates),
    tour_variants: parts.options.map((o) => ({ tour_id: o.id, slug: t(o, 'slug', locale), name: t(o, 'title', locale) })),
    duration: tour.type === 2 ? (tour.hours ?? 1) : tour.days,
    duration_unit: tour.type === 2 ? 'hours' : 'days',
    days: tour.days,
    hours: tour.hours,
    accommodation: parts.stays.map((s) => ({
      nights: s.nights,
      variants: parts.stayVariants.filter((v) => v.accommodation_id === s.id).map((v) => ({
        type: v.type as Accommodation, description: pick(v, 'description'), images: images('accommodation', String(v.id), v.image_count),
        registry_url: v.registry_url, registry_number: v.registry_number,
      })),
    })),
    accommodation_kinds: parts.accommodationKinds.map((a) => a.kind as Accommodation),
    living_base: tour.living_base_description_en ? { description: pick(tour, 'living_base_description'), images: images('living-base', String(tour.id), tour.living_base_image_count) } : null,
    cabins_price_table: html('cabins_price_table'),
    cabins: cabinRowsOfTable(html('cabins_price_table'))?.map((c) => ({ name: c.name, ...priceIn(c.rub, currency, rates) })) ?? null,
    is_comfort_base: tour.comfort === 1,
    is_comfort_base_plus: tour.comfort === 2,
    is_comfort_medium: tour.comfort === 3,
    is_comfort_improved: tour.comfort === 4,
    is_comfort_premium: tour.comfort === 5,
    difficulty: tour.difficulty,
    difficulty_description: pick(tour, 'difficulty_description'),
    program: parts.program.map((d) => ({
      id: d.id, day: d.day, title: pick(d, 'title'), description: expand ? pick(d, 'description') : '', images: expand ? images('program', `${tour.id}-${d.day}`, d.image_count) : [],
    })),
    excursion_program_description: html('excursion_program_description'),
    map: { lat: tour.lat, lng: tour.lng, zoom: 10 },
    main_impressions: parts.impressions.map((m) => ({ image: imageUrl('tours', `${tour.id}-${m.position + 1}`), title: pick(m, 'title'), description: pick(m, 'description') })),
    faq: parts.faq.map((f) => ({ id: f.id, question: pick(f, 'question'), answer: pick(f, 'answer') })),
    penalties: parts.penalties.map((p) => ({ period: penaltyPeriod(p.days_from, p.days_to, locale), percent: p.percent })),
    penalties_conditions: pick(tour, 'penalties_conditions'),
    organizational_details: pick(tour, 'organizational_details'),
    description: pick(tour, 'description'),
    in_price: { included: pick(tour, 'included'), excluded: pick(tour, 'excluded') },
    group_min: tour.group_min,
    group_max: tour.group_max,
    min_age: tour.min_age,
    max_age: tour.max_age,
    max_tourist_weight_in_kg: tour.max_tourist_weight_in_kg,
    gathering_place: pick(tour, 'gathering_place'),
    lat: tour.lat,
    lng: tour.lng,
    languages: parts.languages.map((l) => l.language),
    guides: parts.guides.map((g) => expert(g, locale)),
    cards: [],
    similar: parts.similar.slice(0, 4).map((x) => ({
      id: x.id, title: t(x, 'title', locale), slug: t(x, 'slug', locale), image: imageUrl('tours', `${x.id}-1`), ...priceIn(x.price, currency, rates),
      main_location_name: t(x, 'name', locale), days: x.days, rating: x.rating, reviews_count: x.reviews_count,
    })),
    rating: tour.rating,
    reviews_count: tour.reviews_count,
    ...(query.expand_reviews ? { reviews: parts.reviews.map((r) => review(r, locale, organizerPhoto)) } : {}),
    tags: [
      ...parts.restKinds.map((k) => ({ id: k.id, text: t(k, 'name', locale), screen_name: k.slug })),
      ...parts.collections.filter((c) => c.is_hidden === 0).map((c) => ({ id: 1000 + c.id, text: t(c, 'name', locale), screen_name: c.slug })),
    ],
    collections: parts.collections.map((c) => ({ id: c.id, name: t(c, 'name', locale), slug: c.slug, is_hidden: c.is_hidden === 1 })),
    is_need_show_cities_info: parts.hasTickets,
    organizer: {
      id: tour.organizer_id,
      expert: expertMain ? expert(expertMain, locale) : { first_name: '', last_name: '', photo: null },
      marketplace_requests_with_direct_sale: parts.organizer?.marketplace_requests_with_direct_sale === 1,
    },
    ...fallbackMark(...picks),
  };
}

// Autocomplete ----------------------------------------------------------------------

type Sources = Awaited<ReturnType<typeof q.suggestionSources>>;
type NamedRow = Sources['regions'][number];

/** Lower-cased, accent-free text for matching. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ё/g, 'е');
}

/** Rows whose name (in any language) contains the query; names starting with it first. */
export function matchNames<R extends NamedRow>(rows: readonly R[], query: string, limit: number): R[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const scored: { row: R; score: number }[] = [];
  for (const row of rows) {
    const names = [row.name_en, row.name_cn, row.name_de, row.name_ru].filter((n): n is string => !!n).map(foldText);
    const words = names.flatMap((n) => n.split(/[\s\-–—,.:()«»"]+/));
    const score = names.some((n) => n.startsWith(needle)) ? 0 : words.some((w) => w.startsWith(needle)) ? 1 : names.some((n) => n.includes(needle)) ? 2 : -1;
    if (score >= 0) scored.push({ row, score });
  }
  return scored.sort((a, b) => a.score - b.score).slice(0, limit).map((s) => s.row);
}

/** Which suggestion kinds to give, from the only/exclude lists (AUTOCOMPLETE_GROUPS plus 'ships') and the cruise flag. */
export function suggestionKinds(only: string[] | null, exclude: string[], cruises: boolean): SuggestionGroup['kind'][] {
  const base: SuggestionGroup['kind'][] = cruises ? ['cities', 'water_objects', 'ships', 'tours'] : ['regions', 'cities', 'showplaces', 'rest_kinds', 'collections', 'water_objects', 'tours'];
  return SUGGESTION_KINDS.filter((k) => base.includes(k) && (!only || only.includes(k)) && !exclude.includes(k));
}

function parseList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

const LIMIT = 5;

async function autocomplete(db: Db, sources: Sources, query: string, locale: ApiLocale, kinds: SuggestionGroup['kind'][], cruises: boolean): Promise<SuggestionGroup[]> {
  const search = DEFAULT_SEARCH_SLUGS[locale];
  const prefix = locale === 'cn' ? '' : `/${locale}`;
  const item = (row: NamedRow, path: string): Suggestion => ({ id: row.id, name: t(row, 'name', locale), slug: row.slug, path: `${prefix}${path}` });
  const filterPath = (param: string, id: number): string => `/${search}?${cruises ? 'isCruisesSearch=1&' : ''}${param}=${id}`;
  const groups: SuggestionGroup[] = [];
  for (const kind of kinds) {
    let items: Suggestion[] = [];
    if (kind === 'regions') items = matchNames(sources.regions, query, LIMIT).map((r) => item(r, `/${r.slug}`));
    if (kind === 'cities') {
      items = cruises
        ? matchNames(sources.cruiseStartCities, query, LIMIT).map((r) => item(r, filterPath('cruisesStartCity', r.id)))
        : matchNames(sources.cities, query, LIMIT).map((r) => item(r, `/${r.slug}`));
    }
    if (kind === 'showplaces') items = matchNames(sources.showplaces, query, LIMIT).map((r) => item(r, filterPath('showplace', r.id)));
    if (kind === 'rest_kinds') items = matchNames(sources.restKinds, query, LIMIT).map((r) => item(r, `/${r.slug}`));
    if (kind === 'collections') items = matchNames(sources.collections, query, LIMIT).map((r) => item(r, `/${r.slug}`));
    if (kind === 'water_objects') items = matchNames(sources.waters, query, LIMIT).map((r) => item(r, filterPath('waterObject', r.id)));
    if (kind === 'ships') items = matchNames(sources.ships, query, LIMIT).map((r) => item(r, filterPath('shipId', r.id)));
    if (kind === 'tours') {
      const hits = await searchToursText(db, query, locale, cruises ? 50 : LIMIT);
      const allowed = cruises ? await q.cruiseIds(db, hits.map((h) => h.id)) : null;
      items = hits.filter((h) => !allowed || allowed.has(h.id)).slice(0, LIMIT).map((h) => ({ id: h.id, name: h.title, slug: h.slug, path: `${prefix}/${h.slug}` }));
    }
    if (items.length) groups.push({ kind, items });
  }
  return groups;
}

/**
 * The 404 of a tour that exists but is no longer published (public-site §2.8 'Removed from publication'):
 * `data.reason` plus similar tours of its main region and its regions as similar destinations.
 */
export async function removedFromPublication(s: Services, tour: TourRow, locale: ApiLocale, currency: CurrencyCode): Promise<HttpError> {
  const [{ tours, regions }, rates] = await Promise.all([extras.removedTourSimilar(s.db, tour.id, tour.main_region_id), s.rates()]);
  // A destination's count is what its link opens (the Tours tab of the search with its slug), counted by the search.
  const counts = await linkedTourCounts(s.db, isoDate(s.date()), { regions: regions.map((r) => r.id) });
  const data: RemovedTourData = {
    reason: 'removed_from_publication',
    similar_tours: tours.map((x) => ({
      id: x.id, title: t(x, 'title', locale), slug: t(x, 'slug', locale), image: imageUrl('tours', `${x.id}-1`), ...priceIn(x.price, currency, rates),
      main_location_name: t(x, 'name', locale), days: x.days, rating: x.rating, reviews_count: x.reviews_count,
    })),
    similar_destinations: regions.map((r) => ({ id: r.id, name: t(r, 'name', locale), slug: r.slug, image: imageUrl('regions', `${r.id}-1`), tours_count: counts.regions.get(r.id) ?? 0 })),
  };
  return new HttpError(404, 'Not found', undefined, data);
}

export function registerTourRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/spa/tour', tags: ['tours'], summary: 'Tour detail (public-site §3.5)',
    description: "404 when the tour does not exist; a tour removed from publication is a 404 with data { reason: 'removed_from_publication', similar_tours, similar_destinations }. A slug with the right id but another text answers the tour with `redirect` to the canonical path. Prices in X-Currency; original_* in RUB.",
    query: TourDetailQuery, answer: TourDetailAnswer, errors: [404],
    handler: ({ query, ctx }) =>
      s.cached(`tour:${ctx.locale}:${ctx.currency}:${query.slug}:${query.expand_program ? 1 : 0}:${query.expand_reviews ? 1 : 0}:${query.with_alt ? 1 : 0}`, async () => {
        const id = Number(/-(\d{1,9})$/.exec(query.slug)?.[1] ?? NaN);
        if (!Number.isSafeInteger(id)) throw notFound();
        const tour = await q.tourById(s.db, id);
        if (!tour) throw notFound();
        if (tour.is_published !== 1) throw await removedFromPublication(s, tour, ctx.locale, ctx.currency);
        const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, query.expand_reviews ? 3 : 0), s.rates()]);
        return detail(tour, parts, ctx.locale, ctx.currency, rates, query);
      }),
  });

  router.add({
    method: 'GET', url: '/spa/autocomplete', tags: ['tours'], summary: 'Search autocomplete: suggestion groups (regions, cities, showplaces, travel styles, collections, water objects, ships, tours)',
    description: `only/exclude: comma-separated groups among ${[...AUTOCOMPLETE_GROUPS, 'ships'].join(', ')} (countries and world_parts give nothing yet). isCruisesSearch=1: start cities, water objects, ships and cruises. Each item has id, name, slug and the path to go to.`,
    query: AutocompleteQuery, answer: AutocompleteAnswer,
    handler: async ({ query, ctx }) => {
      const only = query.only ? parseList(query.only) : null;
      const kinds = suggestionKinds(only, parseList(query.exclude), Boolean(query.isCruisesSearch));
      if (!query.query.trim() || kinds.length === 0) return { result: [] };
      const sources = await s.cached('suggestion-sources', () => q.suggestionSources(s.db));
      return s.cached(`autocomplete:${ctx.locale}:${kinds.join(',')}:${query.isCruisesSearch ? 1 : 0}:${foldText(query.query.trim())}`, async () => ({
        result: await autocomplete(s.db, sources, query.query, ctx.locale, kinds, Boolean(query.isCruisesSearch)),
      }));
    },
  });
}
