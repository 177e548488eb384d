import { useContext, type MouseEvent } from 'react';
import { useHost } from '@tours/shared/core';
import { Breadcrumbs, Link, TourHero, scrollToElement } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { LowerSections, SECTION_OFFSET } from '../deferred';
import { useTourFormat } from '../format';
import type { MessageId } from '../../../i18n/t';

/** Hero image: the LCP element (the shared hero, as the host's first screen paints it). */
export function Hero({ tour }: { tour: TourDetail }) {
  return <TourHero image={{ url: tour.images[0]?.url ?? tour.image, alt: tour.images[0]?.alt ?? tour.title }} testId="tour-hero" />;
}

/**
 * Breadcrumbs from home (not for individual tours), title, location links and the rating link (§2.6 'Intro'); when the
 * tour's texts are in another language than the page's (`contentLang`), a short note says so.
 */
export function Intro({ tour, individual, contentLang }: { tour: TourDetail; individual: boolean; contentLang?: string | null }) {
  const host = useHost();
  const { t } = useTourFormat();
  const crumbs = [
    { url: host.href('index'), text: t('common.home') },
    ...tour.breadcrumbs.map((b, i) => (i === tour.breadcrumbs.length - 1 ? { text: b.title } : { url: host.href('tours', { slug: b.screen_name }), text: b.title })),
  ];
  const places = [...tour.regions.map((r) => ({ key: `r${r.id}`, slug: r.slug, text: r.text })), ...tour.host_cities.map((c) => ({ key: `c${c.id}`, slug: c.slug, text: c.text }))];
  const lower = useContext(LowerSections);
  // The rating opens the reviews, a lower section, as the section navigation does: it asks for the lower sections and
  // scrolls while they settle. A plain jump landed on the placeholder, which the sections above then pushed out of
  // view, so the reviews it counts never loaded (issue 17, defect 4).
  const toReviews = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById('reviews');
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    lower.request();
    scrollToElement(target, { offset: SECTION_OFFSET });
  };
  return (
    <header className="tour-intro">
      {!individual && <Breadcrumbs items={crumbs} />}
      <h1 className="tour-intro__title">{tour.title}</h1>
      <div className="tour-intro__meta">
        {places.length > 0 && (
          <ul className="tour-intro__places" aria-label={t('tour.location.label')}>
            {places.map((p) => (
              <li key={p.key}>
                <Link href={host.href('tours', { slug: p.slug })}>{p.text}</Link>
              </li>
            ))}
          </ul>
        )}
        {tour.reviews_count > 0 && (
          <a className="tour-intro__rating" href="#reviews" onClick={toReviews}>
            <span aria-hidden="true">★</span> {t('tour.rating.summary', { rating: tour.rating.toFixed(1), count: tour.reviews_count })}
          </a>
        )}
      </div>
      {contentLang && <p className="tour-intro__lang" data-testid="content-language">{t(`tour.contentLanguage.${contentLang}` as MessageId)}</p>}
    </header>
  );
}
