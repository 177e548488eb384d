import { useIntl } from 'react-intl';
import { HERO_FALLBACK_SIZE, HERO_SIZES, heroSrcSet } from '../domain/tour';
import { sizedImage } from '../domain/media';
import './ui.css';
import './TourSkeleton.css';

/** The tour's hero image as the page shows it: the LCP element, fetched early at a width-appropriate size. */
export interface TourHeroImage {
  /** Image URL with its '{{size}}' segment. */
  url: string;
  alt: string;
}

/**
 * The hero of the tour page (public-site §2.6): its box is reserved by the CSS (no layout shift) and the image
 * covers it. One component for the tour page, its skeleton and the host's server-rendered first screen, so all
 * three paint the same element at the same size (a later copy is not a new LCP candidate).
 */
export function TourHero({ image, testId }: { image: TourHeroImage; testId?: string }) {
  return (
    <div className="tour-hero">
      <img
        className="tour-hero__img"
        src={sizedImage(image.url, HERO_FALLBACK_SIZE)}
        srcSet={heroSrcSet(image.url)}
        sizes={HERO_SIZES}
        alt={image.alt}
        width={1600}
        height={1067}
        // React 18 knows no fetchPriority prop (it warns): the attribute, lowercase, as HTML spells it.
        {...{ fetchpriority: 'high' }}
        decoding="async"
        data-testid={testId}
      />
    </div>
  );
}

/**
 * The loading state of the tour page: hero (the image when it is already known), title and columns in their
 * final places. The host server renders it as the page's first screen, and the tour area shows it while the
 * tour loads, so the page does not move when the tour arrives.
 */
export function TourSkeleton({ hero = null }: { hero?: TourHeroImage | null }) {
  const intl = useIntl();
  return (
    <div className="tour-skeleton" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })} data-testid="tour-skeleton">
      {hero ? <TourHero image={hero} /> : <div className="tour-hero tour-hero--skeleton ui-skeleton" />}
      <div className="tour-skeleton__intro">
        <span className="ui-skeleton tour-skeleton__crumbs" />
        <span className="ui-skeleton tour-skeleton__title" />
        <span className="ui-skeleton tour-skeleton__line" />
      </div>
      <div className="tour-skeleton__layout">
        <span className="ui-skeleton tour-skeleton__block" />
        <span className="ui-skeleton tour-skeleton__card" />
      </div>
    </div>
  );
}
