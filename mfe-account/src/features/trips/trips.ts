/**
 * What My trips shows of a trip (pure, table-tested): where each action the API offers leads, and the words of its
 * dates. The actions are the API's (`actions`, the next one first); the screen only places them.
 */
import type { HostContext } from '@tours/shared/contract';
import type { MyTrip, TripAction } from '@tours/shared/api';
import type { IntlShape } from 'react-intl';
import { dateRangeText, formatPrice } from '@tours/shared/domain';

export interface TripLink {
  action: TripAction;
  href: string;
  /** Message id and values of the link's words. */
  labelId: string;
  values?: Record<string, string>;
}

/**
 * The link of each action: paying and cancelling happen on the booking's page (the arrival page of its uuid, where the
 * invoice and the cancellation are), tourists on the add-tourists page, the chat on the live chat page.
 */
export function tripLinks(trip: MyTrip, href: HostContext['href']): TripLink[] {
  const booking = href('arrival-page', { uuid: trip.uuid });
  return trip.actions.map((action): TripLink => {
    switch (action) {
      case 'pay':
        return { action, href: booking, labelId: 'account.trips.action.pay', values: { amount: trip.due ? formatPrice(trip.due.amount, trip.due.currency) : '' } };
      case 'add_tourists':
        return { action, href: href('add-tourists', { id: trip.uuid }, { request_id: trip.id }), labelId: 'account.trips.action.add_tourists' };
      case 'chat':
        return { action, href: href('chat-index', {}), labelId: 'account.trips.action.chat' };
      case 'cancel':
        return { action, href: booking, labelId: 'account.trips.action.cancel' };
    }
  });
}

/** A trip's dates as the site writes dates ('Jul 1 – 5, 2025', one day alone), with its start time; null without dates. */
export function tripDatesText(dates: MyTrip['dates'], intl: Pick<IntlShape, 'formatDate' | 'formatDateTimeRange'>): string | null {
  if (!dates.start) return null;
  const days = dateRangeText(intl, dates.start, dates.end ?? dates.start);
  return dates.time_start ? `${days}, ${dates.time_start}` : days;
}
