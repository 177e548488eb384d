import { signOutAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { DoneAnswer } from '@tours/shared/api';

/**
 * Log out (accounts-and-comms §4 'Logout'): the server revokes the token, and the session ends on this device at once
 * (its other tabs follow through the storage event, `initPersistentState`). A failed call still ends the session here:
 * the traveller asked to leave, and the token expires on its own.
 */
export async function logOut(host: HostContext): Promise<void> {
  try {
    await host.api.post('/crm/api/user/logout', {}, { schema: DoneAnswer, timeout: 5000 });
  } catch {
    /* logged by the client; the session still ends here */
  } finally {
    host.store.set(signOutAtom);
  }
}
