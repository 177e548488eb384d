import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { BookingRequest } from '@tours/shared/api';
import { formatPrice } from '@tours/shared/domain';
import { useDateFormat } from '../common/format';
import { meetingOf, moneyRows } from './meeting';
import { useT } from '../../i18n/t';

/** 'Meeting': the date (and start time) and the tour's gathering place, one fact of the request's card (issue 29). */
export function MeetingFact({ request }: { request: BookingRequest }) {
  const intl = useIntl();
  const fmt = useDateFormat();
  const meeting = meetingOf(request);
  if (!meeting) return null;
  const when = meeting.date ? (meeting.time ? intl.formatMessage({ id: 'booking.arrival.meeting.at' }, { date: fmt.date(meeting.date), time: meeting.time }) : fmt.date(meeting.date)) : null;
  return (
    <div className="bk-arrival__fact--block" data-testid="meeting">
      <dt>{intl.formatMessage({ id: 'booking.arrival.meeting.title' })}</dt>
      <dd>
        {when && <span className="bk-arrival__meeting-when">{when}</span>}
        {when && meeting.place && ' · '}
        {meeting.place && <span className="bk-arrival__meeting-place">{meeting.place}</span>}
      </dd>
    </div>
  );
}

/**
 * The booking's money (issue 29: the arrival page showed no total or balance): the total — 'Approximate total' until
 * the coordinator confirms it —, what was paid and the balance still to pay, in the booking's currency (what will be
 * charged, not converted).
 */
export function MoneySummary({ request }: { request: BookingRequest }) {
  const id = useId();
  const t = useT();
  const rows = moneyRows(request);
  if (!rows) return null;
  const money = (amount: number) => formatPrice(amount, rows.currency);
  return (
    <section className="bk-arrival__card" aria-labelledby={id} data-testid="money">
      <h2 id={id} className="bk-arrival__section-title">
        {t('booking.arrival.money.title')}
      </h2>
      <dl className="bk-arrival__facts">
        {rows.total !== null && (
          <div>
            <dt>{t(rows.estimate ? 'booking.arrival.money.estimate' : 'booking.arrival.money.total')}</dt>
            <dd>{money(rows.total)}</dd>
          </div>
        )}
        {rows.paid !== null && (
          <div>
            <dt>{t('booking.arrival.money.paid')}</dt>
            <dd>{money(rows.paid)}</dd>
          </div>
        )}
        {rows.balance !== null && (
          <div>
            <dt>{t('booking.arrival.money.balance')}</dt>
            <dd>{money(rows.balance)}</dd>
          </div>
        )}
      </dl>
      {rows.estimate && <p className="bk-arrival__muted">{t('booking.arrival.money.estimateHint')}</p>}
    </section>
  );
}
