import { sessionAtom } from '@tours/shared/core';
import { serviceAddress, type HostContext, type HostStore, type ServiceModule } from '@tours/shared/contract';
import type { RemoteLoader } from '../../federation/loader';

/**
 * The header's unread count kept live (issue 29: it had changed only on page load). Its own chunk, loaded for a
 * signed-in traveller after the page is interactive (chat-unread.ts `wireLiveUnread`): it starts mfe-comms's
 * 'comms/unread' service (shared/src/contract/services.ts) with the session's token, which emits 'chat:unread' on
 * every change through the chat socket, and stops it when the session ends or changes. mfe-comms owns the socket and
 * the count's rules; the host only keeps the atom the badge shows.
 */
export function followSession(store: HostStore, start: (token: string) => Promise<() => void>): () => void {
  let token: string | null = null;
  let stop: (() => void) | null = null;
  let run = 0;
  const update = () => {
    const next = store.get(sessionAtom)?.token ?? null;
    if (next === token) return;
    token = next;
    stop?.();
    stop = null;
    const mine = ++run;
    if (!next) return;
    start(next).then(
      (s) => (mine === run ? (stop = s) : s()),
      // The badge keeps the count it fetched on load (§8: a failure is logged, the default kept); the next session tries again.
      (error: unknown) => console.warn('[live unread count]', error),
    );
  };
  const off = store.sub(sessionAtom, update);
  update();
  return () => {
    off();
    run += 1;
    stop?.();
  };
}

/** Starts the 'comms/unread' service of mfe-comms; answers the function stopping it. */
function startUnreadService(loader: RemoteLoader, host: HostContext, token: string): Promise<() => void> {
  const { remote, module } = serviceAddress('comms/unread');
  return loader.loadModule<ServiceModule<'comms/unread'>>(remote, module, { texts: false }).then((m) => m.start(host, { token }));
}

export function startLiveUnread(store: HostStore, loader: RemoteLoader, host: HostContext): () => void {
  return followSession(store, (token) => startUnreadService(loader, host, token));
}
