/** The total tours count: rounded to 100 and shown with '+' (§1 promo card, §9). 3,457 → '3400+'. */
export function roundedCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  if (count < 100) return `${Math.floor(count)}`;
  return `${Math.floor(count / 100) * 100}+`;
}
