import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import type { Review } from '../api/schemas/organizers';
import { BREAKPOINTS } from '../config/constants';
import { sizedImage, toMediaItem, type MediaItem } from '../domain/media';
import { DAY } from '../domain/dates';
import { reviewRating } from '../domain/tour';
import { Link } from './Link';
import { preloadMediaViewer } from './MediaViewer';
import { TruncatedText } from './TruncatedText';
import './ui.css';
import './ReviewCard.css';
import { useT } from '../i18n/use-t';

/*
 * The review card of the tour page, the organizer page and the reviews page (public-site §2.6 'Each review shows'),
 * with its small parts. The class names are the tour page's (`tour-review`, `tour-avatar`…), kept when the card moved
 * here from mfe-tour so its styles and tests did not change.
 */

/** Photo previews of §9: 4 on sm and up, otherwise 3. */
export function usePreviewCount(): number {
  const query = `(min-width: ${BREAKPOINTS.sm}px)`;
  const [wide, setWide] = useState(() => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const mql = window.matchMedia(query);
    const on = () => setWide(mql.matches);
    on();
    mql.addEventListener?.('change', on);
    return () => mql.removeEventListener?.('change', on);
  }, [query]);
  return wide ? 4 : 3;
}

/**
 * Photo previews (§9: 4 on sm and up, otherwise 3); the last one says '+N' when there are more. Each opens the
 * media viewer at its photo.
 */
export function PhotoPreviews({ images, label, onOpen, size = '280x280' }: { images: readonly (string | { url: string; alt?: string })[]; label: string; onOpen: (items: MediaItem[], index: number) => void; size?: string }) {
  const intl = useIntl();
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
            aria-label={intl.formatMessage({ id: 'common.photo.open' }, { index: i + 1, total: items.length })}
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
  const intl = useIntl();
  const full = Math.round(rating);
  return (
    <span className="tour-stars" role="img" aria-label={intl.formatMessage({ id: 'common.review.stars' }, { rating })}>
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

/**
 * One review as a list item (put it in a `<ul>`): author's avatar, name and stars; 'about provider' or 'about tour -
 * {tour link}'; the date; photos (opening the media viewer through `openViewer`); the text truncated at 120 px; the
 * organizer's and the site's replies truncated at 72 px (§2.6, §9).
 */
export function ReviewCard({ review, openViewer }: { review: Review; openViewer: (items: MediaItem[], index: number) => void }) {
  const host = useHost();
  const intl = useIntl();
  const t = useT();
  const rating = reviewRating(review.rating);
  return (
    <li className="tour-review" data-testid="review">
      <div className="tour-review__head">
        <Avatar name={review.name} photo={review.author_photo} />
        <div>
          <p className="tour-review__name">{review.name}</p>
          <Stars rating={rating} />
          <p className="tour-review__about">
            {review.type === 'organizer' || !review.tour ? (
              t('common.review.aboutProvider')
            ) : (
              <>
                {t('common.review.aboutTour')} <Link href={host.href('tour-page', { slug: review.tour.slug })}>{review.tour.name}</Link>
              </>
            )}
            {' · '}
            <time dateTime={review.date}>{intl.formatDate(new Date(`${review.date.slice(0, 10)}T00:00:00Z`), DAY)}</time>
            {review.review_from_another_site && <> · {t('common.review.fromAnotherSite')}</>}
          </p>
        </div>
      </div>
      {review.images.length > 0 && (
        <div data-nosnippet={review.no_index_photo ? '' : undefined}>
          <PhotoPreviews images={review.images} label={t('common.review.photos', { name: review.name })} onOpen={openViewer} size="140x140" />
        </div>
      )}
      <TruncatedText height={120}>
        <p className="tour-review__body">{review.body}</p>
      </TruncatedText>
      {review.reply_review && (
        <div className="tour-reply">
          <Avatar name={review.reply_review.title} photo={review.reply_review.organizer_data.expert.photo.url} />
          <div className="tour-reply__body">
            <p className="tour-reply__title">{review.reply_review.title}</p>
            <TruncatedText height={72}><p>{review.reply_review.message}</p></TruncatedText>
          </div>
        </div>
      )}
      {review.site_reply_review && (
        <div className="tour-reply tour-reply--site">
          <Avatar name={review.site_reply_review.title} photo={review.site_reply_review.logo} />
          <div className="tour-reply__body">
            <p className="tour-reply__title">{review.site_reply_review.title}</p>
            <TruncatedText height={72}><p>{review.site_reply_review.message}</p></TruncatedText>
          </div>
        </div>
      )}
    </li>
  );
}
