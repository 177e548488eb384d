import { atom } from 'jotai';
import { sessionAtom, webCallsAtom } from '@tours/shared/core';

/**
 * Host-only state (issue 12): atoms in the one store that only the host's layout reads, so they live here and not
 * in @tours/shared/core. A microfrontend that needs one makes it part of the contract there first.
 */
export const isLoggedInAtom = atom((get) => get(sessionAtom) !== null);

/** Support chat id; 'Go to Live Chat' is shown only when it exists (§2.3). */
export const supportChatIdAtom = atom<number | null>(null);

/** Part of the contract now (a chat's call button reads it): re-exported for the host's own readers. */
export { webCallsAtom };
