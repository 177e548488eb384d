/**
 * Migration 0008: sign-in, accounts and captcha (accounts-and-comms §3, §4, §7).
 *
 * - travellers: a password (scrypt, self-describing string), when the e-mail and the phone were confirmed (a code or
 *   a link proved the traveller holds them), timezone, avatar, last activity; one traveller per e-mail and per phone
 *   (stored normalised: a lower-case e-mail, '+' and digits), so sign-in by either finds exactly one account.
 * - traveller_tokens: `revoked_at` (logout, refresh, password change and reset end a token before it expires).
 * - auth_codes: one-time codes, kept as an HMAC with a server secret (AUTH_CODE_SECRET) — 5 digits are 100,000
 *   values, so a plain hash would give every code away with a leaked table.
 * - link_tokens: long random tokens of e-mailed links (password reset, e-mail confirmation, one-time sign-in), kept
 *   as their SHA-256.
 * - favourite_tours: the favourites of an account (merged from the device at sign-in).
 * - captcha_uses: challenges already used, so a solved captcha passes once, whichever process sees it.
 * - outbox: every message the service sends (e-mail, SMS, messengers) with what became of it.
 *
 * Also removes the seed's placeholder captcha settings ('local' provider): the API serves its own captcha now and
 * /spa/site-tokens falls back to it; settings an operator wrote stay.
 */
import type { ColumnDefinitionBuilder, Generated, Kysely } from 'kysely';
import { isPostgres } from './0002-search';
import type { TravellerTable, TravellerTokenTable } from './0006-travellers';

export interface TravellerAccountTable extends TravellerTable {
  /** `scrypt$N$r$p$salt$key` (base64), null for an account that signs in by code only. */
  password_hash: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  /** UTC offset in hours. */
  timezone: number | null;
  avatar_id: number | null;
  last_activity_at: string | null;
}

export interface TravellerAccountTokenTable extends TravellerTokenTable {
  revoked_at: string | null;
}

/** What a one-time code proves: a sign-in, or that the traveller holds an e-mail address or a phone. */
export const CODE_PURPOSES = ['sign_in', 'email', 'phone'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export interface AuthCodeTable {
  id: Generated<number>;
  /** Where the code went: a lower-case e-mail or '+digits'. */
  login: string;
  purpose: CodePurpose;
  /** The account an e-mail or phone confirmation is for (null for a sign-in). */
  traveller_id: number | null;
  /** The channel it was sent through (one of CODE_SENDERS). */
  channel: string;
  /** HMAC-SHA256(AUTH_CODE_SECRET, purpose:login:code), hex. */
  code_hash: string;
  /** The visitor who asked for it (the rate limiter's address key): limits per visitor. */
  visitor: string;
  /** Wrong codes entered against it. */
  tries: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export const LINK_PURPOSES = ['password_reset', 'confirm_email', 'sign_in'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface LinkTokenTable {
  /** SHA-256 of the token, hex. */
  token_hash: string;
  purpose: LinkPurpose;
  traveller_id: number | null;
  /** The address the link was sent to (confirmation: the address it confirms). */
  login: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface FavouriteTourTable {
  traveller_id: number;
  tour_id: number;
  created_at: string;
}

export interface CaptchaUseTable {
  /** The challenge's nonce (random, signed with the challenge). */
  id: string;
  /** When the challenge expires: the row is useless after it and is swept. */
  expires_at: string;
}

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxTable {
  id: Generated<number>;
  /** One of CODE_SENDERS: email, sms, whatsapp, telegram… */
  channel: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON: [{ filename, contentType, content (base64) }]. */
  attachments: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface AccountsSchema {
  travellers: TravellerAccountTable;
  traveller_tokens: TravellerAccountTokenTable;
  auth_codes: AuthCodeTable;
  link_tokens: LinkTokenTable;
  favourite_tours: FavouriteTourTable;
  captcha_uses: CaptchaUseTable;
  outbox: OutboxTable;
}

/** The seed's placeholder captcha settings before this issue. */
const OLD_CAPTCHA_SETTINGS: Record<string, string> = {
  captcha_provider: 'local',
  captcha_key: 'local-captcha-key',
  hard_captcha_key: 'local-hard-captcha-key',
  invisible_captcha_provider: 'local',
  invisible_captcha_key: 'local-invisible-captcha-key',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  // SQLite adds one column per ALTER TABLE.
  for (const [name, type] of [
    ['password_hash', 'text'], ['email_confirmed_at', 'text'], ['phone_confirmed_at', 'text'],
    ['timezone', 'integer'], ['avatar_id', 'integer'], ['last_activity_at', 'text'],
  ] as const) {
    await db.schema.alterTable('travellers').addColumn(name, type).execute();
  }
  await db.schema.createIndex('travellers_email_uq').ifNotExists().unique().on('travellers').column('email').execute();
  await db.schema.createIndex('travellers_phone_uq').ifNotExists().unique().on('travellers').column('phone').execute();
  await db.schema.alterTable('traveller_tokens').addColumn('revoked_at', 'text').execute();

  await db.schema
    .createTable('auth_codes')
    .ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('traveller_id', 'integer')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_codes_login_idx').ifNotExists().on('auth_codes').columns(['login', 'created_at']).execute();
  await db.schema.createIndex('auth_codes_visitor_idx').ifNotExists().on('auth_codes').columns(['visitor', 'created_at']).execute();
  await db.schema.createIndex('auth_codes_created_idx').ifNotExists().on('auth_codes').column('created_at').execute();

  await db.schema
    .createTable('link_tokens')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('traveller_id', 'integer')
    .addColumn('login', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_tokens_created_idx').ifNotExists().on('link_tokens').column('created_at').execute();

  await db.schema
    .createTable('favourite_tours')
    .ifNotExists()
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('tour_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_tours_pk', ['traveller_id', 'tour_id'])
    .execute();

  await db.schema
    .createTable('captcha_uses')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_uses_expires_idx').ifNotExists().on('captcha_uses').column('expires_at').execute();

  await db.schema
    .createTable('outbox')
    .ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('attachments', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_recipient_idx').ifNotExists().on('outbox').columns(['recipient', 'id']).execute();

  const k = db as unknown as Kysely<{ site_settings: { key: string; value: string } }>;
  for (const [key, value] of Object.entries(OLD_CAPTCHA_SETTINGS)) {
    await k.deleteFrom('site_settings').where('key', '=', key).where('value', '=', value).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'captcha_uses', 'favourite_tours', 'link_tokens', 'auth_codes']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('travellers_email_uq').ifExists().execute();
  await db.schema.dropIndex('travellers_phone_uq').ifExists().execute();
  await db.schema.alterTable('traveller_tokens').dropColumn('revoked_at').execute();
  for (const name of ['password_hash', 'email_confirmed_at', 'phone_confirmed_at', 'timezone', 'avatar_id', 'last_activity_at']) {
    await db.schema.alterTable('travellers').dropColumn(name).execute();
  }
}
