/**
 * The brand mark's drawing, once: the header and footer logo (Logo.tsx) and the favicons the host server makes from it
 * (host/server/favicon.ts) — a rounded square in the brand colour with white peaks and a sun, on a 32 × 32 grid.
 */
export const LOGO_MARK = {
  size: 32,
  radius: 9,
  peaks: [[6, 23], [13, 12], [17.5, 18.5], [20, 15], [26, 23]] as ReadonlyArray<readonly [number, number]>,
  sun: { cx: 22.5, cy: 9.5, r: 2.5 },
} as const;

/** The peaks as an SVG path. */
export const LOGO_PEAKS_PATH = `M${LOGO_MARK.peaks.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
