/**
 * Migration 0017: the organizer-meet contracts (accounts-and-comms §2 'Organizer-meet contract pages', §3 'Organizer-meet
 * save', §6 'access is by key only'; issue 16).
 *
 * - organizer_contracts: one agency contract with an organizer (organizer_id may be null: a contract made before the
 *   organizer exists in the catalogue); its number ('OM-{id}'), the organizer-meet data as JSON (checked with
 *   shared/src/domain/organizer-meet.ts before it is written, so a row always holds normalised data), the file ids the
 *   saved data refers to (JSON), and when it was last saved (null: never).
 * - organizer_meet_keys: the keys of the contract's link. A key is 32 random bytes (base64url) given once to staff;
 *   only its SHA-256 is kept (as the accounts' tokens: db/queries/travellers.ts tokenHash). Each expires (30 days); a
 *   new key of a contract ends the older ones.
 * - organizer_contract_files: which uploads (migration 0010) belong to which contract. The upload row is the one
 *   pipeline's (use-cases/upload-pipeline.ts); its traveller_id is 0 — no traveller owns it, so /media/uploads serves a private
 *   one to nobody; the key holder fetches it through GET /spa/contract-organizer-meet-file.
 */
import type { ColumnDefinitionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { isPostgres } from './0002-search';

export interface OrganizerContractTable {
  id: Generated<number>;
  organizer_id: number | null;
  number: string;
  /** JSON of OrganizerMeetData (normalised). */
  organizer_meet_data: string;
  /** JSON list of upload ids. */
  saved_file_ids: string;
  created_by_staff_id: number | null;
  created_at: string;
  /** The last save (null: never saved). */
  updated_at: string | null;
}

export interface OrganizerMeetKeyTable {
  id: Generated<number>;
  contract_id: number;
  /** SHA-256 (hex) of the key. */
  key_hash: string;
  expires_at: string;
  created_by_staff_id: number | null;
  created_at: string;
}

export interface OrganizerContractFileTable {
  upload_id: number;
  contract_id: number;
  created_at: string;
}

export type OrganizerContractRow = Selectable<OrganizerContractTable>;
export type OrganizerMeetKeyRow = Selectable<OrganizerMeetKeyTable>;

export interface OrganizerMeetSchema {
  organizer_contracts: OrganizerContractTable;
  organizer_meet_keys: OrganizerMeetKeyTable;
  organizer_contract_files: OrganizerContractFileTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const identity = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema.createTable('organizer_contracts').ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('organizer_id', 'integer')
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('organizer_meet_data', 'text', (c) => c.notNull())
    .addColumn('saved_file_ids', 'text', (c) => c.notNull())
    .addColumn('created_by_staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();

  await db.schema.createTable('organizer_meet_keys').ifNotExists()
    .addColumn('id', 'integer', identity)
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_by_staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizer_meet_keys_hash_uq').ifNotExists().unique().on('organizer_meet_keys').column('key_hash').execute();
  await db.schema.createIndex('organizer_meet_keys_contract_idx').ifNotExists().on('organizer_meet_keys').column('contract_id').execute();

  await db.schema.createTable('organizer_contract_files').ifNotExists()
    .addColumn('upload_id', 'integer', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizer_contract_files_contract_idx').ifNotExists().on('organizer_contract_files').column('contract_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organizer_contract_files').ifExists().execute();
  await db.schema.dropTable('organizer_meet_keys').ifExists().execute();
  await db.schema.dropTable('organizer_contracts').ifExists().execute();
}
