/** A UTC offset as the site shows it (issue 30: pure; formerly in routes/reference.ts, also used by the info pages). */

/** Formats minutes as '+03:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
