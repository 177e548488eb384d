import { useIntl } from 'react-intl';

/** 'YYYY-MM-DD' as a UTC date, so a day never shifts with the visitor's time zone. */
export function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** Dates and durations of the request page, in the current locale. */
export function useDateFormat() {
  const intl = useIntl();
  return {
    date: (iso: string) => intl.formatDate(utcDate(iso), DAY),
    range: (start: string, end: string) => (start.slice(0, 10) === end.slice(0, 10) ? intl.formatDate(utcDate(start), DAY) : intl.formatDateTimeRange(utcDate(start), utcDate(end), DAY)),
    /** Days for a tour, hours for an excursion (duration_unit). */
    duration: (tour: { duration: number; duration_unit: 'days' | 'hours' }) =>
      intl.formatMessage({ id: tour.duration_unit === 'hours' ? 'booking.duration.hours' : 'booking.duration.days' }, { count: tour.duration }),
  };
}
