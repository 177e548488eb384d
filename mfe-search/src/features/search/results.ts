/**
 * Search state rules of the page (public-site §3.2, §4.12, §5.4), kept pure for table tests.
 */
import { DEFAULT_FILTER, filterToSearch, type TourFilter } from '@tours/shared/domain';
import type { ResultGroup } from '@tours/shared/api';

/** Load more (§3.2): the next page's groups are appended; a group with the same key as the last one is merged into it. */
export function mergeGroups(current: readonly ResultGroup[], next: readonly ResultGroup[]): ResultGroup[] {
  const out = current.map((g) => ({ ...g, items: [...g.items] }));
  for (const group of next) {
    const same = out.find((g) => g.key === group.key);
    if (same) {
      const seen = new Set(same.items.map((i) => i.id));
      same.items.push(...group.items.filter((i) => !seen.has(i.id)));
    } else out.push({ ...group, items: [...group.items] });
  }
  return out;
}

/**
 * The identity of a search without its page: a page change keeps the filter options. Price filters are in the
 * traveller's currency, so with one set another currency is another search.
 */
export function searchKey(slug: string, filter: TourFilter, currency = ''): string {
  const priced = Boolean(filter.priceMin || filter.priceMax || filter.pricePerDayMin || filter.pricePerDayMax);
  return `${slug}${filterToSearch({ ...filter, page: 1, slug: null })}${priced && currency ? `|${currency}` : ''}`;
}

/** The URL of a filter on a search slug (the URL is the source of truth). */
export function searchHref(base: string, filter: TourFilter): string {
  return `${base}${filterToSearch({ ...filter, slug: null })}`;
}

/** Fields that belong to one tab only: switching tab clears them (§4.12 'Switching … rebuilds the filters'). */
const TOURS_ONLY: (keyof TourFilter)[] = ['restKinds', 'collections', 'accommodation', 'comfort', 'difficulty', 'languages', 'maxGroupSize', 'minAge', 'operatorType', 'isAuthorTourSearch', 'type'];
const CRUISES_ONLY: (keyof TourFilter)[] = ['cruisesType', 'cruisesStartCity', 'ships', 'waterObject', 'onlyReturningCruises', 'showplace'];

export function switchTab(filter: TourFilter, cruises: boolean): TourFilter {
  if (filter.isCruisesSearch === cruises) return filter;
  const out: TourFilter = { ...filter, isCruisesSearch: cruises, page: 1, regions: [], cities: [] };
  for (const key of cruises ? TOURS_ONLY : CRUISES_ONLY) (out as unknown as Record<string, unknown>)[key] = DEFAULT_FILTER[key];
  return out;
}

/** Filter groups as the filters button counts them: a group with any value set counts once. */
const COUNTED_GROUPS: (keyof TourFilter)[][] = [
  ['regions', 'cities', 'countries', 'continent', 'placeName', 'radius'], ['showplace', 'waterObject'], ['restKinds'], ['collections'],
  ['dateFrom', 'dateTo'], ['priceMin', 'priceMax', 'pricePerDayMin', 'pricePerDayMax'], ['daysMin', 'daysMax'], ['accommodation'], ['minAge'],
  ['comfort'], ['difficulty'], ['languages'], ['maxGroupSize'], ['cruisesType'], ['cruisesStartCity', 'onlyReturningCruises'], ['ships'],
  ['operatorType'], ['isAuthorTourSearch'], ['organizer'], ['type'],
];

/** How many filter groups are set (the badge on the filters button); page, sort, tab and text do not count. */
export function activeFilterCount(filter: TourFilter): number {
  const set = (key: keyof TourFilter) => {
    const value = filter[key];
    if (Array.isArray(value)) return value.length > 0;
    if (key === 'operatorType') return value !== null && value !== 'any';
    if (key === 'type') return value === 2;
    return value !== DEFAULT_FILTER[key];
  };
  return COUNTED_GROUPS.filter((group) => group.some(set)).length;
}
