/** The organizer's verification marks, shown on the tour page's organizer block and on the organizer page. */
import { OrganizerVerificationAnswer, type ApiClient } from '@tours/shared/api';

export type Verification = OrganizerVerificationAnswer;
const NOT_VERIFIED: Verification = { is_email_verified: false, is_phone_verified: false, is_passport_verified: false };

/** Verification marks; a failed call is logged and counts as all false (accounts-and-comms §8 'Organizer data'). */
export async function fetchVerification(api: ApiClient, organizerId: number, signal?: AbortSignal): Promise<Verification> {
  try {
    return await api.get('/crm/api/organizer/verification-info', { schema: OrganizerVerificationAnswer, query: { id: organizerId }, signal });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    console.error(`Organizer verification failed to load: ${(error as Error).message}`);
    return NOT_VERIFIED;
  }
}
