/**
 * The tour search filter (public-site §3.1) and its normalisation and serialisation (§5.4).
 * Pure functions: the URL is the source of truth, so parse → normalise → serialise must round-trip.
 */
export const FILTER_LIMITS = { priceMax: 200000, pricePerDayMax: 30000, daysMax: 20, minAgeMax: 17 } as const;
export const SORTS = ['default', 'price', '-price'] as const;
export type Sort = (typeof SORTS)[number];
export const OPERATOR_TYPE_VALUES = ['any', 'organization', 'author'] as const;
export type OperatorType = (typeof OPERATOR_TYPE_VALUES)[number];

export interface TourFilter {
  slug: string | null;
  organizer: number | null;
  accommodation: string[];
  comfort: number[];
  difficulty: number[];
  maxGroupSize: number | null;
  priceMin: number;
  priceMax: number;
  pricePerDayMin: number;
  pricePerDayMax: number;
  minAge: number | null;
  dateFrom: string;
  dateTo: string;
  daysMin: number;
  daysMax: number;
  restKinds: number[];
  cities: number[];
  regions: number[];
  countries: number[];
  collections: number[];
  languages: string[];
  showplace: number[];
  continent: number | null;
  isCruisesSearch: boolean;
  cruisesType: number[];
  cruisesStartCity: number[];
  ships: number[];
  waterObject: number[];
  onlyReturningCruises: boolean;
  placeName: string;
  /** Full-text search (the search page's text field); not in §3.1's list, which leaves the text search's field open. */
  query: string;
  radius: number;
  lat: number;
  lng: number;
  page: number;
  sort: Sort;
  isAuthorTourSearch: boolean;
  operatorType: OperatorType | null;
  type: number | null;
}

export const DEFAULT_FILTER: Readonly<TourFilter> = Object.freeze({
  slug: null,
  organizer: null,
  accommodation: [],
  comfort: [],
  difficulty: [],
  maxGroupSize: null,
  priceMin: 0,
  priceMax: 0,
  pricePerDayMin: 0,
  pricePerDayMax: 0,
  minAge: null,
  dateFrom: '',
  dateTo: '',
  daysMin: 0,
  daysMax: 0,
  restKinds: [],
  cities: [],
  regions: [],
  countries: [],
  collections: [],
  languages: [],
  showplace: [],
  continent: null,
  isCruisesSearch: false,
  cruisesType: [],
  cruisesStartCity: [],
  ships: [],
  waterObject: [],
  onlyReturningCruises: false,
  placeName: '',
  query: '',
  radius: 0,
  lat: 0,
  lng: 0,
  page: 1,
  sort: 'default',
  isAuthorTourSearch: false,
  operatorType: null,
  type: null,
});

const NUMERIC_LISTS = ['comfort', 'difficulty', 'restKinds', 'cities', 'regions', 'countries', 'collections', 'showplace', 'cruisesType', 'cruisesStartCity', 'ships', 'waterObject'] as const;
const STRING_LISTS = ['accommodation', 'languages'] as const;
const BOOLEANS = ['isCruisesSearch', 'onlyReturningCruises', 'isAuthorTourSearch'] as const;
const NULLABLE_NUMBERS = ['organizer', 'maxGroupSize', 'continent', 'type'] as const;
const NUMBERS = ['radius', 'lat', 'lng'] as const;
const STRINGS = ['dateFrom', 'dateTo', 'placeName', 'query'] as const;

/** Query-form aliases (§3.1): city → cities, region → regions, shipId → ships; the organizer is organizerId. */
export const QUERY_ALIASES: Readonly<Record<string, keyof TourFilter>> = { city: 'cities', region: 'regions', shipId: 'ships', organizerId: 'organizer' };

export type RawQuery = Record<string, unknown>;

/** Boolean fields accept 'true', true, 1 or '1' (§5.4). */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function toList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((v) => toList(v));
  if (typeof value === 'string' && value.includes(',')) return value.split(',').filter(Boolean);
  return [value];
}

export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Numeric list fields drop values that are not numbers. */
export function numericList(value: unknown): number[] {
  return [...new Set(toList(value).map(toNumber).filter((n): n is number => n !== null))];
}

/**
 * Normalises any input (a URL query, a partial filter) into a full filter (§5.4):
 * prices 0..200000, per-day 0..30000, days 0..20, minAge 0..17 (else 0), page ≥ 1, sort default.
 */
export function normaliseFilter(input: RawQuery): TourFilter {
  const raw: RawQuery = {};
  for (const [key, value] of Object.entries(input)) raw[QUERY_ALIASES[key] ?? key] = value;
  const f: TourFilter = { ...DEFAULT_FILTER, accommodation: [], comfort: [], difficulty: [], restKinds: [], cities: [], regions: [], countries: [], collections: [], languages: [], showplace: [], cruisesType: [], cruisesStartCity: [], ships: [], waterObject: [] };

  f.slug = typeof raw.slug === 'string' && raw.slug ? raw.slug : null;
  for (const key of NUMERIC_LISTS) f[key] = numericList(raw[key]);
  for (const key of STRING_LISTS) f[key] = [...new Set(toList(raw[key]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  for (const key of BOOLEANS) f[key] = toBool(raw[key]);
  for (const key of NULLABLE_NUMBERS) f[key] = toNumber(raw[key]);
  for (const key of NUMBERS) f[key] = toNumber(raw[key]) ?? 0;
  for (const key of STRINGS) f[key] = typeof raw[key] === 'string' ? (raw[key] as string) : '';
  f.query = f.query.trim().slice(0, 100);

  const num = (v: unknown) => toNumber(v) ?? 0;
  f.priceMin = clamp(num(raw.priceMin), 0, FILTER_LIMITS.priceMax);
  f.priceMax = clamp(num(raw.priceMax), 0, FILTER_LIMITS.priceMax);
  f.pricePerDayMin = clamp(num(raw.pricePerDayMin), 0, FILTER_LIMITS.pricePerDayMax);
  f.pricePerDayMax = clamp(num(raw.pricePerDayMax), 0, FILTER_LIMITS.pricePerDayMax);
  f.daysMin = clamp(num(raw.daysMin), 0, FILTER_LIMITS.daysMax);
  f.daysMax = clamp(num(raw.daysMax), 0, FILTER_LIMITS.daysMax);
  const minAge = toNumber(raw.minAge);
  f.minAge = raw.minAge === undefined || raw.minAge === null || raw.minAge === '' ? null : minAge !== null && Number.isInteger(minAge) && minAge >= 0 && minAge <= FILTER_LIMITS.minAgeMax ? minAge : 0;
  f.page = Math.max(1, Math.floor(num(raw.page)) || 1);
  f.sort = (SORTS as readonly unknown[]).includes(raw.sort) ? (raw.sort as Sort) : 'default';
  f.operatorType = (OPERATOR_TYPE_VALUES as readonly unknown[]).includes(raw.operatorType) ? (raw.operatorType as OperatorType) : null;
  return f;
}

/** The query form of a filter (§5.4): what is empty or at its default or limit is left out; booleans are 0/1. */
export function serialiseFilter(filter: TourFilter): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const put = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '' || value === 0) return;
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.map(String);
      return;
    }
    if (typeof value === 'boolean') {
      if (value) out[key] = '1';
      return;
    }
    out[key] = String(value);
  };
  for (const [key, value] of Object.entries(filter) as [keyof TourFilter, unknown][]) {
    if (key === 'slug') continue; // the slug is the path, not the query
    if (key === 'priceMax' && (value as number) >= FILTER_LIMITS.priceMax) continue;
    if (key === 'pricePerDayMax' && (value as number) >= FILTER_LIMITS.pricePerDayMax) continue;
    if (key === 'daysMax' && (value as number) >= FILTER_LIMITS.daysMax) continue;
    if (key === 'page' && (value as number) <= 1) continue;
    if (key === 'operatorType' && value === 'any') continue;
    if (key === 'sort' && value === 'default') continue;
    if (key === 'type' && value === 1) continue;
    if (key === 'minAge' && value === 0) { out.minAge = '0'; continue; }
    put(key === 'organizer' ? 'organizerId' : key, value);
  }
  return out;
}

/** A URL query string of the filter, keys sorted so equal filters give equal URLs. */
export function filterToSearch(filter: TourFilter): string {
  const params = new URLSearchParams();
  const q = serialiseFilter(filter);
  for (const key of Object.keys(q).sort()) {
    const v = q[key]!;
    if (Array.isArray(v)) for (const item of v) params.append(key, item);
    else params.set(key, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Reads a URL query (URLSearchParams or a parsed object with repeated keys as arrays) into a filter. */
export function filterFromSearch(search: string | URLSearchParams | Record<string, string | string[]>, slug?: string | null): TourFilter {
  const raw: RawQuery = {};
  if (typeof search === 'string' || search instanceof URLSearchParams) {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      raw[key] = all.length > 1 ? all : all[0];
    }
  } else Object.assign(raw, search);
  if (slug !== undefined) raw.slug = slug;
  return normaliseFilter(raw);
}
