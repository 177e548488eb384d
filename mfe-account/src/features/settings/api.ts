/** The profile calls of the account settings (accounts-and-comms §3 'User / profile', §7). */
import type { HostContext } from '@tours/shared/contract';
import { ProfileAnswer, UserAnswer, type UpdateProfileBody } from '@tours/shared/api';

type Api = HostContext['api'];

/** GET /crm/api/user/profile (X-Authorization from the session). */
export function fetchProfile(api: Api, signal?: AbortSignal): Promise<ProfileAnswer> {
  return api.get('/crm/api/user/profile', { schema: ProfileAnswer, signal });
}

/** POST /crm/api/user/update-profile: the name; answers the updated user. */
export function updateProfile(api: Api, body: UpdateProfileBody): Promise<UserAnswer> {
  return api.post('/crm/api/user/update-profile', body, { schema: UserAnswer });
}
