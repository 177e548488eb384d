import { useEffect, useRef, useState } from 'react';
import { useHost } from '@tours/shared/core';
import type { TourCardSmall } from '@tours/shared/api';
import { TourCard, useNearViewport } from '@tours/shared/kit';
import { useTourFormat } from '../format';
import { openVariantsById } from '../open';
import { Section } from '../parts';

/** Swiper settings of §9: 1 slide per view (8 px apart), 4 per view at the md breakpoint, 14 px apart. */
const SIMILAR_SWIPER = { slidesPerView: 1.15, spaceBetween: 8, breakpoints: { 576: { slidesPerView: 2, spaceBetween: 14 }, 992: { slidesPerView: 4, spaceBetween: 14 } } } as const;

/**
 * Similar tours slider (§2.6): a scroll-snapping list that works at once; Swiper is loaded only when the section
 * comes near the viewport and then takes over (navigation buttons, keyboard). Each card's 'Dates' button opens
 * the variants modal, whose choice navigates to that tour.
 */
export function Similar({ tours }: { tours: TourCardSmall[] }) {
  const host = useHost();
  const { t } = useTourFormat();
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(root, '300px');
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    if (!near || !root.current) return undefined;
    let swiper: { destroy: (a?: boolean, b?: boolean) => void } | null = null;
    let live = true;
    void Promise.all([
      import(/* webpackChunkName: "swiper" */ 'swiper'),
      import(/* webpackChunkName: "swiper" */ 'swiper/modules'),
      import(/* webpackChunkName: "swiper" */ 'swiper/css'),
    ]).then(([{ default: Swiper }, { Navigation, Keyboard, A11y }]) => {
      if (!live || !root.current) return;
      swiper = new Swiper(root.current, {
        modules: [Navigation, Keyboard, A11y],
        ...SIMILAR_SWIPER,
        watchOverflow: true,
        keyboard: { enabled: true, onlyInViewport: true },
        navigation: { prevEl: prev.current, nextEl: next.current },
        // The slides stay the list's items: Swiper's default role 'group' on an <li> breaks the <ul> (axe 'list').
        a11y: { enabled: true, slideRole: 'listitem', prevSlideMessage: t('tour.similar.prev'), nextSlideMessage: t('tour.similar.next') },
      });
      setEnhanced(true);
    }).catch((error: unknown) => console.warn(`Slider unavailable: ${(error as Error).message}`));
    return () => {
      live = false;
      swiper?.destroy(true, true);
    };
    // `t` only names the buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near]);

  if (!tours.length) return null;
  return (
    <Section
      title={t('tour.similar.title')}
      className="tour-similar"
      actions={(
        <div className={`tour-similar__nav${enhanced ? '' : ' tour-similar__nav--off'}`}>
          <button ref={prev} type="button" className="tour-round-btn" aria-label={t('tour.similar.prev')}>‹</button>
          <button ref={next} type="button" className="tour-round-btn" aria-label={t('tour.similar.next')}>›</button>
        </div>
      )}
    >
      <div ref={root} className={`swiper tour-similar__slider${enhanced ? ' tour-similar__slider--on' : ''}`} data-testid="similar-slider">
        <ul className="swiper-wrapper tour-similar__list">
          {tours.map((tour) => (
            <li key={tour.id} className="swiper-slide tour-similar__slide">
              <TourCard
                tour={tour}
                headingLevel={3}
                actions={(
                  <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" aria-haspopup="dialog" onClick={() => openVariantsById(host, tour.id, 'navigate')}>
                    {t('tour.similar.dates')}
                    <span className="visually-hidden">: {tour.title}</span>
                  </button>
                )}
              />
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
