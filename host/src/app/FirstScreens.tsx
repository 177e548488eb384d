import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { CARD_IMAGE_SIZE, sizedImage } from '@tours/shared/domain';
import { Breadcrumbs } from '@tours/shared/kit';

/**
 * The first screens the host paints with the server's HTML until the page's own screen paints (issue 33): each draws
 * the page's largest element (its title, the first results' images, the tour's image) in the place and at the size
 * the page draws it, from the same catalogue texts, so it paints with the HTML and nothing moves when the page takes
 * over (host.css hides the placeholder in the same frame; a later copy of the same size is no new LCP candidate).
 * The boxes are those of the pages' own stylesheets (host.css names each); the rest are skeleton blocks.
 */

/** fetchpriority, lowercase as HTML spells it (React 18 knows no fetchPriority prop), as the kit's TourHero. */
const HIGH = { fetchpriority: 'high' };

/** A page's header (kit PageHeader: its breadcrumbs Home › title, its h1) without telling the host the page's meta. */
function FirstScreenHeader({ titleId, title: given = null, crumbs }: { titleId: string; title?: string | null; crumbs: boolean }) {
  const intl = useIntl();
  const host = useHost();
  const title = given ?? intl.formatMessage({ id: titleId });
  return (
    <header className="ui-page-header">
      {crumbs && <Breadcrumbs items={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />}
      <h1 className="ui-page-title">{title}</h1>
    </header>
  );
}

function FirstScreen({ kind, children }: { kind: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    // data-first-screen: the page's screen looks for it to wait behind it (mfe-search SearchPage), as the tour area
    // reads the hero's preload link.
    <div className={`host-first-screen host-first-screen--${kind}`} role="status" aria-label={intl.formatMessage({ id: 'common.loading' })} data-testid={`first-screen-${kind}`} data-first-screen={kind}>
      {children}
    </div>
  );
}

/** The main page (mfe-search MainPage): its title where the page's is, the search form and promo as blocks. */
export function MainFirstScreen() {
  return (
    <FirstScreen kind="main">
      <FirstScreenHeader titleId="page.index.title" crumbs={false} />
      <span className="ui-skeleton host-first-screen__form" aria-hidden="true" />
      <span className="ui-skeleton host-first-screen__promo" aria-hidden="true" />
    </FirstScreen>
  );
}

/**
 * The search page (mfe-search SearchPage): its header (the place's name, else 'Search tours'), the toolbar as a block,
 * the first results' images in their cards.
 */
export function SearchFirstScreen({ images, placeName }: { images: string[]; placeName: string | null }) {
  return (
    <FirstScreen kind="search">
      <FirstScreenHeader titleId="page.tours.title" title={placeName} crumbs />
      <span className="ui-skeleton host-first-screen__toolbar" aria-hidden="true" />
      <ul className="host-first-screen__cards" aria-hidden="true">
        {images.map((image, i) => (
          <li key={image + i} className="host-first-screen__card">
            <span className="host-first-screen__media">
              {/* The URL the page's TourCard asks for: one download, and the first one with the HTML (preloaded). */}
              <img src={sizedImage(image, CARD_IMAGE_SIZE)} alt="" width={400} height={300} loading={i === 0 ? 'eager' : 'lazy'} {...(i === 0 ? HIGH : {})} decoding="async" />
            </span>
            <span className="ui-skeleton ui-skeleton--line" />
            <span className="ui-skeleton ui-skeleton--line host-first-screen__short" />
          </li>
        ))}
      </ul>
    </FirstScreen>
  );
}

/** The request page (mfe-booking RequestPage): its header, the booking summary with the tour's image when known. */
export function RequestFirstScreen({ image }: { image: string | null }) {
  return (
    <FirstScreen kind="request">
      <FirstScreenHeader titleId="page.request-page.title" crumbs />
      <div className="host-first-screen__request">
        <div className="host-first-screen__summary">
          {image ? (
            <img className="host-first-screen__summary-image" src={sizedImage(image, CARD_IMAGE_SIZE)} alt="" width={400} height={400} {...HIGH} decoding="async" />
          ) : (
            <span className="ui-skeleton host-first-screen__summary-image" aria-hidden="true" />
          )}
          <span className="ui-skeleton ui-skeleton--line" aria-hidden="true" />
          <span className="ui-skeleton ui-skeleton--line host-first-screen__short" aria-hidden="true" />
        </div>
        <span className="ui-skeleton host-first-screen__form" aria-hidden="true" />
      </div>
    </FirstScreen>
  );
}
