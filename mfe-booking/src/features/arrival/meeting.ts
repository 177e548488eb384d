import type { BookingRequest } from '@tours/shared/api';

/** Where and when the group meets, as far as the booking knows it (issue 29: the arrival page said neither). */
export interface Meeting {
  /** The tour's gathering place; null when the tour names none. */
  place: string | null;
  /** The first day (YYYY-MM-DD); null before dates are chosen. */
  date: string | null;
  /** The start time (HH:MM) when the booking has one (an excursion's time); null otherwise. */
  time: string | null;
}

/** The meeting of a booking, or null when there is nothing to say (no tour, cancelled, neither place nor date). */
export function meetingOf(request: Pick<BookingRequest, 'tour' | 'dates' | 'is_cancelled'>): Meeting | null {
  if (!request.tour || request.is_cancelled) return null;
  const place = request.tour.gathering_place?.trim() || null;
  const date = request.dates.start ? request.dates.start.slice(0, 10) : null;
  if (!place && !date) return null;
  return { place, date, time: request.dates.time_start ?? null };
}

/**
 * What of the money to show: the total (an estimate before the confirmation), what was paid (once confirmed, or when
 * anything was), and the balance once confirmed while the booking is open (before it nothing is due yet).
 */
export function moneyRows(request: Pick<BookingRequest, 'money' | 'is_cancelled' | 'status'>): { total: number | null; estimate: boolean; paid: number | null; balance: number | null; currency: string } | null {
  const m = request.money;
  if (!m || (m.total === null && m.paid === 0)) return null;
  // Nothing is due on a cancelled or completed booking: its balance is not a debt.
  const open = !request.is_cancelled && request.status < 4;
  return { total: m.total, estimate: m.estimate, paid: m.paid > 0 || !m.estimate ? m.paid : null, balance: open && !m.estimate ? m.balance : null, currency: m.currency };
}
