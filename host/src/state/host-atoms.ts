import { atom } from 'jotai';
import { sessionAtom } from '@tours/shared/core';

/**
 * Host-only state (issue 12): atoms in the one store that only the host's layout reads, so they live here and not
 * in @tours/shared/core. A microfrontend that needs one makes it part of the contract there first.
 */
export const isLoggedInAtom = atom((get) => get(sessionAtom) !== null);

/** Support chat id; 'Go to Live Chat' is shown only when it exists (§2.3). */
export const supportChatIdAtom = atom<number | null>(null);

/** Whether internet calls work now and to whom (GET /crm/api/phone-code/web-call-settings); null: not known. */
export const webCallsAtom = atom<{ available: boolean; can_call_to_support: boolean; can_call_to_organizer: boolean } | null>(null);
