import { FILTER_LIMITS, formatPrice, type TourFilter } from '@tours/shared/domain';
import { screenIsSet, type ScreenName } from './screens';
import type { T } from '../../../i18n/t';

export type SubScreen = Exclude<ScreenName, 'common'>;

/** List fields per screen, for the '{count} selected' summary. */
const SCREEN_FIELD_LISTS: Partial<Record<SubScreen, (keyof TourFilter)[]>> = {
  direction: ['regions', 'cities'], restKinds: ['restKinds', 'collections'], accommodation: ['accommodation'], comfort: ['comfort'], difficulty: ['difficulty'],
  languages: ['languages'], cruises_types: ['cruisesType'], cruises_start_city: ['cruisesStartCity'], cruises_direction: ['waterObject', 'cities', 'regions', 'showplace'], cruises_ships: ['ships'],
};

/** What a filter's row on the common screen says of its value: empty when unset. */
export function screenSummary(draft: TourFilter, s: SubScreen, currency: string, t: T): string {
  if (!screenIsSet(draft, s)) return '';
  if (s === 'price') return [draft.priceMin || draft.priceMax ? `${formatPrice(draft.priceMin, currency)} – ${draft.priceMax ? formatPrice(draft.priceMax, currency) : '…'}` : '', draft.pricePerDayMin || draft.pricePerDayMax ? t('filters.price.perDayShort') : ''].filter(Boolean).join(', ');
  if (s === 'duration') return t('filters.duration.summary', { min: draft.daysMin || 1, max: draft.daysMax || FILTER_LIMITS.daysMax });
  if (s === 'dates') return [draft.dateFrom, draft.dateTo].filter(Boolean).join(' – ');
  if (s === 'minAge') return t('filters.age.option', { age: draft.minAge ?? 0 });
  if (s === 'groupSize') return t('filters.groupSize.option', { size: draft.maxGroupSize ?? 0 });
  const count = (SCREEN_FIELD_LISTS[s] ?? []).reduce((n, key) => n + ((draft[key] as unknown[]) ?? []).length, 0);
  return t('filters.selected', { count });
}
