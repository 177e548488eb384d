/**
 * Migration 0010: uploaded files (accounts-and-comms §3 'Uploaded files', §7 'File uploads').
 *
 * - uploads: one row per stored file: its owner, what it was uploaded as (image, file, video; an image's bucket), the
 *   type its bytes proved (never the client's word), size, whether anyone may fetch it, the client's name for it
 *   (cleaned; only ever a download name), and `stored_name`, the random name it has on disk and in its URL
 *   (`/media/uploads/{stored_name}`). A traveller's avatar_id (0008) is the id of an image here.
 */
import type { ColumnDefinitionBuilder, Generated, Kysely } from 'kysely';
import type { UploadKind, UploadMime } from '@tours/shared/src/api/schemas/uploads';
import { isPostgres } from './0002-search';

export interface UploadTable {
  id: Generated<number>;
  /** `{32 random hex digits}.{ext}`: the file's name on disk and in its URL. */
  stored_name: string;
  traveller_id: number;
  kind: UploadKind;
  /** The bucket of an image (IMAGE_BUCKETS); null for files and videos. */
  bucket: string | null;
  mime: UploadMime;
  /** Bytes. */
  size: number;
  /** 1: anyone with the URL may fetch it; 0: only its owner (X-Authorization). */
  is_public: number;
  /** The client's file name, cleaned (no path, no control or bidi characters), with the extension of its type. */
  original_name: string;
  created_at: string;
}

export interface UploadsSchema {
  uploads: UploadTable;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('uploads')
    .ifNotExists()
    .addColumn('id', 'integer', id)
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('traveller_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text')
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_stored_name_uq').ifNotExists().unique().on('uploads').column('stored_name').execute();
  // The daily quota sums a traveller's uploads of the last 24 hours.
  await db.schema.createIndex('uploads_traveller_created_idx').ifNotExists().on('uploads').columns(['traveller_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_traveller_created_idx').ifExists().execute();
  await db.schema.dropIndex('uploads_stored_name_uq').ifExists().execute();
  await db.schema.dropTable('uploads').ifExists().execute();
}
