/**
 * GET /crm/api/request/my-trips (issue 29, 'My trips'): the signed-in traveller's bookings — orders and private tours
 * sent while signed in, or sent as a guest and joined when they proved the same e-mail or phone — newest first, with
 * status, dates, party, tourists entered, the invoice open to pay, and the actions open now. The spec has no such call
 * (list-for-chat lists a chat's requests for a chat); this one is named for whose they are.
 */
import type { RequestDates } from '@tours/shared/src/api/schemas/booking';
import { requestStatusName } from '@tours/shared/src/api/schemas/booking';
import { MyTripsAnswer, MyTripsQuery, type MyTrip } from '@tours/shared/src/api/schemas/trips';
import { TRIP_TYPES, tripActions } from '@tours/shared/src/domain/trips';
import type { RequestRow } from '../db/schema';
import { tripsOf, type TripRows } from '../db/queries/trips';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import type { ApiRouter, RequestContext } from './router';
import { requireTraveller } from '../lib/auth';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';

function datesOf(row: RequestRow, variants: TripRows['variants']): RequestDates {
  const time = row.time_start ?? null;
  const variant = row.variant_id !== null ? variants.get(row.variant_id) : undefined;
  if (row.variant_id !== null) return { kind: 'variant', variant_id: row.variant_id, start: variant?.start ?? null, end: variant?.end ?? null, not_guaranteed: false, time_start: time };
  if (row.date_start_formatted) return { kind: 'individual', variant_id: null, start: row.date_start_formatted, end: row.date_end_formatted, not_guaranteed: false, time_start: time };
  return { kind: 'none', variant_id: null, start: null, end: null, not_guaranteed: false, time_start: time };
}

function tripOf(row: RequestRow, data: TripRows, ctx: RequestContext): MyTrip {
  const id = Number(row.id);
  const tour = row.tour_id !== null ? data.tours.get(row.tour_id) : undefined;
  const tourists = data.tourists.get(id) ?? 0;
  const due = data.due.get(id) ?? null;
  return {
    id, uuid: row.uuid, type: row.type as MyTrip['type'], status: row.status, status_name: requestStatusName(row.status), created_at: row.created_at,
    tour: tour ? { id: tour.id, title: t(tour, 'title', ctx.locale), slug: t(tour, 'slug', ctx.locale), image: imageUrl('tours', `${tour.id}-1`) } : null,
    dates: datesOf(row, data.variants), adults: row.adults, children: row.children, tourists,
    due: due ? { invoice_id: due.id, amount: due.amount, currency: due.currency } : null,
    actions: tripActions({ status: row.status, tourists, party: row.adults + row.children, payable: due !== null }),
  };
}

export function registerTripRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/crm/api/request/my-trips', tags: ['requests'], summary: "My trips: the signed-in traveller's bookings, newest first",
    description: `Needs X-Authorization (401 otherwise). The traveller's requests of types ${TRIP_TYPES.join(' and ')} (the request page's orders and private tours): `
      + 'those sent while signed in, and a guest\'s that joined the account when it proved the same e-mail or phone (a code or link sign-in, a confirmed address). '
      + 'Newest first; limit (default 20, at most 50) and offset page them; total counts them all. Each trip: id and uuid (the arrival page\'s key), status, '
      + 'the tour, dates, party, tourists entered, the first invoice open to pay (`due`), and `actions` open now, the next one first: pay (an open invoice), '
      + 'add_tourists (fewer entered than the party), chat and cancel (the request still open). Private (no-store).',
    query: MyTripsQuery, answer: MyTripsAnswer, errors: [401],
    handler: async ({ query, ctx, request, reply }) => {
      reply.header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER);
      const traveller = await requireTraveller(s, request);
      const data = await tripsOf(s.db, Number(traveller.id), { limit: query.limit, offset: query.offset });
      return { trips: data.rows.map((row) => tripOf(row, data, ctx)), total: data.total };
    },
  });
}
