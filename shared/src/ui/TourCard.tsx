import { memo, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useHost } from '@tours/shared/core';
import { appConfigAtom, favouritesAtom, sessionAtom, toggleFavouriteAtom } from '@tours/shared/core';
import { FavouriteTourAnswer } from '../api/schemas/search';
import { CARD_IMAGE_SIZE, sizedImage, toTourCardView, type TourCardInput } from '../domain';
import { Link } from './Link';
import { Price } from './Price';
import './ui.css';
import './TourCard.css';
import { useT } from '../i18n/use-t';

/**
 * The favourite heart (§9 'Favourite tour ids are kept locally'): toggles the host-owned favouritesAtom (kept on
 * the device by the host) and, when logged in, tells the server (POST /crm/api/favourite-tour/create|delete).
 * A failed server call keeps the local choice; the device list stays the source for the heart.
 */
export function useFavourite(tourId: number): { isFavourite: boolean; toggle: () => void } {
  const host = useHost();
  const favourites = useAtomValue(favouritesAtom);
  const session = useAtomValue(sessionAtom);
  const toggleFavourite = useSetAtom(toggleFavouriteAtom);
  const isFavourite = favourites.includes(tourId);
  const toggle = () => {
    toggleFavourite(tourId);
    if (!session) return;
    const path = isFavourite ? '/crm/api/favourite-tour/delete' : '/crm/api/favourite-tour/create';
    host.api.post(path, { tour_id: tourId }, { schema: FavouriteTourAnswer }).catch(() => undefined);
  };
  return { isFavourite, toggle };
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2.1 0 3.5 1.2 4.4 2.5C11.9 6.2 13.3 5 15.4 5 19 5 21 8.6 19.6 11.8 17.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

export interface TourCardProps {
  tour: TourCardInput;
  /** Where the title links; defaults to the tour page. */
  href?: string;
  /** Extra actions under the price (tour selection mode's Select/Unselect, a dates button…). */
  actions?: ReactNode;
  /** Heading level of the title inside its list. */
  headingLevel?: 2 | 3 | 4;
  /** Loads the image eagerly (the first cards of a list). */
  eager?: boolean;
  className?: string;
}

/**
 * A tour card (public-site §3.4): image, favourite heart, new/hot flags, title, location, duration in days or
 * hours, '+N dates', rating and reviews, organizer short name (unless organizers are hidden), visible tags and
 * the price in the traveller's currency with 'from', the old price and the discount.
 */
export const TourCard = memo(function TourCard({ tour, href, actions, headingLevel = 3, eager = false, className }: TourCardProps) {
  const host = useHost();
  const config = useAtomValue(appConfigAtom);
  const view = toTourCardView(tour);
  const { isFavourite, toggle } = useFavourite(view.id);
  const [imageFailed, setImageFailed] = useState(false);
  const t = useT();
  const link = href ?? host.href('tour-page', { slug: view.slug });
  const Heading = `h${headingLevel}` as 'h3';
  const titleId = `tour-card-${view.id}`;
  return (
    <article className={`ui-tour-card${className ? ` ${className}` : ''}`} aria-labelledby={titleId} data-tour-id={view.id}>
      <div className="ui-tour-card__media">
        {view.image && !imageFailed ? (
          <img
            src={sizedImage(view.image, CARD_IMAGE_SIZE)}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <span className="ui-tour-card__no-image" aria-hidden="true" />
        )}
        <span className="ui-tour-card__flags">
          {view.isNew && <span className="ui-tour-card__flag ui-tour-card__flag--new">{t('tourCard.new')}</span>}
          {view.isHot && <span className="ui-tour-card__flag ui-tour-card__flag--hot">{t('tourCard.hot')}</span>}
        </span>
        <button
          type="button"
          className={`ui-tour-card__fav${isFavourite ? ' ui-tour-card__fav--on' : ''}`}
          aria-pressed={isFavourite}
          aria-label={t(isFavourite ? 'tourCard.favourite.remove' : 'tourCard.favourite.add', { title: view.title })}
          onClick={toggle}
        >
          <Heart filled={isFavourite} />
        </button>
      </div>
      <div className="ui-tour-card__body">
        {view.activity && <p className="ui-tour-card__activity">{view.activity}</p>}
        <Heading id={titleId} className="ui-tour-card__title">
          <Link href={link}>{view.title}</Link>
        </Heading>
        <ul className="ui-tour-card__facts">
          {view.location && <li className="ui-tour-card__location">{view.location}</li>}
          {view.duration && <li>{t(view.duration.unit === 'hours' ? 'tourCard.hours' : 'tourCard.days', { count: view.duration.value })}</li>}
          {view.moreDates > 0 && <li>{t('tourCard.moreDates', { count: view.moreDates })}</li>}
        </ul>
        {view.rating !== null && (
          <p className="ui-tour-card__rating">
            <span aria-hidden="true">★</span> {t('tourCard.rating', { rating: view.rating.toFixed(1), count: view.reviewsCount })}
          </p>
        )}
        {!config.organizer.forceHideOrganizers && view.organizerName && (
          <p className="ui-tour-card__organizer">{t('tourCard.organizer', { name: view.organizerName })}</p>
        )}
        {view.tags.length > 0 && (
          <ul className="ui-tour-card__tags" aria-label={t('tourCard.tags')}>
            {view.tags.slice(0, 3).map((tag) => <li key={tag.id}>{tag.text}</li>)}
          </ul>
        )}
        <div className="ui-tour-card__footer">
          {view.price ? (
            <Price
              amount={view.price.amount}
              currency={view.price.currency}
              original={view.originalPrice}
              oldAmount={view.oldPrice}
              originalOldAmount={view.originalOldPrice}
              from={view.showFrom}
            />
          ) : (
            <span className="ui-tour-card__on-request">{t('tourCard.priceOnRequest')}</span>
          )}
          {actions && <div className="ui-tour-card__actions">{actions}</div>}
        </div>
      </div>
    </article>
  );
});
