/**
 * One open chat: its messages (messages.ts), the chat's own state (frozen, notifications), the live events of that
 * chat, the catch-up after a reconnect and the offline queue. Plain TypeScript with a subscribe/snapshot pair, so
 * React reads it through useSyncExternalStore and every transition happens in one place, synchronously.
 */
import { ApiError } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { isRetryableError, retryDelay, type Chat, type ChatAnswer, type ChatMessage, type MarkAsReadAnswer, type MessageAnswer, type MessagesAnswer } from '@tours/shared/api';
import { fetchChat, fetchMessages, markAsRead, sendMessage } from './api';
import { moveAttachment } from './attachments';
import {
  catchUpNext, initialMessages, newClientId, planQueue, reduceMessages, takeQueued, type MessagesAction, type MessagesState, type Outgoing, type QueueWait,
} from './messages';
import type { ChatConnection } from './socket';

type Api = HostContext['api'];

export interface RoomSnapshot {
  chat: Chat | null;
  messages: MessagesState<ChatMessage>;
  /** 'loading' until the chat and its first page are there; 'error' when they could not be fetched. */
  phase: 'loading' | 'ready' | 'error';
  error: ApiError | null;
  loadingOlder: boolean;
  /** What the queued messages wait for (planQueue): their label says it. */
  queueWait: QueueWait;
}

/** Whether the browser has a network, and its changes ('online' / 'offline' events). */
export interface BrowserNetwork {
  online(): boolean;
  subscribe(onChange: (online: boolean) => void): () => void;
}

function browserNetwork(win: Window | undefined = typeof window === 'undefined' ? undefined : window): BrowserNetwork {
  return {
    online: () => win?.navigator.onLine !== false,
    subscribe(onChange) {
      if (!win) return () => undefined;
      const online = () => onChange(true);
      const offline = () => onChange(false);
      win.addEventListener('online', online);
      win.addEventListener('offline', offline);
      return () => {
        win.removeEventListener('online', online);
        win.removeEventListener('offline', offline);
      };
    },
  };
}

/** The calls a room makes: the traveller's (chat/*), or the agent console's (agent/*), which answer the same shapes. */
export interface RoomCalls {
  /** Whose side the reader is on: the other side's chat_is_read puts read marks on the reader's messages. */
  side: 'tourist' | 'staff';
  chat(chatId: number): Promise<ChatAnswer>;
  messages(o: { chatId: number; offset?: number; afterId?: number }): Promise<MessagesAnswer>;
  markAsRead(chatId: number): Promise<MarkAsReadAnswer>;
  send(body: { chat_id: number; message: string; file_id: number | null; client_id: string }): Promise<MessageAnswer>;
}

export function travellerCalls(api: Api): RoomCalls {
  return {
    side: 'tourist',
    chat: (chatId) => fetchChat(api, chatId),
    messages: (o) => fetchMessages(api, o),
    markAsRead: (chatId) => markAsRead(api, chatId),
    send: (body) => sendMessage(api, body),
  };
}

export interface RoomOptions {
  calls: RoomCalls;
  chatId: number;
  connection: ChatConnection;
  /** The unread count after this chat was read (mark-as-read answers it): the header badge. */
  onUnreadCount?: (count: number) => void;
  /** Whether the traveller sees the chat now (the tab is visible): then incoming messages are marked read. */
  isVisible?: () => boolean;
  /** The browser's network state (tests pass their own). */
  network?: BrowserNetwork;
}

export class ChatRoom {
  private snapshot: RoomSnapshot = { chat: null, messages: initialMessages<ChatMessage>(), phase: 'loading', error: null, loadingOlder: false, queueWait: null };
  private listeners = new Set<() => void>();
  private offs: Array<() => void> = [];
  private stopped = false;
  private catchingUp = false;
  /** A (re)connection came while loading or catching up: catch up once more afterwards. */
  private catchUpAgain = false;
  /** The queue's next try (planQueue), the sends in a row that got no answer, and whether a flush is running. */
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private flushing = false;
  private readonly network: BrowserNetwork;
  private readPending = false;
  private readAgain = false;
  private fileNames = new Map<string, string>();

  constructor(private readonly o: RoomOptions) {
    this.network = o.network ?? browserNetwork();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RoomSnapshot => this.snapshot;

  private set(patch: Partial<RoomSnapshot>) {
    if (this.stopped) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of [...this.listeners]) l();
  }

  private dispatch(action: MessagesAction<ChatMessage>) {
    const messages = reduceMessages(this.snapshot.messages, action);
    if (messages !== this.snapshot.messages) this.set({ messages });
  }

  private setChat(patch: Partial<Chat>) {
    if (this.snapshot.chat) this.set({ chat: { ...this.snapshot.chat, ...patch } });
  }

  /** Fetches the chat and its newest page, and listens to the chat's events. */
  async start(): Promise<void> {
    const { connection, chatId } = this.o;
    const mine = (p: { chat_id: number }) => p.chat_id === chatId;
    this.offs.push(
      connection.on('new_message', (p) => {
        if (!mine(p)) return;
        this.dispatch({ type: 'received', message: p.message, synced: this.inSync() });
        if (p.message.direction !== 'input') return;
        // Seen now, or counted until the traveller comes back to the tab.
        if (!this.o.isVisible || this.o.isVisible()) this.markRead();
        else this.setChat({ unread_count: (this.snapshot.chat?.unread_count ?? 0) + 1 });
      }),
      connection.on('message_was_edit', (p) => mine(p) && this.dispatch({ type: 'updated', message: p.message })),
      connection.on('message_was_moderated', (p) => mine(p) && this.dispatch({ type: 'updated', message: p.message })),
      // Kept in place as 'deleted' (the message says so) rather than vanishing from under the reader's eyes.
      connection.on('message_was_deleted', (p) => mine(p) && this.dispatch({ type: 'updated', message: p.message })),
      connection.on('chat_is_read', (p) => {
        if (!mine(p)) return;
        if (p.reader !== this.o.calls.side) this.dispatch({ type: 'read', upTo: p.last_read_message_id });
        else this.setChat({ unread_count: 0 });
      }),
      connection.on('attachment_download_status_was_changed', (p) => {
        if (!mine(p)) return;
        this.dispatch({
          type: 'patched',
          id: p.message_id,
          patch: (m) => (m.attachment_status === null ? m : { ...m, attachment_status: moveAttachment(m.attachment_status, p.status) }),
        });
      }),
      connection.on('chat_is_frozen', (p) => mine(p) && this.setChat({ is_frozen: p.is_frozen, freeze_reason: p.freeze_reason })),
      connection.on('crm_user_chat_notifications_enabled', (p) => {
        if (p.chat_ids.includes(chatId)) this.setChat({ notifications_enabled: p.notifications_enabled });
      }),
      connection.on('chat_was_updated', (p) => {
        if (p.chat.id === chatId) this.set({ chat: p.chat });
      }),
      // Every (re)connection catches up: what was sent between the first page and the socket is not lost either.
      // Then the queue goes at once: the connection is back.
      connection.onStatus((status) => {
        if (status !== 'online') return this.schedule();
        this.failures = 0;
        void this.catchUp();
      }),
      // A network blip leaves the socket up (its ping notices a drop only after tens of seconds): the browser's own
      // word that the network is back sends the queue now; 'offline' changes what the queued messages say.
      this.network.subscribe((online) => {
        if (!online) return this.schedule();
        this.failures = 0;
        void this.flush();
      }),
    );
    await this.load();
  }

  /** The chat and its newest page (again after an error: 'Try again'). */
  async load(): Promise<void> {
    const { calls, chatId } = this.o;
    this.set({ phase: 'loading', error: null });
    const since = this.snapshot.messages.clock;
    try {
      const [chat, page] = await Promise.all([calls.chat(chatId), calls.messages({ chatId })]);
      this.set({ chat: chat.data, phase: 'ready' });
      this.dispatch({ type: 'page', messages: page.data, since, complete: !page.has_more });
      if (chat.data.unread_count > 0) this.markRead();
      // Missed while this page was on its way (a reconnect before it arrived), and what waited in the queue.
      if (this.catchUpAgain) await this.catchUp();
      else await this.flush();
    } catch (error) {
      this.set({ phase: 'error', error: error instanceof ApiError ? error : new ApiError(0, '', 'Error') });
    }
  }

  /** The page before the oldest shown (scrolling up / 'Earlier messages'). */
  async loadOlder(): Promise<void> {
    const { calls, chatId } = this.o;
    if (this.snapshot.loadingOlder || !this.snapshot.messages.hasOlder) return;
    this.set({ loadingOlder: true });
    const since = this.snapshot.messages.clock;
    try {
      const page = await calls.messages({ chatId, offset: this.snapshot.messages.items.length });
      this.dispatch({ type: 'page', messages: page.data, since, complete: !page.has_more });
    } catch {
      // The button stays: the traveller may try again.
    } finally {
      this.set({ loadingOlder: false });
    }
  }

  /**
   * After a reconnect: everything after the last known message, page by page, then the queue. Only one runs at a
   * time; a reconnect during it is covered by the pages it is still fetching.
   */
  private async catchUp(): Promise<void> {
    if (this.snapshot.phase === 'error') return this.load();
    // Busy (loading, or catching up already): once more when that is done.
    if (this.catchingUp || this.snapshot.phase !== 'ready') {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    this.catchUpAgain = false;
    const { calls, chatId } = this.o;
    try {
      // Not the newest shown: a message of the traveller's sent meanwhile (the queue goes on the browser's 'online',
      // before the socket is back) is newer than what the other side wrote while the socket was down.
      let afterId: number | null = this.snapshot.messages.syncedTo;
      while (afterId !== null && !this.stopped) {
        const since = this.snapshot.messages.clock;
        const page = await calls.messages({ chatId, afterId });
        this.dispatch({ type: 'page', messages: page.data, since });
        afterId = catchUpNext(page.data, page.has_more);
      }
      const chat = await calls.chat(chatId);
      this.set({ chat: chat.data });
      if ((this.snapshot.chat?.unread_count ?? 0) > 0) this.markRead();
    } catch {
      // The next reconnect tries again; what is shown stays.
    } finally {
      this.catchingUp = false;
    }
    if (this.catchUpAgain && !this.stopped) return this.catchUp();
    await this.flush();
  }

  /** Whether a live event comes with nothing missed before it: loaded, and no catch-up running or due. */
  private inSync(): boolean {
    return this.snapshot.phase === 'ready' && !this.catchingUp && !this.catchUpAgain;
  }

  /**
   * The queue's next try, as planQueue says: now, after the backoff, or (no connection) when the browser or the socket
   * is back, with a slow try meanwhile. One timer; a running flush plans again when it ends.
   */
  private schedule(): void {
    if (this.stopped) return;
    const queued = this.snapshot.messages.outgoing.filter((o) => o.status === 'queued').length;
    const connected = this.network.online() && this.o.connection.status() === 'online';
    const plan = planQueue({ queued, failures: this.failures, connected, retryDelay });
    if (plan.wait !== this.snapshot.queueWait) this.set({ queueWait: plan.wait });
    if (this.flushing) return;
    if (plan.delayMs === null) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    } else if (plan.delayMs === 0) {
      void this.flush();
    } else if (!this.retryTimer) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.flush();
      }, plan.delayMs);
    }
  }

  /**
   * Sends the queue in the order written, one at a time, each message once (takeQueued hands each out once; its
   * client id makes a resend after a lost answer the same message on the server). A send without an answer stops the
   * round: it and those after it wait for the next try. Not while the chat loads or catches up: those end with a flush.
   */
  private async flush(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.stopped || this.flushing || this.catchingUp || this.snapshot.phase !== 'ready') return;
    this.flushing = true;
    // On its way now: what waits behind the message being sent says so.
    if (this.snapshot.queueWait !== null) this.set({ queueWait: null });
    try {
      for (;;) {
        const [messages, toSend] = takeQueued(this.snapshot.messages);
        if (!toSend.length || this.stopped) break;
        this.set({ messages });
        const stuck = await this.sendInOrder(toSend);
        if (stuck) break;
      }
    } finally {
      this.flushing = false;
    }
    this.schedule();
  }

  /** Sends each in turn; answers true when one got no answer (it and the rest are queued again). */
  private async sendInOrder(toSend: readonly Outgoing[]): Promise<boolean> {
    for (const [i, o] of toSend.entries()) {
      if ((await this.deliver(o)) !== 'no-answer') continue;
      for (const rest of toSend.slice(i + 1)) this.dispatch({ type: 'requeue', clientId: rest.clientId });
      return true;
    }
    return false;
  }

  private async deliver(o: Pick<Outgoing, 'clientId' | 'text' | 'fileId'>): Promise<'sent' | 'no-answer' | 'refused'> {
    try {
      const answer = await this.o.calls.send({ chat_id: this.o.chatId, message: o.text, file_id: o.fileId, client_id: o.clientId });
      this.dispatch({ type: 'sent', clientId: o.clientId, message: answer.data });
      this.failures = 0;
      return 'sent';
    } catch (error) {
      // No answer (offline, a timeout, the API restarting): back in the queue. An answer that refuses waits for the traveller.
      const again = isRetryableError(error);
      this.dispatch({ type: 'send-failed', clientId: o.clientId, retryable: again });
      if (again) {
        this.failures += 1;
        return 'no-answer';
      }
      // A frozen chat answers 409: fetch the chat so the reason shows.
      if (error instanceof ApiError && error.status === 409) void this.o.calls.chat(this.o.chatId).then((c) => this.set({ chat: c.data }), () => undefined);
      return 'refused';
    }
  }

  /** The traveller sends a message: shown at once, and sent in its turn (now, unless the queue waits). */
  send(text: string, file?: { id: number; name: string } | null): void {
    const clientId = newClientId();
    if (file) this.fileNames.set(clientId, file.name);
    this.dispatch({ type: 'compose', clientId, text, fileId: file?.id ?? null });
    this.schedule();
  }

  /** 'Send now' on a message waiting for its next try: the traveller does not wait out the backoff. */
  sendNow(): void {
    void this.flush();
  }

  /** A change made to the chat itself (the notification switch; the agent's freeze answer). */
  updateChat(patch: Partial<Chat>): void {
    this.setChat(patch);
  }

  /** A message as a call answered it (the agent's edit, delete, moderate): in place at once, its event may follow. */
  apply(message: ChatMessage): void {
    this.dispatch({ type: 'updated', message });
  }

  /** The name of the file an outgoing message carries (shown while it is unconfirmed). */
  fileNameOf(clientId: string): string | undefined {
    return this.fileNames.get(clientId);
  }

  /** 'Try again' on a refused message: back in the queue, which goes now (the traveller asked). */
  retry(clientId: string): void {
    this.dispatch({ type: 'retry', clientId });
    void this.flush();
  }

  discard(clientId: string): void {
    this.dispatch({ type: 'discard', clientId });
  }

  /** Marks the chat read when the traveller sees it (once at a time; again when more arrived meanwhile). */
  markRead(): void {
    if (this.o.isVisible && !this.o.isVisible()) return;
    if (this.readPending) {
      this.readAgain = true;
      return;
    }
    this.readPending = true;
    void this.o.calls.markAsRead(this.o.chatId)
      .then((answer) => {
        this.setChat({ unread_count: 0 });
        this.o.onUnreadCount?.(answer.count);
      }, () => undefined)
      .finally(() => {
        this.readPending = false;
        if (this.readAgain && !this.stopped) {
          this.readAgain = false;
          this.markRead();
        }
      });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    for (const off of this.offs) off();
    this.offs = [];
    this.listeners.clear();
  }
}
