import { COOKIES, switchLocalePath, withLocale, type Locale, type RouteMatch } from '@tours/shared/contract';
import { writeCookie } from '../../state/cookies';

/** The same page in another language (§2.3); the home page of that language when the page has no match. */
export function localePath(route: RouteMatch | null, target: Locale): string {
  return route ? switchLocalePath(route, target) : withLocale('/', target);
}

/** Remembers the visitor's language for 365 days, SameSite=Lax (§9 'i18n_redirected'). */
export function rememberLocale(target: Locale): void {
  writeCookie(COOKIES.locale.name, target, COOKIES.locale.maxAge);
}
