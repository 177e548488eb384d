import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true): what the lazy sections below the
 * fold wait for before fetching their chunk. At once where the browser has no IntersectionObserver. While `enabled`
 * is false nothing is watched (the layout above is not final yet).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string, enabled = true): boolean {
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
