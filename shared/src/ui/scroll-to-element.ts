/** The smooth scroll behind the kit's `scrollToElement`: its own chunk, loaded on first use (ScrollSpy.tsx). */
import { SCROLL_TIMING, scrollDuration, type ScrollToOptions } from './scroll-timing';

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the window so `target` sits `offset` px below the top, eased over the §9 duration (instant when the
 * visitor prefers reduced motion), then moves focus to it without a second jump.
 */
export function scrollToElement(
  target: HTMLElement,
  { offset = 0, speed = SCROLL_TIMING.sectionSpeed, maxMs = SCROLL_TIMING.sectionMaxMs, focus = true }: ScrollToOptions = {},
): void {
  const startY = window.scrollY;
  const endY = Math.max(0, startY + target.getBoundingClientRect().top - offset);
  const duration = reducedMotion() ? 0 : scrollDuration(endY - startY, speed, maxMs);
  // Content above the target may still be growing (lazy sections), and a placeholder may have been replaced
  // by the real section with the same id: land on the element that has the id now, where it ends up.
  const current = () => (target.id && !target.isConnected ? document.getElementById(target.id) ?? target : target);
  const settle = () => {
    const el = current();
    const off = el.getBoundingClientRect().top - offset;
    if (Math.abs(off) > 2 && window.scrollY + off >= 0) window.scrollTo(0, window.scrollY + off);
  };
  const focusTarget = () => {
    const el = current();
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  };
  const done = () => {
    settle();
    if (focus) focusTarget();
    // Lazy content above may arrive later still (a slow chunk replaces a placeholder, which can also move the page
    // and take the focus with the old node): keep the target in place for about 4 s, until the visitor scrolls
    // away. The visitor scrolled when they gave input, or when the page moved while its content did not change
    // (a swap of content moves the page without them, and changes the page's height).
    let visitorActed = false;
    const acted = () => {
      visitorActed = true;
    };
    const INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const type of INPUT) window.addEventListener(type, acted, { capture: true, passive: true, once: true });
    const stop = () => {
      for (const type of INPUT) window.removeEventListener(type, acted, { capture: true });
    };
    const page = () => ({ y: window.scrollY, height: document.documentElement.scrollHeight });
    let landed = page();
    const recheck = (delays: number[]) => {
      const [delay, ...rest] = delays;
      if (delay === undefined || visitorActed) return stop();
      window.setTimeout(() => {
        const now = page();
        if (visitorActed || (Math.abs(now.y - landed.y) > 2 && now.height === landed.height)) return stop();
        settle();
        if (focus && document.activeElement !== current()) focusTarget();
        landed = page();
        recheck(rest);
      }, delay);
    };
    recheck([250, 350, 400, 500, 750, 750, 1000]);
  };
  if (duration <= 0 || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, endY);
    done();
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / duration);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    window.scrollTo(0, startY + (endY - startY) * eased);
    if (p < 1) window.requestAnimationFrame(step);
    else done();
  };
  window.requestAnimationFrame(step);
}
