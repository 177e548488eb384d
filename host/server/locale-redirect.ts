import { availableLocales, DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale, type SiteVariant } from '@tours/shared/src/i18n/locales';

export interface RedirectInput {
  pathname: string;
  search: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | undefined;
  russianIsAvailable: boolean;
  /** The Chinese-region site offers en and cn only (issue 32). */
  variant?: SiteVariant;
}
export interface RedirectDecision { location: string; setCookie?: Locale }

/**
 * Locale redirects (302, §2.1). On the root only, the remembered choice (cookie i18n_redirected) wins,
 * then Accept-Language. A '/cn' prefix (the default has none) and the prefix of a locale the site does not offer
 * ('/ru' without russianIsAvailable; '/de' and '/ru' on the Chinese-region site) go to the unprefixed path.
 */
export function decideLocaleRedirect(input: RedirectInput): RedirectDecision | null {
  const { pathname, search, cookieLocale, acceptLanguage, russianIsAvailable, variant } = input;
  const offered = availableLocales(russianIsAvailable, variant);
  const first = pathname.split('/')[1] ?? '';
  if (first === DEFAULT_LOCALE || (isLocale(first) && !offered.includes(first))) {
    const rest = pathname.slice(first.length + 1) || '/';
    return { location: `${rest}${search}` };
  }
  if (pathname !== '/') return null;
  const available = (l: string | undefined): l is Locale => isLocale(l) && offered.includes(l);
  if (available(cookieLocale)) {
    return cookieLocale === DEFAULT_LOCALE ? null : { location: `/${cookieLocale}${search}` };
  }
  const detected = localeFromAcceptLanguage(acceptLanguage, russianIsAvailable, variant);
  if (!detected) return null;
  if (detected === DEFAULT_LOCALE) return null;
  return { location: `/${detected}${search}`, setCookie: detected };
}
