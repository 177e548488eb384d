/**
 * The main site's search URL for the search box: the default search slug of the locale under its path
 * prefix (cn none, /en, /de, /ru), the filter serialised by the §5.4 rules, then the partner attribution.
 */
import { filterToSearch, normaliseFilter, type RawQuery } from '@tours/shared/src/domain/filters';
import { withLocale } from '@tours/shared/src/routing/match';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
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
  const raw: RawQuery = {};
  const field = choice.destination ? KIND_TO_FILTER[choice.destination.kind] : undefined;
  if (field && choice.destination) raw[field] = [choice.destination.id];
  // A range is sorted (§4.13 date picker in range mode).
  const [from = '', to = ''] = [choice.dateFrom ?? '', choice.dateTo ?? ''].filter(Boolean).sort();
  if (from) raw.dateFrom = from;
  if (to) raw.dateTo = to;
  if (choice.restKind) raw.restKinds = [choice.restKind];
  const filter = normaliseFilter(raw);
  const url = new URL(withLocale(`/${DEFAULT_SEARCH_SLUGS[choice.locale]}`, choice.locale) + filterToSearch(filter), choice.site);
  if (choice.partner) url.searchParams.append('utm_source', choice.partner);
  if (choice.utmCampaign) url.searchParams.append('utm_campaign', choice.utmCampaign);
  if (choice.utmContent) url.searchParams.append('utm_content', choice.utmContent);
  return url.href;
}
