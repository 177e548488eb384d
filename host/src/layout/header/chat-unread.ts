import { atom } from 'jotai';
import type { HostEvents, HostStore } from '@tours/shared/contract';

/**
 * The signed-in traveller's unread chat messages, for the header's chat badge (issue 15). Host-only state: mfe-comms
 * publishes changes through the contract's 'chat:unread' event while its socket is open; the badge fetches the first
 * value itself. null: not known (signed out, or the call failed).
 */
export const chatUnreadAtom = atom<number | null>(null);

/** Keeps the atom in step with mfe-comms's 'chat:unread' events; returns the unsubscribe. */
export function wireChatUnread(events: { on(event: 'chat:unread', handler: (payload: HostEvents['chat:unread']) => void): () => void }, store: HostStore): () => void {
  return events.on('chat:unread', ({ count }) => store.set(chatUnreadAtom, Math.max(0, Math.trunc(count))));
}
