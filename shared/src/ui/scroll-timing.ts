/** The §9 scroll timing, shared by the scroll-spy and the smooth scroll it loads on first use. */
/** Timing of §9: scrolling to a section speed 300, at most 300 ms; the scroll-spy's own 400, at most 500 ms; throttle 300 ms. */
export const SCROLL_TIMING = { sectionSpeed: 300, sectionMaxMs: 300, spySpeed: 400, spyMaxMs: 500, throttleMs: 300 } as const;

/** Duration of a smooth scroll over `distance` px at `speed` px per 100 ms, capped at `maxMs`. */
export function scrollDuration(distance: number, speed: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, (Math.abs(distance) / speed) * 100));
}

/** How `scrollToElement` scrolls (its options; defaults are §9's section timing). */
export interface ScrollToOptions { offset?: number; speed?: number; maxMs?: number; focus?: boolean }
