import { useEffect, useRef, useState, type MouseEvent } from 'react';
import './ui.css';
import './ScrollSpy.css';

/** A scroll-spy item of public-site §3.6: name, anchor and sub-items. */
export interface ScrollSpyItem { name: string; anchor: string; subItems?: { name: string; anchor: string }[] }

/** Timing of §9: scrolling to a section speed 300, at most 300 ms; the scroll-spy's own 400, at most 500 ms; throttle 300 ms. */
export const SCROLL_TIMING = { sectionSpeed: 300, sectionMaxMs: 300, spySpeed: 400, spyMaxMs: 500, throttleMs: 300 } as const;

/** Duration of a smooth scroll over `distance` px at `speed` px per 100 ms, capped at `maxMs`. */
export function scrollDuration(distance: number, speed: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, (Math.abs(distance) / speed) * 100));
}

/**
 * The active anchor: the last section whose top has passed `offset` px from the top of the viewport; the first
 * one before any has. `tops` are the sections' tops relative to the viewport, in document order.
 */
export function activeAnchor(sections: readonly { anchor: string; top: number }[], offset: number, bottom?: { viewportHeight: number }): string | null {
  let active: string | null = sections[0]?.anchor ?? null;
  for (const s of sections) if (s.top - offset <= 1) active = s.anchor;
  // At the end of the page a short last section can never reach the bar: the last one in view is the current one
  // (otherwise a click on 'Reviews' scrolls there and the spy marks the section above).
  if (bottom) for (const s of sections) if (s.top - offset > 1 && s.top < bottom.viewportHeight) active = s.anchor;
  return active;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the window so `target` sits `offset` px below the top, eased over the §9 duration (instant when the
 * visitor prefers reduced motion), then moves focus to it without a second jump.
 */
export function scrollToElement(
  target: HTMLElement,
  { offset = 0, speed = SCROLL_TIMING.sectionSpeed, maxMs = SCROLL_TIMING.sectionMaxMs, focus = true }: { offset?: number; speed?: number; maxMs?: number; focus?: boolean } = {},
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

export interface ScrollSpyProps {
  items: ScrollSpyItem[];
  /** Names the navigation landmark. */
  label: string;
  /** Height of whatever sticks above the sections (the navigation itself), in px. */
  offset?: number;
  className?: string;
  onActiveChange?: (anchor: string | null) => void;
}

/**
 * Anchor navigation with scroll-spy (public-site §2.6, §2.10): real '#anchor' links (they work without JS),
 * smooth scrolling on click, and the current section marked with aria-current while the page scrolls
 * (checked at most every 300 ms, and once more when scrolling stops).
 */
export function ScrollSpy({ items, label, offset = 64, className, onActiveChange }: ScrollSpyProps) {
  const [active, setActive] = useState<string | null>(items[0]?.anchor ?? null);
  const notify = useRef(onActiveChange);
  useEffect(() => {
    notify.current = onActiveChange;
  });
  const anchors = items.flatMap((i) => [i.anchor, ...(i.subItems ?? []).map((s) => s.anchor)]).join(' ');

  useEffect(() => {
    const list = anchors.split(' ').filter(Boolean);
    let last = 0;
    let trailing: number | undefined;
    const check = () => {
      last = Date.now();
      const sections = list.flatMap((anchor) => {
        const el = document.getElementById(anchor);
        return el ? [{ anchor, top: el.getBoundingClientRect().top }] : [];
      });
      // Scrolled to the end (a page shorter than the window, still loading, is at its top, not its end).
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const next = activeAnchor(sections, offset + 8, atBottom ? { viewportHeight: window.innerHeight } : undefined);
      setActive((prev) => {
        if (prev !== next) notify.current?.(next);
        return next;
      });
    };
    const onScroll = () => {
      window.clearTimeout(trailing);
      if (Date.now() - last >= SCROLL_TIMING.throttleMs) check();
      trailing = window.setTimeout(check, SCROLL_TIMING.throttleMs);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.clearTimeout(trailing);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [anchors, offset]);

  const go = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const target = document.getElementById(anchor);
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setActive(anchor);
    scrollToElement(target, { offset, speed: SCROLL_TIMING.spySpeed, maxMs: SCROLL_TIMING.spyMaxMs });
  };

  const link = (name: string, anchor: string, sub = false) => (
    <a
      href={`#${anchor}`}
      className={`ui-spy__link${sub ? ' ui-spy__link--sub' : ''}${active === anchor ? ' ui-spy__link--active' : ''}`}
      aria-current={active === anchor ? 'location' : undefined}
      onClick={(e) => go(e, anchor)}
    >
      {name}
    </a>
  );

  return (
    <nav className={`ui-spy${className ? ` ${className}` : ''}`} aria-label={label}>
      <ul className="ui-spy__list">
        {items.map((item) => (
          <li key={item.anchor} className="ui-spy__item">
            {link(item.name, item.anchor)}
            {item.subItems && item.subItems.length > 0 && (
              <ul className="ui-spy__sub">
                {item.subItems.map((s) => (
                  <li key={s.anchor}>{link(s.name, s.anchor, true)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
