/**
 * The traveller's unread chat count, kept live (issue 29: the header's badge had changed only on page load, so a
 * coordinator's reply while the traveller read another page went unnoticed).
 *
 * One watch per connection, whoever asks for it (the chat screen, the host's 'comms/unread' service): the count is
 * asked (GET unread-count) when the connection comes (back) online, after a message from the other side and after
 * the traveller read a chat elsewhere, once per burst of such events; every listener gets each new value.
 */
import type { HostContext } from '@tours/shared/contract';
import { fetchUnreadCount } from './api';
import { acquireConnection, releaseConnection } from './connections';
import { defaultSocketFactory, type ChatConnection, type SocketFactory } from './socket';

/** Events within this long of each other ask once (a reconnect, several messages at once). */
const BURST_MS = 200;

interface Watch {
  listeners: Set<(count: number) => void>;
  last: number | null;
  stop(): void;
}
const watches = new WeakMap<ChatConnection, Watch>();

export function watchUnread(connection: ChatConnection, ask: () => Promise<number>, listener: (count: number) => void): () => void {
  let watch = watches.get(connection);
  if (!watch) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const w: Watch = {
      listeners: new Set(),
      last: null,
      stop: () => {
        clearTimeout(timer);
        offs.forEach((off) => off());
      },
    };
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const mine = ++asked;
        ask().then((count) => {
          // Only the newest answer counts: an older one may have been overtaken.
          if (mine !== asked || watches.get(connection) !== w) return;
          w.last = count;
          for (const l of [...w.listeners]) l(count);
        }, () => undefined);
      }, BURST_MS);
    };
    const offs = [
      connection.onStatus((s) => s === 'online' && refresh()),
      connection.on('new_message', (p) => p.message.direction === 'input' && refresh()),
      connection.on('chat_is_read', (p) => p.reader === 'tourist' && refresh()),
      connection.on('message_was_deleted', (p) => p.message.direction === 'input' && refresh()),
    ];
    if (connection.status() === 'online') refresh();
    watches.set(connection, w);
    watch = w;
  }
  const w = watch;
  w.listeners.add(listener);
  if (w.last !== null) listener(w.last);
  return () => {
    w.listeners.delete(listener);
    if (w.listeners.size > 0) return;
    w.stop();
    watches.delete(connection);
  };
}

/** A tab hidden this long lets its socket go (if nothing else holds it); shown again, it connects and asks at once. */
export const HIDDEN_RELEASE_MS = 60_000;

/**
 * The host's 'comms/unread' service (shared/src/contract/services.ts): while the tab is visible it holds the
 * session's chat connection (the one the chat screen uses, so a tab never has two) and emits 'chat:unread' with every
 * new count. A hidden tab keeps it a minute, then lets it go: background tabs do not keep sockets open on the server.
 */
export function keepUnreadLive(host: HostContext, token: string, o: { factory?: SocketFactory; document?: Document } = {}): () => void {
  const factory = o.factory ?? defaultSocketFactory;
  const doc = o.document ?? (typeof document === 'undefined' ? undefined : document);
  const visible = () => doc?.visibilityState !== 'hidden';
  let letGoOf: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const hold = () => {
    clearTimeout(timer);
    if (letGoOf) return;
    const connection = acquireConnection(token, factory);
    const unwatch = watchUnread(connection, () => fetchUnreadCount(host.api).then((a) => a.count), (count) => host.emit('chat:unread', { count }));
    letGoOf = () => {
      unwatch();
      releaseConnection(token, factory);
    };
  };
  const letGo = () => {
    clearTimeout(timer);
    letGoOf?.();
    letGoOf = null;
  };
  const onVisibility = () => {
    if (visible()) return hold();
    clearTimeout(timer);
    timer = setTimeout(letGo, HIDDEN_RELEASE_MS);
  };

  doc?.addEventListener('visibilitychange', onVisibility);
  // A tab opened in the background waits until it is shown.
  if (visible()) hold();
  return () => {
    doc?.removeEventListener('visibilitychange', onVisibility);
    letGo();
  };
}
