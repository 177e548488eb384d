/**
 * The main site's search URL for the search box: the default search slug of the locale under its path
 * prefix (cn none, /en, /de, /ru), the filter serialised by the §5.4 rules, then the partner attribution.
 */
import { DEFAULT_FILTER, DEFAULT_SEARCH_SLUGS, filterToSearch, withLocale, type TourFilter } from '@tours/shared/widgets';
import type { WidgetLocale } from '../runtime/protocol';

/** Suggestion kind → the filter field it fills (§3.1). */
export const KIND_TO_FILTER: Readonly<Record<string, string>> = {
  regions: 'regions',
  cities: 'cities',
  showplaces: 'showplace',
  water_objects: 'waterObject',
};

export interface SearchChoice {
  site: string;
  locale: WidgetLocale;
  destination?: { kind: string; id: number } | null;
  dateFrom?: string;
  dateTo?: string;
  restKind?: number | null;
  partner: string | null;
  utmCampaign?: string | null;
  utmContent?: string | null;
}

export function searchUrl(choice: SearchChoice): string {
  // The box's choices are already in the filter's types, so the default filter with them is a normalised filter
  // (url.test.ts checks it against normaliseFilter): the bundle does without the normaliser of URL input.
  const filter: TourFilter = { ...DEFAULT_FILTER };
  const field = choice.destination ? (KIND_TO_FILTER[choice.destination.kind] as keyof TourFilter | undefined) : undefined;
  if (field && choice.destination) Object.assign(filter, { [field]: [choice.destination.id] });
  // A range is sorted (§4.13 date picker in range mode).
  const [from = '', to = ''] = [choice.dateFrom ?? '', choice.dateTo ?? ''].filter(Boolean).sort();
  filter.dateFrom = from;
  filter.dateTo = to;
  if (choice.restKind) filter.restKinds = [choice.restKind];
  const url = new URL(withLocale(`/${DEFAULT_SEARCH_SLUGS[choice.locale]}`, choice.locale) + filterToSearch(filter), choice.site);
  if (choice.partner) url.searchParams.append('utm_source', choice.partner);
  if (choice.utmCampaign) url.searchParams.append('utm_campaign', choice.utmCampaign);
  if (choice.utmContent) url.searchParams.append('utm_content', choice.utmContent);
  return url.href;
}
