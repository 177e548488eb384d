/** A tiny in-memory socket for tests: the test opens, drops and emits as the server would. */
import type { SocketFactory, SocketLike, SocketOptions } from './socket';
import type { ChatEventName, ChatEventPayloads } from '@tours/shared/api';

type Handler = (...args: unknown[]) => void;

export class FakeSocket implements SocketLike {
  connected = false;
  connectCalls = 0;
  disconnected = false;
  private handlers = new Map<string, Set<Handler>>();
  constructor(readonly options: SocketOptions) {}
  on(event: string, handler: (...args: never[]) => void) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as Handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler?: (...args: never[]) => void) {
    if (handler) this.handlers.get(event)?.delete(handler as Handler);
    else this.handlers.delete(event);
    return this;
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  private fire(event: string, ...args: unknown[]) {
    for (const h of [...(this.handlers.get(event) ?? [])]) h(...args);
  }
  /** The server accepted the connection (or a reconnection). */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  /** The connection dropped (network, sleep). */
  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  /** The server sends a chat event (the payload is checked by the connection as a real one would be). */
  emit<E extends ChatEventName>(event: E, payload: ChatEventPayloads[E] | Record<string, unknown>) {
    this.fire(event, payload);
  }
}

export function fakeSockets(): { factory: SocketFactory; sockets: FakeSocket[]; last: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: (options) => {
      const s = new FakeSocket(options);
      sockets.push(s);
      return s;
    },
    last: () => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket was opened');
      return s;
    },
  };
}
