import { startTransition, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { currencyAtom, isAbortError, localeAtom, routeAtom, useHost, type TourDetailAnswer } from '@tours/shared';
import { cachedTour, loadTour, pageErrorOf } from './api';
import { TourSkeleton, TourView } from './TourView';

/**
 * Screen of route tour-page (/{slug}-{id}): loads the tour (GET /spa/tour), follows an allowed redirect,
 * replaces a non-canonical slug with the locale's own, and reports 404 (with the removed_from_publication data),
 * 'Illegal redirect' and failures to the host's error page.
 */
export default function TourPage() {
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const slug = route?.params.slug ?? '';
  const [tour, setTour] = useState<TourDetailAnswer | null>(() => cachedTour(slug, locale, currency) ?? null);

  useEffect(() => {
    const cached = cachedTour(slug, locale, currency);
    if (cached) setTour(cached);
    const controller = new AbortController();
    loadTour(host.api, { slug, locale, currency, allowRedirect: true }).then(
      (result) => {
        if (controller.signal.aborted) return;
        const keep = `${window.location.search}${window.location.hash}`;
        if (result.kind === 'redirect') {
          host.navigate(`${host.href('tour-page', { slug: result.to.replace(/^\/(?:[a-z]{2}\/)?/, '') })}${keep}`, { replace: true });
          return;
        }
        // A transition: the whole page renders in slices, so the main thread never blocks for long (TBT).
        startTransition(() => setTour(result.tour));
        if (result.tour.slug !== slug) host.navigate(`${host.href('tour-page', { slug: result.tour.slug })}${keep}`, { replace: true });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        host.emit('page:error', pageErrorOf(error));
      },
    );
    return () => controller.abort();
  }, [host, slug, locale, currency]);

  if (!tour) return <TourSkeleton tourId={Number(/-(\d+)$/.exec(slug)?.[1] ?? NaN) || null} />;
  return <TourView tour={tour} />;
}
