/** Data layer of live chat (migration 0014): chats, messages, read marks, staff accounts and sessions, codes. */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../index';
import type { AccountsSchema, ChatMessageRow, ChatMessageTable, ChatRow, ChatSchema, ChatTable, Schema, StaffAccountRow, UploadsSchema } from '../schema';
import { tokenHash } from './travellers';
import { createOnce } from './cluster';

export type ChatKysely = Kysely<Schema & ChatSchema & AccountsSchema & UploadsSchema>;
export type { ChatRow, ChatMessageRow, StaffAccountRow };

export function chatDb(db: Db): ChatKysely {
  return db.kysely as unknown as ChatKysely;
}

/** Which side of a chat: the traveller, or the staff serving it. */
export type ChatSide = 'traveller' | 'staff';

/** What a staff member serves: support serves every support chat, an organizer's staff the chats with their organizer. */
export interface StaffScope {
  kind: string;
  organizer_id: number | null;
}

// ---------------------------------------------------------------------------
// Chats
// ---------------------------------------------------------------------------

export interface NewChat {
  traveller_id: number;
  kind: 'support' | 'organizer';
  organizer_id: number | null;
  site_id: number;
  tour_id: number | null;
}

const chatKeyOf = (c: Pick<NewChat, 'kind' | 'organizer_id' | 'site_id'>): string => (c.kind === 'support' ? `support:${c.site_id}` : `organizer:${c.organizer_id}`);

/** The traveller's chat with a counterpart, made when there is none (two asks at once: the unique key keeps one). */
export async function findOrCreateChat(db: Db, c: NewChat, now: Date): Promise<{ chat: ChatRow; created: boolean }> {
  const k = chatDb(db);
  const key = chatKeyOf(c);
  const find = () => k.selectFrom('chats').selectAll().where('traveller_id', '=', c.traveller_id).where('chat_key', '=', key).executeTakeFirst();
  const found = await find();
  if (found) return { chat: found, created: false };
  const at = now.toISOString();
  try {
    const chat = await k.insertInto('chats').values({ ...c, chat_key: key, freeze_reason: null, created_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
    return { chat, created: true };
  } catch (err) {
    const again = await find();
    if (again) return { chat: again, created: false };
    throw err;
  }
}

export function chatById(db: Db, id: number): Promise<ChatRow | undefined> {
  return chatDb(db).selectFrom('chats').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateChat(db: Db, id: number, set: Updateable<ChatTable>): Promise<ChatRow> {
  return chatDb(db).updateTable('chats').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A traveller's chats, newest first (updated_at, then id), and how many there are. */
export async function travellerChats(db: Db, travellerId: number, o: { organizerId?: number; limit: number; offset: number }): Promise<{ rows: ChatRow[]; total: number }> {
  let q = chatDb(db).selectFrom('chats').where('traveller_id', '=', travellerId);
  if (o.organizerId !== undefined) q = q.where('organizer_id', '=', o.organizerId);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(o.limit).offset(o.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether a staff member serves a chat. */
export const staffServes = (staff: StaffScope, chat: Pick<ChatRow, 'kind' | 'organizer_id'>): boolean =>
  staff.kind === 'support' ? chat.kind === 'support' : chat.kind === 'organizer' && staff.organizer_id !== null && chat.organizer_id === staff.organizer_id;

/** The chats a staff member serves, newest first. */
export async function staffChats(db: Db, staff: StaffScope, o: { limit: number; offset: number }): Promise<{ rows: ChatRow[]; total: number }> {
  const all = chatDb(db).selectFrom('chats');
  const base = staff.kind === 'support' ? all.where('kind', '=', 'support') : all.where('kind', '=', 'organizer').where('organizer_id', '=', staff.organizer_id ?? -1);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(o.limit).offset(o.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The last message of each chat (deleted ones included: the list shows that one was deleted). */
export async function lastMessages(db: Db, chatIds: number[]): Promise<Map<number, ChatMessageRow>> {
  if (!chatIds.length) return new Map();
  const k = chatDb(db);
  const rows = await k.selectFrom('chat_messages').selectAll()
    .where('id', 'in', k.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).where('chat_id', 'in', chatIds).groupBy('chat_id'))
    .execute();
  return new Map(rows.map((r) => [r.chat_id, r]));
}

/**
 * Unread messages per chat for one side: the other side's messages (not deleted) past the side's read mark.
 * `chats` limits it to those chats; otherwise the traveller's (travellerId) or the staff scope's chats.
 */
export async function unreadCounts(db: Db, side: ChatSide, who: { travellerId?: number; staff?: StaffScope; organizerId?: number; chatIds?: number[] }): Promise<Map<number, number>> {
  const k = chatDb(db);
  const mark = side === 'traveller' ? 'chats.traveller_read_id' : 'chats.staff_read_id';
  let q = k.selectFrom('chat_messages').innerJoin('chats', 'chats.id', 'chat_messages.chat_id')
    .select(['chat_messages.chat_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('chat_messages.author', '=', side === 'traveller' ? 'staff' : 'traveller')
    .where('chat_messages.is_deleted', '=', 0)
    .whereRef('chat_messages.id', '>', mark)
    .groupBy('chat_messages.chat_id');
  if (who.chatIds) {
    if (!who.chatIds.length) return new Map();
    q = q.where('chats.id', 'in', who.chatIds);
  }
  if (who.travellerId !== undefined) q = q.where('chats.traveller_id', '=', who.travellerId);
  if (who.organizerId !== undefined) q = q.where('chats.organizer_id', '=', who.organizerId);
  if (who.staff) {
    q = who.staff.kind === 'support' ? q.where('chats.kind', '=', 'support')
      : q.where('chats.kind', '=', 'organizer').where('chats.organizer_id', '=', who.staff.organizer_id ?? -1);
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.chat_id, Number(r.n)]));
}

export const sumCounts = (m: Map<number, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

export function messageById(db: Db, id: number): Promise<ChatMessageRow | undefined> {
  return chatDb(db).selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a chat's messages: newest first from `offset`, or (afterId) the ones after an id, oldest first. */
export async function messagesOf(db: Db, chatId: number, o: { offset: number; limit: number; afterId?: number }): Promise<{ rows: ChatMessageRow[]; total: number; hasMore: boolean }> {
  const k = chatDb(db);
  const total = Number((await k.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('chat_id', '=', chatId).executeTakeFirst())?.n ?? 0);
  if (o.afterId !== undefined) {
    const rows = await k.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).where('id', '>', o.afterId).orderBy('id', 'asc').limit(o.limit + 1).execute();
    return { rows: rows.slice(0, o.limit), total, hasMore: rows.length > o.limit };
  }
  const rows = await k.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).orderBy('id', 'desc').limit(o.limit).offset(o.offset).execute();
  return { rows, total, hasMore: o.offset + rows.length < total };
}

export interface NewMessage {
  chat_id: number;
  author: ChatSide;
  staff_id: number | null;
  text: string;
  file_id: number | null;
  client_id: string | null;
}

/**
 * Stores a message and moves the chat's updated_at (and the author's own read mark: one has read what one wrote).
 * With a client_id already used in the chat, answers that message (`replayed`) and stores nothing.
 */
/** The message a chat already has under a sender's idempotency key (send-message client_id), if any. */
export function messageByClientId(db: Db, chatId: number, clientId: string): Promise<ChatMessageRow | undefined> {
  return chatDb(db).selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).where('client_id', '=', clientId).executeTakeFirst();
}

export async function insertMessage(db: Db, m: NewMessage, now: Date): Promise<{ row: ChatMessageRow; replayed: boolean }> {
  const k = chatDb(db);
  const existing = () => (m.client_id === null ? Promise.resolve(undefined) : messageByClientId(db, m.chat_id, m.client_id));
  const before = await existing();
  if (before) return { row: before, replayed: true };
  const at = now.toISOString();
  try {
    const row = await k.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('chat_messages').values({
        ...m, attachment_status: m.file_id === null ? null : 0, created_at: at, edited_at: null,
      }).returningAll().executeTakeFirstOrThrow();
      const mark = m.author === 'traveller' ? 'traveller_read_id' : 'staff_read_id';
      await trx.updateTable('chats').set({ updated_at: at, [mark]: inserted.id }).where('id', '=', m.chat_id).execute();
      return inserted;
    });
    return { row, replayed: false };
  } catch (err) {
    // The same key sent twice at once: the unique index kept the first.
    const again = await existing();
    if (again) return { row: again, replayed: true };
    throw err;
  }
}

export async function updateMessage(db: Db, id: number, set: Updateable<ChatMessageTable>): Promise<ChatMessageRow> {
  return chatDb(db).updateTable('chat_messages').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Moves a side's read mark to the chat's newest message; answers the chat and that message id. */
export async function markChatRead(db: Db, chat: ChatRow, side: ChatSide): Promise<{ chat: ChatRow; lastId: number; changed: boolean }> {
  const k = chatDb(db);
  const newest = await k.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).where('chat_id', '=', chat.id).executeTakeFirst();
  const lastId = Number(newest?.id ?? 0);
  const col = side === 'traveller' ? 'traveller_read_id' : 'staff_read_id';
  if (chat[col] >= lastId) return { chat, lastId, changed: false };
  // Only forward: a slower mark-as-read never takes the mark back.
  await k.updateTable('chats').set({ [col]: lastId }).where('id', '=', chat.id).where(col, '<', lastId).execute();
  return { chat: (await chatById(db, chat.id))!, lastId, changed: true };
}

// ---------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------

const STAFF_TOKEN_DAYS = 7;

export function staffByLogin(db: Db, login: string): Promise<StaffAccountRow | undefined> {
  return chatDb(db).selectFrom('staff_accounts').selectAll().where('login', '=', login.trim().toLowerCase()).executeTakeFirst();
}

function staffById(db: Db, id: number): Promise<StaffAccountRow | undefined> {
  return chatDb(db).selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(db: Db, s: { login: string; name: string; kind: string; organizer_id: number | null; password_hash: string }, now: Date): Promise<number> {
  const row = await chatDb(db).insertInto('staff_accounts').values({ ...s, login: s.login.trim().toLowerCase(), created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A new staff session: the token (answered once) and its hash stored. */
export async function issueStaffToken(db: Db, staffId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await chatDb(db).insertInto('staff_tokens').values({
    token_hash: tokenHash(token), staff_id: staffId, created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + STAFF_TOKEN_DAYS * 86_400_000).toISOString(), revoked_at: null,
  }).execute();
  return token;
}

export async function staffByToken(db: Db, token: string, now: Date): Promise<StaffAccountRow | undefined> {
  const link = await chatDb(db).selectFrom('staff_tokens').select(['staff_id', 'expires_at', 'revoked_at']).where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!link || link.revoked_at !== null || link.expires_at <= now.toISOString()) return undefined;
  return staffById(db, link.staff_id);
}

/** When a live staff token expires (ISO), or undefined when it is not live. */
export async function staffTokenExpiry(db: Db, token: string, now: Date): Promise<string | undefined> {
  const link = await chatDb(db).selectFrom('staff_tokens').select(['expires_at', 'revoked_at']).where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  return link && link.revoked_at === null && link.expires_at > now.toISOString() ? link.expires_at : undefined;
}

export async function revokeStaffToken(db: Db, token: string, now: Date): Promise<void> {
  await chatDb(db).updateTable('staff_tokens').set({ revoked_at: now.toISOString() }).where('token_hash', '=', tokenHash(token)).execute();
}

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

export async function organizerNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await chatDb(db).selectFrom('organizers').select(['id', 'name_en']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name_en]));
}

export async function travellerNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await chatDb(db).selectFrom('travellers').select(['id', 'first_name', 'last_name', 'email', 'phone']).where('id', 'in', unique).execute();
  // §3 'Display name: last name, then first name'; a traveller without a name by their login.
  return new Map(rows.map((r) => [Number(r.id), [r.last_name, r.first_name].filter(Boolean).join(' ') || r.email || r.phone || `#${r.id}`]));
}

export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await chatDb(db).selectFrom('staff_accounts').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

// ---------------------------------------------------------------------------
// Messenger channels and connection codes, phone codes
// ---------------------------------------------------------------------------

export async function connectedSources(db: Db, travellerId: number): Promise<Set<string>> {
  const rows = await chatDb(db).selectFrom('chat_channels').select('source').where('traveller_id', '=', travellerId).execute();
  return new Set(rows.map((r) => r.source));
}

export async function insertConnectionCode(db: Db, c: { code: string; traveller_id: number; source: string; expires_at: string }, now: Date): Promise<void> {
  await chatDb(db).insertInto('chat_connection_codes').values({ ...c, created_at: now.toISOString(), used_at: null }).execute();
}

/** Redeems a live code once: links the messenger and answers its traveller and source. */
export async function redeemConnectionCode(db: Db, code: string, now: Date): Promise<{ traveller_id: number; source: string } | undefined> {
  const k = chatDb(db);
  const at = now.toISOString();
  const res = await k.updateTable('chat_connection_codes').set({ used_at: at }).where('code', '=', code).where('used_at', 'is', null).where('expires_at', '>', at).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  const row = (await k.selectFrom('chat_connection_codes').select(['traveller_id', 'source']).where('code', '=', code).executeTakeFirst())!;
  await k.deleteFrom('chat_channels').where('traveller_id', '=', row.traveller_id).where('source', '=', row.source).execute();
  await k.insertInto('chat_channels').values({ traveller_id: row.traveller_id, source: row.source, connected_at: at }).execute();
  return row;
}

export async function livePhoneCode(db: Db, travellerId: number, calleeType: string, o: { organizerId: number | null; chatId: number | null }, now: Date) {
  let q = chatDb(db).selectFrom('phone_codes').selectAll().where('traveller_id', '=', travellerId).where('callee_type', '=', calleeType)
    .where('expires_at', '>', new Date(now.getTime() + 60_000).toISOString());
  q = o.organizerId === null ? q.where('organizer_id', 'is', null) : q.where('organizer_id', '=', o.organizerId);
  q = o.chatId === null ? q.where('chat_id', 'is', null) : q.where('chat_id', '=', o.chatId);
  return q.orderBy('id', 'desc').executeTakeFirst();
}

export async function insertPhoneCode(db: Db, p: { traveller_id: number; callee_type: string; organizer_id: number | null; chat_id: number | null; code: string; expires_at: string }, now: Date) {
  return chatDb(db).insertInto('phone_codes').values({ ...p, created_at: now.toISOString() }).returningAll().executeTakeFirstOrThrow();
}

/** Whether a live phone code is taken (codes are short: they must be unique while they live). */
export async function phoneCodeTaken(db: Db, code: string, now: Date): Promise<boolean> {
  const row = await chatDb(db).selectFrom('phone_codes').select('id').where('code', '=', code).where('expires_at', '>', now.toISOString()).executeTakeFirst();
  return Boolean(row);
}

/** Raw SQL escape hatch kept for one place: the PostgreSQL adapter's table (socket.io attachments). */
export async function ensureSocketAttachmentsTable(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  // Under the schema lock: two processes starting at once would race on the create (issue 31).
  await createOnce(db, [sql`create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)`]);
}

// The queries of the chat calls (issue 30: formerly inline in routes/chat.ts) ------------------------------------------

/** The messengers a chat may connect to, in the site's order. */
export async function chatSourceNames(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom('chat_sources').select('source').orderBy('position').execute();
  return rows.map((r) => r.source);
}

/** The link template of a messenger's bot ('{ref}', '{text}'), or undefined. */
export async function chatSourceUrlTemplate(db: Db, source: string): Promise<string | undefined> {
  return (await db.kysely.selectFrom('chat_sources').select('url_template').where('source', '=', source).executeTakeFirst())?.url_template;
}

/** The site's numbers for calls by code (§3 'Phone number kinds'), in display order, with their site variant. */
export function phonesForCallsByCode(db: Db) {
  return db.kysely.selectFrom('contact_phones').select(['phone', 'formatted_phone', 'site_variant'])
    .where('type', '=', 'for_calls_by_code').orderBy('position').execute();
}

/** Turns messenger notifications on in every chat of a traveller: the chats after it. */
export async function enableTravellerNotifications(db: Db, travellerId: number): Promise<ChatRow[]> {
  const k = chatDb(db);
  await k.updateTable('chats').set({ notifications_enabled: 1 }).where('traveller_id', '=', travellerId).execute();
  return k.selectFrom('chats').selectAll().where('traveller_id', '=', travellerId).execute();
}
