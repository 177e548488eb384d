import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { currencyAtom, localeAtom, useHost } from '@tours/shared/core';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/contract';
import { MainPageToursAnswer, useApiQuery, type MainPageReview } from '@tours/shared/api';
import { Avatar, ErrorState, Link, Stars, TourCard } from '@tours/shared/kit';
import './main-tours.css';
import { useT } from '../../i18n/t';

/** A calendar day of the API (YYYY-MM-DD) as a date in the locale, read in UTC so it never shifts a day. */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
const dayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** A short review card: avatar, name, stars, date, the shortened text, and the tour it is about (a link). */
function ShortReview({ review }: { review: MainPageReview }) {
  const intl = useIntl();
  const host = useHost();
  return (
    <li className="srch-short-review">
      <div className="srch-short-review__head">
        <Avatar name={review.name} photo={review.author_photo} />
        <div>
          <p className="srch-short-review__name">{review.name}</p>
          <Stars rating={review.rating} />
        </div>
      </div>
      <p className="srch-short-review__text">{review.text}</p>
      <p className="srch-short-review__about">
        {intl.formatMessage({ id: 'common.review.aboutTour' })} <Link href={host.href('tour-page', { slug: review.tour.slug })}>{review.tour.name}</Link>
        {' · '}
        <time dateTime={review.date}>{intl.formatDate(dayOf(review.date), { ...DAY, month: 'short' })}</time>
      </p>
    </li>
  );
}

/** Card placeholders while the sections load, about the height of the cards. */
function CardsSkeleton({ label }: { label: string }) {
  return (
    <div className="srch-main-grid srch-main-grid--skeleton" role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => <span key={i} className="ui-skeleton srch-main-grid__ghost" aria-hidden="true" />)}
    </div>
  );
}

/**
 * The main page's tour sections (issue 17), from GET /spa/main-page-tours: popular tours (the default search's first
 * cards, with 'See all tours'), travel styles with the number of tours their link opens, upcoming departures (the
 * tour card with the departure's date; the price through the card's one price display) and recent reviews linking
 * to their tour. A failed call shows the page's notice with Retry (and retries by itself); when the page shows its
 * notice already (`pageNotice`), the sections keep their placeholder instead of a second one.
 */
export default function MainTours({ pageNotice = false }: { pageNotice?: boolean }) {
  const intl = useIntl();
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const currency = useAtomValue(currencyAtom);
  const t = useT();
  const answer = useApiQuery(`main-page-tours:${locale}:${currency}`, (signal) => host.api.get('/spa/main-page-tours', { schema: MainPageToursAnswer, signal }));
  const data = answer.data;
  if (!data) {
    return answer.error && !pageNotice
      ? <ErrorState messageId="main.partFailed" busy={answer.loading} onRetry={answer.retry} />
      : <CardsSkeleton label={t('common.loading')} />;
  }
  return (
    <>
      {data.popular.length > 0 && (
        <section className="srch-main-tours__section" aria-labelledby="popular-title">
          <div className="srch-main-tours__head">
            <h2 id="popular-title">{t('main.popular.title')}</h2>
            <Link href={host.href('tours', { slug: DEFAULT_SEARCH_SLUGS[locale] })}>{t('main.popular.all')}</Link>
          </div>
          <ul className="srch-main-grid">
            {data.popular.map((tour) => <li key={tour.id}><TourCard tour={tour} /></li>)}
          </ul>
        </section>
      )}
      {data.styles.length > 0 && (
        <section className="srch-main-tours__section" aria-labelledby="styles-title">
          <h2 id="styles-title">{t('main.styles.title')}</h2>
          <ul className="srch-chips" data-testid="travel-styles">
            {data.styles.map((s) => (
              <li key={s.id}><Link href={host.href('tours', { slug: s.slug })}>{s.name} <span className="srch-chips__count">{intl.formatNumber(s.tours_count)}</span></Link></li>
            ))}
          </ul>
        </section>
      )}
      {data.upcoming.length > 0 && (
        <section className="srch-main-tours__section" aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">{t('main.upcoming.title')}</h2>
          <ul className="srch-main-grid" data-testid="upcoming">
            {data.upcoming.map((u) => (
              <li key={u.tour.id}>
                <TourCard
                  tour={u.tour}
                  actions={(
                    <p className="srch-main-tours__departs">
                      {t('main.upcoming.departs')} <time dateTime={u.start}>{intl.formatDate(dayOf(u.start), DAY)}</time>
                    </p>
                  )}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.reviews.length > 0 && (
        <section className="srch-main-tours__section" aria-labelledby="recent-reviews-title">
          <div className="srch-main-tours__head">
            <h2 id="recent-reviews-title">{t('main.recentReviews.title')}</h2>
            <Link href={host.href('reviews-index', {})}>{t('main.recentReviews.all')}</Link>
          </div>
          <ul className="srch-short-reviews">
            {data.reviews.map((r) => <ShortReview key={r.id} review={r} />)}
          </ul>
        </section>
      )}
    </>
  );
}
