import { sessionAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { logOut } from '../../state/session';
import { browser } from '../browser';

/**
 * 'Log in again' on the 403 page (accounts-and-comms §2): log out, open the login modal, and reload the page once
 * the login is done. Closing the modal without signing in leaves the page as it is (logged out).
 */
export function logInAgain(host: HostContext): void {
  const loggedOut = logOut(host);
  const handle = host.openModal('account/login', { reason: 'forbidden' });
  void Promise.all([loggedOut, handle.closed]).then(() => {
    if (host.store.get(sessionAtom)) browser.reload();
  });
}
