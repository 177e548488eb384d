/**
 * Pure rules of the arrival page (/arrival/{uuid}): which link it is, how a payment starts and how the traveller
 * comes back from the provider, and the words of the request's records. Table-driven tests in arrival.test.ts.
 */
import { PAYMENT_METHODS, type BookingRequest, type PaymentMethod } from '@tours/shared/api';
import { isExcursionType } from '@tours/shared/domain';

export { isRequestUuid } from '../common/request-link';

/** The payment method sent to payment/create: the first of the site's paymentSystems the API takes (sbp, card), else card. */
export function paymentMethodOf(paymentSystems: readonly string[] | undefined): PaymentMethod {
  const known = (paymentSystems ?? []).map((s) => s.trim().toLowerCase()).find((s): s is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(s));
  return known ?? 'card';
}

/** Only a web page may receive the traveller: the provider's URL must be http(s) (a `javascript:` URL never runs). */
export function isWebUrl(url: string, base: string): boolean {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

type Query = Record<string, string | string[]>;
/** The query parameter the payment provider returns with (the API's sandbox and any provider behind the adapter). */
const PAYMENT_PARAM = 'payment';
export type PaymentReturn = 'paid' | 'declined';

/** How the traveller came back from the payment page: `?payment=paid|declined`; anything else is no return. */
export function paymentReturnOf(query: Query): PaymentReturn | null {
  const raw = query[PAYMENT_PARAM];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === 'paid' || value === 'declined' ? value : null;
}

/** The query without the payment parameter (what the URL keeps once the notice is shown); the rest stays in its order. */
export function queryWithoutPayment(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === PAYMENT_PARAM) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[key] = first;
  }
  return out;
}

type HistoryItem = BookingRequest['history'][number];

/**
 * The words of a history entry (message key): what happened. A status change names the new status (the caller adds
 * it); a payment that moved the status was received; one that did not is the provider's answer either way (a decline,
 * a later invoice paid): the invoices show which.
 */
export function historyKey(item: HistoryItem): string {
  switch (item.action) {
    case 'created':
      return 'booking.arrival.history.created';
    case 'status':
      return 'booking.arrival.history.status';
    case 'cancel':
      return 'booking.arrival.history.cancel';
    case 'payment':
      return item.to_status !== null ? 'booking.arrival.history.paymentReceived' : 'booking.arrival.history.payment';
    case 'contacts':
      return 'booking.arrival.history.contacts';
    case 'tourists':
      return 'booking.arrival.history.tourists';
    case 'questionnaires':
      return 'booking.arrival.history.questionnaires';
    default:
      return 'booking.arrival.history.updated';
  }
}

/** Who made a history entry, in words. */
export const historyActorKey = (actor: HistoryItem['actor']): string => `booking.arrival.history.by.${actor}`;

/** The name of a tourist as the list shows it: the full name, else first, middle and last; '' when none is given. */
export function touristName(t: { full_name: string; first_name: string; middle_name: string; last_name: string }): string {
  const full = t.full_name.trim();
  if (full) return full;
  return [t.first_name, t.middle_name, t.last_name].map((s) => s.trim()).filter(Boolean).join(' ');
}

/** Days for a tour, hours for an excursion (or a tour counted in hours only). */
export function durationOf(tour: { type: number; days: number; hours: number | null }): { duration: number; duration_unit: 'days' | 'hours' } | null {
  const inHours = tour.hours !== null && tour.hours > 0 && (isExcursionType(tour.type) || tour.days <= 0);
  if (inHours) return { duration: tour.hours!, duration_unit: 'hours' };
  return tour.days > 0 ? { duration: tour.days, duration_unit: 'days' } : null;
}

/** Whether the travel agreement and invoices are shown: once confirmed (status 2 and after, cancelled ones that had them too). */
export const showsPaymentRecords = (request: Pick<BookingRequest, 'agreement' | 'invoices'>): boolean =>
  Boolean(request.agreement) || (request.invoices?.length ?? 0) > 0;

type RequestDatesOf = Pick<BookingRequest, 'uuid' | 'tour' | 'dates'>;

/**
 * An order of an excursion at one of its start times (issue 29): a place on a scheduled excursion, not an individual
 * tour — its facts are the date and the start time.
 */
export function isExcursionAtTime(request: RequestDatesOf): boolean {
  return Boolean(request.tour && isExcursionType(request.tour.type) && request.dates.time_start);
}

/** The label of the request's dates: an excursion has one date (and its start time), a tour its dates. */
export function datesLabelKey(request: RequestDatesOf): string {
  if (!request.tour || !isExcursionType(request.tour.type)) return 'booking.arrival.facts.dates';
  return request.dates.time_start ? 'booking.arrival.facts.dateTime' : 'booking.arrival.facts.date';
}

/** The uuid whose individual tour page the request has (its own dates, public-site §2.2), or null: none for an excursion at a start time. */
export function individualTourUuid(request: RequestDatesOf): string | null {
  return request.dates.kind === 'individual' && !isExcursionAtTime(request) ? request.uuid : null;
}

/** Whether the meet page has something to say about the request: it is open and has a tour. */
export const hasMeeting = (request: Pick<BookingRequest, 'tour' | 'is_cancelled'>): boolean => Boolean(request.tour) && !request.is_cancelled;
