import { sizedImage, type MediaItem } from '@tours/shared/domain';
import { preloadMediaViewer } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';
import { Section } from '../parts';

/** Main impressions (§2.6 'Tour highlights'): 2 columns, 3 on sm and up; the pictures open in the lightbox. Their texts are plain text. */
export function Highlights({ tour, openViewer }: { tour: TourDetail; openViewer: (items: MediaItem[], index: number) => void }) {
  const { t } = useTourFormat();
  if (!tour.main_impressions.length) return null;
  const items: MediaItem[] = tour.main_impressions.map((m) => ({ image: m.image, alt: m.title }));
  return (
    <Section title={t('tour.highlights.title')} className="tour-highlights">
      <ul className="tour-highlights__grid">
        {tour.main_impressions.map((m, i) => (
          <li key={`${m.title}-${i}`} className="tour-highlight">
            <button type="button" className="tour-highlight__btn" onClick={() => openViewer(items, i)} onPointerEnter={preloadMediaViewer} onFocus={preloadMediaViewer} aria-label={t('tour.highlights.open', { title: m.title })}>
              <img src={sizedImage(m.image, '400x400')} alt="" width={400} height={400} loading="lazy" decoding="async" />
            </button>
            <h3 className="tour-highlight__title">{m.title}</h3>
            <p className="tour-highlight__text">{m.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
