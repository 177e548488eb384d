import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { localeAtom, queryAtom, routeAtom, useHost } from '@tours/shared/core';
import { useApiQuery, type BookingRequest } from '@tours/shared/api';
import { ErrorState, MessageBanner, Skeleton, usePageError } from '@tours/shared/kit';
import { fetchRequestByUuid } from './api';
import { isRequestUuid, paymentReturnOf, queryWithoutPayment, type PaymentReturn } from './arrival';
import { RequestView } from './RequestView';
import { BookingPageHeader } from '../common/PageTitle';
import './arrival.css';

/**
 * Screen of route arrival-page (/arrival/{uuid}, public-site §2.2): the request its link names (GET
 * /crm/api/request/get-by-uuid) with its status in words, tour, dates, party, tourists, contacts and history; once
 * confirmed its travel agreement and invoices, each payable here (accounts-and-comms §3); and its cancellation (§4.7).
 * The payment provider brings the traveller back with `?payment=paid|declined`: a notice (focused) says how it went and
 * the parameter leaves the URL (history replace), so a reload does not say it again.
 * A 404/403/410 or a 5xx goes to the host's error page (§2.8); no answer (offline, timeout) shows Retry and asks again by itself.
 */
export default function ArrivalPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const locale = useAtomValue(localeAtom);
  const query = useAtomValue(queryAtom);
  const uuid = route?.params.uuid ?? '';
  const valid = isRequestUuid(uuid);
  const answer = useApiQuery(valid ? `request-by-uuid:${uuid}:${locale}` : null, (signal) => fetchRequestByUuid(host.api, uuid, signal));
  // The request as the last change answered it (a cancellation), until the page asks the API again.
  const [changed, setChanged] = useState<BookingRequest | null>(null);
  const request = changed?.uuid === uuid ? changed : (answer.data?.request ?? null);
  const retry = answer.retry;
  const reload = useCallback(() => {
    setChanged(null);
    retry();
  }, [retry]);
  const title = intl.formatMessage({ id: 'page.arrival-page.title' });

  // Back from the payment page: the notice stays, the parameter goes.
  const returned = paymentReturnOf(query);
  const [notice, setNotice] = useState<PaymentReturn | null>(returned);
  // A return seen once is not shown again once closed (the URL may keep it until the host has replaced it).
  const [seen, setSeen] = useState<PaymentReturn | null>(returned);
  if (returned !== seen) {
    setSeen(returned);
    if (returned) setNotice(returned);
  }
  useEffect(() => {
    const now = host.store.get(queryAtom);
    if (valid && paymentReturnOf(now)) host.navigate(host.href('arrival-page', { uuid }, queryWithoutPayment(now)), { replace: true });
  }, [returned, host, uuid, valid]);

  const fatal = usePageError(answer.error, { valid });

  let body;
  if (fatal) body = null;
  else if (answer.error && !request) body = <ErrorState onRetry={answer.retry} busy={answer.loading} />;
  else if (!request) body = <ArrivalSkeleton label={intl.formatMessage({ id: 'booking.arrival.loading' })} />;
  else body = <RequestView request={request} onChanged={setChanged} onStale={reload} />;

  return (
    <section>
      <BookingPageHeader title={title} />
      {notice && !fatal && <PaymentNotice outcome={notice} onClose={() => setNotice(null)} />}
      {body}
    </section>
  );
}

/** How the payment went, focused when it appears so it is read first; an error (declined) is announced as an alert. */
function PaymentNotice({ outcome, onClose }: { outcome: PaymentReturn; onClose: () => void }) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    box.current?.focus();
  }, [outcome]);
  return (
    <div ref={box} tabIndex={-1} className="bk-arrival__notice" data-testid="payment-notice">
      <MessageBanner key={outcome} kind={outcome === 'paid' ? 'success' : 'error'} onClose={onClose}>
        {intl.formatMessage({ id: outcome === 'paid' ? 'booking.arrival.payment.paid' : 'booking.arrival.payment.declined' })}
      </MessageBanner>
    </div>
  );
}

function ArrivalSkeleton({ label }: { label: string }) {
  return (
    <div className="bk-arrival" role="status" aria-label={label} data-testid="arrival-skeleton">
      <div className="bk-arrival__main">
        <Skeleton width="40%" height={28} />
        <Skeleton height={96} />
        <Skeleton height={160} />
        <Skeleton height={120} />
      </div>
      <div className="bk-arrival__tour">
        <Skeleton height={180} />
        <Skeleton width="80%" height={24} />
      </div>
    </div>
  );
}
