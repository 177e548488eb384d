import { useHost } from '@tours/shared/core';
import { roundedCount } from '@tours/shared/domain';
import { BlogPostsAnswer, InfoAnswer, SearchFormAnswer, SocialLinksAnswer, useApiQuery } from '@tours/shared/api';
import { ErrorState, Link, PageHeader, Skeleton } from '@tours/shared/kit';
import { Advantages } from '../common/Advantages';
import { BlogCards } from '../common/BlogCards';
import { LazyHelpCard } from '../common/LazyHelpCard';
import { SearchForm } from '../common/SearchForm';
import { PlaceChips } from '../common/PlaceChips';
import { LazyMainTours } from './LazyMainTours';
import { SHOW_ANYWAY_MS, useWaited } from '../common/use-waited';
import '../common/common.css';
import './main.css';
import { useT } from '../../i18n/t';

/** Certifications shown on the main page (§2.4): message ids of their names and texts. */
const CERTIFICATIONS = ['registry', 'insurance', 'association'] as const;

/**
 * Main page (§2.4, §1): the search form with autocomplete, the promo card (tours rounded to 100 as 'N+', regions,
 * travel styles), the advantages banner, popular destinations, the brand/about section, blog preview cards, then
 * (below the fold: their own chunk and call) popular tours, travel styles, upcoming departures and recent reviews, the
 * site description card, certifications and social links.
 */
export default function MainPage() {
  const host = useHost();
  const info = useApiQuery('info', (signal) => host.api.get('/spa/info', { schema: InfoAnswer, signal }));
  const form = useApiQuery('search-form', (signal) => host.api.get('/spa/search-form', { schema: SearchFormAnswer, signal }));
  const blog = useApiQuery('blog-preview', (signal) => host.api.get('/spa/blog-posts', { schema: BlogPostsAnswer, query: { 'per-page': 3, with_alt: 1 }, signal }));
  const social = useApiQuery('social', (signal) => host.api.get('/spa/groups-in-social-network', { schema: SocialLinksAnswer, signal }));
  const t = useT();
  // One notice for the page when a section's call fails (they retry by themselves); its Retry asks them all again.
  const failed = [info, form, blog, social].filter((q) => q.error);
  // The sections on the first screens are sized by these calls: the page stays hidden (the host's skeleton shows)
  // until they have answered, so nothing drawn moves when they do (the promo and the destinations growing had pushed
  // the page down 98 px at 412 px: CLS 0.35; issue 33). A slow API shows what there is after SHOW_ANYWAY_MS.
  const settled = [info, form, blog].every((q) => q.data !== null || q.error !== null);
  const waitedEnough = useWaited(SHOW_ANYWAY_MS, settled);
  return (
    <div className="srch-main" hidden={!settled && !waitedEnough}>
      <PageHeader title={t('page.index.title')} description={t('meta.description')} />
      <section className="srch-main__search" aria-labelledby="srch-main-search">
        <h2 id="srch-main-search" className="visually-hidden">{t('search.form.label')}</h2>
        <SearchForm />
      </section>
      {failed.length > 0 && (
        <ErrorState messageId="main.partFailed" busy={failed.some((q) => q.loading)} onRetry={() => failed.forEach((q) => q.retry())} />
      )}
      <section className="srch-main__promo" aria-label={t('main.promo.label')}>
        {info.data ? (
          <ul className="srch-promo">
            <li><strong>{roundedCount(info.data.totalCount)}</strong> {t('main.promo.tours')}</li>
            <li><strong>{info.data.regions}</strong> {t('main.promo.regions')}</li>
            <li><strong>{info.data.types}</strong> {t('main.promo.styles')}</li>
          </ul>
        ) : (
          !info.error && <Skeleton height={48} />
        )}
      </section>
      <Advantages info={info.data} />
      {!form.error && (
        <section aria-labelledby="dest-title">
          <h2 id="dest-title">{t('main.destinations.title')}</h2>
          <PlaceChips places={(form.data?.regions ?? []).slice(0, 12)} />
        </section>
      )}
      <section className="srch-main__about" aria-labelledby="about-title">
        <h2 id="about-title">{t('main.about.title')}</h2>
        <p>{t('main.about.text')}</p>
        <Link href={host.href('about-page')}>{t('main.about.more')}</Link>
      </section>
      {!blog.error && (
        <section aria-labelledby="blog-title">
          <h2 id="blog-title">{t('main.blog.title')}</h2>
          <BlogCards posts={blog.data?.posts ?? []} />
        </section>
      )}
      {/* Below the fold at 1280 × 800 (the first visit the budget measures): their chunk and call come on approach. */}
      <LazyMainTours settled={settled} pageNotice={failed.length > 0} />
      <section className="srch-main__description" aria-labelledby="description-title">
        <h2 id="description-title">{t('main.description.title')}</h2>
        <p>{t('main.description.text')}</p>
      </section>
      <section aria-labelledby="cert-title">
        <h2 id="cert-title">{t('main.certifications.title')}</h2>
        <ul className="srch-certs">
          {CERTIFICATIONS.map((c) => (
            <li key={c}>
              <strong>{t(`main.certifications.${c}.name`)}</strong>
              <span>{t(`main.certifications.${c}.text`)}</span>
            </li>
          ))}
        </ul>
      </section>
      {/* Near the end, below the fold: the common help card (§2.7), downloaded when it comes near. */}
      <LazyHelpCard clickSource="main_page" />
      {social.data && social.data.length > 0 && (
        <section aria-labelledby="social-title">
          <h2 id="social-title">{t('main.social.title')}</h2>
          <ul className="srch-chips">
            {social.data.map((s) => (
              <li key={s.id}><a href={s.url_to_group} rel="noopener noreferrer" target="_blank">{s.source}</a></li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
