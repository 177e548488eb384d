/** Data layer of help requests (migration 0003). */
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../index';
import type { HelpRequestRow, HelpRequestSchema, HelpRequestTable } from '../migrations/0003-help-requests';

export type NewHelpRequest = Insertable<HelpRequestTable>;

/** The help_requests table is typed here (db/schema.ts describes the catalogue). */
function requestsDb(db: Db): Kysely<HelpRequestSchema> {
  return db.kysely as unknown as Kysely<HelpRequestSchema>;
}

/** Stores a help request; returns its id. */
export async function insertHelpRequest(db: Db, row: NewHelpRequest): Promise<number> {
  const inserted = await requestsDb(db).insertInto('help_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function helpRequestById(db: Db, id: number): Promise<HelpRequestRow | undefined> {
  return requestsDb(db).selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest requests first (tests, staff tools). */
export function latestHelpRequests(db: Db, limit = 20): Promise<HelpRequestRow[]> {
  return requestsDb(db).selectFrom('help_requests').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
