/**
 * The meet page's calls: the tour of the booking (its meeting place, coordinates and organisational details: GET
 * /spa/tour, public-site §3.5 'Meeting place'), and the coordinators' phone and hours for the day of the trip. The
 * booking itself comes by its link (../common/request-link.ts).
 */
import { pick, type Infer } from 'superstruct';
import { ContactsAnswer, TourDetailAnswer, WorkTimeAnswer, type ApiClient } from '@tours/shared/api';

/** What the meeting needs of the tour detail (§3.5): its place, coordinates and organisational details; the rest is not read. */
export const MeetingTour = pick(TourDetailAnswer, ['slug', 'gathering_place', 'lat', 'lng', 'organizational_details']);
export type MeetingTour = Infer<typeof MeetingTour>;

/** GET /spa/tour by the booking's tour slug (no programme, no reviews). */
export function fetchMeetingTour(api: ApiClient, slug: string, signal?: AbortSignal) {
  return api.get('/spa/tour', { schema: MeetingTour, query: { slug, format: 'main', expand_program: 0, expand_reviews: 0, site_id: 1 }, signal });
}

/** GET /spa/contacts: the coordinators' phones (the main one is called on the day). */
export function fetchContacts(api: ApiClient, countryId: number | undefined, signal?: AbortSignal) {
  return api.get('/spa/contacts', { schema: ContactsAnswer, query: { country_id: countryId }, signal });
}

/** GET /spa/work-time: when the coordinators answer (Moscow time). */
export function fetchWorkTime(api: ApiClient, countryId: number | undefined, signal?: AbortSignal) {
  return api.get('/spa/work-time', { schema: WorkTimeAnswer, query: { country_id: countryId }, signal });
}
