import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Elements Tab can reach inside `root`, in DOM order: hidden and inert subtrees are skipped, and so are elements
 * that are not rendered (`display: none` from a stylesheet) when there is layout to tell (not in jsdom).
 */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  const hasLayout = root.getClientRects().length > 0;
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && (!hasLayout || el.getClientRects().length > 0),
  );
}

/** Keeps Tab and Shift+Tab inside `root`: from the last element Tab goes to the first, Shift+Tab from the first to the last. */
export function keepTabWithin(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableWithin(root);
  if (!items.length) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = root.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface FocusTrapOptions {
  /** Escape calls it (and the event goes no further). A control inside that handles Escape itself stops the event first. */
  onEscape?: () => void;
  /** What gets focus on opening; by default the first focusable element, else the surface itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A class put on `<html>` while the surface is open (the page behind stops scrolling). */
  htmlClass?: string;
}

/**
 * The focus trap of every modal surface (host modals, drawers, the filters dropdown, the media viewer). While
 * `open`: focus moves into the surface, Tab and Shift+Tab cycle inside it, Escape calls `onEscape`. On closing,
 * focus goes back to the element that had it before, unless it has meanwhile moved somewhere else on purpose.
 * Put `ref` and `onKeyDown` on the dialog element (with `tabIndex={-1}`, so it can hold focus when it has no controls).
 */
export function useFocusTrap<T extends HTMLElement = HTMLDivElement>(open: boolean, { onEscape, initialFocus, htmlClass }: FocusTrapOptions = {}) {
  const ref = useRef<T>(null);

  useEffect(() => {
    if (!open) return undefined;
    const root = ref.current;
    const previous = document.activeElement as HTMLElement | null;
    if (root) (initialFocus?.current ?? focusableWithin(root)[0] ?? root).focus();
    if (htmlClass) document.documentElement.classList.add(htmlClass);
    return () => {
      if (htmlClass) document.documentElement.classList.remove(htmlClass);
      // Back to the opener when the surface took focus with it (it fell back to the body) or still holds it.
      const now = document.activeElement;
      if (previous?.isConnected && (!now || now === document.body || root?.contains(now))) previous.focus();
    };
  }, [open, initialFocus, htmlClass]);

  return {
    ref,
    onKeyDown(event: ReactKeyboardEvent<T>) {
      if (event.key === 'Escape' && onEscape) {
        event.stopPropagation();
        onEscape();
      } else if (ref.current) keepTabWithin(event, ref.current);
    },
  };
}
