/**
 * Live chat's real-time side and its shared actions (accounts-and-comms §3 'Real-time chat events', §4 'Chat';
 * issue 15).
 *
 * - socket.io on the API's own HTTP server at /socket.io (the host server proxies that path: one origin). The
 *   handshake carries the session token (`auth: { token }`, or the X-Authorization header); a traveller's socket
 *   joins `traveller:{id}`, a staff member's `staff:support` or `staff:org:{organizer_id}`. Anything else is refused.
 * - Every change emits its §3 event by name to exactly the people of that chat: the chat's traveller room and the
 *   room of the staff serving it, each with its own view (direction, is_read, title are the reader's).
 * - Bounds: CHAT_HANDSHAKES_PER_MIN handshakes per address (over: 403 before any token is read),
 *   CHAT_SOCKET_MAX_PAYLOAD bytes a packet, SOCKET_PACKETS_PER_10S packets a socket (over: disconnected),
 *   CHAT_SOCKET_MAX_PER_USER sockets per person. In the cluster both hold across processes (issue 31): handshakes
 *   count in the shared rate-limit table, and a person's sockets on the other processes are asked of the adapter.
 * - A socket lives only as long as its session: it joins its session's room, which logout, a refresh or a password
 *   change closes at once (lib/session-events.ts, on every process through the adapter); a timer ends it when the
 *   token expires; tokens are also checked again every SESSION_RECHECK_MS (a revocation by another path).
 * - The page holds a marker of the traveller's token, not the token (shared/src/api/session-cookie.ts): a marker in
 *   the handshake stands for the auth_token cookie of that handshake when it is that cookie's marker.
 * - With PostgreSQL and its URL, @socket.io/postgres-adapter (LISTEN/NOTIFY) carries the emits to every API process.
 */
import { createHash } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  ATTACHMENT_STATUS, CHAT_SOCKET_MAX_PAYLOAD, CHAT_SOCKET_MAX_PER_USER, CHAT_SOCKET_PATH, type Chat, type ChatEventName, type ChatEventPayloads,
  type ChatMessage, type SenderType,
} from '@tours/shared/src/api/schemas/chat';
import {
  chatById, ensureSocketAttachmentsTable, insertMessage, lastMessages, markChatRead, organizerNames, staffByToken, staffNames, staffTokenExpiry, travellerNames, unreadCounts,
  updateMessage, type ChatMessageRow, type ChatRow, type ChatSide, type StaffAccountRow, type StaffScope,
} from '../db/queries/chat';
import { travellerByToken, travellerTokenExpiry } from '../db/queries/travellers';
import { isSessionMarker, tokenOfMarker } from '@tours/shared/src/api/session-cookie';
import type { SessionEnd } from '../lib/session-events';
import { uploadsByIds as uploadRows, type Upload } from '../db/queries/uploads';
import type { Services } from '../services';
import { INTERNAL_SECRET_HEADER } from '@tours/shared/src/api/forwarding';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';
import { lastEntry, secretChecker } from '../lib/client-address';
import { RateLimitStore } from '../lib/rate-limit';
import { sharedRateLimitStore } from '../cluster/rate-limit-store';
import { uploadUrl } from '../lib/uploads';

/** Packets a socket may send in 10 seconds (the client needs none: the socket only delivers events). */
const SOCKET_PACKETS_PER_10S = 50;
/** routes/agent.ts AGENT_FILE_PATH (kept here: the routes import this file, not the other way round). */
const AGENT_FILE_URL = '/crm/api/agent/file';
const TOO_MANY = 'Too many connections';
/** How long a handshake waits for the other processes to say how many sockets its person has (the cluster). */
const ELSEWHERE_TIMEOUT_MS = 1_000;
/** How often live sockets' sessions are checked again. */
const SESSION_RECHECK_MS = 60_000;

const travellerRoom = (travellerId: number): string => `traveller:${travellerId}`;
const staffRoomOf = (chat: Pick<ChatRow, 'kind' | 'organizer_id'>): string => (chat.kind === 'support' ? 'staff:support' : `staff:org:${chat.organizer_id}`);
const staffRoomOfScope = (staff: StaffScope): string => (staff.kind === 'support' ? 'staff:support' : `staff:org:${staff.organizer_id}`);
/** The room of one session's sockets (a digest: room names are not secrets). */
const sessionRoom = (token: string): string => `session:${createHash('sha256').update(token).digest('base64url').slice(0, 24)}`;
/** setTimeout's longest wait; a later expiry is left to the periodic check. */
const MAX_TIMER_MS = 2 ** 31 - 1;

// ---------------------------------------------------------------------------
// Views: rows as a reader sees them
// ---------------------------------------------------------------------------

interface MessageContext {
  files: Map<number, Upload>;
  travellerName: string;
  staff: Map<number, string>;
}

async function uploadsByIds(s: Services, ids: number[]): Promise<Map<number, Upload>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await uploadRows(s.db, unique);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

async function messageContext(s: Services, chat: ChatRow, rows: ChatMessageRow[]): Promise<MessageContext> {
  const [files, travellers, staff] = await Promise.all([
    uploadsByIds(s, rows.flatMap((r) => (r.file_id === null ? [] : [r.file_id]))),
    travellerNames(s.db, [chat.traveller_id]),
    staffNames(s.db, rows.flatMap((r) => (r.staff_id === null ? [] : [r.staff_id]))),
  ]);
  return { files, travellerName: travellers.get(chat.traveller_id) ?? '', staff };
}

function senderType(chat: ChatRow, row: ChatMessageRow): SenderType {
  if (row.author === 'traveller') return 'tourist';
  return chat.kind === 'support' ? 'support' : 'organizer';
}

function messageOf(chat: ChatRow, row: ChatMessageRow, side: ChatSide, ctx: MessageContext): ChatMessage {
  const deleted = row.is_deleted === 1;
  const upload = row.file_id === null || deleted ? undefined : ctx.files.get(row.file_id);
  const otherMark = row.author === 'traveller' ? chat.staff_read_id : chat.traveller_read_id;
  return {
    id: Number(row.id),
    chat_id: Number(row.chat_id),
    direction: row.author === side ? 'output' : 'input',
    sender_type: senderType(chat, row),
    sender_name: row.author === 'traveller' ? ctx.travellerName : (row.staff_id !== null ? ctx.staff.get(row.staff_id) : undefined) ?? (chat.kind === 'support' ? 'Support' : 'Organizer'),
    text: deleted ? '' : row.text,
    // Staff cannot fetch a traveller's private upload from /media/uploads: their url is the agent file call.
    file: upload ? {
      id: Number(upload.id), name: upload.original_name, size: upload.size, type: upload.mime,
      url: side === 'staff' ? `${AGENT_FILE_URL}?message_id=${row.id}` : uploadUrl(upload.stored_name),
    } : null,
    attachment_status: upload ? (row.attachment_status as 0 | 1 | 2 | 3 | null) ?? 0 : null,
    created_at: row.created_at,
    edited_at: row.edited_at,
    is_moderated: row.is_moderated === 1,
    is_deleted: deleted,
    is_read: otherMark >= Number(row.id),
    client_id: row.client_id,
  };
}

/** Messages of one chat as one side sees them. */
export async function messageViews(s: Services, chat: ChatRow, rows: ChatMessageRow[], side: ChatSide): Promise<ChatMessage[]> {
  const ctx = await messageContext(s, chat, rows);
  return rows.map((r) => messageOf(chat, r, side, ctx));
}

/** Chats as one side sees them (last message and unread counts in a few queries for the whole list). */
export async function chatViews(s: Services, chats: ChatRow[], side: ChatSide): Promise<Chat[]> {
  if (!chats.length) return [];
  const ids = chats.map((c) => Number(c.id));
  const [last, unread, organizers, travellers] = await Promise.all([
    lastMessages(s.db, ids),
    unreadCounts(s.db, side, { chatIds: ids }),
    organizerNames(s.db, chats.flatMap((c) => (c.organizer_id === null ? [] : [c.organizer_id]))),
    travellerNames(s.db, chats.map((c) => c.traveller_id)),
  ]);
  const lastRows = [...last.values()];
  const [files, staff] = await Promise.all([
    uploadsByIds(s, lastRows.flatMap((r) => (r.file_id === null ? [] : [r.file_id]))),
    staffNames(s.db, lastRows.flatMap((r) => (r.staff_id === null ? [] : [r.staff_id]))),
  ]);
  return chats.map((chat) => {
    const id = Number(chat.id);
    const organizer = chat.organizer_id === null ? null : { id: chat.organizer_id, name: organizers.get(chat.organizer_id) ?? '' };
    const travellerName = travellers.get(chat.traveller_id) ?? '';
    const lastRow = last.get(id);
    const title = side === 'staff' ? travellerName : chat.kind === 'support' ? 'Support' : organizer?.name ?? '';
    return {
      id,
      kind: chat.kind as Chat['kind'],
      title,
      organizer,
      tour_id: chat.tour_id,
      site_id: chat.site_id,
      last_message: lastRow ? messageOf(chat, lastRow, side, { files, travellerName, staff }) : null,
      unread_count: unread.get(id) ?? 0,
      is_frozen: chat.is_frozen === 1,
      freeze_reason: chat.is_frozen === 1 ? chat.freeze_reason : null,
      notifications_enabled: chat.notifications_enabled === 1,
      created_at: chat.created_at,
      updated_at: chat.updated_at,
      ...(side === 'staff' ? { traveller: { id: chat.traveller_id, name: travellerName } } : {}),
    };
  });
}

export async function chatView(s: Services, chat: ChatRow, side: ChatSide): Promise<Chat> {
  return (await chatViews(s, [chat], side))[0]!;
}

// ---------------------------------------------------------------------------
// The socket.io server
// ---------------------------------------------------------------------------

type Person = { kind: 'traveller'; id: number } | { kind: 'staff'; id: number; scope: StaffScope };

/** The token of a handshake: `auth.token`, else X-Authorization 'Bearer {token}'. */
function handshakeToken(auth: unknown, header: unknown): string | null {
  const fromAuth = auth && typeof auth === 'object' ? (auth as { token?: unknown }).token : undefined;
  const raw = typeof fromAuth === 'string' ? fromAuth.replace(/^Bearer\s+/i, '') : null;
  const value = raw ?? (typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null : null);
  return value && /^[A-Za-z0-9._~+/=-]{16,512}$/.test(value) ? value : null;
}

export class ChatHub {
  private io: Server | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  private stopSessions: (() => void) | null = null;
  private pool: pg.Pool | null = null;
  private readonly perUser = new Map<string, number>();
  /** Handshakes per address in the current minute (bounded like the rate limiter's keys; the shared table in the cluster). */
  private readonly handshakes: RateLimitStore;
  private readonly isInternalSecret: (given: string | string[] | undefined) => boolean;
  /** Attachment checks under way (awaited on close, so none writes to a closed database). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly s: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    this.handshakes = sharedRateLimitStore(s.db, s.config, s.now) ?? new RateLimitStore(s.config.rateLimitMaxKeys);
    this.isInternalSecret = secretChecker(s.config.internalSecret);
  }

  /** Starts socket.io on the HTTP server (PostgreSQL with a URL: the adapter, so emits reach every process). */
  async attach(server: HttpServer): Promise<void> {
    const io = new Server(server, {
      path: CHAT_SOCKET_PATH,
      // Every Engine.IO handshake (before any token is read) counts against its address: a flood of connections
      // from one address is refused with 403 before it costs a socket or a database lookup.
      // A handshake the count could not be kept for is refused (the database is down: so is the chat).
      allowRequest: (req, callback) => void this.admitHandshake(req).then((ok) => callback(null, ok), () => callback(null, false)),
      maxHttpBufferSize: CHAT_SOCKET_MAX_PAYLOAD,
      serveClient: false,
      // One origin through the host server; a direct cross-origin socket is refused like a cross-origin call.
      cors: this.s.config.corsOrigin ? { origin: this.s.config.corsOrigin === '*' ? true : this.s.config.corsOrigin.split(',') } : undefined,
      pingInterval: 25_000,
      pingTimeout: 20_000,
      connectTimeout: 10_000,
    });
    if (this.s.db.dialect === 'postgres' && this.s.config.databaseUrl) {
      await ensureSocketAttachmentsTable(this.s.db);
      this.pool = new pg.Pool({ connectionString: this.s.config.databaseUrl, max: 2 });
      this.pool.on('error', (err) => this.log.warn({ err }, 'socket.io adapter pool error'));
      io.adapter(createAdapter(this.pool, { errorHandler: (err: Error) => this.log.warn({ err }, 'socket.io adapter error') }));
    } else if (this.s.db.dialect === 'postgres') {
      this.log.warn('DATABASE_URL is not in the configuration: chat events reach only the sockets of this process');
    }
    io.use((socket, next) => {
      this.authenticate(socket).then(() => next(), (err: unknown) => {
        next(new Error(err instanceof Error && err.message === TOO_MANY ? TOO_MANY : 'Unauthorized'));
      });
    });
    io.on('connection', (socket) => this.onConnection(socket));
    this.io = io;
    this.stopSessions = this.s.sessions.on((end) => this.endSession(end));
    // A session that ended (logout, expiry) ends its sockets within a minute.
    this.recheckTimer = setInterval(() => void this.recheck(), SESSION_RECHECK_MS);
    this.recheckTimer.unref();
  }

  /**
   * Whether a handshake from this request's address is within CHAT_HANDSHAKES_PER_MIN (off when it is 0, or when
   * every limit is lifted: RATE_LIMIT_PER_MIN=0). The address is the visitor's as the host server forwards it (with
   * the internal secret), else the socket's peer — the same rule as the calls' limits (lib/client-address.ts).
   */
  async admitHandshake(req: IncomingMessage): Promise<boolean> {
    const limit = this.s.config.chatHandshakesPerMin;
    if (!limit || !this.s.config.rateLimitPerMin) return true;
    const peer = req.socket.remoteAddress ?? '';
    const forwarded = this.isInternalSecret(req.headers[INTERNAL_SECRET_HEADER]) ? lastEntry(req.headers['x-forwarded-for']) : '';
    const address = forwarded && isIP(forwarded) ? forwarded : peer;
    // Apart from the calls' classes (`reads|…`) in the cluster's shared table.
    const count = await new Promise<number>((resolve, reject) => {
      this.handshakes.incr(`chat-handshake|${address}`, (err, result) => (err ? reject(err) : resolve(result?.current ?? 0)), 60_000);
    });
    if (count === limit + 1) this.log.warn({ address, limit }, 'chat handshakes over the limit: refused for the rest of the minute');
    return count <= limit;
  }

  /**
   * Whether this process hears the others' chat events: always in one process; in the cluster once the PostgreSQL
   * adapter's LISTEN connection is up (and again after it reconnects). Readiness (/readyz) waits for it, so the
   * balancer sends no socket here that would miss a message emitted elsewhere in its first moments (issue 31).
   */
  listening(): boolean {
    if (!this.pool) return true;
    const adapter = this.io?.of('/').adapter as { client?: { client?: unknown } } | undefined;
    return adapter?.client?.client !== undefined;
  }

  /** Closes the sockets of a session that ended, on every process (the adapter carries the disconnect). */
  endSession(end: SessionEnd): void {
    const io = this.io;
    if (!io) return;
    if (end.kind === 'token') io.in(sessionRoom(end.token)).disconnectSockets(true);
    else if (end.keep) io.in(travellerRoom(end.travellerId)).except(sessionRoom(end.keep)).disconnectSockets(true);
    else io.in(travellerRoom(end.travellerId)).disconnectSockets(true);
  }

  /** Disconnects the sockets whose session token is no longer live. */
  async recheck(): Promise<void> {
    const io = this.io;
    if (!io) return;
    for (const socket of io.of('/').sockets.values()) await this.disconnectIfEnded(socket);
  }

  /** Disconnects the socket if its session token is no longer live. */
  private async disconnectIfEnded(socket: Socket): Promise<void> {
    const person = socket.data.person as Person | undefined;
    const token = socket.data.token as string | undefined;
    if (!person || !token) return;
    const now = this.s.date();
    try {
      const live = person.kind === 'traveller' ? await travellerByToken(this.s.db, token, now) : await staffByToken(this.s.db, token, now);
      if (!live) socket.disconnect(true);
    } catch {
      // The database is closing: the sockets are about to close too.
    }
  }

  private async authenticate(socket: Socket): Promise<void> {
    const presented = handshakeToken(socket.handshake.auth, socket.handshake.headers[AUTHORIZATION_HEADER.toLowerCase()]);
    const token = presented && isSessionMarker(presented) ? tokenOfMarker(presented, socket.handshake.headers.cookie) : presented;
    if (!token) throw new Error('Unauthorized');
    const now = this.s.date();
    const traveller = await travellerByToken(this.s.db, token, now);
    let person: Person;
    if (traveller) person = { kind: 'traveller', id: Number(traveller.id) };
    else {
      const staff: StaffAccountRow | undefined = await staffByToken(this.s.db, token, now);
      if (!staff) throw new Error('Unauthorized');
      person = { kind: 'staff', id: Number(staff.id), scope: { kind: staff.kind, organizer_id: staff.organizer_id } };
    }
    const key = `${person.kind}:${person.id}`;
    const elsewhere = await this.elsewhere(person);
    const here = this.perUser.get(key) ?? 0;
    if (here + elsewhere >= CHAT_SOCKET_MAX_PER_USER) throw new Error(TOO_MANY);
    this.perUser.set(key, here + 1);
    socket.data.person = person;
    socket.data.key = key;
    socket.data.token = token;
    socket.data.expiresAt = person.kind === 'traveller' ? await travellerTokenExpiry(this.s.db, token, now) : await staffTokenExpiry(this.s.db, token, now);
  }

  /**
   * The person's sockets on the other processes (the cluster: the adapter asks them; none in one process). Two
   * handshakes on two processes at the same moment may both pass: the bound is against a person's sockets piling
   * up, not exact. A process that does not answer within ELSEWHERE_TIMEOUT_MS (it just died, and the adapter has not
   * yet noticed) counts none: a reconnect after a kill waits that long, not the adapter's 5 s.
   */
  private async elsewhere(person: Person): Promise<number> {
    const io = this.io;
    if (!io || !this.pool) return 0;
    const local = io.of('/').sockets;
    try {
      const sockets = await io.in(person.kind === 'traveller' ? travellerRoom(person.id) : `staff:${person.id}`).timeout(ELSEWHERE_TIMEOUT_MS).fetchSockets();
      return sockets.filter((socket) => !local.has(socket.id)).length;
    } catch (err) {
      this.log.warn({ err }, 'chat: the other processes did not say how many sockets a person has');
      return 0;
    }
  }

  private onConnection(socket: Socket): void {
    const person = socket.data.person as Person;
    void socket.join([sessionRoom(socket.data.token as string), ...(person.kind === 'traveller' ? [travellerRoom(person.id)] : [staffRoomOfScope(person.scope), `staff:${person.id}`])]);
    // A session that ended between the handshake's check and this join had no socket in its rooms to close: look
    // once more now that it is in them (a later end reaches it through the rooms).
    void this.disconnectIfEnded(socket);
    // The socket ends with its token (the service's clock says when that is).
    const expiresAt = socket.data.expiresAt as string | undefined;
    const left = expiresAt ? Date.parse(expiresAt) - this.s.now() : 0;
    const expiry = left > 0 && left <= MAX_TIMER_MS ? setTimeout(() => socket.disconnect(true), left) : null;
    expiry?.unref();
    // Packets from the client are not part of the protocol: a flood of them ends the socket.
    let windowStart = Date.now();
    let count = 0;
    socket.use((_packet, next) => {
      const now = Date.now();
      if (now - windowStart >= 10_000) {
        windowStart = now;
        count = 0;
      }
      if (++count > SOCKET_PACKETS_PER_10S) {
        socket.disconnect(true);
        return;
      }
      next();
    });
    socket.on('disconnect', () => {
      if (expiry) clearTimeout(expiry);
      const key = socket.data.key as string;
      const left = (this.perUser.get(key) ?? 1) - 1;
      if (left <= 0) this.perUser.delete(key);
      else this.perUser.set(key, left);
    });
  }

  /**
   * Emits an event to the people of a chat: the traveller's room and the serving staff's room, each payload built
   * for its side. Failures are logged, never thrown: the change itself is already stored.
   */
  async emit<E extends ChatEventName>(event: E, chat: ChatRow, payloadFor: (side: ChatSide) => Promise<ChatEventPayloads[E]> | ChatEventPayloads[E]): Promise<void> {
    if (!this.io) return;
    try {
      const [forTraveller, forStaff] = await Promise.all([payloadFor('traveller'), payloadFor('staff')]);
      this.io.to(travellerRoom(chat.traveller_id)).emit(event, forTraveller);
      this.io.to(staffRoomOf(chat)).emit(event, forStaff);
    } catch (err) {
      this.log.error({ err, event }, 'chat event not sent');
    }
  }

  /** Keeps a background task so close() waits for it. */
  track(task: Promise<void>): void {
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  async close(): Promise<void> {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.stopSessions?.();
    await Promise.allSettled([...this.pending]);
    if (this.io) {
      const io = this.io;
      this.io = null;
      // Not io.close(): it would close the HTTP server too, which is fastify's to close. The connections are closed
      // under the sockets (the client sees 'transport close' and comes back by itself, to this process restarted or
      // to another), not disconnected by the server: socket.io clients never reconnect after 'io server disconnect'
      // (a Node client stayed away after a restart; issue 28). A session that ends still uses disconnect(true).
      io.engine.close();
      await Promise.allSettled([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
    }
    if (this.pool) {
      const pool = this.pool;
      this.pool = null;
      await pool.end().catch(() => undefined);
    }
  }
}

export const CHAT_ERRORS = {
  notFound: 'Chat not found',
  frozen: 'This chat is frozen',
  emptyMessage: 'Required field',
  notYourFile: 'Not a file you uploaded',
  noOrganizer: 'Incorrect value',
  noPhone: 'Calls by code are not available',
} as const;

/** Answers about chats are personal: never cached by anyone. */
export const personal = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER);

/** Marks a chat read for a side and emits chat_is_read to both sides (each with its own unread count of the chat). */
export async function readChat(s: Services, hub: ChatHub, chat: ChatRow, side: ChatSide): Promise<void> {
  const { chat: after, lastId, changed } = await markChatRead(s.db, chat, side);
  if (!changed) return;
  const readAt = s.date().toISOString();
  await hub.emit('chat_is_read', after, async (receiver) => ({
    chat_id: Number(after.id), reader: side === 'traveller' ? 'tourist' as const : 'staff' as const, last_read_message_id: lastId, read_at: readAt,
    unread_count: (await unreadCounts(s.db, receiver, { chatIds: [Number(after.id)] })).get(Number(after.id)) ?? 0,
  }));
}

// ---------------------------------------------------------------------------
// Actions shared by the traveller's and the agent's calls
// ---------------------------------------------------------------------------

/** The message events whose payload is `{ chat_id, message }`. */
type MessageEventName = 'new_message' | 'message_was_edit' | 'message_was_moderated';

/** Emits a message event with each side's view of the message (the chat read again: its read marks may have moved). */
export async function emitMessage(s: Services, hub: ChatHub, event: MessageEventName | 'message_was_deleted', row: ChatMessageRow): Promise<void> {
  const chat = await chatById(s.db, row.chat_id);
  if (!chat) return;
  await hub.emit(event, chat, async (side) => {
    const [message] = await messageViews(s, chat, [row], side);
    return (event === 'message_was_deleted' ? { chat_id: Number(chat.id), message_id: Number(row.id), message: message! } : { chat_id: Number(chat.id), message: message! }) as never;
  });
}

/**
 * Emits web_call_back (docs/decisions.md 'Calls back to travellers') to the chat's people: the line to call is the
 * chat's (support's, or its organizer's: the staff who serve it register that line).
 */
export async function emitCallBack(hub: ChatHub, chat: ChatRow, state: ChatEventPayloads['web_call_back']['state'], callerName: string): Promise<void> {
  const support = chat.kind === 'support';
  await hub.emit('web_call_back', chat, () => ({
    chat_id: Number(chat.id), state, caller_name: callerName, caller_type: support ? 'support' as const : 'organizer' as const, organizer_id: support ? null : chat.organizer_id,
  }));
}

/** Emits chat_was_updated (or chat_created) with each side's view of the chat. */
export async function emitChat(s: Services, hub: ChatHub, event: 'chat_was_updated' | 'chat_created', chat: ChatRow): Promise<void> {
  await hub.emit(event, chat, async (side) => ({ chat: await chatView(s, chat, side) }));
}

/**
 * Stores a message, emits new_message, and for an attachment runs its load (§4: WAITING → LOADING → FAILED or
 * SUCCESS, each emitted as attachment_download_status_was_changed): the stored file must be there and readable.
 */
export async function postMessage(
  s: Services, hub: ChatHub, chat: ChatRow, m: { author: ChatSide; staff_id: number | null; text: string; file_id: number | null; client_id: string | null },
): Promise<ChatMessageRow> {
  const { row, replayed } = await insertMessage(s.db, { chat_id: Number(chat.id), ...m }, s.date());
  if (replayed) return row;
  await emitMessage(s, hub, 'new_message', row);
  if (row.file_id !== null) hub.track(loadAttachment(s, hub, row));
  return row;
}

async function setAttachmentStatus(s: Services, hub: ChatHub, row: ChatMessageRow, status: 0 | 1 | 2 | 3): Promise<void> {
  await updateMessage(s.db, Number(row.id), { attachment_status: status });
  const chat = await chatById(s.db, row.chat_id);
  if (!chat) return;
  await hub.emit('attachment_download_status_was_changed', chat, () => ({
    chat_id: Number(chat.id), message_id: Number(row.id), file_id: row.file_id!, status,
  }));
}

async function loadAttachment(s: Services, hub: ChatHub, row: ChatMessageRow): Promise<void> {
  try {
    await new Promise((resolve) => setImmediate(resolve));
    await setAttachmentStatus(s, hub, row, ATTACHMENT_STATUS.LOADING);
    const upload = (await uploadsByIds(s, [row.file_id!])).get(row.file_id!);
    const size = upload ? await s.uploads.size(upload.stored_name).catch(() => null) : null;
    const ok = size !== null && size === upload!.size;
    await setAttachmentStatus(s, hub, row, ok ? ATTACHMENT_STATUS.SUCCESS : ATTACHMENT_STATUS.FAILED);
  } catch {
    // The database went away (closing): the status stays where it was; a client shows it as not loaded yet.
  }
}

/** Sets up the hub on a fastify instance: socket.io starts when the server is ready, and stops when it closes. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's socket.io side (use-cases/chat-socket.ts). */
    chatHub: ChatHub;
  }
}

export function chatHubFor(app: FastifyInstance, s: Services): ChatHub {
  const hub = new ChatHub(s, app.log);
  app.decorate('chatHub', hub);
  app.addHook('onReady', async () => {
    await hub.attach(app.server);
  });
  app.addHook('preClose', async () => {
    await hub.close();
  });
  return hub;
}
