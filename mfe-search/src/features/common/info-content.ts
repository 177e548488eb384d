/**
 * The informational pages' content (issue 17): which page of the API each route shows, which pages show their
 * document's version, and the call. Pure but for the hook; the info feature and /for-agencies (its requisites) use it.
 */
import type { HostContext, RouteName } from '@tours/shared/contract';
import { InfoPageAnswer, useApiQuery, type InfoPageKey } from '@tours/shared/api';

/** Route name → the API's page key (GET /spa/info-page?page=). */
export const INFO_PAGE_OF_ROUTE: Partial<Record<RouteName, InfoPageKey>> = {
  'about-page': 'about',
  'visa-page': 'visa',
  'gift-cards-page': 'gift-cards',
  'certificates-page': 'certificates',
  'contacts-page': 'contacts',
  faq: 'faq',
  press: 'press',
  'partnership-page': 'for-agencies',
  'organizers-page': 'organizers',
  agreement: 'agreement',
  privacy: 'privacy',
  cookies: 'cookies',
};

/** The page key of a route, or null for a route that is not an informational page. */
export function infoPageKey(route: string | undefined): InfoPageKey | null {
  return route && Object.hasOwn(INFO_PAGE_OF_ROUTE, route) ? INFO_PAGE_OF_ROUTE[route as RouteName]! : null;
}

/** Legal documents show their version and date: which text a traveller agreed to matters. */
const VERSIONED: ReadonlySet<InfoPageKey> = new Set(['agreement', 'privacy', 'cookies']);
export const showsVersion = (key: InfoPageKey): boolean => VERSIONED.has(key);

/** One page's content in the page's locale (the key changes with the locale, so a switch fetches it again). */
export function useInfoPage(host: HostContext, key: InfoPageKey | null, locale: string) {
  return useApiQuery(key ? `info:${key}:${locale}` : null, (signal) => host.api.get('/spa/info-page', { schema: InfoPageAnswer, query: { page: key! }, signal }));
}
