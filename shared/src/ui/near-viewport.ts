import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true): what the lazy parts below the fold
 * (the tour page's sections, the main page's tours, the help card) wait for before fetching their chunk. At once where
 * the browser has no IntersectionObserver. While `enabled` is false nothing is watched (the layout above is not final).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px', enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el || !enabled) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, margin, near, enabled]);
  return near;
}
