import { LOCALE_INFO, type Locale } from '../i18n/locales';

/*
 * The names of the headers the API reads, defined once for the front ends, the widgets and the API (which imports this
 * file by path; node lower-cases what it receives, so the API compares the lower-case form). The captcha headers are in
 * captcha.ts beside their protocol.
 */
export const LANGUAGE_HEADER = 'X-Language';
export const LOCALIZATION_HEADER = 'X-Localization';
export const CURRENCY_HEADER = 'X-Currency';
export const USER_ROLE_HEADER = 'X-USER-ROLE';
/** `Bearer {token}`: a traveller's or a staff member's session (accounts-and-comms §7). */
export const AUTHORIZATION_HEADER = 'X-Authorization';
/** A submit's exactly-once key: the same for every resend of one submit (8–128 of [A-Za-z0-9._:-]). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The session header of a call made with a token (staff calls, a file fetched outside the client). */
export function authorizationHeader(token: string): Record<string, string> {
  return { [AUTHORIZATION_HEADER]: `Bearer ${token}` };
}

export interface HeaderInputs { locale: Locale; currency: string; token?: string | null; localizationId?: number }

/** The common headers every call sends (public-site §7.1, accounts-and-comms §7). */
export function commonHeaders({ locale, currency, token, localizationId }: HeaderInputs): Record<string, string> {
  const info = LOCALE_INFO[locale];
  const headers: Record<string, string> = {
    [LANGUAGE_HEADER]: info.iso,
    [LOCALIZATION_HEADER]: String(localizationId ?? info.localizationId),
    [CURRENCY_HEADER]: currency,
    [USER_ROLE_HEADER]: 'client',
  };
  return token ? { ...headers, ...authorizationHeader(token) } : headers;
}
