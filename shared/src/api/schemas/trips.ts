/**
 * My trips (issue 29): GET /crm/api/request/my-trips, the signed-in traveller's bookings (orders and private tours),
 * newest first, each with its status, dates, party and what can be done next. The spec shows no such call
 * (accounts-and-comms §7, public-site §7.4: list-for-chat lists a chat's requests); its name says whose they are.
 */
import { type Infer, array, enums, integer, nullable, string, type } from 'superstruct';
import { dflt, queryInt } from './common';
import { REQUEST_STATUS_NAMES, RequestDates } from './booking';
import { TRIP_ACTIONS, TRIP_TYPES } from '../../domain/trips';

/** The list's page size: 20 by default, at most 50. */
export const MY_TRIPS_PAGE_SIZE = 20;
export const MY_TRIPS_PAGE_MAX = 50;

export const MyTripsQuery = type({
  limit: dflt(queryInt(1, MY_TRIPS_PAGE_MAX, `Page size (default ${MY_TRIPS_PAGE_SIZE})`), MY_TRIPS_PAGE_SIZE),
  offset: dflt(queryInt(0, 100_000, 'Trips to skip, newest first (default 0)'), 0),
});

export const TripTour = type({ id: integer(), title: string(), slug: string(), image: string() });

/** An invoice open to be paid. */
export const TripDue = type({ invoice_id: integer(), amount: integer(), currency: string() });

export const MyTrip = type({
  id: integer(),
  /** The key of the arrival and add-tourists pages. */
  uuid: string(),
  type: enums(TRIP_TYPES),
  status: integer(),
  status_name: enums(REQUEST_STATUS_NAMES),
  created_at: string(),
  tour: nullable(TripTour),
  dates: RequestDates,
  adults: integer(),
  children: integer(),
  /** Tourists entered so far. */
  tourists: integer(),
  due: nullable(TripDue),
  /** What can be done now, the next action first (pay, add_tourists, chat, cancel). */
  actions: array(enums(TRIP_ACTIONS)),
});
export type MyTrip = Infer<typeof MyTrip>;

export const MyTripsAnswer = type({ trips: array(MyTrip), total: integer() });
export type MyTripsAnswer = Infer<typeof MyTripsAnswer>;
