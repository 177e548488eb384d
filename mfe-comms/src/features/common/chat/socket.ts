/**
 * The real-time side of the chat (accounts-and-comms §3 'Real-time chat events'; issue 15 'Reconnection'): one
 * socket.io connection on the site's own origin (`/socket.io`, proxied by the host server to the API), authenticated
 * by the session token. socket.io reconnects by itself with a growing, jittered delay (1 s up to 30 s); a sleeping
 * laptop is noticed by its ping timeout, and coming back online or to the tab nudges it at once. Every event is
 * checked against the contract's payload schema; what does not match is dropped, never half-applied.
 *
 * The socket itself comes from a factory so tests use a tiny in-memory emitter instead of a network.
 */
import { io } from 'socket.io-client';
import { is, type Struct } from 'superstruct';
import { CHAT_EVENTS, CHAT_EVENT_PAYLOADS, CHAT_SOCKET_PATH, type ChatEventName, type ChatEventPayloads } from '@tours/shared/api';

/** What the connection needs of a socket.io client socket. */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, handler: (...args: never[]) => void): unknown;
  off(event: string, handler?: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface SocketOptions {
  path: string;
  auth: { token: string };
}
export type SocketFactory = (options: SocketOptions) => SocketLike;

/** Backoff of the reconnection (socket.io's own: delay × 2^attempt, ±50 %, at most the max). */
const RECONNECT = { delay: 1_000, delayMax: 30_000, randomization: 0.5 } as const;

export const defaultSocketFactory: SocketFactory = ({ path, auth }) =>
  io({
    path,
    auth,
    reconnection: true,
    reconnectionDelay: RECONNECT.delay,
    reconnectionDelayMax: RECONNECT.delayMax,
    randomizationFactor: RECONNECT.randomization,
  }) as unknown as SocketLike;

export type ConnectionStatus = 'connecting' | 'online' | 'offline';

export interface ChatConnection {
  status(): ConnectionStatus;
  /** Status changes; `reconnected` is true when it comes online after having been online before (time to catch up). */
  onStatus(handler: (status: ConnectionStatus, reconnected: boolean) => void): () => void;
  on<E extends ChatEventName>(event: E, handler: (payload: ChatEventPayloads[E]) => void): () => void;
  close(): void;
}

/** A connection for the session's token. Listeners outlive reconnections; `close` ends it for good. */
export function connectChat(token: string, factory: SocketFactory = defaultSocketFactory, win: Window | undefined = typeof window === 'undefined' ? undefined : window): ChatConnection {
  const socket = factory({ path: CHAT_SOCKET_PATH, auth: { token } });
  let status: ConnectionStatus = socket.connected ? 'online' : 'connecting';
  let everOnline = socket.connected;
  let closed = false;
  const statusHandlers = new Set<(s: ConnectionStatus, reconnected: boolean) => void>();
  const handlers = new Map<ChatEventName, Set<(payload: never) => void>>();

  const setStatus = (next: ConnectionStatus) => {
    const reconnected = next === 'online' && everOnline;
    if (next === 'online') everOnline = true;
    if (next === status && !reconnected) return;
    status = next;
    for (const h of [...statusHandlers]) h(next, reconnected);
  };

  socket.on('connect', () => setStatus('online'));
  socket.on('disconnect', ((reason: string) => {
    setStatus('offline');
    // The server ended it on purpose (a new deploy, a kick): socket.io waits for us to ask again.
    if (reason === 'io server disconnect' && !closed) socket.connect();
  }) as (...args: never[]) => void);
  socket.on('connect_error', () => setStatus('offline'));

  for (const name of CHAT_EVENTS) {
    socket.on(name, ((payload: unknown) => {
      if (!is(payload, CHAT_EVENT_PAYLOADS[name] as Struct<unknown>)) return;
      for (const h of [...(handlers.get(name) ?? [])]) (h as (p: unknown) => void)(payload);
    }) as (...args: never[]) => void);
  }

  // Back online or back to the tab: try now instead of waiting for the next backoff step. While a reconnection is
  // pending, socket.io's connect() only waits for its timer (up to 30 s after a long outage): disconnect() first drops
  // that timer and resets the backoff, so connect() opens at once.
  const nudge = () => {
    if (closed || socket.connected || (win?.document && win.document.visibilityState === 'hidden')) return;
    socket.disconnect();
    socket.connect();
  };
  win?.addEventListener('online', nudge);
  win?.document?.addEventListener('visibilitychange', nudge);

  return {
    status: () => status,
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => statusHandlers.delete(handler);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as (payload: never) => void);
      handlers.set(event, set);
      return () => set.delete(handler as (payload: never) => void);
    },
    close() {
      closed = true;
      win?.removeEventListener('online', nudge);
      win?.document?.removeEventListener('visibilitychange', nudge);
      statusHandlers.clear();
      handlers.clear();
      socket.disconnect();
    },
  };
}
