/** Data layer of individual tours (migration 0007): looked up by their random UUID only. */
import { randomUUID } from 'node:crypto';
import { Kysely } from 'kysely';
import type { Db } from '../index';
import type { IndividualTourSchema, Schema } from '../schema';

/** Request id of a tour's individual version while orders do not exist (public-site §3.7 'Booking request'). */
const INDIVIDUAL_REQUEST_BASE = 700000;

type IndividualDb = Kysely<Schema & IndividualTourSchema>;

function individualDb(db: Db | Kysely<Schema>): IndividualDb {
  return (db instanceof Kysely ? db : db.kysely) as unknown as IndividualDb;
}

/** The individual tour of a UUID (the tour id and the request id), or undefined. */
export function individualTourByUuid(db: Db, uuid: string): Promise<{ uuid: string; tour_id: number; request_id: number } | undefined> {
  return individualDb(db).selectFrom('individual_tours').select(['uuid', 'tour_id', 'request_id']).where('uuid', '=', uuid).executeTakeFirst();
}

/** The UUID of a tour's individual version (tests, staff tools; never an API answer for a tour). */
export async function individualTourUuidOf(db: Db, tourId: number): Promise<string | undefined> {
  const row = await individualDb(db).selectFrom('individual_tours').select('uuid').where('tour_id', '=', tourId).orderBy('created_at').executeTakeFirst();
  return row?.uuid;
}

/**
 * Gives every tour without one an individual version with a fresh random UUID (the seed calls it after writing the
 * tours; existing UUIDs, and so the links travellers hold, survive a re-seed).
 */
export async function addMissingIndividualTours(db: Db | Kysely<Schema>): Promise<number> {
  const k = individualDb(db);
  const tours = await k
    .selectFrom('tours')
    .select('id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('individual_tours as i').select('i.uuid').whereRef('i.tour_id', '=', 'tours.id'))))
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  const rows = tours.map((t) => ({ uuid: randomUUID(), tour_id: t.id, request_id: INDIVIDUAL_REQUEST_BASE + t.id, created_at: now }));
  for (let i = 0; i < rows.length; i += 500) await k.insertInto('individual_tours').values(rows.slice(i, i + 500)).execute();
  return rows.length;
}
