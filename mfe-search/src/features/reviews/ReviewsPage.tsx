import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { localeAtom, queryAtom, routeAtom, useHost } from '@tours/shared/core';
import { pageFromQuery, ratingOneDecimal } from '@tours/shared/domain';
import { SITE_REVIEWS_PAGE_SIZE, SiteReviewsAnswer, useApiQuery } from '@tours/shared/api';
import { ErrorState, PageHeader, PaginationBar, ReviewCard, SelectField, Stars, useMediaViewer, usePageError, usePageWithinRange } from '@tours/shared/kit';
import './reviews.css';
import { useT } from '../../i18n/t';

/** The API's page bound (GET /spa/reviews); a larger page in the URL asks for the last one the call accepts. */
const MAX_PAGE = 100000;

/** Placeholder cards while the first answer loads. */
function ReviewsSkeleton({ label }: { label: string }) {
  return (
    <div className="srch-reviews__skeleton" role="status" aria-label={label} data-testid="reviews-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className="srch-reviews__ghost" aria-hidden="true">
          <span className="ui-skeleton srch-reviews__ghost-avatar" />
          <span className="srch-reviews__ghost-lines">
            <span className="ui-skeleton ui-skeleton--line" />
            <span className="ui-skeleton ui-skeleton--line" />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Reviews of the whole site (route reviews-index, /reviews/{region?}; GET /spa/reviews): the rating to one decimal and
 * 'Based on N reviews', a region picker (choosing navigates to the region's URL), the newest reviews (the tour page's
 * card) and page links. The URL is the state: the region is the path, `?page=N` the page, so reload, back and forward
 * restore the screen. An unknown region is the platform's 404.
 */
export default function ReviewsPage() {
  const intl = useIntl();
  const t = useT();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const query = useAtomValue(queryAtom);
  const locale = useAtomValue(localeAtom);
  const region = route?.params.region || undefined;
  const page = pageFromQuery(query.page, MAX_PAGE);
  const viewer = useMediaViewer();
  const answer = useApiQuery(`reviews:${locale}:${region ?? ''}:${page}`, (signal) =>
    host.api.get('/spa/reviews', { schema: SiteReviewsAnswer, query: { region, page, limit: SITE_REVIEWS_PAGE_SIZE }, signal }),
  );
  const data = answer.data;
  const pageHref = (slug: string | undefined, p: number) => `${host.href('reviews-index', { region: slug })}${p > 1 ? `?page=${p}` : ''}`;
  const hrefFor = (p: number) => pageHref(region, p);

  // No answer is shown in place with Retry; another answer (an unknown region's 404, 403, 410) is the error page.
  const pageError = usePageError(answer.error);

  // A page past the end (an old link) shows the last page instead.
  usePageWithinRange(page, data?.pagination, hrefFor);

  // The region's name comes from the picker's list (the same in every answer), so the heading follows the URL at once
  // while the region's reviews load; a region without reviews is named by its own answer.
  const regionName = region ? data?.regions.find((g) => g.slug === region)?.name ?? (data?.region?.slug === region ? data.region.name : undefined) : undefined;
  const baseTitle = t('page.reviews-index.title');
  const title = regionName ? t('main.reviews.titleRegion', { region: regionName }) : baseTitle;
  const crumbs = [
    { url: host.href('index'), text: t('common.home') },
    ...(region ? [{ url: host.href('reviews-index', {}), text: baseTitle }, { text: regionName ?? region }] : [{ text: baseTitle }]),
  ];
  const regionOptions = data ? [...data.regions] : [];
  if (region && regionName && !regionOptions.some((g) => g.slug === region)) regionOptions.push({ slug: region, name: regionName, count: 0 });

  return (
    <section className="srch-reviews">
      <PageHeader title={title} breadcrumbs={crumbs} />
      {data && (
        <div className="srch-reviews__bar">
          {data.reviews_count > 0 && (
            <p className="srch-reviews__summary" data-testid="reviews-summary">
              <span className="srch-reviews__rating">{ratingOneDecimal(data.rating)}</span> <Stars rating={Number(ratingOneDecimal(data.rating))} />{' '}
              <span>{t('main.reviews.basedOn', { count: data.reviews_count })}</span>
            </p>
          )}
          <SelectField
            className="srch-reviews__region"
            label={t('main.reviews.region')}
            value={regionName ? region : ''}
            onChange={(e) => host.navigate(pageHref(e.target.value || undefined, 1))}
            options={[
              { value: '', label: t('main.reviews.allRegions') },
              ...regionOptions.map((g) => ({ value: g.slug, label: t('main.reviews.regionOption', { name: g.name, count: intl.formatNumber(g.count) }) })),
            ]}
          />
        </div>
      )}
      {!data && answer.loading && !answer.error && <ReviewsSkeleton label={t('common.loading')} />}
      {answer.error && !pageError && <ErrorState messageId="main.reviews.failed" onRetry={answer.retry} busy={answer.loading} />}
      {data && data.pagination.itemsCount === 0 && <p className="srch-reviews__none">{t('main.reviews.none')}</p>}
      {data && data.reviews.length > 0 && (
        <ul className={`tour-reviews srch-reviews__list${answer.loading ? ' srch-reviews__list--busy' : ''}`} aria-label={t('main.reviews.list')} aria-busy={answer.loading || undefined}>
          {data.reviews.map((r) => <ReviewCard key={r.id} review={r} openViewer={viewer.open} />)}
        </ul>
      )}
      {data && data.pagination.itemsCount > 0 && (
        <PaginationBar
          className="srch-reviews__pages"
          page={Math.min(page, data.pagination.pages)}
          pages={data.pagination.pages}
          total={data.pagination.itemsCount}
          pageSize={data.pagination.pageSize}
          hrefFor={(p) => hrefFor(p)}
          onPage={(p) => {
            host.navigate(hrefFor(p));
            if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
          }}
        />
      )}
      {viewer.element}
    </section>
  );
}
