import { LOCALE_INFO, type Locale } from '@tours/shared/src/i18n/locales';

/** GET with the API's headers; the answer, or null when the API cannot be reached in time. */
async function ask(url: string, locale: Locale, timeoutMs: number): Promise<Response | null> {
  try {
    return await fetch(url, { headers: { 'X-Language': LOCALE_INFO[locale].iso, 'X-USER-ROLE': 'client' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return null;
  }
}

/**
 * The region of the reviews page (/reviews/{region}) through /spa/reviews, which answers 404 for an unknown
 * region. As with search slugs, an API that cannot answer leaves the decision to the client.
 */
export async function validateReviewRegion(apiUrl: string, region: string, locale: Locale, timeoutMs = 1500): Promise<boolean> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(region) || region.length > 120) return false;
  const res = await ask(`${apiUrl}/spa/reviews?region=${encodeURIComponent(region)}&limit=1`, locale, timeoutMs);
  return res?.status !== 404 && res?.status !== 422;
}

/**
 * Route validation of a search slug (§2.1) through the API's /spa/validate-slug. When the API cannot be
 * reached the page is served (200) and the client decides: an outage must not turn pages into 404s.
 */
export async function validateSearchSlug(apiUrl: string, slug: string, locale: Locale, timeoutMs = 1500): Promise<boolean> {
  if (!/^[\p{L}\p{N}-]{1,120}$/u.test(slug)) return false;
  const res = await ask(`${apiUrl}/spa/validate-slug?slug=${encodeURIComponent(slug)}`, locale, timeoutMs);
  if (res?.status === 404 || res?.status === 422) return false;
  if (!res?.ok) return true;
  const body = (await res.json().catch(() => ({}))) as { result?: { valid?: boolean } | boolean };
  const result = body.result;
  return typeof result === 'boolean' ? result : result?.valid !== false;
}
