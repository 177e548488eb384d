/**
 * Migration 0011: the booking request record (public-site §3.7, §4.7, §7.4; issue 14).
 *
 * Help requests and orders are one record in one table, `help_requests` (migration 0003; the name stays so nothing
 * that reads it breaks): every request the site sends — the 17 help request types and the order of the request page
 * (type 'order') — gets one id (the `request_id` the success screen shows, add_email_to_request names and the private
 * tour's add-tourists page carries) and one random `uuid` (the link's secret: arrival page, add tourists). This
 * migration adds to it:
 *
 * - uuid (unique; rows of before are given one), status (1–8 of §3.7, 1 PENDING_CONFIRM at first), updated_at;
 * - traveller_id: the signed-in traveller who sent it (the 403 'legitimate user' of accounts-and-comms §6);
 * - variant_id: the chosen date variant (`dates` keeps the stored value of §3.7, a variant id or 'individual', and
 *   date_start_formatted / date_end_formatted the individual dates);
 * - currency, utm_medium, utm_term (utm_source, utm_campaign, utm_content, referer, partner_id, source were there);
 * - idempotency_key (unique) and idempotency_hash: the client's key of the submit and a digest of what was sent, so
 *   a resend gets the same request and a concurrent duplicate is refused by the index, never stored twice.
 *
 * And two tables:
 * - request_history: every change of a request (created, status, contacts, tourists, cancel): when, who (traveller,
 *   system or staff, with the traveller's or staff member's id), what (statuses from and to, the changed fields as
 *   JSON, a message);
 * - request_tourists: the tourists of a request (the §3.7 template's fields, weight, a questionnaire as JSON).
 */
import { randomUUID } from 'node:crypto';
import type { ColumnDefinitionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';
import type { HelpRequestTable } from './0003-help-requests';

export interface RequestTable extends HelpRequestTable {
  /** Random v4 UUID, lower case. Set on every row (nullable only because SQLite cannot add a NOT NULL column without a default). */
  uuid: string;
  /** §3.7 statuses 1–8. */
  status: Generated<number>;
  traveller_id: number | null;
  variant_id: number | null;
  currency: string | null;
  utm_medium: string | null;
  utm_term: string | null;
  idempotency_key: string | null;
  /** SHA-256 (hex) of the call and the validated fields: a key sent again with other fields is refused. */
  idempotency_hash: string | null;
  updated_at: string | null;
}

export const HISTORY_ACTORS = ['traveller', 'system', 'staff'] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

export interface RequestHistoryTable {
  id: Generated<number>;
  request_id: number;
  at: string;
  actor: HistoryActor;
  /** The traveller's id (actor traveller, when signed in) or the staff member's; null for the system and guests. */
  actor_id: number | null;
  /** 'created' | 'status' | 'contacts' | 'tourists' | 'questionnaires' | 'cancel' | … */
  action: string;
  from_status: number | null;
  to_status: number | null;
  /** JSON of the changed fields. */
  changes: string | null;
  message: string | null;
}

export interface RequestTouristTable {
  id: Generated<number>;
  request_id: number;
  position: number;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  passport: string | null;
  email: string | null;
  phone: string | null;
  food_restriction: string | null;
  /** Kilograms (touristsForm.collectWeight). */
  weight: number | null;
  /** JSON object of questionnaire answers (update-tourists-questionnaires). */
  questionnaire: string | null;
  created_at: string;
  updated_at: string;
}

export type RequestRow = Selectable<RequestTable>;
export type RequestHistoryRow = Selectable<RequestHistoryTable>;
export type RequestTouristRow = Selectable<RequestTouristTable>;

export interface RequestSchema {
  help_requests: RequestTable;
  request_history: RequestHistoryTable;
  request_tourists: RequestTouristTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const texts = ['uuid', 'currency', 'utm_medium', 'utm_term', 'idempotency_key', 'idempotency_hash', 'updated_at'] as const;
  for (const col of texts) await db.schema.alterTable('help_requests').addColumn(col, 'text').execute();
  await db.schema.alterTable('help_requests').addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  for (const col of ['traveller_id', 'variant_id'] as const) await db.schema.alterTable('help_requests').addColumn(col, 'integer').execute();

  // Requests of before get a UUID of their own.
  const k = db as unknown as Kysely<{ help_requests: { id: number; uuid: string | null } }>;
  const old = await k.selectFrom('help_requests').select('id').where('uuid', 'is', null).orderBy('id').execute();
  // (The migrator already runs this in a transaction where the engine allows it: PostgreSQL.)
  for (const row of old) await k.updateTable('help_requests').set({ uuid: randomUUID() }).where('id', '=', row.id).execute();
  // NULLs are distinct in a unique index on both engines: rows without a key never conflict.
  await db.schema.createIndex('help_requests_uuid_uq').ifNotExists().unique().on('help_requests').column('uuid').execute();
  await db.schema.createIndex('help_requests_idempotency_key_uq').ifNotExists().unique().on('help_requests').column('idempotency_key').execute();
  await db.schema.createIndex('help_requests_traveller_idx').ifNotExists().on('help_requests').columns(['traveller_id', 'id']).execute();

  const identity = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('request_history')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer')
    .addColumn('changes', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('request_history_request_idx').ifNotExists().on('request_history').columns(['request_id', 'id']).execute();

  let tourists = db.schema
    .createTable('request_tourists')
    .ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull());
  for (const col of ['full_name', 'first_name', 'last_name', 'middle_name', 'birthday', 'passport', 'email', 'phone', 'food_restriction', 'questionnaire'] as const) {
    tourists = tourists.addColumn(col, 'text');
  }
  await tourists
    .addColumn('weight', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_tourists_request_idx').ifNotExists().on('request_tourists').columns(['request_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_tourists').ifExists().execute();
  await db.schema.dropTable('request_history').ifExists().execute();
  for (const index of ['help_requests_uuid_uq', 'help_requests_idempotency_key_uq', 'help_requests_traveller_idx']) await db.schema.dropIndex(index).ifExists().execute();
  for (const col of ['uuid', 'currency', 'utm_medium', 'utm_term', 'idempotency_key', 'idempotency_hash', 'updated_at', 'status', 'traveller_id', 'variant_id']) {
    await db.schema.alterTable('help_requests').dropColumn(col).execute();
  }
}
