import { useAtomValue } from 'jotai';
import { appConfigAtom, queryAtom, routeAtom, useHost } from '@tours/shared/core';
import { organizerShortName, pageFromQuery, ratingOneDecimal, sizedImage } from '@tours/shared/domain';
import { OrganizerInfoAnswer, OrganizerReviewsAnswer, isRetryableError, useApiQuery } from '@tours/shared/api';
import { Avatar, ErrorState, PageHeader, PageSkeleton, ReviewCard, SafeHtml, Stars, TourCard, useMediaViewer, usePageError, usePageWithinRange } from '@tours/shared/kit';
import { fetchVerification } from '../common/verification';
import { VerificationMarks } from '../common/VerificationMarks';
import { Pager } from './Pager';
import '../common/common.css';
import './organizer.css';
import { useT } from '../../i18n/t';

const PAGE_SIZE = 3;
/** The API's page bound (GET /spa/organizer-reviews); a larger page in the URL asks for the last one the call accepts. */
const MAX_PAGE = 100000;

/**
 * Organizer page (accounts-and-comms 'Organizer page'): public info, verification marks (a failed call counts
 * as all false), its tours and paged reviews (?page=N, 3 per page). With organizer.forceHideOrganizers the
 * organization stays but its people (experts) are not listed.
 */
export default function OrganizerPage() {
  const t = useT();
  const host = useHost();
  const config = useAtomValue(appConfigAtom);
  const id = Number(useAtomValue(routeAtom)?.params.id);
  const rawPage = useAtomValue(queryAtom).page;
  const page = pageFromQuery(rawPage, MAX_PAGE);
  const valid = Number.isInteger(id) && id > 0;
  const viewer = useMediaViewer();
  const info = useApiQuery(valid ? `org-info:${id}` : null, (signal) => host.api.get('/crm/api/organizer/info', { schema: OrganizerInfoAnswer, query: { id }, signal }));
  const marks = useApiQuery(valid ? `org-marks:${id}` : null, (signal) => fetchVerification(host.api, id, signal));
  const reviews = useApiQuery(valid ? `org-reviews:${id}:${page}` : null, (signal) =>
    host.api.get('/spa/organizer-reviews', { schema: OrganizerReviewsAnswer, query: { id, limit: PAGE_SIZE, page }, signal }),
  );

  // No answer (network, timeout, 5xx) is shown in place and retried by useApiQuery; an id that cannot be one and other
  // answers are the error page (usePageError).
  const unavailable = info.error !== null && isRetryableError(info.error);
  usePageError(info.error, { valid });

  const hrefFor = (p: number) => `${host.href('organizer-id', { id })}${p > 1 ? `?page=${p}` : ''}`;
  // A page past the last (an old link, ?page=500) shows the last page, as the site's other lists do.
  usePageWithinRange(page, reviews.data?.pagination, hrefFor);

  if (!info.data) return unavailable ? <ErrorState onRetry={info.retry} busy={info.loading} /> : <PageSkeleton />;
  const o = info.data;
  const hidePeople = config.organizer.forceHideOrganizers;
  return (
    <section className="tour-org-page" data-testid="organizer-page">
      <PageHeader title={o.name} description={o.description.replace(/<[^>]*>/g, ' ').trim().slice(0, 160)} breadcrumbs={[{ url: host.href('index'), text: t('common.home') }, { text: o.name }]} />
      <div className="tour-card tour-org">
        <img className="tour-org__logo" src={sizedImage(o.logo, '140x140')} alt="" width={96} height={96} />
        <div className="tour-org__body">
          <p className="tour-muted">{t(`tour.organizerPage.kind.${o.kind}`)} · {t('tour.organizerPage.since', { year: o.since_year })}{o.region ? ` · ${o.region.name}` : ''}</p>
          {o.reviews_count > 0 && (
            <p className="tour-reviews__summary">
              <span className="tour-reviews__rating">{ratingOneDecimal(o.rating)}</span> <Stars rating={o.rating} /> {t('tour.reviews.basedOn', { count: o.reviews_count })}
            </p>
          )}
          <VerificationMarks marks={marks.data} />
          <SafeHtml className="tour-rich" html={o.description} />
        </div>
      </div>
      {!hidePeople && o.experts.length > 0 && (
        <section className="tour-section" aria-labelledby="org-experts">
          <h2 id="org-experts" className="tour-section__title">{t('tour.organizer.guides')}</h2>
          <ul className="tour-guides">
            {o.experts.map((e, i) => (
              <li key={i} className="tour-guide">
                <Avatar name={organizerShortName(e)} photo={typeof e.photo === 'string' ? e.photo : e.photo?.url ?? null} />
                <span>{organizerShortName(e)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {o.tours.length > 0 && (
        <section className="tour-section" aria-labelledby="org-tours">
          <h2 id="org-tours" className="tour-section__title">{t('tour.organizerPage.tours', { count: o.tours_count })}</h2>
          <ul className="tour-org__tours">
            {o.tours.map((x) => <li key={x.id}><TourCard tour={x} /></li>)}
          </ul>
        </section>
      )}
      <section className="tour-section" aria-labelledby="org-reviews" id="reviews">
        <h2 id="org-reviews" className="tour-section__title">{t('tour.nav.reviews')}</h2>
        {reviews.error ? <ErrorState messageId="tour.reviews.failed" onRetry={reviews.retry} busy={reviews.loading} /> : reviews.loading && <PageSkeleton compact />}
        {reviews.data && reviews.data.reviews_count === 0 && <p>{t('tour.reviews.none')}</p>}
        {reviews.data && reviews.data.reviews.length > 0 && (
          <>
            <ul className="tour-reviews">
              {reviews.data.reviews.map((r) => <ReviewCard key={r.id} review={r} openViewer={viewer.open} />)}
            </ul>
            <Pager page={reviews.data.pagination.page} pages={reviews.data.pagination.pages} hrefFor={hrefFor} onPage={(p) => host.navigate(hrefFor(p))} />
          </>
        )}
      </section>
      {viewer.element}
    </section>
  );
}
