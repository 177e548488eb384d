import { useAtomValue } from 'jotai';
import { appConfigAtom } from '@tours/shared/core';
import { groupSizeForm, hasAvailableDates } from '@tours/shared/domain';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';

/** Group size as the spec writes it: 'from min to max', or 'up to max'. */
export function useGroupText() {
  const { t } = useTourFormat();
  return (min: number, max: number): string | null => {
    const g = groupSizeForm(min, max);
    if (!g) return null;
    return g.kind === 'range' ? t('tour.conditions.groupRange', { min: g.min, max: g.max }) : t('tour.conditions.groupUpTo', { max: g.max });
  };
}

/** Whether the 'tickets price' button is offered: dates are available and ticket requests are on (§2.6, §3.8). */
export function useTicketsPriceOffered(tour: TourDetail): boolean {
  const config = useAtomValue(appConfigAtom);
  return config.booking.enableTicketsRequest && hasAvailableDates(tour) && !tour.is_individual;
}
