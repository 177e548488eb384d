/** The account area's session: a 401 means the token was ended elsewhere (a password change or reset, a logout). */
import { sessionAtom, signOutAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';

/** A 401: the session ends here and the page offers to log in (only the session that asked). */
export function endSession(host: HostContext, token: string): void {
  if (host.store.get(sessionAtom)?.token !== token) return;
  host.store.set(signOutAtom);
  host.toast({ kind: 'error', messageId: 'account.settings.sessionOver' });
}
