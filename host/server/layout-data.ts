/**
 * The layout's site data for a page, asked by the host server while it checks the route (issue 33): the header
 * paints with the visitor's country, phones and schedule, and the footer with its links and counts, so nothing moves
 * when the page starts and the browser does not make these calls on a first visit.
 *
 * - Site tokens, social links and statistics are the same for every visitor of a locale: kept LAYOUT_TTL_MS.
 * - Contacts and the schedule depend on the country: kept LAYOUT_TTL_MS per locale and country (a bounded table).
 * - The country comes from the visitor's cookie, else from their address (the API's /spa/country-by-ip, asked with
 *   the address the host decided on, as the proxy forwards it), kept COUNTRY_TTL_MS per address.
 * Staleness: an editor's change of contacts or links shows within LAYOUT_TTL_MS (plus one page, which still gets the
 * older answer while the fresh one is asked for) on every host process; tables are bounded (MAX_KEYS).
 * Nothing here may hold a page up: what has not come within LAYOUT_WAIT_MS is left out and the browser asks for it.
 */
import { createApiClient, type ApiClient } from '@tours/shared/src/api/client';
import { commonHeaders } from '@tours/shared/src/api/headers';
import type { Locale } from '@tours/shared/src/i18n/locales';
import { parseCountryCookie, type LayoutData } from '../src/layout/layout-data';
import { layoutCalls } from '../src/layout/layout-calls';
import { ownCallHeaders, ROUTE_CHECK_TIMEOUT_MS, type ApiTarget } from './api-call';

const LAYOUT_TTL_MS = 60_000;
const LAYOUT_WAIT_MS = 300;
const COUNTRY_TTL_MS = 10 * 60_000;
/** Locales × countries is small; the bound only guards against a flood of made-up country ids. */
const MAX_KEYS = 2000;

interface Entry<T> { at: number; value: Promise<T | undefined> }

/**
 * A small time-bounded table of answers. An answer older than the TTL is still given while a fresh one is asked for
 * (stale while revalidating): only a cold table makes a page wait. A failed answer is not kept (the next page asks
 * again); a failed refresh keeps the older answer until it is asked for again.
 */
export function ttlTable<T>(ttlMs: number, now: () => number) {
  const rows = new Map<string, Entry<T>>();
  const ask = (key: string, load: () => Promise<T>, previous?: Entry<T>): Promise<T | undefined> => {
    if (!previous && rows.size >= MAX_KEYS) rows.delete(rows.keys().next().value as string);
    const value = load().catch(() => {
      if (rows.get(key)?.value === value) {
        if (previous) rows.set(key, previous);
        else rows.delete(key);
      }
      return undefined;
    });
    const entry = { at: now(), value };
    rows.set(key, entry);
    return value;
  };
  return (key: string, load: () => Promise<T>): Promise<T | undefined> => {
    const row = rows.get(key);
    if (!row) return ask(key, load);
    if (now() - row.at >= ttlMs) {
      // The older answer serves this page; the refresh is for the next one.
      void ask(key, load, row);
      return row.value;
    }
    return row.value;
  };
}

export interface LayoutRequest {
  locale: Locale;
  /** The visitor's address as the host decided it (fastify's request.ip, through TRUST_PROXY). */
  ip: string;
  /** The raw country cookie, when the visitor has one. */
  countryCookie?: string;
}

export interface LayoutDataOptions {
  waitMs?: number;
  ttlMs?: number;
  now?: () => number;
}

export function createLayoutData(target: ApiTarget, opts: LayoutDataOptions = {}): (req: LayoutRequest) => Promise<LayoutData> {
  const now = opts.now ?? Date.now;
  const waitMs = opts.waitMs ?? LAYOUT_WAIT_MS;
  const site = ttlTable<Pick<LayoutData, 'siteTokens' | 'socialLinks' | 'info'>>(opts.ttlMs ?? LAYOUT_TTL_MS, now);
  const contacts = ttlTable<Pick<LayoutData, 'contacts' | 'workTime'>>(opts.ttlMs ?? LAYOUT_TTL_MS, now);
  // An address's country changes rarely: kept per address (bounded), so a visitor's next pages do not wait for it.
  const countries = ttlTable<NonNullable<LayoutData['country']>>(COUNTRY_TTL_MS, now);
  const clientFor = (locale: Locale, ip?: string): ApiClient => createApiClient({
    baseUrl: target.apiUrl,
    fetch: target.fetch,
    timeout: target.timeoutMs ?? ROUTE_CHECK_TIMEOUT_MS,
    // The currency does not change these answers; the API needs the header's presence only.
    headers: () => ({ ...commonHeaders({ locale, currency: 'RUB' }), ...ownCallHeaders(target.internalSecret), ...(ip ? { 'X-Forwarded-For': ip } : {}) }),
    logger: { error: () => undefined },
  });

  const siteData = (locale: Locale) => site(locale, async () => {
    const api = clientFor(locale);
    const [siteTokens, socialLinks, info] = await Promise.all([layoutCalls.siteTokens(api), layoutCalls.socialLinks(api), layoutCalls.info(api)]);
    return { siteTokens, socialLinks, info };
  });

  const contactsOf = (locale: Locale, countryId: number) => contacts(`${locale}:${countryId}`, async () => {
    const api = clientFor(locale);
    const [c, workTime] = await Promise.all([layoutCalls.contacts(api, countryId), layoutCalls.workTime(api, countryId)]);
    return { contacts: c, workTime };
  });

  const countryOf = async ({ locale, ip, countryCookie }: LayoutRequest): Promise<LayoutData['country']> => {
    const stored = parseCountryCookie(countryCookie);
    if (stored) return { ...stored, fromCookie: true };
    return countries(`${locale}:${ip}`, async () => {
      return { ...(await layoutCalls.countryByIp(clientFor(locale, ip))), fromCookie: false };
    });
  };

  return async (req) => {
    // One deadline for the whole: a piece not here by then is the browser's to ask for (its answer still fills the
    // table for the next page).
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    const within = <T>(p: Promise<T>) => Promise.race([p, deadline]);
    try {
      const [siteAnswers, country] = await Promise.all([within(siteData(req.locale)), within(countryOf(req))]);
      const perCountry = country ? await within(contactsOf(req.locale, country.id)) : undefined;
      return { ...siteAnswers, ...(country ? { country } : {}), ...perCountry };
    } finally {
      clearTimeout(timer);
    }
  };
}
