import { useHost } from '@tours/shared/core';
import { sizedImage, GALLERY_PREVIEWS, type MediaItem } from '@tours/shared/domain';
import { Link, preloadMediaViewer } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';
import { formatCoordinates, isValidPlace } from '../map/provider';
import { openMap } from '../open';
import { Section, TourRich } from '../parts';
import { DeferredHtml } from '../deferred';

/** Overview (§2.6): gallery of 6 then '{count} more', description, map preview and tags. */
export function Overview({ tour, openViewer }: { tour: TourDetail; openViewer: (items: MediaItem[], index: number) => void }) {
  const host = useHost();
  const { t } = useTourFormat();
  const items: MediaItem[] = tour.images.map((i) => ({ image: i.url, ...(i.alt ? { alt: i.alt } : {}) }));
  const shown = items.slice(0, GALLERY_PREVIEWS);
  const more = items.length - shown.length;
  const center = tour.map ? { lat: tour.map.lat, lng: tour.map.lng } : { lat: tour.lat, lng: tour.lng };
  const place = { name: tour.main_location_name || tour.title, ...center, zoom: tour.map?.zoom ?? 10 };
  return (
    <Section anchor="overview" title={t('tour.nav.overview')}>
      {shown.length > 0 && (
        <ul className="tour-gallery" aria-label={t('tour.gallery.label')}>
          {shown.map((item, i) => {
            const last = i === shown.length - 1 && more > 0;
            return (
              <li key={`${item.image}-${i}`} className="tour-gallery__item">
                <button
                  type="button"
                  className="tour-gallery__btn"
                  onClick={() => openViewer(items, i)}
                  onPointerEnter={preloadMediaViewer}
                  onFocus={preloadMediaViewer}
                  aria-label={last ? t('tour.gallery.more', { count: more }) : t('tour.photo.open', { index: i + 1, total: items.length })}
                  data-testid={last ? 'gallery-more' : undefined}
                >
                  <img src={sizedImage(item.image, '400x400')} alt="" width={400} height={400} loading="lazy" decoding="async" />
                  {last && <span className="tour-gallery__more" aria-hidden="true">{t('tour.gallery.more', { count: more })}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <DeferredHtml>
        <TourRich className="tour-overview__text" html={tour.description} />
      </DeferredHtml>
      {isValidPlace(center) && (
        <div className="tour-map-preview">
          <span className="tour-map-preview__art" aria-hidden="true" />
          <div className="tour-map-preview__body">
            <p className="tour-map-preview__place">{place.name}</p>
            <p className="tour-map-preview__coords">{formatCoordinates(center.lat, center.lng)}</p>
          </div>
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" aria-haspopup="dialog" onClick={() => openMap(host, place, t('tour.map.title'))}>
            {t('tour.overview.map')}
          </button>
        </div>
      )}
      {tour.tags.length > 0 && (
        <ul className="tour-tags" aria-label={t('tour.overview.tags')}>
          {tour.tags.map((tag) => (
            <li key={tag.id}>
              <Link className="tour-tag" href={host.href('tours', { slug: tag.screen_name })}>{tag.text}</Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
