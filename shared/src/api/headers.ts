import { LOCALE_INFO, type Locale } from '../i18n/locales';

export interface HeaderInputs { locale: Locale; currency: string; token?: string | null; localizationId?: number }

/** The common headers every call sends (public-site §7.1, accounts-and-comms §7). */
export function commonHeaders({ locale, currency, token, localizationId }: HeaderInputs): Record<string, string> {
  const info = LOCALE_INFO[locale];
  const headers: Record<string, string> = {
    'X-Language': info.iso,
    'X-Localization': String(localizationId ?? info.localizationId),
    'X-Currency': currency,
    'X-USER-ROLE': 'client',
  };
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  return headers;
}
