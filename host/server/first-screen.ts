/**
 * What the host server knows of a page's first screen, so its largest element paints with the HTML (issue 33), as the
 * tour page's hero does (tour-head.ts): the search page's first result images and the request page's tour image.
 * The host's placeholder (host/src/app/Slots.tsx) draws them where the page will, and the head preloads the first.
 *
 * The search page's first results: the host asks the API for the first page of the same search the page will ask
 * (the URL's slug, sort and page, read by the page's own rules; a filtered search is left out), kept SEARCH_TTL_MS
 * per locale, currency and search (a bounded table, stale while revalidating, as the layout's data). Nothing here may
 * hold a page up: an answer not here within SEARCH_WAIT_MS is left out and the page shows the generic skeleton.
 */
import { createApiClient } from '@tours/shared/src/api/client';
import { commonHeaders } from '@tours/shared/src/api/headers';
import { array, string, type, type Infer } from 'superstruct';
import { filterFromSearch, serialiseFilter } from '@tours/shared/src/domain/filters';
import { imageOf } from '@tours/shared/src/domain/tour-card';
import { CARD_IMAGE_SIZE, sizedImage } from '@tours/shared/src/domain/media';
import type { Locale } from '@tours/shared/src/i18n/locales';
import { escapeHtml } from './head';
import { ownCallHeaders, ROUTE_CHECK_TIMEOUT_MS, type ApiTarget } from './api-call';
import { ttlTable } from './layout-data';

const SEARCH_TTL_MS = 60_000;
const SEARCH_WAIT_MS = 300;
/** The cards of the first row at the widest layout (four columns): those the page loads eagerly and more. */
const FIRST_CARDS = 4;
/** What a landing search's URL may carry besides its slug. */
const LANDING_PARAMS = new Set(['slug', 'sort', 'page']);

export interface SearchRequest {
  locale: Locale;
  currency: string;
  slug: string;
  /** The page's query string ('?…' or ''), as the page reads its filter from it. */
  search: string;
}

interface FirstScreenOptions {
  waitMs?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * What the first screen reads of GET /spa/tours (shared's ToursAnswer): its cards' images, in the page's order.
 * Exported for api/test/openapi-client-shapes.test.ts, which checks every call's schema against the OpenAPI document.
 * @public
 */
export const ToursImages = type({ result: type({ groups: array(type({ items: array(type({ image: string() })) })) }) });

/** The images (URLs with their '{{size}}' segment) of the first cards of a search answer, in the page's order. */
export function firstCardImages(answer: Infer<typeof ToursImages>, count = FIRST_CARDS): string[] {
  const out: string[] = [];
  for (const group of answer.result.groups) {
    for (const tour of group.items) {
      if (out.length >= count) return out;
      const image = imageOf(tour.image);
      // A card without an image is drawn empty by the page: the first screen stops there, as its places would differ.
      if (!image) return out;
      out.push(image);
    }
  }
  return out;
}

/** The first result images of a search page, within the deadline; undefined when the API is slow, failing or finds none. */
export function createSearchFirstScreen(target: ApiTarget, opts: FirstScreenOptions = {}): (req: SearchRequest) => Promise<string[] | undefined> {
  const waitMs = opts.waitMs ?? SEARCH_WAIT_MS;
  const searches = ttlTable<string[]>(opts.ttlMs ?? SEARCH_TTL_MS, opts.now ?? Date.now);
  return async ({ locale, currency, slug, search }) => {
    // The page's own reading of the URL (mfe-search useSearch): the same filter, so the same first page.
    let query: Record<string, string | string[]>;
    try {
      query = { ...serialiseFilter(filterFromSearch(search, slug)), slug };
    } catch {
      return undefined;
    }
    // Only the searches landing pages are (a slug, its sort and page): a filtered search (a shared link) keeps the
    // generic skeleton, so made-up filters cannot make the host search on a visitor's behalf, outside their limits.
    if (Object.keys(query).some((name) => !LANDING_PARAMS.has(name))) return undefined;
    const key = `${locale}:${currency}:${JSON.stringify(query)}`;
    const api = createApiClient({
      baseUrl: target.apiUrl,
      fetch: target.fetch,
      timeout: target.timeoutMs ?? ROUTE_CHECK_TIMEOUT_MS,
      headers: () => ({ ...commonHeaders({ locale, currency }), ...ownCallHeaders(target.internalSecret) }),
      logger: { error: () => undefined },
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      // /spa/tours as the page asks it, without the filter options (expand=filters), which the first screen does not show.
      const images = await Promise.race([searches(key, async () => firstCardImages(await api.get('/spa/tours', { schema: ToursImages, query }))), deadline]);
      return images?.length ? images : undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The head's preload of a first screen's largest image: fetched with the HTML, before any script, at the URL the
 * page's card and summary ask for (CARD_IMAGE_SIZE), so the page finds it in the cache.
 */
export function imagePreload(image: string): string {
  return `<link rel="preload" as="image" href="${escapeHtml(sizedImage(image, CARD_IMAGE_SIZE))}" fetchpriority="high">`;
}
