import { useAtomValue } from 'jotai';
import { currencyAtom, localeAtom, routeAtom, useApiQuery, useHost } from '@tours/shared';
import { useEffect } from 'react';
import { fetchIndividualTour, pageErrorOf } from './api';
import { TourSkeleton, TourView } from './TourView';

/** Screen of route individual-tour-page (/order/{uuid}/individual-tour): the tour page of an order's custom tour. */
export default function IndividualTourPage() {
  const host = useHost();
  const uuid = useAtomValue(routeAtom)?.params.uuid ?? '';
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid);
  const q = useApiQuery(valid ? `individual-tour:${uuid}:${locale}:${currency}` : null, (signal) => fetchIndividualTour(host.api, uuid, signal));
  useEffect(() => {
    if (!valid) host.emit('page:error', { status: 404 });
    else if (q.error) host.emit('page:error', pageErrorOf(q.error));
  }, [host, valid, q.error]);
  if (!q.data) return <TourSkeleton />;
  return <TourView tour={q.data} individual={q.data.individual} />;
}
