/**
 * My trips' call (issue 29): GET /crm/api/request/my-trips, the signed-in traveller's bookings newest first
 * (X-Authorization from the session; a 401 means it has ended).
 */
import type { HostContext } from '@tours/shared/contract';
import { MY_TRIPS_PAGE_SIZE, MyTripsAnswer } from '@tours/shared/api';

type Api = HostContext['api'];

/** A page of the traveller's trips from `offset`. */
export function fetchMyTrips(api: Api, offset: number, signal?: AbortSignal): Promise<MyTripsAnswer> {
  return api.get('/crm/api/request/my-trips', { schema: MyTripsAnswer, query: { limit: MY_TRIPS_PAGE_SIZE, offset }, signal });
}
