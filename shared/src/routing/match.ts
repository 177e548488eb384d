import { availableLocales, DEFAULT_LOCALE, isLocale, type Locale, type SiteVariant } from '../i18n/locales';
import { ROUTES, ROUTE_BY_NAME, type RouteDef, type RouteName } from './routes';

export interface RouteMatch {
  name: RouteDef['name'];
  def: RouteDef;
  locale: Locale;
  params: Record<string, string>;
  /** The path without the locale prefix, always starting with '/'. */
  path: string;
}

export interface LocalePath {
  locale: Locale;
  /** The path without its locale prefix. */
  path: string;
  /** True when the URL named a locale that is not offered (ru without russianIsAvailable, de on the Chinese-region site). */
  unavailableLocale: boolean;
}

/** Splits '/en/visa' into en + '/visa'. cn, the default, has no prefix; '/cn/...' is not a valid prefix. */
export function splitLocale(pathname: string, russianIsAvailable: boolean, variant: SiteVariant = 'base'): LocalePath {
  const clean = normalisePath(pathname);
  const first = clean.split('/')[1] ?? '';
  if (isLocale(first) && first !== DEFAULT_LOCALE) {
    const rest = clean.slice(first.length + 1) || '/';
    return { locale: first, path: rest, unavailableLocale: !availableLocales(russianIsAvailable, variant).includes(first) };
  }
  return { locale: DEFAULT_LOCALE, path: clean, unavailableLocale: false };
}

export function normalisePath(pathname: string): string {
  let p = pathname.split('?')[0]!.split('#')[0]!;
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function patternFor(def: RouteDef, locale: Locale): string {
  if (locale === 'cn' && def.paths.cn) return def.paths.cn;
  if (locale === 'de' && def.paths.de) return def.paths.de;
  return def.paths.base;
}

interface Segment { literal?: string; param?: string; kind?: 'one' | 'optional' | 'rest'; numberedSuffix?: boolean }

const parsed = new Map<string, Segment[]>();
function parse(pattern: string): Segment[] {
  const cached = parsed.get(pattern);
  if (cached) return cached;
  const segs = pattern.split('/').filter(Boolean).map<Segment>((s) => {
    const m = /^:(\w+)(\(-\\d\+\))?([?*])?$/.exec(s);
    if (!m) return { literal: s };
    return { param: m[1], numberedSuffix: Boolean(m[2]), kind: m[3] === '?' ? 'optional' : m[3] === '*' ? 'rest' : 'one' };
  });
  parsed.set(pattern, segs);
  return segs;
}

const NUMBERED = /^.+-\d+$/;

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const segs = parse(pattern);
  const parts = path.split('/').filter(Boolean).map((p) => safeDecode(p));
  const params: Record<string, string> = {};
  let i = 0;
  for (const seg of segs) {
    if (seg.literal !== undefined) {
      if (parts[i] !== seg.literal) return null;
      i += 1;
    } else if (seg.kind === 'rest') {
      params[seg.param!] = parts.slice(i).join('/');
      i = parts.length;
    } else if (seg.kind === 'optional') {
      if (parts[i] !== undefined) { params[seg.param!] = parts[i]!; i += 1; }
    } else {
      const value = parts[i];
      if (value === undefined) return null;
      if (seg.numberedSuffix && !NUMBERED.test(value)) return null;
      params[seg.param!] = value;
      i += 1;
    }
  }
  return i === parts.length ? params : null;
}

function safeDecode(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** Finds the route for a full pathname (with or without locale prefix). Null means 'Page not found: {path}'. */
export function matchRoute(pathname: string, opts: { russianIsAvailable: boolean; variant?: SiteVariant; routes?: readonly RouteDef[] }): RouteMatch | null {
  const { locale, path, unavailableLocale } = splitLocale(pathname, opts.russianIsAvailable, opts.variant);
  if (unavailableLocale) return null;
  for (const def of opts.routes ?? ROUTES) {
    const params = matchPattern(patternFor(def, locale), path);
    if (params) return { name: def.name, def, locale, params, path };
  }
  return null;
}

/** Builds the localized URL path of a route: buildPath('visa-page', {}, 'de') === '/de/visum'. */
export function buildPath(name: RouteName, params: Record<string, string | number | undefined>, locale: Locale): string {
  return pathOf(ROUTE_BY_NAME[name], params, locale);
}

function pathOf(def: RouteDef, params: Record<string, string | number | undefined>, locale: Locale): string {
  const { name } = def;
  const segs = parse(patternFor(def, locale));
  const out: string[] = [];
  for (const seg of segs) {
    if (seg.literal !== undefined) out.push(seg.literal);
    else {
      const v = params[seg.param!];
      if (v === undefined || v === '') {
        if (seg.kind === 'one') throw new Error(`Route ${name} needs parameter ${seg.param}`);
        continue;
      }
      out.push(seg.kind === 'rest' ? String(v).split('/').map(encodeURIComponent).join('/') : encodeURIComponent(String(v)));
    }
  }
  const path = `/${out.join('/')}`;
  return withLocale(path, locale);
}

/**
 * A route's URL with a query, as `HostContext.href` gives it: buildHref('tours', { slug: 'tours' }, 'en', { query: 'baikal' })
 * === '/en/tours?query=baikal'. Undefined and empty query values are left out.
 */
export function buildHref(
  name: RouteName,
  params: Record<string, string | number | undefined>,
  locale: Locale,
  query?: Record<string, string | number | undefined>,
): string {
  const path = buildPath(name, params, locale);
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The query of a URL as the store keeps it (`queryAtom`): a repeated key becomes a list. */
export function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export function withLocale(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The same page in another locale, for the language switcher and hreflang links. */
export function switchLocalePath(match: RouteMatch, target: Locale): string {
  try {
    return pathOf(match.def, match.params, target);
  } catch {
    return withLocale('/', target);
  }
}
