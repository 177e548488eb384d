import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { localeAtom, sessionAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, isCancelledStatus, useApiQuery, type MyTrip } from '@tours/shared/api';
import { formatPrice } from '@tours/shared/domain';
import { Button, ErrorState, Link, PageHeader, Skeleton } from '@tours/shared/kit';
import { AccountNav } from '../common/AccountNav';
import { isSessionOver } from '../common/errors';
import { SignInPrompt } from '../common/SignInPrompt';
import { endSession } from '../common/session';
import { fetchMyTrips } from './api';
import { tripDatesText, tripLinks } from './trips';
import './trips.css';
import { useT, type MessageId } from '../../i18n/t';

/**
 * My trips (/account/trips, issue 29): the signed-in traveller's bookings, newest first — each with its status, dates,
 * party, tourists entered, what is left to pay, and links to what can be done next (the API's actions, the next one a
 * primary button). Bookings sent as a guest appear once the traveller signs in with the same e-mail or phone. Without
 * a session it offers to log in.
 */
export default function MyTripsPage() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  const title = intl.formatMessage({ id: 'page.account-trips.title' });
  return (
    <section className="acc-trips">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      <AccountNav current="account-trips" />
      {session ? <Trips key={session.token} token={session.token} /> : <SignInPrompt messageId="account.trips.signInPrompt" className="acc-trips__card" />}
    </section>
  );
}

function Trips({ token }: { token: string }) {
  const intl = useIntl();
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const first = useApiQuery(`my-trips:${token}:${locale}`, (signal) => fetchMyTrips(host.api, 0, signal));
  // Pages after the first, appended by 'Show more'; a reload of the first starts again.
  const [more, setMore] = useState<MyTrip[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => setMore([]), [first.data]);
  useEffect(() => {
    if (isSessionOver(first.error)) endSession(host, token);
  }, [first.error, host, token]);

  if (!first.data) {
    if (first.error && !first.loading) return <ErrorState onRetry={first.retry} />;
    return (
      <div aria-busy="true">
        <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
        <Skeleton className="acc-trips__skeleton" />
      </div>
    );
  }
  const trips = [...first.data.trips, ...more];
  const { total } = first.data;
  if (!trips.length) {
    return (
      <div className="acc-trips__card">
        <p>{intl.formatMessage({ id: 'account.trips.empty' })}</p>
        <Link className="ui-btn ui-btn--secondary" href={host.href('index')}>
          {intl.formatMessage({ id: 'account.trips.findTours' })}
        </Link>
      </div>
    );
  }

  const showMore = async () => {
    setLoadingMore(true);
    try {
      const page = await fetchMyTrips(host.api, trips.length);
      setMore((now) => [...now, ...page.trips]);
    } catch (error) {
      if (isSessionOver(error)) endSession(host, token);
      else applyServerErrors(error, host.toast);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <p className="acc-trips__count" role="status">
        {intl.formatMessage({ id: 'account.trips.count' }, { total })}
      </p>
      <ul className="acc-trips__list">
        {trips.map((trip) => (
          <TripItem key={trip.id} trip={trip} />
        ))}
      </ul>
      {trips.length < total && (
        <Button variant="secondary" loading={loadingMore} onClick={() => void showMore()}>
          {intl.formatMessage({ id: 'account.trips.more' })}
        </Button>
      )}
    </>
  );
}

function TripItem({ trip }: { trip: MyTrip }) {
  const intl = useIntl();
  const host = useHost();
  const t = useT();
  const titleId = `acc-trip-${trip.id}`;
  const dates = tripDatesText(trip.dates, intl);
  const links = tripLinks(trip, host.href);
  const cancelled = isCancelledStatus(trip.status);
  return (
    <li className="acc-trip">
      <article aria-labelledby={titleId}>
        <h2 id={titleId} className="acc-trip__title">
          <Link href={host.href('arrival-page', { uuid: trip.uuid })}>{trip.tour?.title ?? t('account.trips.number', { id: trip.id })}</Link>
        </h2>
        <p className="acc-trip__meta">
          <span>{t('account.trips.number', { id: trip.id })}</span>
          <span className={`acc-trip__status${cancelled ? ' acc-trip__status--cancelled' : ''}`}>{t(`account.trips.status.${trip.status_name}`)}</span>
        </p>
        <dl className="acc-trip__facts">
          {dates && (
            <div>
              <dt>{t('account.trips.dates')}</dt>
              <dd>{dates}</dd>
            </div>
          )}
          <div>
            <dt>{t('account.trips.party')}</dt>
            <dd>{t('account.trips.partyValue', { adults: trip.adults, children: trip.children })}</dd>
          </div>
          <div>
            <dt>{t('account.trips.tourists')}</dt>
            <dd>{t('account.trips.touristsValue', { count: trip.tourists, party: trip.adults + trip.children })}</dd>
          </div>
          {trip.due && (
            <div>
              <dt>{t('account.trips.due')}</dt>
              <dd>{formatPrice(trip.due.amount, trip.due.currency)}</dd>
            </div>
          )}
        </dl>
        {links.length > 0 && (
          <p className="acc-trip__actions">
            {links.map((link, i) => (
              <Link key={link.action} className={`ui-btn ${i === 0 ? 'ui-btn--primary' : 'ui-btn--secondary'}`} href={link.href}>
                {t(link.labelId as MessageId, link.values)}
              </Link>
            ))}
          </p>
        )}
      </article>
    </li>
  );
}
