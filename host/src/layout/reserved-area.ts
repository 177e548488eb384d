/**
 * The strip at the bottom of the viewport that a microfrontend's fixed action bar occupies (contract event
 * 'layout:bottom-bar', sent by the kit's useBottomBar). The host writes its height to one CSS custom property, and its
 * floating UI (support bubble and sheets, toasts) stands on it: nothing floating covers a primary action at any width.
 */
export const RESERVED_BOTTOM_PROPERTY = '--lay-bottom-reserved';

/** The space to keep free: the tallest bar declared (bars are fixed to the same edge, so they overlap, not add up). */
export function reservedBottom(bars: ReadonlyMap<string, number>): number {
  let max = 0;
  for (const height of bars.values()) if (Number.isFinite(height) && height > max) max = height;
  return Math.ceil(max);
}

/** Keeps the declared bars and the property on `root` (the document element) in step. */
export function createReservedArea(root: HTMLElement) {
  const bars = new Map<string, number>();
  return {
    declare(id: string, height: number): void {
      if (height > 0) bars.set(id, height);
      else bars.delete(id);
      const px = reservedBottom(bars);
      // CSSOM, not a style attribute: allowed under the page's CSP.
      if (px > 0) root.style.setProperty(RESERVED_BOTTOM_PROPERTY, `${px}px`);
      else root.style.removeProperty(RESERVED_BOTTOM_PROPERTY);
    },
  };
}

/**
 * The page's route name on the root (`data-route`), as the server wrote it on the first page and as navigation
 * changes it: the layout's CSS reserves the strip of a bar that is coming (the tour page's order bar below 992 px,
 * Layout.css) before the bar is drawn, so the sheets already open do not jump up when it is (issue 33).
 */
export function markRoute(root: HTMLElement, name: string | undefined): void {
  if (name) root.dataset.route = name;
  else delete root.dataset.route;
}
