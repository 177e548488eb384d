/**
 * The map of the tour page (public-site §2.7 'Map modal', §7.2, §9 'Map: default zoom 10'):
 * 1. the provider of the site settings — Yandex Maps JS API v3 with its official React binding, when
 *    maps_provider is 'yandex' and a token is set;
 * 2. otherwise, or when that cannot load in time, the alternative: an embedded map with a placemark;
 * 3. when no map can load at all (no network, blocked), a clear fallback: the place, its coordinates and an
 *    'Open in maps' link — never an empty box.
 * The map language follows the locale; cn falls back to en (LOCALE_INFO.mapLanguage).
 */
import { DEFAULT_MAP_ZOOM, type MapPlace } from '@tours/shared/domain';

// The place's rules are shared with the meet page (mfe-booking).
export { formatCoordinates, isValidPlace, openInMapsUrl } from '@tours/shared/domain';
export type { MapPlace };

export const DEFAULT_ZOOM = DEFAULT_MAP_ZOOM;
/** How long a map script (or the embed's host) may take before the next option is tried. */
export const MAP_TIMEOUT_MS = 6000;

export type MapStage = 'yandex' | 'embed';

/** The first option to try for these settings. */
export function firstMapStage(settings: { maps_provider: string | null; maps_token: string | null }): MapStage {
  return settings.maps_provider === 'yandex' && settings.maps_token ? 'yandex' : 'embed';
}

export function yandexScriptUrl(token: string, lang: string): string {
  return `https://api-maps.yandex.ru/v3/?apikey=${encodeURIComponent(token)}&lang=${encodeURIComponent(lang)}`;
}

/** The alternative provider: Yandex's embeddable map widget (no key) with a placemark at the place. */
export function embedMapUrl(p: MapPlace, lang: string): string {
  const ll = `${p.lng},${p.lat}`;
  const q = new URLSearchParams({ ll, z: String(p.zoom ?? DEFAULT_ZOOM), pt: `${ll},pm2rdm`, lang });
  return `https://yandex.com/map-widget/v1/?${q.toString()}`;
}


/** Rejects after `ms` unless `promise` settles first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'map'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Whether the embed's host answers at all (an opaque no-cors answer is enough); false on a network error or timeout. */
export async function canReach(url: string, ms = MAP_TIMEOUT_MS, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<boolean> {
  const controller = new AbortController();
  try {
    await withTimeout(fetchImpl(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal }), ms, 'map probe');
    return true;
  } catch {
    controller.abort();
    return false;
  }
}
