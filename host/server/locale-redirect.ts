import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from '@tours/shared/src/i18n/locales';

export interface RedirectInput {
  pathname: string;
  search: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | undefined;
  russianIsAvailable: boolean;
}
export interface RedirectDecision { location: string; setCookie?: Locale }

/**
 * Locale redirects (302, §2.1). On the root only, the remembered choice (cookie i18n_redirected) wins,
 * then Accept-Language. A '/cn' prefix (the default has none) and an unavailable '/ru' prefix go to the unprefixed path.
 */
export function decideLocaleRedirect(input: RedirectInput): RedirectDecision | null {
  const { pathname, search, cookieLocale, acceptLanguage, russianIsAvailable } = input;
  const first = pathname.split('/')[1] ?? '';
  if (first === DEFAULT_LOCALE || (first === 'ru' && !russianIsAvailable)) {
    const rest = pathname.slice(first.length + 1) || '/';
    return { location: `${rest}${search}` };
  }
  if (pathname !== '/') return null;
  const available = (l: string | undefined): l is Locale => isLocale(l) && (l !== 'ru' || russianIsAvailable);
  if (available(cookieLocale)) {
    return cookieLocale === DEFAULT_LOCALE ? null : { location: `/${cookieLocale}${search}` };
  }
  const detected = localeFromAcceptLanguage(acceptLanguage, russianIsAvailable);
  if (!detected) return null;
  if (detected === DEFAULT_LOCALE) return null;
  return { location: `/${detected}${search}`, setCookie: detected };
}
