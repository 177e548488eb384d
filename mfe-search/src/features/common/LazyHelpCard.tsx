import { Suspense, lazy, useRef } from 'react';
import { useNearViewport } from '@tours/shared/kit';
import './help-card.css';

// Its own chunk (the form, the phone input): the pages' first-visit JS does not carry it.
const HelpCardSection = lazy(() => import(/* webpackChunkName: "help-card" */ './HelpCardSection'));

/**
 * The common help card (§2.7), downloaded when its place comes within 400 px of the viewport (at once where the
 * browser has no IntersectionObserver). `clickSource` tells the request's origin (search_empty, main_page).
 */
export function LazyHelpCard({ clickSource }: { clickSource: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '400px');
  return (
    <div ref={ref} className={`srch-help${near ? '' : ' srch-help--pending'}`} data-testid="help-card">
      {near && (
        <Suspense fallback={null}>
          <HelpCardSection clickSource={clickSource} />
        </Suspense>
      )}
    </div>
  );
}
