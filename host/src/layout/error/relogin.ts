import { sessionAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { modalsAtom, type OpenModal } from '../../modals/modal-state';
import { browser } from '../browser';

function isLoginModal(m: OpenModal): boolean {
  return m.request.kind === 'registered' && m.request.key === 'account/login';
}

/**
 * 'Log in again' on the 403 page (accounts-and-comms §2): log out, ask for the login modal, and reload
 * the page once that modal has closed (for now any close counts, not only a completed login).
 */
export function logInAgain(host: HostContext): void {
  const { store } = host;
  let seen = false;
  const unsubscribe = store.sub(modalsAtom, () => {
    const open = store.get(modalsAtom).some(isLoginModal);
    if (open) seen = true;
    else if (seen) {
      unsubscribe();
      browser.reload();
    }
  });
  store.set(sessionAtom, null);
  host.emit('auth:login-required', { reason: 'forbidden' });
}
