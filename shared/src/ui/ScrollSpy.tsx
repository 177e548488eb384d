import { useEffect, useRef, useState, type MouseEvent } from 'react';
import './ui.css';
import './ScrollSpy.css';
import { SCROLL_TIMING } from './scroll-timing';

/** A scroll-spy item of public-site §3.6: name, anchor and sub-items. */
export interface ScrollSpyItem { name: string; anchor: string; subItems?: { name: string; anchor: string }[] }

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

let scroller: Promise<typeof import('./scroll-to-element')> | undefined;
/**
 * The smooth scroll's code (about 1.7 KB), fetched on the first hover, focus or click that may need it (issue 33);
 * a failed fetch is forgotten, so the next one tries again.
 */
function loadScrollTo(): Promise<typeof import('./scroll-to-element')> {
  scroller ??= import(/* webpackChunkName: "scroll-to" */ './scroll-to-element').catch((error: unknown) => {
    scroller = undefined;
    throw error;
  });
  return scroller;
}
const preloadScrollTo = () => void loadScrollTo().catch(() => undefined);

/**
 * Scrolls the window so `target` sits `offset` px below the top, eased over the §9 duration (instant when the
 * visitor prefers reduced motion), then moves focus to it without a second jump. The code comes on first use: a
 * click waits for it once (a hover or focus on the links has usually fetched it); if it cannot load, the page
 * jumps there.
 */
export function scrollToElement(
  target: HTMLElement,
  { offset, speed, maxMs, focus }: { offset?: number; speed?: number; maxMs?: number; focus?: boolean } = {},
): void {
  loadScrollTo().then(
    (m) => m.scrollToElement(target, { offset, speed, maxMs, focus }),
    () => target.scrollIntoView(),
  );
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
      onPointerEnter={preloadScrollTo}
      onFocus={preloadScrollTo}
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
