/**
 * Migration 0020: what keeps sign-in from being guessed (issue 28, abuse resistance; docs/decisions.md).
 *
 * - service_secrets: secrets the service made itself when the environment gave none (AUTH_CODE_SECRET,
 *   CAPTCHA_SECRET), so codes and solved captchas outlive a restart and every process on one database agrees.
 * - known_devices: the devices (the `device_id` cookie, kept as its SHA-256) an account signed in from: they still get
 *   in with the right password while the account refuses other devices, and still get codes past a login's caps.
 * - password_guards: wrong passwords per account (or per login nobody has, or per known device of an account), and
 *   until when the next try is refused.
 * - code_notices: when the holder of a login was last told that codes to it were refused (one notice a day).
 */
import type { Kysely } from 'kysely';

export interface ServiceSecretTable {
  /** 'AUTH_CODE_SECRET', 'CAPTCHA_SECRET'. */
  name: string;
  value: string;
  created_at: string;
}

export interface KnownDeviceTable {
  /** 'traveller:12', 'staff:3'. */
  account: string;
  /** SHA-256 (hex) of the device cookie's value. */
  device_hash: string;
  created_at: string;
  last_seen_at: string;
}

export interface PasswordGuardTable {
  /** 'traveller:12', 'staff:3', 'login:anna@example.com', 'staff-login:x', or an account's known device: 'traveller:12/device:…'. */
  subject: string;
  /** Password tries that were not right, counted from when the subject last started afresh. */
  failures: number;
  last_failure_at: string;
  /** No try is taken before this (null: none is refused). */
  locked_until: string | null;
}

export interface CodeNoticeTable {
  /** The login (a lower-case e-mail or '+digits') the notice went to. */
  login: string;
  sent_at: string;
}

export interface SignInGuardsSchema {
  service_secrets: ServiceSecretTable;
  known_devices: KnownDeviceTable;
  password_guards: PasswordGuardTable;
  code_notices: CodeNoticeTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_secrets')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('known_devices')
    .ifNotExists()
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pkey', ['account', 'device_hash'] as never)
    .execute();
  await db.schema.createIndex('known_devices_seen_idx').ifNotExists().on('known_devices').column('last_seen_at').execute();
  await db.schema
    .createTable('password_guards')
    .ifNotExists()
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.createIndex('password_guards_last_idx').ifNotExists().on('password_guards').column('last_failure_at').execute();
  await db.schema
    .createTable('code_notices')
    .ifNotExists()
    .addColumn('login', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['code_notices', 'password_guards', 'known_devices', 'service_secrets']) await db.schema.dropTable(table).ifExists().execute();
}
