import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { useApiQuery } from '@tours/shared/api';
import { ErrorState, Skeleton, usePageError } from '@tours/shared/kit';
import { fetchTouristsInfo } from './api';
import { TouristsForm } from './TouristsForm';
import { BookingPageHeader } from '../common/PageTitle';
import './tourists.css';

/** A request's uuid as the API takes it (random v4, lower case). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Screen of route add-tourists (/order/{id}/add-tourists?request_id=, public-site §2.2, §4.4): `{id}` is the request's
 * uuid (the link's secret), which names the request in every call; `request_id` in the query is informative only
 * (tourists-info answers the id). The tourists from GET /spa/tourists-info and their form. A 404/403/410 (or a uuid
 * that cannot be one) goes to the host's error page; no answer shows Retry in place and asks again by itself.
 */
export default function AddTouristsPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const raw = (route?.params.id ?? '').toLowerCase();
  const uuid = UUID_RE.test(raw) ? raw : null;
  const info = useApiQuery(uuid ? `tourists-info:${uuid}` : null, (signal) => fetchTouristsInfo(host.api, uuid!, signal));
  const title = intl.formatMessage({ id: 'page.add-tourists.title' });

  const fatal = usePageError(info.error, { valid: uuid !== null });

  let body;
  if (fatal) body = null;
  else if (info.error) body = <ErrorState onRetry={info.retry} busy={info.loading} />;
  else if (!info.data) body = <TouristsSkeleton label={intl.formatMessage({ id: 'booking.tourists.loading' })} />;
  else body = <TouristsForm key={info.data.requestUUID} info={info.data} />;

  return (
    <section>
      <BookingPageHeader title={title} />
      {body}
    </section>
  );
}

function TouristsSkeleton({ label }: { label: string }) {
  return (
    <div className="bk-tourists" role="status" aria-label={label} data-testid="tourists-skeleton">
      <Skeleton width="60%" height={28} />
      {[0, 1].map((i) => (
        <div key={i} className="bk-tourist">
          <Skeleton width="30%" height={22} />
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ))}
    </div>
  );
}
