import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, useHost } from '@tours/shared/core';
import { REVIEWS_STEP, nextReviewsCount, ratingOneDecimal, type MediaItem } from '@tours/shared/domain';
import { isAbortError, isRetryableError, useAutoRetry, type Review, type ReviewTab, type TourReviewsAnswer } from '@tours/shared/api';
import { ErrorState, ReviewCard, SelectField, Stars, scrollToElement, useNearViewport } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { fetchReviews } from '../later-calls';
import { useTourFormat } from '../format';
import { Section } from '../parts';
import { initialReviewTab } from './review-tab';

const TABS: ReviewTab[] = ['all', 'tour', 'organizer'];

interface Loaded { key: string; reviews: Review[]; page: number; answer: TourReviewsAnswer }

/**
 * Reviews (§2.6, §4.10): tabs All / Tour / Tour Provider with counts, the rating to one decimal and 'Based on N
 * reviews'; 3 at first, 'Show more reviews' adds 3, 'Hide reviews' collapses to 3 and scrolls back; 'No reviews
 * yet'; filtering by rating when canFilterReviews. Loaded when the section comes near the viewport.
 */
export function Reviews({ tour, openViewer }: { tour: TourDetail; openViewer: (items: MediaItem[], index: number) => void }) {
  const host = useHost();
  const { t } = useTourFormat();
  const canFilter = useAtomValue(appConfigAtom).tour.canFilterReviews;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, '600px');
  // The tour's title shows the tour's own reviews ('★ 4.9 · 12 reviews', like its cards) and links here: the section
  // opens on those (the Tour tab) so the count equals what it opens; without own reviews, on All.
  const [tab, setTab] = useState<ReviewTab>(() => initialReviewTab(tour.reviews_count));
  const [rating, setRating] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [visible, setVisible] = useState(REVIEWS_STEP);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Failures in a row that waiting may fix: asked again by itself (useAutoRetry) and by Retry.
  const [failures, setFailures] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useAutoRetry(failures, failed, busy, retry);
  const key = `${tour.id}:${tab}:${rating ?? ''}`;

  useEffect(() => {
    if (!near) return undefined;
    const controller = new AbortController();
    setBusy(true);
    // A failure stays on screen while the next attempt runs (no flicker between the error and 'Loading…').
    fetchReviews(host.api, { id: tour.id, slug: tour.slug, type: tab, page: 1, rating }, controller.signal).then(
      (answer) => {
        setLoaded({ key, reviews: answer.reviews, page: 1, answer });
        setVisible(REVIEWS_STEP);
        setBusy(false);
        setFailed(false);
        setFailures(0);
      },
      (error: unknown) => {
        if (isAbortError(error)) return;
        setFailed(true);
        setBusy(false);
        setFailures((n) => (isRetryableError(error) ? n + 1 : 0));
      },
    );
    return () => controller.abort();
  }, [near, key, host, tour.id, tour.slug, tab, rating, attempt]);

  const current = loaded && loaded.key === key ? loaded : null;
  const total = current?.answer.pagination.itemsCount ?? 0;
  // The heading is of the tab shown (the API answers the tab's rating and count); before the first answer, the
  // tour's own figures stand for the Tour tab.
  const summary = current
    ? { rating: current.answer.rating, count: current.answer.reviews_count }
    : tab === 'tour' ? { rating: tour.rating, count: tour.reviews_count } : { rating: 0, count: 0 };

  const showMore = async () => {
    if (!current) return;
    const want = nextReviewsCount(visible, total);
    if (current.reviews.length < want && current.page < current.answer.pagination.pages) {
      setBusy(true);
      try {
        const next = await fetchReviews(host.api, { id: tour.id, slug: tour.slug, type: tab, page: current.page + 1, rating });
        setLoaded({ ...current, reviews: [...current.reviews, ...next.reviews], page: current.page + 1 });
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    }
    setVisible(want);
  };

  const hide = () => {
    setVisible(REVIEWS_STEP);
    const section = document.getElementById('reviews');
    if (section) scrollToElement(section, { offset: 64 });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next);
    document.getElementById(`reviews-tab-${next}`)?.focus();
  };

  const shown = current ? current.reviews.slice(0, visible) : [];
  return (
    <Section anchor="reviews" title={t('tour.nav.reviews')}>
      <div ref={box}>
        {summary.count > 0 && (
          <p className="tour-reviews__summary">
            <span className="tour-reviews__rating">{ratingOneDecimal(summary.rating)}</span> <Stars rating={summary.rating} />{' '}
            <span>{t('tour.reviews.basedOn', { count: summary.count })}</span>
          </p>
        )}
        <div className="tour-reviews__controls">
          <div role="tablist" aria-label={t('tour.reviews.tabs')} className="tour-tabs">
            {TABS.map((tabName, i) => (
              <button
                key={tabName}
                id={`reviews-tab-${tabName}`}
                type="button"
                role="tab"
                aria-selected={tab === tabName}
                aria-controls="reviews-panel"
                tabIndex={tab === tabName ? 0 : -1}
                className={`tour-tab${tab === tabName ? ' tour-tab--on' : ''}`}
                onClick={() => setTab(tabName)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t(`tour.reviews.tab.${tabName}`, { count: current?.answer.counts[tabName] ?? (tabName === 'tour' ? tour.reviews_count : 0) })}
              </button>
            ))}
          </div>
          {canFilter && (
            <SelectField
              className="tour-reviews__filter"
              label={t('tour.reviews.filter')}
              hideLabel
              value={rating === null ? '' : String(rating)}
              onChange={(e) => setRating(e.target.value ? Number(e.target.value) : null)}
              options={[{ value: '', label: t('tour.reviews.filterAll') }, ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('tour.reviews.filterStars', { count: n }) }))]}
            />
          )}
        </div>
        <div id="reviews-panel" role="tabpanel" aria-labelledby={`reviews-tab-${tab}`} aria-busy={busy || undefined}>
          {failed && <ErrorState messageId="tour.reviews.failed" onRetry={retry} busy={busy} />}
          {!current && !failed && <p className="tour-muted" role="status">{t('common.loading')}</p>}
          {current && total === 0 && <p className="tour-reviews__none">{t('tour.reviews.none')}</p>}
          {shown.length > 0 && (
            <ul className="tour-reviews">
              {shown.map((r) => <ReviewCard key={r.id} review={r} openViewer={openViewer} />)}
            </ul>
          )}
          <div className="tour-reviews__more">
            {current && visible < total && (
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void showMore()} disabled={busy}>
                {t('tour.reviews.more')}
              </button>
            )}
            {current && visible > REVIEWS_STEP && (
              <button type="button" className="ui-btn ui-btn--ghost" onClick={hide}>
                {t('tour.reviews.hide')}
              </button>
            )}
          </div>
        </div>
      </div>
    </Section>
  );
}
