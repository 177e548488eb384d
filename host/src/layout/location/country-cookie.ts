import type { CurrentCountry } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { readCookie, writeCookie } from '../../state/cookies';
import { parseCountryCookie } from '../layout-data';

type StoredCountry = Omit<CurrentCountry, 'fromCookie'>;

/** The confirmed country, stored as JSON {id, name, iso_code} for 180 days (§9 'Current country'). */
export function readCountryCookie(): StoredCountry | null {
  return parseCountryCookie(readCookie(COOKIES.country.name));
}

export function writeCountryCookie(country: StoredCountry): void {
  writeCookie(COOKIES.country.name, JSON.stringify({ id: country.id, name: country.name, iso_code: country.iso_code }), COOKIES.country.maxAge);
}
