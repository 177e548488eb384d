import { useIntl } from 'react-intl';
import { DAY, dateRangeText, isExcursionType, nightsShown, utcDate } from '@tours/shared/domain';
import { useT } from '../../i18n/t';

/** Date and duration texts of the tour page, in the current locale. */
export function useTourFormat() {
  const intl = useIntl();
  const t = useT();
  return {
    t,
    date: (iso: string) => intl.formatDate(utcDate(iso), DAY),
    weekday: (iso: string) => intl.formatDate(utcDate(iso), { weekday: 'short', timeZone: 'UTC' }),
    range: (start: string, end: string) => dateRangeText(intl, start, end),
    /** 'N days and N-1 nights' (nights only when there are any), or hours for an excursion (§2.6, §3.5). */
    duration: (type: number, days: number, hours: number | null) => {
      if (isExcursionType(type)) return t('tour.duration.hours', { count: hours ?? 1 });
      const nights = nightsShown(type, days);
      const d = t('tour.duration.days', { count: days });
      return nights ? t('tour.duration.daysNights', { days: d, nights: t('tour.duration.nights', { count: nights }) }) : d;
    },
  };
}
