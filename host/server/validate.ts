import { LOCALE_INFO, type Locale } from '@tours/shared/src/i18n/locales';

/**
 * Route validation of a search slug (§2.1) through the API's /spa/validate-slug. When the API cannot be
 * reached the page is served (200) and the client decides: an outage must not turn pages into 404s.
 */
export async function validateSearchSlug(apiUrl: string, slug: string, locale: Locale, timeoutMs = 1500): Promise<boolean> {
  if (!/^[\p{L}\p{N}-]{1,120}$/u.test(slug)) return false;
  try {
    const res = await fetch(`${apiUrl}/spa/validate-slug?slug=${encodeURIComponent(slug)}`, {
      headers: { 'X-Language': LOCALE_INFO[locale].iso, 'X-USER-ROLE': 'client' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 404 || res.status === 422) return false;
    if (!res.ok) return true;
    const body = (await res.json()) as { result?: { valid?: boolean } | boolean };
    const result = body.result;
    return typeof result === 'boolean' ? result : result?.valid !== false;
  } catch {
    return true;
  }
}
