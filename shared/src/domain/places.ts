/**
 * A place on the map (public-site §3.5 'Meeting place: gathering_place, lat, lng', §9 'Map: default zoom 10'): whether
 * its coordinates name a real place, how people read them, and the maps service's page of it. The tour page's map
 * (mfe-tour) and the meet page (mfe-booking) use them.
 */
export const DEFAULT_MAP_ZOOM = 10;

export interface MapPlace { name: string; lat: number; lng: number; zoom?: number }

/** Real coordinates: finite, within range, and not 0,0 (a place left unset). */
export function isValidPlace(p: Pick<MapPlace, 'lat' | 'lng'>): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180 && !(p.lat === 0 && p.lng === 0);
}

/** Coordinates as people read them: latitude first, 5 decimals. */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** 'Open in maps': the place in the maps service, in a new tab. */
export function openInMapsUrl(p: Pick<MapPlace, 'lat' | 'lng' | 'zoom'>): string {
  const ll = `${p.lng},${p.lat}`;
  return `https://yandex.com/maps/?${new URLSearchParams({ ll, z: String(p.zoom ?? DEFAULT_MAP_ZOOM), pt: ll, l: 'map' }).toString()}`;
}
