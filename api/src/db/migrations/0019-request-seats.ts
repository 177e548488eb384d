/**
 * Migration 0019: seats that cannot be oversold and submits sent again without an idempotency key (issue 28, abuse
 * resistance).
 *
 * - help_requests.seats: the seats a request holds on its date: its party when the order took them from
 *   tour_variants.number_of_free_seats (in the transaction that stored it), 0 once they went back (a cancellation) —
 *   and 0 for the requests of before, which took none, so cancelling one gives nothing back.
 * - request_fingerprints: one row per recent submit without a key: a digest of what was sent and by whom
 *   (use-cases/booking.ts `submitFingerprint`), the request it made, and until when a resend of it answers that request
 *   instead of making another. The primary key decides between concurrent duplicates (an `insert … on conflict` in
 *   the request's transaction: on PostgreSQL the second waits for the first transaction); an expired row is taken over
 *   by the next such submit, and expired rows are deleted after each.
 *
 * Request ids become random (db/queries/booking.ts `newRequestId`): no schema change, both engines take a given id in
 * the identity / autoincrement column.
 */
import type { Generated, Kysely, Selectable } from 'kysely';

export interface RequestFingerprintTable {
  /** SHA-256 (hex) of the call, its validated fields, the traveller and the visitor's address. */
  fingerprint: string;
  request_id: number;
  /** ISO instant: from then on the fingerprint names nothing. */
  expires_at: string;
}

export type RequestFingerprintRow = Selectable<RequestFingerprintTable>;

/** The column this migration adds to help_requests (migration 0011's RequestTable has the others). */
export interface RequestSeatsColumn {
  seats: Generated<number>;
}

export interface RequestSeatsSchema {
  help_requests: RequestSeatsColumn;
  request_fingerprints: RequestFingerprintTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('help_requests').addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('request_fingerprints')
    .ifNotExists()
    .addColumn('fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_fingerprints_expires_idx').ifNotExists().on('request_fingerprints').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_fingerprints').ifExists().execute();
  await db.schema.alterTable('help_requests').dropColumn('seats').execute();
}
