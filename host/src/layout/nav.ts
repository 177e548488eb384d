import { useAtomValue } from 'jotai';
import { localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { DEFAULT_SEARCH_SLUGS, type RouteName } from '@tours/shared/contract';

export interface NavItem {
  key: string;
  labelId: string;
  route: RouteName;
  href: string;
  current: boolean;
}

const MAIN: readonly { key: string; route: RouteName }[] = [
  { key: 'tours', route: 'tours' },
  { key: 'destinations', route: 'destinations' },
  { key: 'visa', route: 'visa-page' },
  { key: 'about', route: 'about-page' },
  { key: 'press', route: 'press' },
  { key: 'agencies', route: 'partnership-page' },
  { key: 'contacts', route: 'contacts-page' },
  { key: 'faq', route: 'faq' },
];

/** The drawer adds these to the main navigation (§2.3). */
const DRAWER_EXTRA: readonly { key: string; route: RouteName }[] = [
  { key: 'blog', route: 'blog-index' },
  { key: 'giftCards', route: 'gift-cards-page' },
];

/** The default search slug of the page's locale (§2.2), from the one table of shared routing. */
export function useSearchSlug(): string {
  return DEFAULT_SEARCH_SLUGS[useAtomValue(localeAtom)];
}

/** Header navigation of §2.3. 'Tours' opens the search page with the locale's default search slug. */
export function useNavItems(withDrawerExtras = false): NavItem[] {
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const searchSlug = useSearchSlug();
  const list = withDrawerExtras ? [...MAIN, ...DRAWER_EXTRA] : MAIN;
  return list.map(({ key, route: name }) => {
    const href = name === 'tours' ? host.href('tours', { slug: searchSlug }) : host.href(name);
    const current = route ? (name === 'tours' ? route.name === 'tours' && route.params.slug === searchSlug : route.name === name) : false;
    return { key, labelId: `layout.nav.${key}`, route: name, href, current };
  });
}
