/**
 * React's way into the chat: the one socket connection of the screen, the open chat's room, and the unread count
 * the header badge shows (published to the host through the contract's 'chat:unread' event).
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useHost } from '@tours/shared/core';
import { fetchUnreadCount } from './api';
import { acquireConnection, releaseConnection } from './connections';
import { ChatRoom, type RoomCalls } from './room';
import { defaultSocketFactory, type ChatConnection, type ConnectionStatus, type SocketFactory } from './socket';
import { watchUnread } from './unread';

/** Where sockets come from: socket.io in the browser, an in-memory emitter in tests. */
export const SocketFactoryContext = createContext<SocketFactory>(defaultSocketFactory);

/** The session's connection while the screen is open. */
export function useChatConnection(token: string): ChatConnection | null {
  const factory = useContext(SocketFactoryContext);
  const [connection, setConnection] = useState<ChatConnection | null>(null);
  useEffect(() => {
    setConnection(acquireConnection(token, factory));
    return () => {
      releaseConnection(token, factory);
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
 * The traveller's unread count while the chat screen is open (the watch it shares with the host's service on the same
 * connection, unread.ts); each new value goes to the host's header badge.
 */
export function useUnreadCount(connection: ChatConnection | null): [number | null, (count: number) => void] {
  const host = useHost();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (count !== null) host.emit('chat:unread', { count });
  }, [count, host]);
  useEffect(() => (connection ? watchUnread(connection, () => fetchUnreadCount(host.api).then((a) => a.count), setCount) : undefined), [connection, host]);
  return [count, setCount];
}
