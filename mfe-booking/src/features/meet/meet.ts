/**
 * The meet page's rules (public-site §2.2 'meet'; issue 29, docs/decisions.md): which booking the link names, where
 * the booking stands for the meeting, and what the traveller is told about when and where the group meets.
 * Table-driven tests in meet.test.ts.
 */
import { REQUEST_STATUS, type BookingRequest } from '@tours/shared/api';
import { isValidPlace } from '@tours/shared/domain';

/** The booking the page is about: `?uuid=` (the first when repeated); null without one. */
export function meetUuidOf(query: Record<string, string | string[]>): string | null {
  const raw = query.uuid;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : null;
}

/**
 * Where the booking stands for the meeting: waiting for the coordinator's confirmation (the place is the tour's usual
 * one until then), confirmed, the tour already taken place, or cancelled (no meeting).
 */
export type MeetStage = 'awaiting' | 'confirmed' | 'past' | 'cancelled';

export function meetStage(request: Pick<BookingRequest, 'status' | 'is_cancelled'>): MeetStage {
  if (request.is_cancelled) return 'cancelled';
  if (request.status >= REQUEST_STATUS.TOUR_COMPLETE) return 'past';
  return request.status === REQUEST_STATUS.PENDING_CONFIRM ? 'awaiting' : 'confirmed';
}

/** When and where the group meets, as far as the booking and its tour know. */
export interface MeetingPlan {
  /** The booking's dates (YYYY-MM-DD); null before they are chosen. */
  start: string | null;
  end: string | null;
  /** An excursion's start time (HH:MM); null otherwise. */
  time: string | null;
  /** More than one day: the group meets on the first. */
  multiDay: boolean;
  /** The tour's gathering place; null when it names none. */
  place: string | null;
  /** Coordinates for the map link; null when the tour has none that are real. */
  map: { lat: number; lng: number } | null;
}

export function meetingPlan(
  request: Pick<BookingRequest, 'dates'>,
  tour: { gathering_place: string; lat: number; lng: number } | null,
): MeetingPlan {
  const start = request.dates.start ? request.dates.start.slice(0, 10) : null;
  const end = request.dates.end ? request.dates.end.slice(0, 10) : start;
  const map = tour && isValidPlace(tour) ? { lat: tour.lat, lng: tour.lng } : null;
  return {
    start, end, time: request.dates.time_start ?? null, multiDay: Boolean(start && end && end > start),
    place: tour?.gathering_place.trim() || null, map,
  };
}

/** People of the party whose names are not entered yet (the organizer expects everyone by name). */
export function touristsMissing(request: Pick<BookingRequest, 'adults' | 'children' | 'tourists'>): number {
  return Math.max(0, request.adults + request.children - request.tourists.length);
}
