/**
 * My trips (issue 29): what a traveller can do next with a booking of theirs. The API answers the actions with each
 * trip (GET /crm/api/request/my-trips), so the screen only shows them.
 */
import { REQUEST_STATUS } from '../api/schemas/booking';

/** The request types a traveller sees as trips: the request page's orders and private tours (both have an arrival page and tourists). */
export const TRIP_TYPES = ['order', 'individual_tour'] as const;

/** In the order the list offers them: the first is the next action. */
export const TRIP_ACTIONS = ['pay', 'add_tourists', 'chat', 'cancel'] as const;
export type TripAction = (typeof TRIP_ACTIONS)[number];

export interface TripFacts {
  status: number;
  /** Tourists entered so far, and the party they are for. */
  tourists: number;
  party: number;
  /** An invoice is open to be paid. */
  payable: boolean;
}

/**
 * The actions open on a trip: pay an open invoice; add tourists while fewer are entered than the party and the request
 * is open; chat and cancel while the request is open (not taken place, not cancelled).
 */
export function tripActions(t: TripFacts): TripAction[] {
  const open = t.status < REQUEST_STATUS.TOUR_COMPLETE;
  const out: TripAction[] = [];
  if (open && t.payable) out.push('pay');
  if (open && t.tourists < t.party) out.push('add_tourists');
  if (open) out.push('chat', 'cancel');
  return out;
}
