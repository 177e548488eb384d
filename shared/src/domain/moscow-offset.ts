/**
 * The visitor's timezone for help requests (public-site §7.4): hours from Moscow time, taken from the table
 * of Moscow-time offsets −15 … +11 (UTC−12 … UTC+14). Moscow is UTC+3 all year (no daylight saving since 2014).
 */
export const MOSCOW_UTC_OFFSET_MINUTES = 180;
export const MOSCOW_OFFSET_MIN = -15;
export const MOSCOW_OFFSET_MAX = 11;

export interface MoscowOffset {
  /** Hours from Moscow time, the value sent as `timezone`. */
  offset: number;
  /** 'MSK−3' … 'MSK' … 'MSK+11'. */
  label: string;
  /** 'UTC+00:00' style, for pickers. */
  utc: string;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatMoscowOffset(offset: number): string {
  if (offset === 0) return 'MSK';
  return `MSK${offset > 0 ? '+' : '−'}${Math.abs(offset)}`;
}

/** The table: one row per whole hour from −15 to +11. */
export const MOSCOW_OFFSETS: readonly MoscowOffset[] = Array.from({ length: MOSCOW_OFFSET_MAX - MOSCOW_OFFSET_MIN + 1 }, (_, i) => {
  const offset = MOSCOW_OFFSET_MIN + i;
  const utc = offset + MOSCOW_UTC_OFFSET_MINUTES / 60;
  return { offset, label: formatMoscowOffset(offset), utc: `UTC${utc < 0 ? '−' : '+'}${pad(Math.abs(utc))}:00` };
});

/**
 * Hours from Moscow time for a UTC offset in minutes (east positive, e.g. +330 for India): rounded to the
 * nearest hour of the table (half hours go up) and clamped to −15 … +11.
 */
export function moscowOffsetHours(utcOffsetMinutes: number): number {
  if (!Number.isFinite(utcOffsetMinutes)) return 0;
  const hours = Math.round((utcOffsetMinutes - MOSCOW_UTC_OFFSET_MINUTES) / 60);
  return Math.min(MOSCOW_OFFSET_MAX, Math.max(MOSCOW_OFFSET_MIN, hours)) + 0; // + 0 turns −0 into 0
}

/** The table row of the browser's clock at `date` (Date#getTimezoneOffset is west positive). */
export function browserMoscowOffset(date: Date = new Date()): MoscowOffset {
  const offset = moscowOffsetHours(-date.getTimezoneOffset());
  return MOSCOW_OFFSETS[offset - MOSCOW_OFFSET_MIN]!;
}
