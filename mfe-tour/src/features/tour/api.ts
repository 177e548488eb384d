/**
 * The tour page's calls (public-site §7.2) with the rules around them: the tour answer's redirect
 * ('Illegal redirect' when not allowed), the removed_from_publication 404, and a small in-memory cache so a
 * canonical-slug replace does not fetch the tour twice.
 */
import { currencyAtom, localeAtom, routeAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { allowedTourRedirect } from '@tours/shared/domain';
import { TourDetailAnswer, type ApiClient, type IndividualTourAnswer } from '@tours/shared/api';

export type TourDetail = TourDetailAnswer | IndividualTourAnswer;

/** The error of a tour answer that carries a redirect where none is allowed (§7.2, §8). */
class IllegalRedirectError extends Error {
  constructor(readonly redirect: string) {
    super('Illegal redirect');
    this.name = 'IllegalRedirectError';
  }
}

export type TourResult = { kind: 'tour'; tour: TourDetailAnswer } | { kind: 'redirect'; to: string };

const cache = new Map<string, TourDetailAnswer>();
const cacheKey = (slug: string, locale: string, currency: string) => `${locale}:${currency}:${slug}`;

/** A tour already fetched in this visit (e.g. under its other slug), so a remount paints at once. */
export function cachedTour(slug: string, locale: string, currency: string): TourDetailAnswer | undefined {
  return cache.get(cacheKey(slug, locale, currency));
}

const pending = new Map<string, Promise<TourResult>>();

/**
 * The tour of the current route, asked for as soon as the microfrontend bootstraps or mounts — in parallel with
 * the screen's code — so the hero (the LCP element) does not wait for one more round trip.
 */
export function prefetchTour(host: HostContext): void {
  const route = host.store.get(routeAtom);
  const slug = route?.name === 'tour-page' ? route.params.slug : undefined;
  if (!slug) return;
  const o = { slug, locale: host.store.get(localeAtom), currency: host.store.get(currencyAtom), allowRedirect: true };
  if (cachedTour(o.slug, o.locale, o.currency)) return;
  void loadTour(host.api, o).catch(() => undefined);
}

/** fetchTour without a signal, shared by everyone asking for the same tour at the same time. */
export function loadTour(api: ApiClient, o: { slug: string; locale: string; currency: string; allowRedirect: boolean }): Promise<TourResult> {
  const key = `${cacheKey(o.slug, o.locale, o.currency)}:${o.allowRedirect ? 1 : 0}`;
  let p = pending.get(key);
  if (!p) {
    p = fetchTour(api, o);
    pending.set(key, p);
    const drop = () => pending.delete(key);
    p.then(drop, drop);
  }
  return p;
}

/**
 * GET /spa/tour (format=main, expand_program=1, expand_reviews=0, with_alt=1, site_id=1). An answer with
 * `redirect` fails with 'Illegal redirect' unless redirects are allowed and the target is an in-site tour path.
 */
async function fetchTour(api: ApiClient, o: { slug: string; locale: string; currency: string; allowRedirect: boolean; signal?: AbortSignal }): Promise<TourResult> {
  const tour = await api.get('/spa/tour', {
    schema: TourDetailAnswer,
    query: { slug: o.slug, format: 'main', expand_program: 1, expand_reviews: 0, with_alt: 1, site_id: 1 },
    signal: o.signal,
  });
  if (tour.redirect) {
    const to = o.allowRedirect ? allowedTourRedirect(tour.redirect) : null;
    if (!to) throw new IllegalRedirectError(tour.redirect);
    return { kind: 'redirect', to };
  }
  cache.set(cacheKey(o.slug, o.locale, o.currency), tour);
  cache.set(cacheKey(tour.slug, o.locale, o.currency), tour);
  return { kind: 'tour', tour };
}
