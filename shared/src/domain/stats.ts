/**
 * The total tours count (§1 promo card, §9): rounded down to 100 and shown with '+'; below 100 the exact count,
 * without '+'. The parts, for a message that formats the number in the page's language ('3,400+ tours').
 */
export function roundedCountParts(count: number): { count: number; plus: boolean } {
  if (!Number.isFinite(count) || count <= 0) return { count: 0, plus: false };
  if (count < 100) return { count: Math.floor(count), plus: false };
  return { count: Math.floor(count / 100) * 100, plus: true };
}

/** The total tours count as text: 3,457 → '3400+', 57 → '57'. */
export function roundedCount(count: number): string {
  const { count: n, plus } = roundedCountParts(count);
  return plus ? `${n}+` : `${n}`;
}
