/**
 * One chat's messages on the traveller's screen (issue 15 'Reconnection'): fetched pages and live events merged by
 * id, in id order (the server's ids grow with time), with no duplicates; messages the traveller writes shown at once
 * (optimistic, under a client id) and confirmed once — by the send call's answer or by their own new_message event,
 * whichever comes first; every message goes through the queue, in the order written, and is sent once (its client id
 * makes a resend after a lost answer the same message); `planQueue` says when the queue goes next.
 *
 * Pure: `reduceMessages` is the only way the state changes, and `takeQueued` hands out the queue exactly once. It
 * knows of a message only its `id` and optional `client_id`; the rest (edits, attachment states) arrive as whole
 * messages or as patches built by the caller, which knows the contract's shapes.
 */

export interface BaseMessage {
  id: number;
  /** The client id the message was sent with, when the server echoes it back. */
  client_id?: string | null;
}

/** A message the traveller wrote that the server has not confirmed yet. */
export type OutgoingStatus = 'queued' | 'sending' | 'failed';
export interface Outgoing {
  clientId: string;
  text: string;
  fileId: number | null;
  status: OutgoingStatus;
}

export interface MessagesState<M extends BaseMessage> {
  /** Confirmed messages, ascending id, each id once. */
  items: readonly M[];
  /** Unconfirmed outgoing messages, in the order written (shown after the confirmed ones). */
  outgoing: readonly Outgoing[];
  /** Ids deleted live: a page fetched before the deletion cannot bring them back. */
  deleted: ReadonlySet<number>;
  /** Clock of live changes, and when each id last changed live: an older page does not overwrite a newer edit. */
  clock: number;
  touched: ReadonlyMap<number, number>;
  /** The other side has read every message up to this id (chat_is_read). */
  readUpTo: number;
  /** Whether older pages remain on the server (false once a page came back short). */
  hasOlder: boolean;
  /**
   * Nothing is missing up to this id: what pages and in-sync events brought. A reconnect catches up after it. A send's
   * answer does not move it: a message sent while the socket was down is stored after what the other side wrote
   * meanwhile, which only the catch-up brings (issue 29: the agent's messages written in a tunnel never showed).
   */
  syncedTo: number;
}

export function initialMessages<M extends BaseMessage>(): MessagesState<M> {
  return { items: [], outgoing: [], deleted: new Set(), clock: 0, touched: new Map(), readUpTo: 0, hasOlder: true, syncedTo: 0 };
}

export type MessagesAction<M extends BaseMessage> =
  /** A page from get-messages; `since` is the state's `clock` when the fetch started; `complete` when no older page remains. */
  | { type: 'page'; messages: readonly M[]; since: number; complete?: boolean }
  /** new_message; `synced` when nothing can be missing before it (the socket has been up since the last catch-up ended). */
  | { type: 'received'; message: M; synced?: boolean }
  /** message_was_edit, message_was_moderated: the whole new version. Unknown ids are left for their page. */
  | { type: 'updated'; message: M }
  /** attachment_download_status_was_changed and the like: a change the caller computes from the message it has. */
  | { type: 'patched'; id: number; patch: (message: M) => M }
  /** message_was_deleted. */
  | { type: 'deleted'; id: number }
  /** chat_is_read: the other side read the chat (up to an id, or everything shown). */
  | { type: 'read'; upTo?: number }
  /** The traveller wrote a message: queued, and handed out by `takeQueued` in its turn. */
  | { type: 'compose'; clientId: string; text: string; fileId?: number | null }
  /** The send call answered with the stored message. */
  | { type: 'sent'; clientId: string; message: M }
  /** The send call failed: `retryable` (no answer: offline, timeout) puts it back in the queue; otherwise it waits for the traveller. */
  | { type: 'send-failed'; clientId: string; retryable: boolean }
  /** The traveller tries a failed message again: back in the queue, sent in its turn. */
  | { type: 'retry'; clientId: string }
  /** Handed out to send but not sent (one before it got no answer): back in the queue, in its place. */
  | { type: 'requeue'; clientId: string }
  /** The traveller gives up a failed message. */
  | { type: 'discard'; clientId: string };

/** How a confirmed message without a client id is recognised as one of ours (same text and file, our direction). */
export type EchoTest<M extends BaseMessage> = (outgoing: Outgoing, message: M) => boolean;

function indexOfId<M extends BaseMessage>(items: readonly M[], id: number): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = items[mid]!.id;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -(lo + 1);
}

/** Items with `message` in its place by id: replaced when there, inserted in order when not. */
function upsert<M extends BaseMessage>(items: readonly M[], message: M): readonly M[] {
  const at = indexOfId(items, message.id);
  const next = items.slice();
  if (at >= 0) next[at] = message;
  else next.splice(-(at + 1), 0, message);
  return next;
}

/** The outgoing message a confirmed one stands for: by client id, else the first one in flight that it echoes. */
function echoOf<M extends BaseMessage>(outgoing: readonly Outgoing[], message: M, isEcho?: EchoTest<M>): number {
  if (message.client_id) return outgoing.findIndex((o) => o.clientId === message.client_id);
  if (!isEcho) return -1;
  return outgoing.findIndex((o) => o.status !== 'queued' && isEcho(o, message));
}

function withoutOutgoing(outgoing: readonly Outgoing[], index: number): readonly Outgoing[] {
  return index < 0 ? outgoing : [...outgoing.slice(0, index), ...outgoing.slice(index + 1)];
}

function setStatus(outgoing: readonly Outgoing[], clientId: string, from: readonly OutgoingStatus[], to: OutgoingStatus): readonly Outgoing[] {
  let changed = false;
  const next = outgoing.map((o) => {
    if (o.clientId !== clientId || !from.includes(o.status)) return o;
    changed = true;
    return { ...o, status: to };
  });
  return changed ? next : outgoing;
}

/** A confirmed message arrives (page, event or answer): in its place, and the outgoing it stands for gone. */
function confirm<M extends BaseMessage>(state: MessagesState<M>, message: M, isEcho?: EchoTest<M>, clientId?: string): MessagesState<M> {
  let outgoing = state.outgoing;
  const mine = clientId !== undefined ? outgoing.findIndex((o) => o.clientId === clientId) : echoOf(outgoing, message, isEcho);
  outgoing = withoutOutgoing(outgoing, mine);
  if (state.deleted.has(message.id)) return outgoing === state.outgoing ? state : { ...state, outgoing };
  return { ...state, items: upsert(state.items, message), outgoing };
}

function touch<M extends BaseMessage>(state: MessagesState<M>, id: number): MessagesState<M> {
  const clock = state.clock + 1;
  const touched = new Map(state.touched);
  touched.set(id, clock);
  return { ...state, clock, touched };
}

export function reduceMessages<M extends BaseMessage>(state: MessagesState<M>, action: MessagesAction<M>, isEcho?: EchoTest<M>): MessagesState<M> {
  switch (action.type) {
    case 'page': {
      let next = state;
      for (const message of action.messages) {
        // A live change newer than this fetch wins over the page's copy.
        if ((state.touched.get(message.id) ?? 0) > action.since) continue;
        next = confirm(next, message, isEcho);
      }
      if (action.complete) next = { ...next, hasOlder: false };
      // A page is whole: the newest page, or a catch-up's from where nothing was missing.
      const syncedTo = action.messages.reduce((max, m) => Math.max(max, m.id), next.syncedTo);
      return syncedTo === next.syncedTo ? next : { ...next, syncedTo };
    }
    case 'received': {
      const next = confirm(touch(state, action.message.id), action.message, isEcho);
      return action.synced && action.message.id > next.syncedTo ? { ...next, syncedTo: action.message.id } : next;
    }
    case 'updated': {
      if (indexOfId(state.items, action.message.id) < 0) return state;
      const next = touch(state, action.message.id);
      return { ...next, items: upsert(next.items, action.message) };
    }
    case 'patched': {
      const at = indexOfId(state.items, action.id);
      if (at < 0) return state;
      const next = touch(state, action.id);
      return { ...next, items: upsert(next.items, action.patch(state.items[at]!)) };
    }
    case 'deleted': {
      const deleted = new Set(state.deleted);
      deleted.add(action.id);
      const at = indexOfId(state.items, action.id);
      const next = touch({ ...state, deleted }, action.id);
      return at < 0 ? next : { ...next, items: [...state.items.slice(0, at), ...state.items.slice(at + 1)] };
    }
    case 'read': {
      const upTo = action.upTo ?? state.items[state.items.length - 1]?.id ?? 0;
      return upTo > state.readUpTo ? { ...state, readUpTo: upTo } : state;
    }
    case 'compose':
      if (state.outgoing.some((o) => o.clientId === action.clientId)) return state;
      return { ...state, outgoing: [...state.outgoing, { clientId: action.clientId, text: action.text, fileId: action.fileId ?? null, status: 'queued' }] };
    case 'sent': {
      // Already confirmed by its event (or a catch-up page): that copy is as new as the answer or newer (an
      // attachment's LOADING → SUCCESS may have followed it before the answer came), so the answer only ends the
      // outgoing entry; otherwise it confirms the message.
      if (indexOfId(state.items, action.message.id) < 0) return confirm(state, action.message, undefined, action.clientId);
      const outgoing = withoutOutgoing(state.outgoing, state.outgoing.findIndex((o) => o.clientId === action.clientId));
      return outgoing === state.outgoing ? state : { ...state, outgoing };
    }
    case 'send-failed': {
      const outgoing = setStatus(state.outgoing, action.clientId, ['sending'], action.retryable ? 'queued' : 'failed');
      return outgoing === state.outgoing ? state : { ...state, outgoing };
    }
    case 'retry': {
      const outgoing = setStatus(state.outgoing, action.clientId, ['failed'], 'queued');
      return outgoing === state.outgoing ? state : { ...state, outgoing };
    }
    case 'requeue': {
      const outgoing = setStatus(state.outgoing, action.clientId, ['sending'], 'queued');
      return outgoing === state.outgoing ? state : { ...state, outgoing };
    }
    case 'discard': {
      const at = state.outgoing.findIndex((o) => o.clientId === action.clientId && o.status === 'failed');
      return at < 0 ? state : { ...state, outgoing: withoutOutgoing(state.outgoing, at) };
    }
  }
}

/**
 * The queued messages to send now that the connection is back, each handed out once: they move to 'sending' in the
 * returned state, so a second call (another reconnect, a double event) finds nothing to send.
 */
export function takeQueued<M extends BaseMessage>(state: MessagesState<M>): [MessagesState<M>, Outgoing[]] {
  const queued = state.outgoing.filter((o) => o.status === 'queued');
  if (queued.length === 0) return [state, []];
  return [{ ...state, outgoing: state.outgoing.map((o) => (o.status === 'queued' ? { ...o, status: 'sending' as const } : o)) }, queued.map((o) => ({ ...o, status: 'sending' as const }))];
}

/**
 * What the queue waits for (issue 29: a message written in a network blip had waited for the socket to drop and come
 * back, which a blip never does): 'network' while the browser says it is offline or the chat's socket is down (the
 * browser's 'online' event and every reconnection send at once), 'retry' after sends that got no answer, null when
 * nothing waits or it goes now.
 */
export type QueueWait = 'network' | 'retry' | null;

/** Without a connection, a try this often anyway: navigator.onLine can be wrong, and a socket can be refused while HTTP works. */
export const QUEUE_OFFLINE_CHECK_MS = 30_000;

/**
 * When the queued messages are sent next: `delayMs` from now (0: now; null: nothing to send). `connected`: the browser
 * says it is online and the socket is up. `failures` are the sends in a row that got no answer (0 after an answer, a
 * reconnection or the browser's 'online'); `retryDelay` is the site's backoff (2, 4, 8, 16, then every 30 s).
 */
export function planQueue(o: { queued: number; failures: number; connected: boolean; retryDelay: (failures: number) => number }): { wait: QueueWait; delayMs: number | null } {
  if (o.queued === 0) return { wait: null, delayMs: null };
  if (!o.connected) return { wait: 'network', delayMs: QUEUE_OFFLINE_CHECK_MS };
  if (o.failures === 0) return { wait: null, delayMs: 0 };
  return { wait: 'retry', delayMs: o.retryDelay(o.failures) };
}

/** What an unconfirmed message says of itself (chat.message.{label}): the truth about when it goes. */
export type PendingLabel = 'sending' | 'queued' | 'retrying' | 'failed';
export function pendingLabel(status: OutgoingStatus, wait: QueueWait): PendingLabel {
  if (status !== 'queued') return status;
  // Queued behind a message being sent, or about to go: it is on its way.
  return wait === 'network' ? 'queued' : wait === 'retry' ? 'retrying' : 'sending';
}

/**
 * After a reconnect, what was missed is fetched with get-messages `after_id` (oldest first), from `syncedTo`,
 * page after page while the server says newer ones remain: no gap between what was shown and what is new. The
 * answer is the next `after_id` to ask for, or null when caught up.
 */
export function catchUpNext<M extends BaseMessage>(page: readonly M[], hasMore: boolean): number | null {
  if (!hasMore || page.length === 0) return null;
  return page.reduce((max, m) => Math.max(max, m.id), 0);
}

/** Whether the other side has read a message of ours (a per-message flag from the server, or chat_is_read). */
export function isReadByOther<M extends BaseMessage>(state: MessagesState<M>, message: M, flag?: boolean): boolean {
  return Boolean(flag) || message.id <= state.readUpTo;
}

/** A client id for an outgoing message: unique in this tab. */
export function newClientId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
