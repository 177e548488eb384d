/** §5.3: a counter's value clamped to its bounds (a non-number counts as the minimum; a max below min is min). */
export function clampCount(value: number, { min, max }: { min: number; max: number }): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.round(value), min), Math.max(min, max));
}
