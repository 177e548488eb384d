/**
 * Calendar dates, one convention (issue 30). A tour's dates, a birthday, a date bound are calendar days written
 * 'yyyy-MM-dd', not instants: they are compared as text, turned into a `Date` only at UTC midnight (`utcDate`) and
 * formatted in UTC (`DAY`), so a day never shifts with the visitor's time zone.
 *
 * 'Today' is the traveller's own calendar day (`travellerToday`), the day the date picker marks and offers first: a form never
 * offers a day that is already over where the traveller is, nor refuses one that has begun there. The API has no
 * zone of the traveller and keeps its own checks (a start past everywhere, a birthday after its UTC day); the two differ
 * only for a few hours around midnight and the server's field error then says so.
 */

/** A calendar day, 'yyyy-MM-dd' (§5.3 date bounds). */
export type IsoDate = string;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the traveller's calendar, 'yyyy-MM-dd'. */
export function travellerToday(now: Date = new Date()): IsoDate {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'yyyy-MM-dd' (or the start of an ISO date-time) as that day's UTC midnight. */
export function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** How the site writes a day ('Jul 1, 2025'), in UTC: the day `utcDate` stands for. */
export const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** The formatter `dateRangeText` needs: react-intl's `intl` has both. */
export interface DateFormatter {
  formatDate(value: Date, options?: Intl.DateTimeFormatOptions): string;
  formatDateTimeRange(from: Date, to: Date, options?: Intl.DateTimeFormatOptions): string;
}

/** A range of days as the site writes it ('Jul 1 – 5, 2025'); one day alone when start and end are the same day. */
export function dateRangeText(intl: DateFormatter, start: string, end: string, options: Intl.DateTimeFormatOptions = DAY): string {
  return start.slice(0, 10) === end.slice(0, 10)
    ? intl.formatDate(utcDate(start), options)
    : intl.formatDateTimeRange(utcDate(start), utcDate(end), options);
}
