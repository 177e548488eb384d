import { startTransition, useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, currencyAtom, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { isAbortError, isRetryableError, useAutoRetry, type TourDetailAnswer } from '@tours/shared/api';
import { ErrorState, usePageError } from '@tours/shared/kit';
import { cachedTour, loadTour } from './api';
import { TourSkeleton, TourView } from './TourView';
import { preloadSanitizer } from './deferred';

/**
 * Screen of route tour-page (/{slug}-{id}): loads the tour (GET /spa/tour), follows an allowed redirect,
 * replaces a non-canonical slug with the locale's own, and reports 404 (with the removed_from_publication data),
 * 'Illegal redirect' and other answers to the host's error page. No answer (network, timeout, 5xx) is shown in place
 * with Retry and asked again by itself (useAutoRetry), so the page recovers when the API comes back.
 */
export default function TourPage() {
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const slug = route?.params.slug ?? '';
  const [tour, setTour] = useState<TourDetailAnswer | null>(() => cachedTour(slug, locale, currency) ?? null);
  const [failures, setFailures] = useState(0);
  // The last load's failure: an answer (404 with a removed tour's data, 403, 410) or an illegal redirect is the error page.
  const [failed, setFailed] = useState<unknown>(null);
  const [running, setRunning] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useAutoRetry(failures, true, running, retry);

  useEffect(() => {
    const cached = cachedTour(slug, locale, currency);
    if (cached) setTour(cached);
    const controller = new AbortController();
    setRunning(true);
    // On one column (below 992 px) the description is on the first screens, so the sanitiser would come at once anyway:
    // it comes beside the tour and the description paints with the page, not in a placeholder's place later (issue 33).
    // On two columns it stays below the fold, and the sanitiser waits until it comes near.
    const oneColumn = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 991.98px)').matches;
    Promise.all([loadTour(host.api, { slug, locale, currency, allowRedirect: true }), oneColumn ? preloadSanitizer() : null]).then(
      ([result]) => {
        if (controller.signal.aborted) return;
        setRunning(false);
        setFailures(0);
        setFailed(null);
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
        setRunning(false);
        setFailed(error);
        if (isRetryableError(error)) setFailures((n) => n + 1);
      },
    );
    return () => controller.abort();
  }, [host, slug, locale, currency, attempt]);
  // excursionsEnabled=false (issue 32): an excursion has no page here, as the host server answers its URL with a 404.
  const excursionsOff = !useAtomValue(appConfigAtom).excursionsEnabled;
  const hiddenExcursion = excursionsOff && tour?.type_name === 'EXCURSION';
  usePageError(failed, { valid: !hiddenExcursion });

  // The tour on screen may be another one's or in another currency: the error replaces it until an answer comes.
  if (failures > 0) return <ErrorState onRetry={retry} busy={running} />;
  if (!tour || hiddenExcursion) return <TourSkeleton tourId={Number(/-(\d+)$/.exec(slug)?.[1] ?? NaN) || null} />;
  return <TourView tour={tour} />;
}
