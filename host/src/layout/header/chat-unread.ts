import { atom } from 'jotai';
import { sessionAtom } from '@tours/shared/core';
import type { HostEvents, HostStore } from '@tours/shared/contract';
import { afterLoad } from '../../app/after-load';

/**
 * The signed-in traveller's unread chat messages, for the header's chat badge (issue 15). Host-only state: mfe-comms
 * publishes changes through the contract's 'chat:unread' event (its chat screen, and on every page its 'comms/unread'
 * service: `wireLiveUnread`); the badge fetches the first value itself. null: not known (signed out, or the call failed).
 */
export const chatUnreadAtom = atom<number | null>(null);

/** Keeps the atom in step with mfe-comms's 'chat:unread' events; returns the unsubscribe. */
export function wireChatUnread(events: { on(event: 'chat:unread', handler: (payload: HostEvents['chat:unread']) => void): () => void }, store: HostStore): () => void {
  return events.on('chat:unread', ({ count }) => store.set(chatUnreadAtom, Math.max(0, Math.trunc(count))));
}

/**
 * The live count (issue 29) for a signed-in traveller only, and only once the page is interactive (the window's load
 * and then an idle moment): `load` brings its own chunk (live-unread.ts), which starts mfe-comms's service. A visitor
 * who never signs in downloads none of it; this gate is all the first visit carries.
 */
export function wireLiveUnread(store: HostStore, load: () => void, win: Window = window): void {
  const check = () => {
    if (!store.get(sessionAtom)) return;
    off();
    afterLoad(load, { win });
  };
  const off = store.sub(sessionAtom, check);
  check();
}
