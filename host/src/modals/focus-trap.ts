const FOCUSABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Focusable, visible elements in document order. Without layout (no client rects at all) visibility is read from attributes. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  const hasLayout = root.getClientRects().length > 0;
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) =>
    hasLayout ? el.getClientRects().length > 0 && !el.closest('[inert]') : !el.closest('[hidden], [inert]'),
  );
}

/** Keeps Tab and Shift+Tab inside the dialog (a11y: focus trapped in modals). */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(root);
  if (!items.length) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = root.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
