/**
 * The staff panel's calls (accounts-and-comms §7 'Staff tour tools'). The admin session travels in the HttpOnly
 * admin_auth cookie (set by the agent console's sign-in), so the calls carry nothing of their own.
 */
import { ProgrammePdfStateAnswer, TourPrivateDataAnswer, UserPrivateDataAnswer, type ApiClient } from '@tours/shared/api';
import type { PrivateDataQuery } from './rules';

/** GET /crm/api/user/private-data: the session's permissions; 401 without an admin session. */
export function fetchUserPrivateData(api: ApiClient, signal?: AbortSignal): Promise<UserPrivateDataAnswer> {
  return api.get('/crm/api/user/private-data', { schema: UserPrivateDataAnswer, signal });
}

/** GET /spa/tour-private-data with the page's id and context ('fetched only when permitted'). */
export function fetchTourPrivateData(api: ApiClient, query: PrivateDataQuery, signal?: AbortSignal): Promise<TourPrivateDataAnswer> {
  return api.get('/spa/tour-private-data', { schema: TourPrivateDataAnswer, query: { ...query }, signal });
}

/** GET /spa/private-generate-tour-program-pdf: of the tour, or of an individual tour by its request id. */
export function generateProgrammePdf(api: ApiClient, target: { id: number; isIndividual: boolean }, signal?: AbortSignal): Promise<ProgrammePdfStateAnswer> {
  return api.get('/spa/private-generate-tour-program-pdf', {
    schema: ProgrammePdfStateAnswer, query: { id: target.id, is_individual: target.isIndividual || undefined }, signal,
  });
}
