/**
 * The chat connections in use, one per session token (and socket factory): the chat screen, the agent console and
 * the host's unread-count service (issue 29) share it, so a traveller's tab holds one socket however many of them
 * run. It lingers a moment after its last user, so that switching chats (the slot remounts the screen) or going from
 * another page to the chat does not reconnect.
 */
import { connectChat, type ChatConnection, type SocketFactory } from './socket';

const LINGER_MS = 5_000;
const open = new WeakMap<SocketFactory, Map<string, { connection: ChatConnection; users: number; timer?: ReturnType<typeof setTimeout> }>>();

export function acquireConnection(token: string, factory: SocketFactory): ChatConnection {
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

export function releaseConnection(token: string, factory: SocketFactory): void {
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
