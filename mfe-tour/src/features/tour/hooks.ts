import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '@tours/shared';

/** Whether a media query matches, kept up to date. */
export function useMediaQuery(query: string, initial = false): boolean {
  const [matches, setMatches] = useState(() => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : initial));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const mql = window.matchMedia(query);
    const on = () => setMatches(mql.matches);
    on();
    mql.addEventListener?.('change', on);
    return () => mql.removeEventListener?.('change', on);
  }, [query]);
  return matches;
}

/** Photo previews of §9: 4 on sm and up, otherwise 3. */
export function usePreviewCount(): number {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`, true) ? 4 : 3;
}

/** True once the element is within `margin` of the viewport (lazy parts: swiper, reviews). */
export function useNearViewport(ref: React.RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, margin, near]);
  return near;
}
