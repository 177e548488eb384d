/**
 * React's way into the chat: the one socket connection of the screen, the open chat's room, and the unread count
 * the header badge shows (published to the host through the contract's 'chat:unread' event).
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useHost } from '@tours/shared/core';
import { fetchUnreadCount } from './api';
import { ChatRoom, type RoomCalls } from './room';
import { connectChat, defaultSocketFactory, type ChatConnection, type ConnectionStatus, type SocketFactory } from './socket';

/** Where sockets come from: socket.io in the browser, an in-memory emitter in tests. */
export const SocketFactoryContext = createContext<SocketFactory>(defaultSocketFactory);

/**
 * Connections in use, by factory and token. Opening another chat remounts the screen (the slot keys screens by
 * path): the connection lingers a moment after its last user so that switching chats does not reconnect.
 */
const LINGER_MS = 5_000;
const open = new WeakMap<SocketFactory, Map<string, { connection: ChatConnection; users: number; timer?: ReturnType<typeof setTimeout> }>>();

function acquire(token: string, factory: SocketFactory): ChatConnection {
  const byToken = open.get(factory) ?? new Map();
  open.set(factory, byToken);
  let entry = byToken.get(token);
  if (!entry) {
    entry = { connection: connectChat(token, factory), users: 0 };
    byToken.set(token, entry);
  }
  clearTimeout(entry.timer);
  entry.users += 1;
  return entry.connection;
}

function release(token: string, factory: SocketFactory): void {
  const byToken = open.get(factory);
  const entry = byToken?.get(token);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.timer = setTimeout(() => {
    byToken!.delete(token);
    entry.connection.close();
  }, LINGER_MS);
}

/** The session's connection while the screen is open. */
export function useChatConnection(token: string): ChatConnection | null {
  const factory = useContext(SocketFactoryContext);
  const [connection, setConnection] = useState<ChatConnection | null>(null);
  useEffect(() => {
    setConnection(acquire(token, factory));
    return () => {
      release(token, factory);
      setConnection(null);
    };
  }, [token, factory]);
  return connection;
}

export function useConnectionStatus(connection: ChatConnection | null): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>(connection?.status() ?? 'connecting');
  useEffect(() => {
    if (!connection) return;
    setStatus(connection.status());
    return connection.onStatus((s) => setStatus(s));
  }, [connection]);
  return status;
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** The open chat: started when the connection is there, stopped when the chat, the calls or the connection change. */
export function useRoom(connection: ChatConnection | null, chatId: number | null, calls: RoomCalls, onUnreadCount: (count: number) => void) {
  const room = useMemo(
    () => (connection && chatId !== null ? new ChatRoom({ calls, chatId, connection, onUnreadCount, isVisible }) : null),
    // onUnreadCount is a state setter (stable).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [connection, chatId, calls],
  );
  useEffect(() => {
    if (!room) return;
    void room.start();
    // Back to the tab: what arrived meanwhile is seen now.
    const onVisible = () => {
      if (isVisible() && (room.getSnapshot().chat?.unread_count ?? 0) > 0) room.markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      room.stop();
    };
  }, [room]);
  const snapshot = useSyncExternalStore(room?.subscribe ?? noSubscribe, room?.getSnapshot ?? noSnapshot);
  return { room, snapshot };
}
const noSubscribe = () => () => undefined;
const noSnapshot = () => null;

/**
 * The traveller's unread count: fetched when the connection comes (back) online and when a message arrives or a chat
 * is read elsewhere; each new value goes to the host's header badge.
 */
export function useUnreadCount(connection: ChatConnection | null): [number | null, (count: number) => void] {
  const host = useHost();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (count !== null) host.emit('chat:unread', { count });
  }, [count, host]);
  useEffect(() => {
    if (!connection) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const refresh = () => {
      clearTimeout(timer);
      // Bursts of events (a reconnect, several messages) ask once.
      timer = setTimeout(() => {
        fetchUnreadCount(host.api).then((a) => alive && setCount(a.count), () => undefined);
      }, 200);
    };
    if (connection.status() === 'online') refresh();
    const offs = [
      connection.onStatus((s) => s === 'online' && refresh()),
      connection.on('new_message', (p) => p.message.direction === 'input' && refresh()),
      connection.on('chat_is_read', (p) => p.reader === 'tourist' && refresh()),
    ];
    return () => {
      alive = false;
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [connection, host]);
  return [count, setCount];
}
