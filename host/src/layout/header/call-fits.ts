import { useEffect, useState, type RefObject } from 'react';

/** The gaps of the header's contacts bar: between its parts (16 px) and between the two phone actions (8 px). */
const BAR_GAP = 16;
const ACTIONS_GAP = 8;

/** How the header's 'Call via internet' shows: its words, its icon alone (the words its name), or not in the bar. */
export type CallMode = 'text' | 'icon' | 'hidden';

export interface BarWidths {
  /** The bar's own width (its grid area). */
  bar: number;
  /** The phones block without the call button (it never shrinks). */
  rest: number;
  /** Other parts that never shrink (the social links when shown), each with its gap; the schedule truncates instead. */
  others: number;
  /** The button with its icon alone, and the room its words add. */
  icon: number;
  words: number;
}

/**
 * How a signed-in traveller's 'Call via internet' fits in the header's contacts bar beside the phones (issue 29: at
 * 1280 px it overlapped the region button, the bar's parts never shrinking into the tools' column): with its words
 * where they fit, else its icon alone, else not in the bar (the support bubble and the drawer have it). Measured, not
 * a guessed breakpoint: the bar's content varies with the country, the phones shown and the language.
 */
export function callMode(w: BarWidths): CallMode {
  const base = w.rest + ACTIONS_GAP + w.others;
  if (base + w.icon + w.words <= w.bar) return 'text';
  return base + w.icon <= w.bar ? 'icon' : 'hidden';
}

/** The widths of the bar as laid out in `mode` (in 'hidden' the button is out of the flow, invisible, its box kept). */
function barWidths(bar: HTMLElement, mode: CallMode): BarWidths | null {
  const phones = bar.querySelector<HTMLElement>('.lay-header__phones');
  const call = bar.querySelector<HTMLElement>('.lay-phones__call');
  const words = call?.querySelector<HTMLElement>('.lay-phones__call-text');
  if (!phones || !call || !words) return null;
  const social = bar.querySelector<HTMLElement>('.lay-header__social');
  const others = social && social.offsetWidth > 0 ? social.offsetWidth + BAR_GAP : 0;
  // Shown, the words take their width and the icon's gap; clipped to a point (icon, hidden) scrollWidth is their width.
  const wordsWidth = mode === 'text' ? words.offsetWidth + parseFloat(getComputedStyle(call).columnGap || '0') : words.scrollWidth + 6;
  const icon = mode === 'text' ? call.offsetWidth - wordsWidth : call.offsetWidth;
  const rest = phones.offsetWidth - (mode === 'hidden' ? 0 : call.offsetWidth + ACTIONS_GAP);
  return { bar: bar.clientWidth, rest, others, icon, words: wordsWidth };
}

/**
 * Keeps the call button's mode for the bar: on any change of the bar's or the phones' size (a resize, the button
 * appearing after sign-in, other texts), and once at start. Until measured it stays out of the bar (CSS), so it never
 * overlaps even for a frame; without ResizeObserver it is measured once.
 */
export function useCallMode(barRef: RefObject<HTMLElement | null>): CallMode {
  const [mode, setMode] = useState<CallMode>('hidden');
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return undefined;
    let current: CallMode = 'hidden';
    const check = () => {
      const w = barWidths(bar, current);
      const next = w ? callMode(w) : 'hidden';
      if (next !== current) {
        current = next;
        setMode(next);
      }
    };
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(bar);
    const phones = bar.querySelector('.lay-header__phones');
    if (phones) observer.observe(phones);
    // The button comes and goes with the session and the web-call settings: observe what the bar holds.
    const mutations = typeof MutationObserver === 'undefined' ? null : new MutationObserver(check);
    mutations?.observe(bar, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations?.disconnect();
    };
  }, [barRef]);
  return mode;
}
