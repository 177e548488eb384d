import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { currencyAtom, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { useApiQuery, type SubmitOrderAnswer } from '@tours/shared/api';
import { ErrorState, usePageError } from '@tours/shared/kit';
import { BookingPageHeader } from '../common/PageTitle';
import { fetchTourForRequest, loadedSend, preloadSend } from './api';
import { OrderForm } from './OrderForm';
import { TourSummary } from './TourSummary';
import './request.css';

// An archived tour's page is rare: its code (and the kit's banner) comes only for one (issue 33: first visit).
const NotBookable = lazy(() => import(/* webpackChunkName: "not-bookable" */ './NotBookable').then((m) => ({ default: m.NotBookable })));

/**
 * Screen of route request-page (/tour/{id}/order, public-site §2.2): the tour from GET /spa/tour-for-request, its
 * summary and the order form; once sent, the success screen of §2.7. An archived tour has no form: it says it cannot
 * be booked (issue 29; submit-order refuses it too). A 404/403/410 (or any answer that is the
 * answer, a 5xx too: §2.8) goes to the host's error page; no answer (offline, timeout) shows Retry in place and asks again by itself.
 */
export default function RequestPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const raw = route?.params.id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const tour = useApiQuery(id ? `tour-for-request:${id}:${locale}:${currency}` : null, (signal) => fetchTourForRequest(host.api, id!, signal));
  const [sent, setSent] = useState<{ answer: SubmitOrderAnswer; email: string; phone: string } | null>(null);
  const title = intl.formatMessage({ id: 'page.request-page.title' });

  const fatal = usePageError(tour.error, { valid: id !== null });

  // The success screen comes with the sending code (./send.ts, issue 33), which is here once the request is sent.
  const SuccessScreen = sent ? loadedSend()?.SuccessScreen : undefined;
  let body;
  if (fatal) body = null;
  else if (tour.error) body = <ErrorState onRetry={tour.retry} busy={tour.loading} />;
  else if (!tour.data) body = null;
  else
    body = (
      <div className="bk-request">
        <TourSummary tour={tour.data} />
        {/* The traveller starts on the form: the sending code and the success screen are fetched now. */}
        <div className="bk-request__main" onFocus={sent ? undefined : preloadSend}>
          {tour.data.is_archived ? (
            <Suspense fallback={null}>
              <NotBookable tour={tour.data} />
            </Suspense>
          ) : sent ? (
            SuccessScreen && (
              <SuccessScreen
                requestId={sent.answer.request_id}
                requestUUID={sent.answer.requestUUID}
                hasEmail={Boolean(sent.email)}
                phone={sent.phone || undefined}
                confirmation={sent.answer.confirmation}
              />
            )
          ) : (
            <OrderForm key={tour.data.id} tour={tour.data} onSent={(answer, s) => setSent({ answer, email: s.email, phone: s.phone })} />
          )}
        </div>
      </div>
    );

  // Until the tour is there the page stays hidden and the host's first screen shows: the header and the summary
  // with the tour's image, which the host server already knows (issue 33: a skeleton of our own in between would
  // replace the image the server painted).
  return (
    <section hidden={!fatal && !tour.error && !tour.data}>
      <BookingPageHeader title={title} />
      {body}
    </section>
  );
}
