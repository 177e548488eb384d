import { useIntl } from 'react-intl';
import { DAY, dateRangeText, utcDate } from '@tours/shared/domain';

/* Dates and durations of the booking screens (the request, arrival and tourists pages), in the current locale. */

/** Dates, ranges and durations in the current locale; `dateTime` for an instant (a history entry) in the visitor's zone. */
export function useDateFormat() {
  const intl = useIntl();
  return {
    date: (iso: string) => intl.formatDate(utcDate(iso), DAY),
    range: (start: string, end: string) => dateRangeText(intl, start, end),
    dateTime: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    /** Days for a tour, hours for an excursion (duration_unit). */
    duration: (tour: { duration: number; duration_unit: 'days' | 'hours' }) =>
      intl.formatMessage({ id: tour.duration_unit === 'hours' ? 'booking.duration.hours' : 'booking.duration.days' }, { count: tour.duration }),
  };
}
