import { useEffect, useId, useLayoutEffect, type RefObject } from 'react';
import { useHost } from '@tours/shared/core';

// A layout effect, so the host lifts its floating UI in the same frame the bar is first painted; none on a server.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Declares a bar fixed to the bottom of the viewport that holds a primary action (the tour's mobile order bar): the
 * host keeps the support bubble, sheets and toasts above it (contract event 'layout:bottom-bar'), so nothing floating
 * covers the action. The bar's height follows its layout (a media query hiding it reports 0); unmounting releases it.
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  const host = useHost();
  const id = useId();
  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let last = -1;
    const report = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      host.emit('layout:bottom-bar', { id, height });
    };
    report();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(report) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      host.emit('layout:bottom-bar', { id, height: 0 });
    };
  }, [host, id, ref]);
}
