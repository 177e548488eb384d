import type { Locale } from '../i18n/locales';

/**
 * The default search slug of each locale (public-site §2.2: the search page `/{slug}` with the default slug of the
 * language). The one table: the layout's Tours link and error page, the search form, the partner search box, the
 * host server (no slug check for these) and the API (`/spa/validate-slug`, `/spa/tours`) all read it. A pure file:
 * Node code and the widgets import it by path (`@tours/shared/src/routing/search-slugs`).
 */
export const DEFAULT_SEARCH_SLUGS: Readonly<Record<Locale, string>> = { cn: 'lvyou', en: 'tours', de: 'touren', ru: 'tury' };

/** True for the default search slug of any locale: each is a search page in every locale (the API answers the locale's own). */
export function isDefaultSearchSlug(slug: string): boolean {
  return Object.values(DEFAULT_SEARCH_SLUGS).includes(slug);
}
