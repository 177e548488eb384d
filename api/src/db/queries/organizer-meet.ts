/** Data layer of the organizer-meet contracts, their keys and files (migration 0017; the files' rows are 0010's uploads). */
import type { Kysely } from 'kysely';
import { EMPTY_ORGANIZER_MEET, normaliseOrganizerMeet, type OrganizerMeetData } from '@tours/shared/src/domain/organizer-meet';
import type { Db } from '../index';
import type { OrganizerContractRow, OrganizerMeetSchema, Schema, UploadsSchema } from '../schema';
import type { Upload } from './uploads';
import { tokenHash } from './travellers';

type MeetKysely = Kysely<Schema & UploadsSchema & OrganizerMeetSchema>;
const meetDb = (db: Db) => db.kysely as unknown as MeetKysely;

export type { OrganizerContractRow };

/** A contract's data as kept (a row written by an older version, or by hand, is normalised on the way out). */
export function contractData(row: OrganizerContractRow): OrganizerMeetData {
  try {
    return normaliseOrganizerMeet(JSON.parse(row.organizer_meet_data) as Partial<OrganizerMeetData>);
  } catch {
    return { ...EMPTY_ORGANIZER_MEET };
  }
}

export function savedFileIds(row: OrganizerContractRow): number[] {
  try {
    const ids = JSON.parse(row.saved_file_ids) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Makes a contract ('OM-{id}'); returns its row. */
export async function insertContract(db: Db, c: { organizerId: number | null; staffId: number | null }, now: Date): Promise<OrganizerContractRow> {
  const k = meetDb(db);
  const { id } = await k.insertInto('organizer_contracts').values({
    organizer_id: c.organizerId, number: '', organizer_meet_data: JSON.stringify(EMPTY_ORGANIZER_MEET), saved_file_ids: '[]',
    created_by_staff_id: c.staffId, created_at: now.toISOString(), updated_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  await k.updateTable('organizer_contracts').set({ number: `OM-${Number(id)}` }).where('id', '=', Number(id)).execute();
  return (await contractById(db, Number(id)))!;
}

export function contractById(db: Db, id: number): Promise<OrganizerContractRow | undefined> {
  return meetDb(db).selectFrom('organizer_contracts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A new key of a contract: the given one (the development key) or 32 random bytes; only its hash is kept. The
 * contract's other keys end now.
 */
export async function issueMeetKey(db: Db, contractId: number, key: string, expiresAt: Date, staffId: number | null, now: Date): Promise<void> {
  await meetDb(db).transaction().execute(async (trx) => {
    await trx.updateTable('organizer_meet_keys').set({ expires_at: now.toISOString() })
      .where('contract_id', '=', contractId).where('expires_at', '>', now.toISOString()).execute();
    await trx.deleteFrom('organizer_meet_keys').where('key_hash', '=', tokenHash(key)).execute();
    await trx.insertInto('organizer_meet_keys').values({
      contract_id: contractId, key_hash: tokenHash(key), expires_at: expiresAt.toISOString(), created_by_staff_id: staffId, created_at: now.toISOString(),
    }).execute();
  });
}

/**
 * The contract a key opens and when the key ends, or undefined: unknown and expired keys alike (one query, the same
 * work for both; the caller hashes a malformed key too).
 */
export async function contractByKey(db: Db, key: string, now: Date): Promise<{ contract: OrganizerContractRow; expiresAt: string } | undefined> {
  const row = await meetDb(db).selectFrom('organizer_meet_keys as k').innerJoin('organizer_contracts as c', 'c.id', 'k.contract_id')
    .selectAll('c').select('k.expires_at as key_expires_at')
    .where('k.key_hash', '=', tokenHash(key)).where('k.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_expires_at: expiresAt, ...contract } = row;
  return { contract, expiresAt };
}

export async function saveContractData(db: Db, contractId: number, data: OrganizerMeetData, fileIds: readonly number[], now: Date): Promise<void> {
  await meetDb(db).updateTable('organizer_contracts')
    .set({ organizer_meet_data: JSON.stringify(data), saved_file_ids: JSON.stringify(fileIds), updated_at: now.toISOString() })
    .where('id', '=', contractId).execute();
}

/** The organizer's name for the page's heading (null: no organizer, or one not in the catalogue). */
export async function organizerName(db: Db, organizerId: number | null): Promise<string | null> {
  if (organizerId === null) return null;
  const row = await meetDb(db).selectFrom('organizers').select('name_en').where('id', '=', organizerId).executeTakeFirst();
  return row?.name_en ?? null;
}

export async function organizerExists(db: Db, organizerId: number): Promise<boolean> {
  return Boolean(await meetDb(db).selectFrom('organizers').select('id').where('id', '=', organizerId).executeTakeFirst());
}

/** The contract's files, oldest first. */
export function contractFiles(db: Db, contractId: number): Promise<Upload[]> {
  return meetDb(db).selectFrom('organizer_contract_files as f').innerJoin('uploads as u', 'u.id', 'f.upload_id')
    .selectAll('u').where('f.contract_id', '=', contractId).orderBy('u.id').execute();
}

/** A file of this contract, or undefined (another contract's, or none). */
export function contractFile(db: Db, contractId: number, uploadId: number): Promise<Upload | undefined> {
  return meetDb(db).selectFrom('organizer_contract_files as f').innerJoin('uploads as u', 'u.id', 'f.upload_id')
    .selectAll('u').where('f.contract_id', '=', contractId).where('f.upload_id', '=', uploadId).executeTakeFirst();
}

export async function countContractFiles(db: Db, contractId: number): Promise<number> {
  const row = await meetDb(db).selectFrom('organizer_contract_files').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contract_id', '=', contractId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function addContractFile(db: Db, contractId: number, uploadId: number, now: Date): Promise<void> {
  await meetDb(db).insertInto('organizer_contract_files').values({ contract_id: contractId, upload_id: uploadId, created_at: now.toISOString() }).execute();
}

/** Forgets a contract's file and its upload row; true when it was the contract's. The stored bytes are the caller's to remove. */
export async function deleteContractFile(db: Db, contractId: number, uploadId: number): Promise<boolean> {
  return meetDb(db).transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('organizer_contract_files').where('contract_id', '=', contractId).where('upload_id', '=', uploadId).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await trx.deleteFrom('uploads').where('id', '=', uploadId).execute();
    return true;
  });
}
