import { LANGUAGE_HEADER, USER_ROLE_HEADER } from '@tours/shared/src/api/headers';
import { LOCALE_INFO, type Locale } from '@tours/shared/src/i18n/locales';
import { REQUEST_UUID_RE } from '@tours/shared/src/api/schemas/requests';
import { ORGANIZER_MEET_KEY_RE } from '@tours/shared/src/api/schemas/organizer-meet';
import { imageOf } from '@tours/shared/src/domain/tour-card';
import { askApi, definitelyNotFound, type ApiTarget } from './api-call';

/**
 * A route check's verdict. Only a definite answer counts: 404/410/422 → 'invalid' (a real 404), 2xx → its verdict.
 * Anything else — unreachable, slower than the timeout, 5xx, 429 (the API limiting the host), a 401/403 (a secret
 * mismatch) — is 'unavailable' and the page is a 503: an outage turns neither into 404s nor into soft-404 200s.
 */
export type RouteCheck = 'valid' | 'invalid' | 'unavailable';

const headers = (locale: Locale) => ({ [LANGUAGE_HEADER]: LOCALE_INFO[locale].iso, [USER_ROLE_HEADER]: 'client' });

/** The region of the reviews page (/reviews/{region}) through /spa/reviews, which answers 404 for an unknown region. */
export async function validateReviewRegion(api: ApiTarget, region: string, locale: Locale): Promise<RouteCheck> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(region) || region.length > 120) return 'invalid';
  const res = await askApi(api, `/spa/reviews?region=${encodeURIComponent(region)}&limit=1`, headers(locale));
  if (res && definitelyNotFound(res.status)) return 'invalid';
  return res?.ok ? 'valid' : 'unavailable';
}

/** A search slug's check with the place it names (kind and name: the search page's title), for the page's first screen (issue 33). */
export interface SearchSlugCheck { verdict: RouteCheck; place?: { kind: string; name: string } }

/** Route validation of a search slug (§2.1) through the API's /spa/validate-slug. */
export async function checkSearchSlug(api: ApiTarget, slug: string, locale: Locale): Promise<SearchSlugCheck> {
  if (!/^[\p{L}\p{N}-]{1,120}$/u.test(slug)) return { verdict: 'invalid' };
  const res = await askApi(api, `/spa/validate-slug?slug=${encodeURIComponent(slug)}`, headers(locale));
  if (res && definitelyNotFound(res.status)) return { verdict: 'invalid' };
  if (!res?.ok) return { verdict: 'unavailable' };
  const body = (await res.json().catch(() => ({}))) as { result?: { valid?: boolean; kind?: unknown; name?: unknown } | boolean };
  const result = body.result;
  const valid = typeof result === 'boolean' ? result : result?.valid !== false;
  if (!valid) return { verdict: 'invalid' };
  const place = typeof result === 'object' && typeof result.kind === 'string' && typeof result.name === 'string' ? { kind: result.kind, name: result.name } : undefined;
  return place ? { verdict: 'valid', place } : { verdict: 'valid' };
}

/** A blog article (/blog/{slug}-{id}) through /spa/blog-post, which answers 404 for an unknown or mismatched slug. */
export async function validateBlogArticle(api: ApiTarget, slug: string, locale: Locale): Promise<RouteCheck> {
  if (!/^[\p{L}\p{N}-]{1,200}$/u.test(slug)) return 'invalid';
  const res = await askApi(api, `/spa/blog-post?slug=${encodeURIComponent(slug)}&similar_limit=0`, headers(locale));
  if (res && definitelyNotFound(res.status)) return 'invalid';
  return res?.ok ? 'valid' : 'unavailable';
}

/** A blog category (/blog/{category}) through /spa/blog-posts, which answers 404 for an unknown one. */
export async function validateBlogCategory(api: ApiTarget, slug: string, locale: Locale): Promise<RouteCheck> {
  if (!/^[\p{L}\p{N}-]{1,120}$/u.test(slug)) return 'invalid';
  const res = await askApi(api, `/spa/blog-posts?slug=${encodeURIComponent(slug)}&per-page=1`, headers(locale));
  if (res && definitelyNotFound(res.status)) return 'invalid';
  return res?.ok ? 'valid' : 'unavailable';
}

/** The order page's check with what it learned: the tour's image, which the host paints as the page's first screen (issue 33). */
export interface OrderTourCheck { verdict: RouteCheck; image?: string }

/** The tour of the order page (/tour/{id}/order) through /spa/tour-for-request: unknown, unpublished or not a number is a 404 (issue 29). */
export async function checkOrderTour(api: ApiTarget, id: string, locale: Locale, o: { excursionsEnabled?: boolean } = {}): Promise<OrderTourCheck> {
  // The screen's own rule for the id (mfe-booking RequestPage): anything else never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(id)) return { verdict: 'invalid' };
  const res = await askApi(api, `/spa/tour-for-request?id=${id}&format=main&site_id=1`, headers(locale));
  if (res && definitelyNotFound(res.status)) return { verdict: 'invalid' };
  if (!res?.ok) return { verdict: 'unavailable' };
  // The body is read within the same deadline; one that does not come or is not JSON only costs the first screen.
  const body = (await res.json().catch(() => null)) as { type_name?: string; image?: unknown } | null;
  // excursionsEnabled=false (issue 32): an excursion cannot be booked, its order page is a 404.
  if (o.excursionsEnabled === false && body?.type_name === 'EXCURSION') return { verdict: 'invalid' };
  const image = typeof body?.image === 'string' ? imageOf(body.image) : null;
  return image ? { verdict: 'valid', image } : { verdict: 'valid' };
}

/**
 * A request's link (/arrival/{uuid}, /order/{uuid}/add-tourists) through /crm/api/request/get-by-uuid: a uuid that
 * names no request is a 404 (issue 29). The uuid is the link's secret (122 random bits); the answer is read for its
 * status only and goes nowhere.
 */
export async function validateRequestUuid(api: ApiTarget, uuid: string, locale: Locale): Promise<RouteCheck> {
  if (!REQUEST_UUID_RE.test(uuid)) return 'invalid';
  const res = await askApi(api, `/crm/api/request/get-by-uuid?uuid=${uuid}`, headers(locale));
  if (res && definitelyNotFound(res.status)) return 'invalid';
  return res?.ok ? 'valid' : 'unavailable';
}

/** An organizer-meet link (/organizer-meet/{key}) through its data call: a wrong, malformed or expired key is a 404 (issue 29). */
export async function validateOrganizerMeetKey(api: ApiTarget, key: string, locale: Locale): Promise<RouteCheck> {
  if (!ORGANIZER_MEET_KEY_RE.test(key)) return 'invalid';
  const res = await askApi(api, `/spa/contract-organizer-meet-data?key=${key}`, headers(locale));
  if (res && definitelyNotFound(res.status)) return 'invalid';
  return res?.ok ? 'valid' : 'unavailable';
}
