import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { OrganizerReviewsAnswer, PageHeader, PageSkeleton, routeAtom, useApiQuery, useHost } from '@tours/shared';

/** Organizer page with its reviews (accounts-and-comms: organizer page with paged reviews). */
export default function OrganizerPage() {
  const intl = useIntl();
  const host = useHost();
  const id = Number(useAtomValue(routeAtom)?.params.id);
  const title = intl.formatMessage({ id: 'page.organizer-id.title' });
  const reviews = useApiQuery(Number.isInteger(id) ? `org-reviews:${id}` : null, (signal) =>
    host.api.get('/spa/organizer-reviews', { schema: OrganizerReviewsAnswer, query: { id, limit: 3, page: 1 }, signal }),
  );
  return (
    <section>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      {reviews.loading && <PageSkeleton compact />}
      {reviews.data && (
        <>
          <p>{intl.formatMessage({ id: 'tour.reviews.basedOn' }, { rating: reviews.data.rating.toFixed(1), count: reviews.data.reviews_count })}</p>
          <ul className="tour-reviews">
            {reviews.data.reviews.map((r) => (
              <li key={r.id}>
                <p><strong>{r.name}</strong> · {r.rating}/5 · <time dateTime={r.date}>{intl.formatDate(r.date, { dateStyle: 'medium' })}</time></p>
                <p>{r.body}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
