import { useIntl } from 'react-intl';

/* Dates and durations of the booking screens (the request, arrival and tourists pages), in the current locale. */

/** 'YYYY-MM-DD' as a UTC date, so a day never shifts with the visitor's time zone. */
export function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** Dates, ranges and durations in the current locale; `dateTime` for an instant (a history entry) in the visitor's zone. */
export function useDateFormat() {
  const intl = useIntl();
  return {
    date: (iso: string) => intl.formatDate(utcDate(iso), DAY),
    range: (start: string, end: string) => (start.slice(0, 10) === end.slice(0, 10) ? intl.formatDate(utcDate(start), DAY) : intl.formatDateTimeRange(utcDate(start), utcDate(end), DAY)),
    dateTime: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    /** Days for a tour, hours for an excursion (duration_unit). */
    duration: (tour: { duration: number; duration_unit: 'days' | 'hours' }) =>
      intl.formatMessage({ id: tour.duration_unit === 'hours' ? 'booking.duration.hours' : 'booking.duration.days' }, { count: tour.duration }),
  };
}
