import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { requestStatusKey, type BookingRequest } from '@tours/shared/api';
import { CARD_IMAGE_SIZE, sizedImage } from '@tours/shared/domain';
import { useDateFormat } from '../common/format';
import { datesLabelKey, durationOf, hasMeeting, historyActorKey, historyKey, individualTourUuid, showsPaymentRecords, touristName } from './arrival';
import { CancelRequest } from './CancelRequest';
import { PaymentRecords } from './PaymentRecords';
import { MeetingFact, MoneySummary } from './MeetingAndMoney';
import { useT, type T, type MessageId } from '../../i18n/t';

export interface RequestViewProps {
  request: BookingRequest;
  /** A change answered the request as it is now (a cancellation). */
  onChanged: (request: BookingRequest) => void;
  /** What is shown is out of date (a payment or cancellation refused as a conflict): ask the API again. */
  onStale: () => void;
}


/**
 * A request as its traveller sees it: 'Request #N' and its status in words, the facts (dates, party, when sent), the
 * tour, the agreement and invoices once confirmed, the tourists (a link to add or edit them while the request is
 * open), the contacts given, what happened when, and the cancellation while the API allows it.
 */
export function RequestView({ request, onChanged, onStale }: RequestViewProps) {
  const t = useT();
  const fmt = useDateFormat();
  const headingId = useId();
  const [cancelled, setCancelled] = useState(false);
  const cancelledNotice = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    if (cancelled) cancelledNotice.current?.focus();
  }, [cancelled]);

  const d = request.dates;
  const dates =
    d.kind === 'none' || !d.start
      ? t('booking.arrival.dates.none')
      : d.time_start
        ? t('booking.arrival.dates.withTime', { dates: fmt.range(d.start, d.end ?? d.start), time: d.time_start })
        : fmt.range(d.start, d.end ?? d.start);

  return (
    <div className="bk-arrival">
      <div className="bk-arrival__main">
        <section className="bk-arrival__card" aria-labelledby={headingId}>
          <h2 id={headingId} className="bk-arrival__title">
            {t('booking.arrival.title', { requestId: request.id })}
          </h2>
          {cancelled && (
            <p ref={cancelledNotice} tabIndex={-1} role="status" className="bk-arrival__done">
              {t('booking.arrival.cancel.done')}
            </p>
          )}
          <dl className="bk-arrival__facts">
            <div>
              <dt>{t('booking.arrival.facts.status')}</dt>
              <dd>
                <span className={`bk-arrival__status bk-arrival__status--${request.is_cancelled ? 'cancelled' : request.status_name}`} data-testid="request-status">
                  {t(requestStatusKey(request.status) as MessageId)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t(datesLabelKey(request) as MessageId)}</dt>
              <dd>
                {dates}
                {d.not_guaranteed && <span className="bk-arrival__chip">{t('booking.date.approximate')}</span>}
              </dd>
            </div>
            <MeetingFact request={request} />
            <div>
              <dt>{t('booking.arrival.facts.party')}</dt>
              <dd>{t('booking.arrival.party', { adults: request.adults, children: request.children })}</dd>
            </div>
            <div>
              <dt>{t('booking.arrival.facts.created')}</dt>
              <dd>
                <time dateTime={request.created_at}>{fmt.dateTime(request.created_at)}</time>
              </dd>
            </div>
          </dl>
        </section>

        <MoneySummary request={request} />
        {showsPaymentRecords(request) && <PaymentRecords request={request} onStale={onStale} />}
        <Tourists request={request} t={t} />
        <Contacts request={request} t={t} />
        {request.history.length > 0 && <History request={request} t={t} />}
        {request.can_cancel && (
          <CancelRequest
            request={request}
            onCancelled={(after) => {
              setCancelled(true);
              onChanged(after);
            }}
            onStale={onStale}
          />
        )}
      </div>
      {request.tour && <TourCard tour={request.tour} individualUuid={individualTourUuid(request)} meetUuid={hasMeeting(request) ? request.uuid : null} />}
    </div>
  );
}

/**
 * The tour of the request; with individual dates, a link to the individual tour page of this request (public-site §2.2);
 * while the request is open, the meet page: where and when the group meets.
 */
function TourCard({ tour, individualUuid, meetUuid }: { tour: NonNullable<BookingRequest['tour']>; individualUuid: string | null; meetUuid: string | null }) {
  const intl = useIntl();
  const host = useHost();
  const fmt = useDateFormat();
  const id = useId();
  const duration = durationOf(tour);
  return (
    <aside className="bk-arrival__tour" aria-labelledby={id}>
      <img className="bk-arrival__image" src={sizedImage(tour.image, CARD_IMAGE_SIZE)} alt="" width={400} height={400} loading="eager" decoding="async" />
      <h2 id={id} className="bk-arrival__tour-title">
        <a href={host.href('tour-page', { slug: tour.slug })}>{tour.title}</a>
      </h2>
      <dl className="bk-arrival__facts">
        {/* The place's name (issue 29: main_location is its kind, 'city' or 'region', and had been shown). */}
        {tour.main_location_name && (
          <div>
            <dt>{intl.formatMessage({ id: 'booking.arrival.tour.location' })}</dt>
            <dd>{tour.main_location_name}</dd>
          </div>
        )}
        {duration && (
          <div>
            <dt>{intl.formatMessage({ id: 'booking.summary.duration' })}</dt>
            <dd>{fmt.duration(duration)}</dd>
          </div>
        )}
      </dl>
      {individualUuid && <a href={host.href('individual-tour-page', { uuid: individualUuid })}>{intl.formatMessage({ id: 'booking.arrival.individualTour' })}</a>}
      {meetUuid && (
        <p className="bk-arrival__meet">
          <a href={host.href('meet', {}, { uuid: meetUuid })}>{intl.formatMessage({ id: 'booking.arrival.meet' })}</a>
        </p>
      )}
    </aside>
  );
}

function Tourists({ request, t }: { request: BookingRequest; t: T }) {
  const host = useHost();
  const fmt = useDateFormat();
  const id = useId();
  const party = request.adults + request.children;
  const count = request.tourists.length;
  return (
    <section className="bk-arrival__card" aria-labelledby={id}>
      <h2 id={id} className="bk-arrival__section-title">
        {t('booking.arrival.tourists.title')}
      </h2>
      {count > 0 ? (
        <>
          <ol className="bk-arrival__tourists">
            {request.tourists.map((tourist, i) => (
              <li key={tourist.id}>
                <span className="bk-arrival__tourist-name">{touristName(tourist) || t('booking.arrival.tourists.unnamed', { index: i + 1 })}</span>
                {tourist.birthday && <span className="bk-arrival__muted"> · {t('booking.arrival.tourists.birthday', { date: fmt.date(tourist.birthday) })}</span>}
              </li>
            ))}
          </ol>
          {count < party && <p className="bk-arrival__muted">{t('booking.arrival.tourists.count', { count, total: party })}</p>}
        </>
      ) : (
        <p>{t('booking.arrival.tourists.none')}</p>
      )}
      {request.can_edit_tourists && (
        <a className="ui-btn ui-btn--secondary bk-arrival__link-button" href={host.href('add-tourists', { id: request.uuid }, { request_id: request.id })}>
          {t(count > 0 ? 'booking.arrival.tourists.edit' : 'booking.arrival.tourists.add')}
        </a>
      )}
    </section>
  );
}

function Contacts({ request, t }: { request: BookingRequest; t: T }) {
  const id = useId();
  const rows = (['name', 'phone', 'email'] as const).filter((k) => request[k]);
  if (!rows.length && !request.comment) return null;
  return (
    <section className="bk-arrival__card" aria-labelledby={id}>
      <h2 id={id} className="bk-arrival__section-title">
        {t('booking.arrival.contacts.title')}
      </h2>
      <dl className="bk-arrival__facts">
        {rows.map((k) => (
          <div key={k}>
            <dt>{t(`booking.field.${k}`)}</dt>
            <dd>{request[k]}</dd>
          </div>
        ))}
        {request.comment && (
          <div className="bk-arrival__fact--block">
            <dt>{t('booking.field.comment')}</dt>
            <dd className="bk-arrival__text">{request.comment}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function History({ request, t }: { request: BookingRequest; t: T }) {
  const fmt = useDateFormat();
  const id = useId();
  return (
    <section className="bk-arrival__card" aria-labelledby={id}>
      <h2 id={id} className="bk-arrival__section-title">
        {t('booking.arrival.history.title')}
      </h2>
      <ol className="bk-arrival__history" data-testid="request-history">
        {request.history.map((item, i) => (
          <li key={`${item.at}-${i}`}>
            <time dateTime={item.at} className="bk-arrival__muted">
              {fmt.dateTime(item.at)}
            </time>
            <span>
              {t(historyKey(item) as MessageId)} {t(historyActorKey(item.actor) as MessageId)}
              {item.to_status !== null && item.action !== 'created' && <>: {t(requestStatusKey(item.to_status) as MessageId)}</>}
            </span>
            {item.message && <q className="bk-arrival__text">{item.message}</q>}
          </li>
        ))}
      </ol>
    </section>
  );
}
