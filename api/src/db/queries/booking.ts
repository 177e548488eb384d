/**
 * Data layer of the request record (migrations 0003 and 0011): requests stored exactly once (the idempotency key's
 * unique index decides between concurrent duplicates, one transaction per request), their history and tourists.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Db } from '../index';
import { prepared, preparedShapes, type Arg } from '../prepared';
import type { Schema } from '../schema';
import type {
  HistoryActor, RequestHistoryRow, RequestHistoryTable, RequestRow, RequestSchema, RequestTable, RequestTouristRow, RequestTouristTable,
} from '../migrations/0011-requests';

type BookingSchema = Schema & RequestSchema;
export type BookingDb = Kysely<BookingSchema>;
export type BookingTrx = Transaction<BookingSchema>;

/** The request tables typed (db/schema.ts describes the catalogue). */
export function bookingDb(db: Db): BookingDb {
  return db.kysely as unknown as BookingDb;
}

export type NewRequest = Omit<Insertable<RequestTable>, 'uuid' | 'idempotency_key' | 'idempotency_hash'>;

export function requestById(db: Db, id: number): Promise<RequestRow | undefined> {
  return bookingDb(db).selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function requestByUuid(db: Db, uuid: string): Promise<RequestRow | undefined> {
  return bookingDb(db).selectFrom('help_requests').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

const byKey = prepared((k: BookingDb, arg: Arg<{ key: string }>) => k.selectFrom('help_requests').select(['id', 'uuid', 'idempotency_hash']).where('idempotency_key', '=', arg('key')));

function requestByKey(db: Db, key: string): Promise<Pick<RequestRow, 'id' | 'uuid' | 'idempotency_hash'> | undefined> {
  return byKey.executeTakeFirst(bookingDb(db), { key });
}

export interface HistoryEntry {
  actor: HistoryActor;
  actor_id?: number | null;
  action: string;
  from_status?: number | null;
  to_status?: number | null;
  changes?: Record<string, unknown> | null;
  message?: string | null;
}

export async function appendHistory(trx: BookingTrx | BookingDb, requestId: number, entry: HistoryEntry, at: Date): Promise<void> {
  const row: Insertable<RequestHistoryTable> = {
    request_id: requestId, at: at.toISOString(), actor: entry.actor, actor_id: entry.actor_id ?? null, action: entry.action,
    from_status: entry.from_status ?? null, to_status: entry.to_status ?? null, changes: entry.changes ? JSON.stringify(entry.changes) : null, message: entry.message ?? null,
  };
  await insertHistory.run(trx, row);
}

const insertHistory = preparedShapes((k: BookingDb, row: Insertable<RequestHistoryTable>) => k.insertInto('request_history').values(row));

export function historyOf(db: Db, requestId: number): Promise<RequestHistoryRow[]> {
  return bookingDb(db).selectFrom('request_history').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
}

export function touristsOf(db: Db | BookingTrx, requestId: number): Promise<RequestTouristRow[]> {
  const k = 'kysely' in db ? bookingDb(db) : db;
  return k.selectFrom('request_tourists').selectAll().where('request_id', '=', requestId).orderBy('position').orderBy('id').execute();
}

export type StoredRequest = { id: number; uuid: string; replayed: boolean };
/** What createRequest answers: the request (new, or the one the key made before), or that the key came with other fields. */
export type CreateOutcome = StoredRequest | { keyReused: true };

const insertRequest = preparedShapes((k: BookingDb, row: Insertable<RequestTable>) => k.insertInto('help_requests').values(row)
  .onConflict((oc) => oc.column('idempotency_key').doNothing())
  .returning('id'));

/**
 * Stores a request with its 'created' history entry (and what `also` writes) in one transaction. With an idempotency
 * key, the request the key made before is answered instead (when `hash`, the digest of the call and its fields, is
 * the same; else `keyReused`): sequential resends find it first; concurrent ones are decided by the unique index
 * (`on conflict do nothing`: on PostgreSQL the second insert waits for the first transaction, then finds its row).
 */
export async function createRequest(
  db: Db,
  row: NewRequest,
  options: { key: string | null; hash: string | null; history: HistoryEntry; at: Date; also?: (trx: BookingTrx, id: number) => Promise<void> },
): Promise<CreateOutcome> {
  const { key, hash } = options;
  const previous = async (): Promise<CreateOutcome | null> => {
    if (!key) return null;
    const found = await requestByKey(db, key);
    if (!found) return null;
    return found.idempotency_hash === hash ? { id: Number(found.id), uuid: found.uuid, replayed: true } : { keyReused: true };
  };
  const before = await previous();
  if (before) return before;
  const uuid = randomUUID();
  const id = await bookingDb(db).transaction().execute(async (trx) => {
    const inserted = await insertRequest.executeTakeFirst(trx, { ...row, uuid, idempotency_key: key, idempotency_hash: key ? hash : null });
    if (!inserted) return null;
    const newId = Number(inserted.id);
    await appendHistory(trx, newId, options.history, options.at);
    if (options.also) await options.also(trx, newId);
    return newId;
  });
  if (id !== null) return { id, uuid, replayed: false };
  // The key's unique index refused the insert: a concurrent duplicate was stored first.
  const after = await previous();
  if (!after) throw new Error('idempotency key conflict without a row');
  return after;
}

export async function updateRequest(trx: BookingTrx | BookingDb, id: number, set: Updateable<RequestTable>): Promise<void> {
  await trx.updateTable('help_requests').set(set).where('id', '=', id).execute();
}

export type TouristFields = Omit<Insertable<RequestTouristTable>, 'id' | 'request_id' | 'position' | 'created_at' | 'updated_at'>;

export async function insertTourists(trx: BookingTrx, requestId: number, rows: TouristFields[], firstPosition: number, at: Date): Promise<void> {
  if (!rows.length) return;
  const now = at.toISOString();
  await trx.insertInto('request_tourists')
    .values(rows.map((r, i) => ({ ...r, request_id: requestId, position: firstPosition + i, created_at: now, updated_at: now })))
    .execute();
}

export async function updateTourist(trx: BookingTrx, requestId: number, touristId: number, set: Updateable<RequestTouristTable>, at: Date): Promise<void> {
  await trx.updateTable('request_tourists').set({ ...set, updated_at: at.toISOString() }).where('request_id', '=', requestId).where('id', '=', touristId).execute();
}

export async function deleteTourists(trx: BookingTrx, requestId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx.deleteFrom('request_tourists').where('request_id', '=', requestId).where('id', 'in', ids).execute();
}

/** A date variant with its tour (the variant of another option is still a variant of the tour's family). */
const variantByIdQuery = prepared((k: BookingDb, arg: Arg<{ id: number }>) => k.selectFrom('tour_variants').selectAll().where('id', '=', arg('id')));

export function variantById(db: Db, id: number) {
  return variantByIdQuery.executeTakeFirst(bookingDb(db), { id });
}

/** Whether two tours are options of one another (tour_options, either way) or the same tour. */
export async function sameTourFamily(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return true;
  return Boolean(await optionLink.executeTakeFirst(bookingDb(db), { a, b }));
}

const optionLink = prepared((k: BookingDb, arg: Arg<{ a: number; b: number }>) => k.selectFrom('tour_options').select('tour_id')
  .where((eb) => eb.or([eb.and([eb('tour_id', '=', arg('a')), eb('option_tour_id', '=', arg('b'))]), eb.and([eb('tour_id', '=', arg('b')), eb('option_tour_id', '=', arg('a'))])])));

/** The variants of a tour and of its published options, by start. */
export async function familyVariants(db: Db, tourId: number) {
  const k = bookingDb(db);
  const options = await k.selectFrom('tour_options as o').innerJoin('tours as t', 't.id', 'o.option_tour_id')
    .select('o.option_tour_id').where('o.tour_id', '=', tourId).where('t.is_published', '=', 1).execute();
  const ids = [tourId, ...options.map((o) => o.option_tour_id)];
  return k.selectFrom('tour_variants').selectAll().where('tour_id', 'in', ids).orderBy('start').orderBy('id').limit(500).execute();
}
