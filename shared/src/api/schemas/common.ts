/**
 * Building blocks shared by every API schema (public-site §3, §5, §7; accounts-and-comms §3, §7).
 *
 * These files run in the browser and in Node: they import nothing but `superstruct`.
 * - Query schemas: query strings arrive as strings, so numbers and booleans are coerced
 *   (booleans accept 'true', true, 1, '1' per public-site §5.4). Use `create(value, Schema)` to coerce.
 * - Answer schemas use `type()` so extra fields never break a client.
 * - `withMeta` attaches OpenAPI hints (bounds, defaults, union members) that superstruct itself does not keep.
 */
import {
  type Infer,
  Struct,
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  nullable,
  number,
  optional,
  record,
  refine,
  string,
  type,
  union,
  unknown,
} from 'superstruct';

// Struct is invariant in its schema parameter, so "any struct" has to be spelled with `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStruct = Struct<any, any>;

/** OpenAPI hints kept beside a struct (superstruct drops bounds and union members). */
export interface SchemaMeta {
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  members?: AnyStruct[];
  format?: string;
  example?: unknown;
  /** Query parameters arrive as strings; the schema accepts the string form of this type. */
  fromString?: boolean;
}

const META = new WeakMap<object, SchemaMeta>();

/** Attaches OpenAPI hints to a struct and returns the same struct. */
export function withMeta<S extends AnyStruct>(struct: S, meta: SchemaMeta): S {
  META.set(struct, { ...META.get(struct), ...meta });
  return struct;
}

/** The hints attached with `withMeta`, if any. */
export function schemaMeta(struct: AnyStruct): SchemaMeta | undefined {
  return META.get(struct);
}

/** `optional()` that keeps the inner struct's hints. */
export function opt<T, S>(struct: Struct<T, S>): Struct<T | undefined, S> {
  const meta = META.get(struct);
  const out = optional(struct);
  if (meta) META.set(out, meta);
  return out;
}

/** `nullable()` that keeps the inner struct's hints. */
export function nul<T, S>(struct: Struct<T, S>): Struct<T | null, S> {
  const meta = META.get(struct);
  const out = nullable(struct);
  if (meta) META.set(out, meta);
  return out;
}

/** `defaulted()` that keeps hints and records the default. */
export function dflt<T, S>(struct: Struct<T, S>, value: T): Struct<T, S> {
  return withMeta(defaulted(struct, value), { ...META.get(struct), default: value });
}

/**
 * `coerce()` whose condition is a plain type test. superstruct's own condition is a struct checked with `is()`,
 * and every value it does not match (an absent optional field, say) builds a StructError with a stack trace:
 * a third of the API's CPU on /spa/tours went there. `unknown()` as the condition never fails.
 */
export function coerceIf<T, S, C>(struct: Struct<T, S>, test: (value: unknown) => value is C, coercer: (value: C) => unknown): Struct<T, S> {
  return coerce(struct, unknown(), (value) => (test(value) ? coercer(value) : value));
}
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isStringOrNumber = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

/** `union()` that remembers its members for the OpenAPI description. */
export function oneOf<A extends AnyStruct, B extends AnyStruct>(members: [A, B]): Struct<Infer<A> | Infer<B>, null> {
  return withMeta(union(members), { members });
}

const SCALARS = {
  string: { struct: string, test: (v: unknown): v is string => typeof v === 'string' },
  number: { struct: number, test: (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v) },
  integer: { struct: integer, test: (v: unknown): v is number => Number.isInteger(v) },
} as const;
type ScalarName = keyof typeof SCALARS;
type ScalarOf<K extends ScalarName> = K extends 'string' ? string : number;

/**
 * A union of plain scalars (`integer | string`), described like `oneOf` but checked with `typeof`: superstruct's
 * union() builds a StructError, stack trace included, for each member a value does not match, and that was the
 * costliest part of checking a search answer's 200 filter options on every filter change (issue 33).
 */
export function scalarOneOf<K extends ScalarName>(kinds: readonly K[]): Struct<ScalarOf<K>, null> {
  const tests = kinds.map((k) => SCALARS[k].test);
  const described = kinds.join(' | ');
  const struct = new Struct<ScalarOf<K>, null>({
    type: 'union',
    schema: null,
    validator: (value) => tests.some((test) => test(value)) || `Expected a value of type \`${described}\`, but received: ${JSON.stringify(value) ?? String(value)}`,
  });
  return withMeta(struct, { members: kinds.map((k) => SCALARS[k].struct()) });
}

// ---------------------------------------------------------------------------
// Enumerations and constants (public-site §3.3, §9; accounts-and-comms §3, §9)
// ---------------------------------------------------------------------------

/** Content locales of the API. X-Language also accepts ISO tags (en-US, zh-CN, de-DE, ru-RU). */
export const API_LOCALES = ['en', 'cn', 'de', 'ru'] as const;
export type ApiLocale = (typeof API_LOCALES)[number];

/** Site currencies (public-site §3.3). */
export const SITE_CURRENCIES = ['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY'] as const;
/** Extra currencies of the Chinese-region configuration (public-site §9; 'SHF' is spelled as in the spec). */
export const CHINA_REGION_CURRENCIES = ['AED', 'CAD', 'AUD', 'SGD', 'NZD', 'GBP', 'SHF', 'TRY', 'JPY', 'KRW', 'INR'] as const;
/** Every currency the API converts between. */
export const CURRENCY_CODES = [...SITE_CURRENCIES, ...CHINA_REGION_CURRENCIES] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** X-Localization ids: 1 base site, 12 the Chinese-region variant (default currency CNY). */
export const LOCALIZATION_IDS = [1, 12] as const;
export type LocalizationId = (typeof LOCALIZATION_IDS)[number];

export const PHONE_TYPES = ['main', 'additional', 'for_calls_by_code'] as const;
export const SUGGESTION_KINDS = ['cities', 'regions', 'showplaces', 'rest_kinds', 'collections', 'tours', 'water_objects', 'ships'] as const;
export const AUTOCOMPLETE_GROUPS = ['tours', 'rest_kinds', 'collections', 'regions', 'countries', 'world_parts', 'cities', 'showplaces', 'water_objects'] as const;
export const ACCOMMODATION_KINDS = ['camp-site', 'guest-house', 'flat', 'cabin', 'hotel', 'tent', 'train', 'not-set'] as const;
export const DISCOUNT_KINDS = ['early_booking_dates', 'early_booking_days', 'seasonal', 'on_tour_date'] as const;
export const MESSENGERS = ['telegram', 'vk', 'ok', 'whatsapp', 'viber', 'facebook', 'instagram'] as const;
export const REVIEW_TARGETS = ['tour', 'organizer'] as const;
/** Tour type: 1 TOUR, 2 EXCURSION. */
export const TOUR_TYPES = [1, 2] as const;

// ---------------------------------------------------------------------------
// Query field builders
// ---------------------------------------------------------------------------

const INT_RE = /^[+-]?\d{1,20}$/;
const NUM_RE = /^[+-]?(\d{1,20}(\.\d{0,12})?|\.\d{1,12})$/;

function rangeMessage(v: number, min: number, max: number): true | string {
  if (v < min) return `Minimum ${min}`;
  if (v > max) return `Maximum ${max}`;
  return true;
}

/** An integer from the query string, min..max inclusive ('Minimum {min}' / 'Maximum {max}' on failure). */
export function queryInt(min: number, max: number, description?: string): Struct<number, null> {
  const bounded = refine(integer(), 'range', (v) => rangeMessage(v, min, max));
  const s = coerceIf(bounded, isString, (raw) => (INT_RE.test(raw.trim()) ? Number(raw.trim()) : NaN));
  return withMeta(s, { minimum: min, maximum: max, fromString: true, ...(description ? { description } : {}) });
}

/** A decimal number from the query string, min..max inclusive. */
export function queryNumber(min: number, max: number, description?: string): Struct<number, null> {
  const bounded = refine(number(), 'range', (v) => (Number.isFinite(v) ? rangeMessage(v, min, max) : 'Incorrect value'));
  const s = coerceIf(bounded, isString, (raw) => (NUM_RE.test(raw.trim()) ? Number(raw.trim()) : NaN));
  return withMeta(s, { minimum: min, maximum: max, fromString: true, ...(description ? { description } : {}) });
}

/** A boolean from the query string: 'true', true, 1, '1' (and 'false', false, 0, '0', ''). */
export function queryBool(description?: string): Struct<boolean, null> {
  const s = coerceIf(boolean(), isStringOrNumber, (raw) => {
    if (raw === 'true' || raw === '1' || raw === 1) return true;
    if (raw === 'false' || raw === '0' || raw === 0 || raw === '') return false;
    return raw;
  });
  return withMeta(s, { fromString: true, ...(description ? { description } : {}) });
}

/** Control characters (C0, DEL, C1) and lone surrogates: never part of a text a person typed. */
const CONTROL = /[\p{Cc}\p{Cs}]/u;

/**
 * A string of at most `max` characters ('Maximum {max} characters'); optionally a minimum and a pattern.
 * Every text the API takes goes through here, so this is where NUL bytes and other control characters are refused
 * ('Incorrect value'); `multiline` texts (comments) may hold tabs and line breaks.
 */
export function queryString(max: number, options: { min?: number; pattern?: RegExp; description?: string; multiline?: boolean } = {}): Struct<string, null> {
  const { min = 0, pattern, description, multiline } = options;
  const s = refine(string(), 'length', (v) => {
    if (v.length > max) return `Maximum ${max} characters`;
    if (CONTROL.test(multiline ? v.replace(/[\t\n\r]/g, '') : v)) return 'Incorrect value';
    if (v.length < min) return min <= 1 ? 'Required field' : `Minimum ${min} characters`;
    if (pattern && !pattern.test(v)) return 'Incorrect value';
    return true;
  });
  return withMeta(s, {
    maxLength: max,
    ...(min ? { minLength: min } : {}),
    ...(pattern ? { pattern: pattern.source } : {}),
    ...(description ? { description } : {}),
  });
}

/** A currency code (3 letters, case-insensitive) among CURRENCY_CODES. */
export function currencyCode(description?: string): Struct<CurrencyCode, null> {
  const s = coerceIf(
    refine(string(), 'currency', (v) => (CURRENCY_CODES as readonly string[]).includes(v) || 'Incorrect value'),
    isString,
    (raw) => raw.trim().toUpperCase(),
  ) as unknown as Struct<CurrencyCode, null>;
  return withMeta(s, { pattern: '^[A-Za-z]{3}$', description: description ?? `One of ${CURRENCY_CODES.join(', ')}` });
}

/** The largest id: the databases' `integer` (SQLite and PostgreSQL alike) holds 1..2^31-1 safely. */
export const ID_MAX = 2147483647;

/** A positive id from the query string. */
export function queryId(description?: string): Struct<number, null> {
  return queryInt(1, ID_MAX, description);
}

/**
 * An id in a JSON body: an integer 1..ID_MAX ('Minimum 1', 'Maximum 2147483647': 1e308 too); 1.5, '7', null are 'Incorrect value'.
 * Whether the row exists is the handler's check.
 */
export function bodyId(description?: string): Struct<number, null> {
  return withMeta(refine(integer(), 'range', (v) => rangeMessage(v, 1, ID_MAX)), { minimum: 1, maximum: ID_MAX, ...(description ? { description } : {}) });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_RE = /^\+\d{9,}$/;

/** A text field of a JSON body: trimmed; an empty string is 'not given'. Control characters are refused (but line breaks and tabs in a multi-line text). */
export const bodyText = (max: number, description?: string, multiline?: boolean): Struct<string, null> =>
  coerceIf(queryString(max, { ...(description ? { description } : {}), multiline }), isString, (v) => v.trim());

/** '+' then at least 9 digits (§5.1 'phone'); spaces, dashes and brackets are allowed between them; ≤ 18 characters; '' is 'not given'. */
export const bodyPhone = withMeta(
  refine(bodyText(18), 'phone', (v) => v === '' || PHONE_RE.test(v.replace(/[\s()-]/g, '')) || 'Please enter a valid phone number'),
  { maxLength: 18, description: "'+' and at least 9 digits (§5.1), at most 18 characters" },
);

/** An e-mail address ('Please enter a valid e-mail'); '' is 'not given'. */
export const bodyEmail = withMeta(
  refine(bodyText(254), 'email', (v) => v === '' || EMAIL_RE.test(v) || 'Please enter a valid e-mail'),
  { maxLength: 254, format: 'email' },
);

/** Whether a text is an e-mail address in the form bodyEmail accepts. */
export const isEmail = (value: string): boolean => EMAIL_RE.test(value.trim());
/** A phone as stored and compared: '+' and its digits only (spaces, dashes, brackets dropped). */
export const normalPhone = (value: string): string => `+${value.replace(/\D/g, '')}`;

/** An opaque token from the query string (ids of clients, requests, subscribers): letters, digits, '-', '_'. */
export function queryToken(description?: string): Struct<string, null> {
  return queryString(64, { pattern: /^[A-Za-z0-9_-]*$/, ...(description ? { description } : {}) });
}

// ---------------------------------------------------------------------------
// Answer building blocks
// ---------------------------------------------------------------------------

/** The error body of every failed call: a general message, field errors keyed by field name, extra data (captcha). */
export const ErrorBody = type({
  message: string(),
  errors: opt(record(string(), string())),
  data: opt(record(string(), unknown())),
});
export type ErrorBody = Infer<typeof ErrorBody>;

/** Pagination inputs of public-site §3.6. */
export const Pagination = type({
  page: integer(),
  pages: integer(),
  itemsCount: integer(),
  itemsOnPage: integer(),
  pageSize: integer(),
});
export type Pagination = Infer<typeof Pagination>;

/** An image URL with a '{{size}}' path segment: replace it with e.g. '1200x00', or drop it with its slash. */
export const ImageUrl = withMeta(string(), { description: "Image URL with a '{{size}}' segment, e.g. /media/tours/1234-1/{{size}}/image.png" });

export const IdNameSlug = type({ id: integer(), name: string(), slug: string() });
export type IdNameSlug = Infer<typeof IdNameSlug>;

/** Breadcrumb item of public-site §3.6. */
export const Breadcrumb = type({ url: string(), text: string() });

/** Present when some texts of the item are not available in the requested locale and were given in this one. */
export const FallbackLocale = opt(enums(['en']));

export const StringList = array(string());
