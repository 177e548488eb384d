/** Tour calls (public-site §7.2): the tour detail (§3.5) and the search autocomplete (§3.3 suggestion kinds). */
import { AUTOCOMPLETE_GROUPS, SUGGESTION_KINDS, type ApiLocale, type CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
import {
  AutocompleteAnswer, AutocompleteQuery, TourDetailAnswer, TourDetailQuery,
  type RemovedTourData, type Suggestion, type SuggestionGroup
} from '@tours/shared/src/api/schemas/tours';
import type { Db } from '../db';
import * as extras from '../db/queries/tour-extras';
import * as q from '../db/queries/tours';
import { linkedTourCounts } from '../db/queries/search';
import { isShownKind, type Listing } from '../db/queries/listing';
import { isoDate } from '../db/seed/text';
import { searchToursText } from '../db/search';
import { priceIn } from '../lib/currency';
import { HttpError, notFound } from '../lib/errors';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import { detail, foldText, matchNames, type NamedRow, type Sources, type TourRow } from '../lib/tour-views';
import type { ApiRouter } from './router';

// Autocomplete ----------------------------------------------------------------------

/** Which suggestion kinds to give, from the only/exclude lists (AUTOCOMPLETE_GROUPS plus 'ships') and the cruise flag. */
export function suggestionKinds(only: string[] | null, exclude: string[], cruises: boolean): SuggestionGroup['kind'][] {
  const base: SuggestionGroup['kind'][] = cruises ? ['cities', 'water_objects', 'ships', 'tours'] : ['regions', 'cities', 'showplaces', 'rest_kinds', 'collections', 'water_objects', 'tours'];
  return SUGGESTION_KINDS.filter((k) => base.includes(k) && (!only || only.includes(k)) && !exclude.includes(k));
}

function parseList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

const LIMIT = 5;

async function autocomplete(db: Db, sources: Sources, query: string, locale: ApiLocale, kinds: SuggestionGroup['kind'][], cruises: boolean, listing: Listing): Promise<SuggestionGroup[]> {
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
      const hits = await searchToursText(db, query, locale, cruises ? 50 : LIMIT, listing);
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
async function removedFromPublication(s: Services, tour: TourRow, locale: ApiLocale, currency: CurrencyCode): Promise<HttpError> {
  const [{ tours, regions }, rates] = await Promise.all([extras.removedTourSimilar(s.db, tour.id, tour.main_region_id, s.config), s.rates()]);
  // A destination's count is what its link opens (the Tours tab of the search with its slug), counted by the search.
  const counts = await linkedTourCounts(s.db, isoDate(s.date()), s.config, { regions: regions.map((r) => r.id) });
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
        // An excursion while excursions are off (§3.8) is not on the site, published or not: a 404 like a missing tour.
        if (!tour || !isShownKind(tour, s.config)) throw notFound();
        if (tour.is_published !== 1) throw await removedFromPublication(s, tour, ctx.locale, ctx.currency);
        const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, query.expand_reviews ? 3 : 0, s.config), s.rates()]);
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
        result: await autocomplete(s.db, sources, query.query, ctx.locale, kinds, Boolean(query.isCruisesSearch), s.config),
      }));
    },
  });
}
