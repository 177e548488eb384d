/** The tour selection of §4.9 sent back to the request of the coordinator's link (POST /crm/api/request/tour-selection). */
import { TourSelectionAnswer, type ApiClient } from '@tours/shared/api';

/** Sends the whole selection (an empty list clears it); the same selection again changes nothing. */
export function sendTourSelection(api: ApiClient, token: string, tourIds: readonly number[]) {
  return api.post('/crm/api/request/tour-selection', { token, tour_ids: tourIds }, { schema: TourSelectionAnswer, captcha: true });
}
