/** Data layer of uploaded files (migration 0010). The files themselves are lib/uploads.ts's. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../index';
import type { Schema, UploadsSchema, UploadTable } from '../schema';

export type Upload = Selectable<UploadTable>;
export type NewUpload = Omit<Insertable<UploadTable>, 'id'>;

type UploadsKysely = Kysely<Schema & UploadsSchema>;

function uploadsDb(db: Db): UploadsKysely {
  return db.kysely as unknown as UploadsKysely;
}

/** Records a stored file; returns its id. */
export async function insertUpload(db: Db, upload: NewUpload): Promise<number> {
  const row = await uploadsDb(db).insertInto('uploads').values(upload).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function uploadById(db: Db, id: number): Promise<Upload | undefined> {
  return uploadsDb(db).selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The upload served as /media/uploads/{storedName}. */
export async function uploadByStoredName(db: Db, storedName: string): Promise<Upload | undefined> {
  return uploadsDb(db).selectFrom('uploads').selectAll().where('stored_name', '=', storedName).executeTakeFirst();
}

/** Bytes a traveller uploaded since `since` (the daily quota). */
export async function bytesUploadedSince(db: Db, travellerId: number, since: Date): Promise<number> {
  const row = await uploadsDb(db).selectFrom('uploads').select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('traveller_id', '=', travellerId).where('created_at', '>', since.toISOString()).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Uploads by id (a page of chat messages' files). */
export async function uploadsByIds(db: Db, ids: readonly number[]): Promise<Upload[]> {
  if (!ids.length) return [];
  return uploadsDb(db).selectFrom('uploads').selectAll().where('id', 'in', [...ids]).execute();
}
