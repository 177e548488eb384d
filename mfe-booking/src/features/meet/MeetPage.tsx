import { useId, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { countryAtom, localeAtom, queryAtom, useHost } from '@tours/shared/core';
import { useApiQuery, type BookingRequest } from '@tours/shared/api';
import { formatCoordinates, openInMapsUrl } from '@tours/shared/domain';
import { ErrorState, MessageBanner, PhoneLink, SafeHtml, Skeleton, usePageError } from '@tours/shared/kit';
import { useDateFormat } from '../common/format';
import { fetchRequestByUuid, isRequestUuid } from '../common/request-link';
import { fetchContacts, fetchMeetingTour, fetchWorkTime, type MeetingTour } from './api';
import { meetStage, meetUuidOf, meetingPlan, touristsMissing, type MeetStage } from './meet';
import './meet.css';
import { BookingPageHeader } from '../common/PageTitle';
import { useT, type MessageId } from '../../i18n/t';


/**
 * Screen of route meet (/meet, public-site §2.2; issue 29, docs/decisions.md 'the meet page'): where and when the group
 * meets for a booking — the page a traveller opens from the arrival page (`?uuid=` of the booking, the link's secret)
 * before and on the day of the trip. It says where the booking stands, when (the date, an excursion's start time, the
 * first day of a tour), where (the tour's meeting place, a maps link, the coordinates), what the organizer asks before
 * the trip, whose names are still missing, and whom to call when late or lost. Without a booking it says what the page
 * is and how to reach it. An unknown booking is the host's 404; no answer shows Retry.
 */
export default function MeetPage() {
  const intl = useIntl();
  const host = useHost();
  const query = useAtomValue(queryAtom);
  const locale = useAtomValue(localeAtom);
  const uuid = meetUuidOf(query);
  const valid = uuid !== null && isRequestUuid(uuid);
  const answer = useApiQuery(valid ? `request-by-uuid:${uuid}:${locale}` : null, (signal) => fetchRequestByUuid(host.api, uuid!, signal));
  const fatal = usePageError(answer.error, { valid: uuid === null || valid });
  const title = intl.formatMessage({ id: 'page.meet.title' });
  const request = answer.data?.request ?? null;

  let body: ReactNode;
  if (uuid === null) body = <MeetIntro />;
  else if (fatal) body = null;
  else if (answer.error && !request) body = <ErrorState onRetry={answer.retry} busy={answer.loading} />;
  else if (!request) body = <MeetSkeleton label={intl.formatMessage({ id: 'booking.meet.loading' })} />;
  else body = <Meeting request={request} />;

  return (
    <section>
      <BookingPageHeader title={title} />
      {body}
    </section>
  );
}

/** Without a booking: what the page is for and where its link is. */
function MeetIntro() {
  const host = useHost();
  const t = useT();
  return (
    <div className="bk-meet" data-testid="meet-intro">
      <div className="bk-meet__card">
        <p className="bk-meet__text">{t('booking.meet.intro')}</p>
        <p className="bk-meet__text">{t('booking.meet.howTo')}</p>
        <p className="bk-meet__links">
          <a href={host.href('account-trips')}>{t('booking.meet.myTrips')}</a>
          <a href={host.href('contacts-page')}>{t('booking.meet.contactUs')}</a>
        </p>
      </div>
    </div>
  );
}

const STAGE_NOTICE: Record<MeetStage, { key: string; kind: 'info' | 'warning' } | null> = {
  awaiting: { key: 'booking.meet.stage.awaiting', kind: 'info' },
  confirmed: null,
  past: { key: 'booking.meet.stage.past', kind: 'info' },
  cancelled: { key: 'booking.meet.stage.cancelled', kind: 'warning' },
};

function Meeting({ request }: { request: BookingRequest }) {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const slug = request.tour?.slug ?? null;
  const tour = useApiQuery(slug ? `meet-tour:${slug}:${locale}` : null, (signal) => fetchMeetingTour(host.api, slug!, signal));
  const stage = meetStage(request);
  const notice = STAGE_NOTICE[stage];
  const open = stage === 'awaiting' || stage === 'confirmed';
  return (
    <div className="bk-meet">
      <div className="bk-meet__card">
        <h2 className="bk-meet__title">{t('booking.meet.booking', { requestId: request.id })}</h2>
        {request.tour && (
          <p className="bk-meet__text">
            <a href={host.href('tour-page', { slug: request.tour.slug })}>{request.tour.title}</a>
          </p>
        )}
        <p className="bk-meet__links">
          <a href={host.href('arrival-page', { uuid: request.uuid })}>{t('booking.meet.openBooking')}</a>
        </p>
      </div>
      {notice && (
        <MessageBanner kind={notice.kind}>
          <span data-testid="meet-stage">{t(notice.key as MessageId)}</span>
        </MessageBanner>
      )}
      {open && (
        <>
          <WhenAndWhere request={request} tour={tour.data ?? null} loading={Boolean(slug) && !tour.data && !tour.error} />
          <BeforeYouGo request={request} tour={tour.data ?? null} />
          <OnTheDay />
        </>
      )}
    </div>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="bk-meet__card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="bk-meet__title">{title}</h2>
      {children}
    </section>
  );
}

function WhenAndWhere({ request, tour, loading }: { request: BookingRequest; tour: MeetingTour | null; loading: boolean }) {
  const fmt = useDateFormat();
  const t = useT();
  const plan = meetingPlan(request, tour);
  let when: string;
  if (!plan.start) when = t('booking.meet.whenNone');
  else if (plan.time) when = t('booking.arrival.dates.withTime', { dates: fmt.range(plan.start, plan.end ?? plan.start), time: plan.time });
  else if (plan.multiDay) when = t('booking.meet.whenFirstDay', { dates: fmt.range(plan.start, plan.end!) });
  else when = fmt.date(plan.start);
  return (
    <>
      <Card title={t('booking.meet.when')} testId="meet-when">
        <p className="bk-meet__big">{when}</p>
      </Card>
      <Card title={t('booking.meet.where')} testId="meet-where">
        {loading ? (
          <Skeleton height={48} />
        ) : (
          <>
            <p className="bk-meet__big">{plan.place ?? t('booking.meet.whereNone')}</p>
            {plan.map && (
              <>
                <p className="bk-meet__muted">{t('booking.meet.coordinates', { coordinates: formatCoordinates(plan.map.lat, plan.map.lng) })}</p>
                <p className="bk-meet__links">
                  <a href={openInMapsUrl({ ...plan.map, zoom: 16 })} target="_blank" rel="noopener noreferrer">
                    {t('booking.meet.openMap')}
                    <span className="visually-hidden"> {t('booking.newTab')}</span>
                  </a>
                </p>
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}

/** What the organizer asks before the trip (the tour's organisational details) and the names still missing. */
function BeforeYouGo({ request, tour }: { request: BookingRequest; tour: MeetingTour | null }) {
  const host = useHost();
  const t = useT();
  const missing = touristsMissing(request);
  const details = tour && tour.organizational_details.replace(/<[^>]*>/g, '').trim() ? tour.organizational_details : null;
  if (!details && !(missing > 0 && request.can_edit_tourists)) return null;
  const total = request.adults + request.children;
  return (
    <Card title={t('booking.meet.before')} testId="meet-before">
      {details && <SafeHtml html={details} className="bk-meet__details" />}
      {missing > 0 && request.can_edit_tourists && (
        <>
          <p className="bk-meet__text">{t('booking.meet.tourists', { count: total - missing, total })}</p>
          <p className="bk-meet__links">
            <a href={host.href('add-tourists', { id: request.uuid }, { request_id: request.id })}>{t('booking.meet.addTourists')}</a>
          </p>
        </>
      )}
    </Card>
  );
}

/** Whom to call when late or lost: the coordinators' main phone and hours, and the chat. */
function OnTheDay() {
  const host = useHost();
  const t = useT();
  const countryId = useAtomValue(countryAtom)?.id;
  const contacts = useApiQuery(`meet-contacts:${countryId ?? ''}`, (signal) => fetchContacts(host.api, countryId, signal));
  const time = useApiQuery(`meet-work-time:${countryId ?? ''}`, (signal) => fetchWorkTime(host.api, countryId, signal));
  const phone = contacts.data?.phoneMain;
  return (
    <Card title={t('booking.meet.onTheDay')} testId="meet-day">
      <p className="bk-meet__text">{t('booking.meet.late')}</p>
      {phone && <PhoneLink phone={phone.phone} formatted={phone.formatted_phone} />}
      {time.data && (
        <p className="bk-meet__muted">
          {t('booking.meet.hours', {
            weekdays: `${time.data.weekdays.start}–${time.data.weekdays.end}`,
            weekend: `${time.data.weekend.start}–${time.data.weekend.end}`,
          })}
        </p>
      )}
      <p className="bk-meet__links">
        <a href={host.href('chat-index', {})}>{t('booking.meet.chat')}</a>
      </p>
    </Card>
  );
}

function MeetSkeleton({ label }: { label: string }) {
  return (
    <div className="bk-meet" role="status" aria-label={label} data-testid="meet-skeleton">
      <Skeleton height={96} />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </div>
  );
}
