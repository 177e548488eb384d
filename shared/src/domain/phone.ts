/**
 * The phone input's rules (public-site §5.2, §4.13 'Phone input'):
 * - at most 18 characters; letter keys are blocked; the country code prefix cannot be deleted;
 * - for country RU a leading '+8' becomes '8' (the national trunk prefix, read as +7);
 * - the number is checked with libphonenumber-js once it is loaded: invalid → 'Incorrect phone number'
 *   (input_phone.validation); a number of another country → 'This number belongs to {country}.' with a
 *   confirm button; choosing a country resets the number to that country's code.
 *
 * libphonenumber-js and its metadata (≈ 40 KB gzip) are loaded on first use with a dynamic import, never with
 * the page or widget bundle: `loadPhoneLib()` when the field is first focused, `phoneLib()` afterwards.
 * Everything else here is pure and works without it.
 */
import type { CountryCode } from 'libphonenumber-js/min';

export const PHONE_MAX_LENGTH = 18;
/** Catalogue keys (forms.json). */
export const PHONE_MESSAGE_IDS = {
  invalid: 'forms.phone.invalid', // 'Incorrect phone number' (input_phone.validation)
  mismatch: 'forms.phone.mismatch', // 'This number belongs to {country}.' (input_phone.country_missmatch_hint)
  confirm: 'forms.phone.confirm',
  country: 'forms.phone.country',
  useCode: 'forms.phone.useCode',
} as const;

export type PhoneLib = typeof import('libphonenumber-js/min');
export type { CountryCode };

let loading: Promise<PhoneLib> | null = null;
let loaded: PhoneLib | null = null;

/** Loads libphonenumber-js with its metadata (once; a failed load may be retried). */
export function loadPhoneLib(): Promise<PhoneLib> {
  if (!loading) {
    loading = import('libphonenumber-js/min').then(
      (lib) => (loaded = lib),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/** The library when it has been loaded, else null. */
export function phoneLib(): PhoneLib | null {
  return loaded;
}

/** Letter keys are blocked (§5.2): a single-character key that is a letter. */
export function isBlockedPhoneKey(key: string): boolean {
  return [...key].length === 1 && /\p{L}/u.test(key);
}

/** Drops letters and other symbols, collapses spaces, keeps a '+' only in front, cuts to 18 characters. */
export function sanitisePhone(raw: string): string {
  const kept = raw.replace(/[^\d\s()+-]/g, '').replace(/\s+/g, ' ').replace(/^ /, '');
  const plus = kept.startsWith('+');
  return `${plus ? '+' : ''}${kept.replace(/\+/g, '')}`.slice(0, PHONE_MAX_LENGTH);
}

/** How the field changed: typed or pasted in ('insert'), deleted or cut ('delete'), or not known (no input type). */
export type PhoneEdit = 'insert' | 'delete' | 'unknown';

/** The edit of an input event's `inputType` ('insertText', 'insertFromPaste', 'deleteContentBackward' …). */
export function phoneEditOf(inputType: string | undefined): PhoneEdit {
  return inputType?.startsWith('insert') ? 'insert' : inputType?.startsWith('delete') ? 'delete' : 'unknown';
}

/**
 * The field's next value after an edit, for the selected country and its calling code (unknown before the
 * library loads): RU '+8' → '8'; the '+{code}' prefix is restored when the edit cut into it; bare digits get it
 * in front. A value with another '+code' is kept: the mismatch hint offers that country.
 */
export function applyPhoneInput(raw: string, country: string | null, callingCode: string | null, how: PhoneEdit = 'unknown'): string {
  let value = sanitisePhone(raw);
  if (country === 'RU' && value.startsWith('+8')) value = value.slice(1);
  if (country === 'RU' && value.startsWith('8')) return value;
  if (!callingCode) return value;
  const prefix = `+${callingCode}`;
  if (value.startsWith(prefix)) return value;
  // A '+' typed (not deleted to) starts an international number of its own, kept as typed so the mismatch hint can
  // name its country (issue 29: '+44…' typed over the selected +1 had become '+1442…', the hint shown only on paste).
  if (how === 'insert' && value.startsWith('+')) return value;
  const compact = value.replace(/[\s()-]/g, '');
  if (compact === '' || prefix.startsWith(compact)) return prefix;
  if (value.startsWith('+')) return value;
  const digits = value.replace(/\D/g, '');
  return (digits.startsWith(callingCode) ? `+${value}` : `${prefix} ${value}`).slice(0, PHONE_MAX_LENGTH);
}

/** The value to send and to check: RU national '8XXXXXXXXXX' becomes '+7XXXXXXXXXX'; spaces are trimmed. */
export function normalisePhone(value: string, country: string | null): string {
  const v = value.trim();
  const digits = v.replace(/\D/g, '');
  if (country === 'RU' && !v.startsWith('+') && digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`;
  return v;
}

/**
 * A phone field holding nothing but a country code ('+', '+7', '+49', '+358': calling codes have 1–3 digits) is
 * empty: the phone input writes the selected country's code (and a space) into an empty field. Anything typed after
 * the code ('+7 9') is a number, for the phone rule to check.
 */
export function isBlankPhone(value: string): boolean {
  return /^\+?\d{0,3}$/.test(value.trim());
}

/** A phone as the calls take it: '+' and its digits (RU national '8XXXXXXXXXX' as '+7XXXXXXXXXX'); '' without digits. */
export function phoneToSend(value: string, country: string | null = null): string {
  const digits = normalisePhone(value, country).replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/** True when the value holds nothing but the '+code' prefix (or nothing at all). */
export function isPrefixOnly(value: string, callingCode: string | null): boolean {
  const compact = value.replace(/[\s()-]/g, '');
  return compact === '' || compact === '+' || (callingCode !== null && compact === `+${callingCode}`);
}

export function callingCodeOf(lib: PhoneLib, country: string): string | null {
  return lib.isSupportedCountry(country) ? lib.getCountryCallingCode(country) : null;
}

/** The country an international number belongs to, as far as typed ('+7 701…' is KZ, '+7 916…' RU). */
export function detectPhoneCountry(lib: PhoneLib, value: string): CountryCode | null {
  if (!value.trim().startsWith('+')) return null;
  const typing = new lib.AsYouType();
  typing.input(value);
  return typing.getCountry() ?? null;
}

/** The detected country when it differs from the selected one (the mismatch hint), else null. */
export function phoneCountryMismatch(lib: PhoneLib, value: string, selected: string | null): CountryCode | null {
  const detected = detectPhoneCountry(lib, value);
  return detected && detected !== selected ? detected : null;
}

/** A complete, valid number (international, or national for the selected country). */
export function isValidPhone(lib: PhoneLib, value: string, country: string | null): boolean {
  const v = normalisePhone(value, country);
  const defaultCountry = country && lib.isSupportedCountry(country) ? country : undefined;
  try {
    return lib.isValidPhoneNumber(v, defaultCountry);
  } catch {
    return false;
  }
}

const LOCALE_COUNTRY: Readonly<Record<string, string>> = { ru: 'RU', de: 'DE', cn: 'CN', zh: 'CN', en: 'US' };

/** The country a phone field starts with: the region of the browser's first language tag, else the locale's. */
export function defaultPhoneCountry(locale: string, languages: readonly string[] = []): string {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}[-_](?:[A-Za-z]{4}[-_])?([A-Za-z]{2})\b/.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return LOCALE_COUNTRY[locale] ?? 'US';
}

/** A country's name in the UI language (Intl.DisplayNames), falling back to its code. */
export function countryName(code: string, locale: string): string {
  try {
    const names = new Intl.DisplayNames([locale === 'cn' ? 'zh-CN' : locale], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A country of the phone input's list: its code, its name in the page's language and its calling code. */
export interface PhoneCountryOption {
  code: string;
  name: string;
  callingCode: string;
}

/** What the country search offers: countries, or, for digits no country's code starts with, that code itself. */
export type PhoneCountryMatch = { kind: 'country'; country: PhoneCountryOption } | { kind: 'code'; callingCode: string };

/**
 * The country search of §5.2: a query of digits only (a leading '+' allowed) searches by calling code, exact codes
 * first; when no code starts with those digits, the one offer is 'use code +X'. Any other query searches the
 * names (case- and accent-insensitive, anywhere in the name, names that start with it first). An empty query
 * lists every country.
 */
export function matchPhoneCountries(countries: readonly PhoneCountryOption[], query: string): PhoneCountryMatch[] {
  const q = query.trim();
  if (!q) return countries.map((country) => ({ kind: 'country', country }));
  const digits = /^\+?(\d{1,4})$/.exec(q)?.[1];
  if (/^\+?\d+$/.test(q)) {
    if (!digits) return [];
    const hits = countries.filter((c) => c.callingCode.startsWith(digits));
    if (!hits.length) return [{ kind: 'code', callingCode: digits }];
    const exact = hits.filter((c) => c.callingCode === digits);
    return [...exact, ...hits.filter((c) => c.callingCode !== digits)].map((country) => ({ kind: 'country', country }));
  }
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const needle = fold(q.replace(/^\+/, ''));
  const hits = countries.filter((c) => fold(c.name).includes(needle));
  const first = hits.filter((c) => fold(c.name).startsWith(needle));
  return [...first, ...hits.filter((c) => !fold(c.name).startsWith(needle))].map((country) => ({ kind: 'country', country }));
}
