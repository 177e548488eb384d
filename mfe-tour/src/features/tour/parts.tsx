import { useId, type ReactNode } from 'react';
import { preloadMediaViewer, sizedImage, toMediaItem, type MediaItem } from '@tours/shared';
import { useTourFormat } from './format';
import { usePreviewCount } from './hooks';

/** A page section with its anchor and heading (anchor navigation of §2.6). */
export function Section({ anchor, title, children, actions, className }: { anchor?: string; title: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  const generated = useId().replace(/:/g, '');
  const titleId = `${anchor ?? `s${generated}`}-title`;
  return (
    <section id={anchor} className={`tour-section${className ? ` ${className}` : ''}`} aria-labelledby={titleId} tabIndex={anchor ? -1 : undefined}>
      <div className="tour-section__head">
        <h2 id={titleId} className="tour-section__title">{title}</h2>
        {actions && <div className="tour-section__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/**
 * Photo previews (§9: 4 on sm and up, otherwise 3); the last one says '+N' when there are more. Each opens the
 * media viewer at its photo.
 */
export function Previews({ images, label, onOpen, size = '280x280' }: { images: readonly (string | { url: string; alt?: string })[]; label: string; onOpen: (items: MediaItem[], index: number) => void; size?: string }) {
  const { t } = useTourFormat();
  const count = usePreviewCount();
  if (!images.length) return null;
  const items = images.map((i) => toMediaItem(i));
  const shown = items.slice(0, count);
  const rest = items.length - shown.length;
  return (
    <ul className="tour-previews" aria-label={label}>
      {shown.map((item, i) => (
        <li key={`${item.image}-${i}`} className="tour-previews__item">
          <button
            type="button"
            className="tour-previews__btn"
            onClick={() => onOpen(items, i)}
            onPointerEnter={preloadMediaViewer}
            onFocus={preloadMediaViewer}
            aria-label={t('tour.photo.open', { index: i + 1, total: items.length })}
          >
            <img src={sizedImage(item.image, size)} alt="" width={140} height={140} loading="lazy" decoding="async" />
            {i === shown.length - 1 && rest > 0 && <span className="tour-previews__more" aria-hidden="true">+{rest}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Rating stars; the number is read out ('4 out of 5'). */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTourFormat();
  const full = Math.round(rating);
  return (
    <span className="tour-stars" role="img" aria-label={t('tour.reviews.stars', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= full ? 'tour-stars__on' : 'tour-stars__off'} aria-hidden="true">★</span>
      ))}
    </span>
  );
}

/** Avatar (§9: size 48, initials of the first two words, 5 colour variants). */
export function Avatar({ name, photo, size = 48 }: { name: string; photo?: string | null; size?: 48 | 64 }) {
  const initials = name.trim().split(/\s+/).slice(0, 2).map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('');
  const variant = [...name].reduce((a, c) => a + (c.codePointAt(0) ?? 0), 0) % 5;
  return photo ? (
    <img className={`tour-avatar tour-avatar--${size}`} src={sizedImage(photo, '64x64')} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className={`tour-avatar tour-avatar--${size} tour-avatar--c${variant}`} aria-hidden="true">{initials}</span>
  );
}

/** A small info hint: a button that shows its text on hover and focus (and names itself with it). */
export function Hint({ text, label }: { text: string; label: string }) {
  const id = `hint${useId().replace(/:/g, '')}`;
  return (
    <span className="tour-hint">
      <button type="button" className="tour-hint__btn" aria-label={label} aria-describedby={id}>?</button>
      <span id={id} role="tooltip" className="tour-hint__text">{text}</span>
    </span>
  );
}
