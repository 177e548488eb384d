import type { CurrentCountry } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { readCookie, writeCookie } from '../../state/cookies';

type StoredCountry = Omit<CurrentCountry, 'fromCookie'>;

/** The confirmed country, stored as JSON {id, name, iso_code} for 180 days (§9 'Current country'). */
export function readCountryCookie(): StoredCountry | null {
  const raw = readCookie(COOKIES.country.name);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCountry>;
    if (typeof value.id === 'number' && typeof value.name === 'string' && typeof value.iso_code === 'string') {
      return { id: value.id, name: value.name, iso_code: value.iso_code };
    }
  } catch {
    /* not ours: ignored, the country is detected again */
  }
  return null;
}

export function writeCountryCookie(country: StoredCountry): void {
  writeCookie(COOKIES.country.name, JSON.stringify({ id: country.id, name: country.name, iso_code: country.iso_code }), COOKIES.country.maxAge);
}
