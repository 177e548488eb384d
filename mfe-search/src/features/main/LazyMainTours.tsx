import { Suspense, lazy, useRef } from 'react';
import { useNearViewport } from '@tours/shared/kit';

// Its own chunk (the tour card, the price, the review card parts): the main page's first visit does not carry it.
const MainTours = lazy(() => import(/* webpackChunkName: "main-tours" */ './MainTours'));

/**
 * The main page's tour sections (popular tours, travel styles, upcoming departures, recent reviews), below the fold:
 * their code and their call are fetched when their place comes within 300 px of the viewport (at once where the
 * browser has no IntersectionObserver). `settled` says the sections above have their content: before that the page
 * is short and the place looks near on any screen, so watching starts only then. The placeholder keeps about their
 * height, so nothing below jumps when they arrive. `pageNotice`: the page already shows its notice of failed sections
 * (one notice for the page), so a failure here adds none.
 */
export function LazyMainTours({ settled, pageNotice }: { settled: boolean; pageNotice: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '300px', settled);
  return (
    <div ref={ref} className={`srch-main-tours${near ? '' : ' srch-main-tours--pending'}`} data-testid="main-tours">
      {near && (
        <Suspense fallback={<div className="srch-main-tours--pending" />}>
          <MainTours pageNotice={pageNotice} />
        </Suspense>
      )}
    </div>
  );
}
