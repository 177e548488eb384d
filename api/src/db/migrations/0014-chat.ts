/**
 * Migration 0014: live chat (accounts-and-comms §2–§8 'Chat', §7 'Phone codes'; issue 15).
 *
 * - staff_accounts / staff_tokens: the agent console's people (support, or an organizer's staff: organizer_id) and
 *   their sessions (SHA-256 of a random bearer token, like traveller_tokens). The accounts have no traveller
 *   table of their own before this: travellers' tokens are never staff sessions (profile is_admin_auth is false).
 * - chats: one per traveller and counterpart, unique (traveller_id, chat_key): chat_key 'support:{site_id}' or
 *   'organizer:{organizer_id}', so two first asks at once make one chat. Read marks are per side: the id of the last
 *   message the traveller (traveller_read_id) and the staff (staff_read_id) have read; a message is read when the
 *   other side's mark reaches it. Frozen (with a reason) and the messenger-notifications switch live here.
 * - chat_messages: author 'traveller' or 'staff' (staff_id), plain text, an optional upload (file_id) with its
 *   attachment status 0–3, the sender's idempotency key (client_id, unique per chat), edited/moderated/deleted.
 * - chat_channels: the messengers a traveller linked (a connection code redeemed); chat_connection_codes: those codes.
 * - phone_codes: codes for calling an organizer or a chat's staff by the 'for_calls_by_code' number.
 */
import type { ColumnDefinitionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';

export interface StaffAccountTable {
  id: Generated<number>;
  /** Lower case. */
  login: string;
  name: string;
  /** STAFF_KINDS: support, organizer. */
  kind: string;
  organizer_id: number | null;
  password_hash: string;
  created_at: string;
}

export interface StaffTokenTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ChatTable {
  id: Generated<number>;
  traveller_id: number;
  /** CHAT_KINDS: support, organizer. */
  kind: string;
  /** 'support:{site_id}' or 'organizer:{organizer_id}' (unique per traveller). */
  chat_key: string;
  organizer_id: number | null;
  site_id: number;
  tour_id: number | null;
  is_frozen: Generated<number>;
  freeze_reason: string | null;
  notifications_enabled: Generated<number>;
  traveller_read_id: Generated<number>;
  staff_read_id: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ChatMessageTable {
  id: Generated<number>;
  chat_id: number;
  /** 'traveller' or 'staff'. */
  author: string;
  staff_id: number | null;
  text: string;
  file_id: number | null;
  /** ATTACHMENT_STATUS 0–3; null without a file. */
  attachment_status: number | null;
  client_id: string | null;
  is_moderated: Generated<number>;
  is_deleted: Generated<number>;
  created_at: string;
  edited_at: string | null;
}

export interface ChatChannelTable {
  traveller_id: number;
  source: string;
  connected_at: string;
}

export interface ChatConnectionCodeTable {
  code: string;
  traveller_id: number;
  source: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PhoneCodeTable {
  id: Generated<number>;
  traveller_id: number;
  /** 'organizer' or 'support'. */
  callee_type: string;
  organizer_id: number | null;
  chat_id: number | null;
  code: string;
  created_at: string;
  expires_at: string;
}

export type StaffAccountRow = Selectable<StaffAccountTable>;
export type ChatRow = Selectable<ChatTable>;
export type ChatMessageRow = Selectable<ChatMessageTable>;

export interface ChatSchema {
  staff_accounts: StaffAccountTable;
  staff_tokens: StaffTokenTable;
  chats: ChatTable;
  chat_messages: ChatMessageTable;
  chat_channels: ChatChannelTable;
  chat_connection_codes: ChatConnectionCodeTable;
  phone_codes: PhoneCodeTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const flag = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

  await db.schema.createTable('staff_accounts').ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('organizer_id', 'integer')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('staff_tokens').ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema.createTable('chats').ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('chat_key', 'text', (c) => c.notNull())
    .addColumn('organizer_id', 'integer')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('tour_id', 'integer')
    .addColumn('is_frozen', 'integer', flag(0))
    .addColumn('freeze_reason', 'text')
    .addColumn('notifications_enabled', 'integer', flag(1))
    .addColumn('traveller_read_id', 'integer', flag(0))
    .addColumn('staff_read_id', 'integer', flag(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chats_traveller_key_uq').ifNotExists().unique().on('chats').columns(['traveller_id', 'chat_key']).execute();
  await db.schema.createIndex('chats_traveller_updated_idx').ifNotExists().on('chats').columns(['traveller_id', 'updated_at']).execute();
  await db.schema.createIndex('chats_kind_organizer_idx').ifNotExists().on('chats').columns(['kind', 'organizer_id', 'updated_at']).execute();

  await db.schema.createTable('chat_messages').ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer')
    .addColumn('attachment_status', 'integer')
    .addColumn('client_id', 'text')
    .addColumn('is_moderated', 'integer', flag(0))
    .addColumn('is_deleted', 'integer', flag(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('chat_messages_chat_idx').ifNotExists().on('chat_messages').columns(['chat_id', 'id']).execute();
  // NULLs never collide (SQLite and PostgreSQL alike): only messages with a key are held to one per key.
  await db.schema.createIndex('chat_messages_client_uq').ifNotExists().unique().on('chat_messages').columns(['chat_id', 'client_id']).execute();

  await db.schema.createTable('chat_channels').ifNotExists()
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_channels_pk', ['traveller_id', 'source'])
    .execute();

  await db.schema.createTable('chat_connection_codes').ifNotExists()
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('chat_connection_codes_traveller_idx').ifNotExists().on('chat_connection_codes').columns(['traveller_id', 'source']).execute();

  await db.schema.createTable('phone_codes').ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('callee_type', 'text', (c) => c.notNull())
    .addColumn('organizer_id', 'integer')
    .addColumn('chat_id', 'integer')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_codes_traveller_idx').ifNotExists().on('phone_codes').columns(['traveller_id', 'callee_type', 'expires_at']).execute();
  await db.schema.createIndex('phone_codes_code_idx').ifNotExists().on('phone_codes').columns(['code', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['phone_codes', 'chat_connection_codes', 'chat_channels', 'chat_messages', 'chats', 'staff_tokens', 'staff_accounts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
