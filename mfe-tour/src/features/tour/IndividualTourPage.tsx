import { useAtomValue } from 'jotai';
import { currencyAtom, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { isRetryableError, useApiQuery } from '@tours/shared/api';
import { ErrorState, usePageError } from '@tours/shared/kit';
import { fetchIndividualTour } from './later-calls';
import { TourSkeleton, TourView } from './TourView';

/** Screen of route individual-tour-page (/order/{uuid}/individual-tour): the tour page of an order's custom tour. */
export default function IndividualTourPage() {
  const host = useHost();
  const uuid = useAtomValue(routeAtom)?.params.uuid ?? '';
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid);
  const q = useApiQuery(valid ? `individual-tour:${uuid}:${locale}:${currency}` : null, (signal) => fetchIndividualTour(host.api, uuid, signal));
  // No answer (network, timeout, 5xx) is shown in place and retried by useApiQuery; a uuid that cannot be one and other
  // answers are the error page (usePageError).
  const unavailable = q.error !== null && isRetryableError(q.error);
  usePageError(q.error, { valid });
  if (unavailable) return <ErrorState onRetry={q.retry} busy={q.loading} />;
  if (!q.data) return <TourSkeleton />;
  return <TourView tour={q.data} individual={q.data.individual} />;
}
