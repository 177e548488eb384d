/**
 * Data layer of the request record (migrations 0003, 0011 and 0019): requests stored exactly once (the idempotency key's
 * unique index, or without a key the submit's fingerprint, decides between concurrent duplicates; one transaction per
 * request), under random ids, taking their date's seats in the same transaction; their history and tourists.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../index';
import { prepared, preparedShapes, type Arg } from '../prepared';
import { isListedTour, type Listing } from './listing';
import type {
  HistoryActor, RequestContactColumns, RequestContactsSchema, RequestHistoryRow, RequestHistoryTable, RequestRow, RequestSchema, RequestSeatsSchema, RequestTable, RequestTouristRow,
  RequestTouristTable, Schema, StaffPermissionsSchema,
} from '../schema';
import { normalPhone } from '@tours/shared/src/api/schemas/common';

type BookingSchema = Schema & RequestSchema & RequestSeatsSchema & RequestContactsSchema;
export type BookingDb = Kysely<BookingSchema>;
export type BookingTrx = Transaction<BookingSchema>;

/** The request tables typed (db/schema.ts describes the catalogue). */
export function bookingDb(db: Db): BookingDb {
  return db.kysely as unknown as BookingDb;
}

export type NewRequest = Omit<Insertable<RequestTable>, 'id' | 'uuid' | 'idempotency_key' | 'idempotency_hash'>;
type RequestInsert = Insertable<BookingSchema['help_requests']>;

/**
 * A request's e-mail and phone as logins (migration 0022): what a sign-in by the same address proves, so a guest's
 * requests can join the account (db/queries/trips.ts). Written with the contacts, wherever they are written.
 */
function contactLogins(contacts: { email?: string | null; phone?: string | null }): Partial<RequestContactColumns> {
  const out: Partial<RequestContactColumns> = {};
  if (contacts.email !== undefined) out.email_login = contacts.email?.trim() ? contacts.email.trim().toLowerCase() : null;
  if (contacts.phone !== undefined) out.phone_login = contacts.phone?.trim() ? normalPhone(contacts.phone) : null;
  return out;
}

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

/** A request as stored (the row an insert returns, what a select of it answers). */
type StoredRequestRow = Selectable<BookingSchema['help_requests']>;
/** `row`: the new request as stored (none for one made before: read it). */
type StoredRequest = { id: number; uuid: string; replayed: boolean; row?: StoredRequestRow };
/**
 * What createRequest answers: the request (new, or the one the key or the fingerprint made before), that the key came
 * with other fields, or that the date has fewer seats left than the party (nothing stored).
 */
export type CreateOutcome = StoredRequest | { keyReused: true } | { seatsLeft: number };

/**
 * Request ids are random ten-digit numbers (1,000,000,000 … 2^31−1, the API's id range): the success screen's
 * 'Request #{id}' and the links and e-mails that name a request keep a number, but it no longer counts the requests
 * nor leads to the next one. Ids of before (small, sequential) stay as they are.
 */
export const REQUEST_ID_RANGE = { min: 1_000_000_000, max: 2_147_483_647 } as const;

function newRequestId(): number {
  return randomInt(REQUEST_ID_RANGE.min, REQUEST_ID_RANGE.max + 1);
}

/** Tries at a free random id (each draw is taken with a chance of requests / 1.15e9). */
const ID_ATTEMPTS = 5;

// `on conflict do nothing` without a target: the idempotency key taken, or the random id (or uuid) taken.
// The row as stored comes back: the answer and the confirmation need it (issue 31: read again after the commit before).
const insertRequest = preparedShapes((k: BookingDb, row: RequestInsert) => k.insertInto('help_requests').values(row)
  .onConflict((oc) => oc.doNothing())
  .returningAll());

/** A fingerprint claimed for a new request: inserted, or an expired one taken over; a live one stays as it is (no row). */
const claimFingerprint = prepared((k: BookingDb, arg: Arg<{ fingerprint: string; request_id: number; expires_at: string; now: string }>) => k
  .insertInto('request_fingerprints').values({ fingerprint: arg('fingerprint'), request_id: arg('request_id'), expires_at: arg('expires_at') })
  .onConflict((oc) => oc.column('fingerprint')
    .doUpdateSet((eb) => ({ request_id: eb.ref('excluded.request_id'), expires_at: eb.ref('excluded.expires_at') }))
    .where('request_fingerprints.expires_at', '<=', arg('now')))
  .returning('request_id'));

const byFingerprint = prepared((k: BookingDb, arg: Arg<{ fingerprint: string; now: string }>) => k.selectFrom('request_fingerprints as f')
  .innerJoin('help_requests as r', 'r.id', 'f.request_id').select(['r.id', 'r.uuid'])
  .where('f.fingerprint', '=', arg('fingerprint')).where('f.expires_at', '>', arg('now')));

/**
 * Takes a party's seats of a date: one conditional update, so of two submits at once only what is left is given
 * (PostgreSQL: the second waits for the first's row lock and checks the condition again; SQLite: one writer at a time).
 */
const takeSeatsQuery = prepared((k: BookingDb, arg: Arg<{ id: number; party: number }>) => k.updateTable('tour_variants')
  .set((eb) => ({ number_of_free_seats: eb('number_of_free_seats', '-', arg('party')) }))
  .where('id', '=', arg('id')).where('is_busy', '=', 0).where('number_of_free_seats', '>=', arg('party')));

const seatsOfQuery = prepared((k: BookingDb, arg: Arg<{ id: number }>) => k.selectFrom('tour_variants').select(['is_busy', 'number_of_free_seats']).where('id', '=', arg('id')));

/** The seats a date has left for a new request: none when it is busy or gone. */
async function seatsLeftOf(trx: BookingTrx, variantId: number): Promise<number> {
  const v = await seatsOfQuery.executeTakeFirst(trx, { id: variantId });
  return !v || v.is_busy === 1 ? 0 : Math.max(0, v.number_of_free_seats);
}

/**
 * Gives the seats a request holds back to its date (the traveller cancelled; the back office's cancellations call it
 * too), once: the request's count is cleared by a conditional update, so of two releases at once one gives them back.
 */
export async function releaseSeats(trx: BookingTrx, requestId: number): Promise<void> {
  const held = await trx.selectFrom('help_requests').select(['variant_id', 'seats']).where('id', '=', requestId).executeTakeFirst();
  if (!held || held.variant_id === null || held.seats <= 0) return;
  const cleared = await trx.updateTable('help_requests').set({ seats: 0 }).where('id', '=', requestId).where('seats', '=', held.seats).executeTakeFirst();
  if (Number(cleared.numUpdatedRows) === 0) return;
  await trx.updateTable('tour_variants').set((eb) => ({ number_of_free_seats: eb('number_of_free_seats', '+', held.seats) })).where('id', '=', held.variant_id).execute();
}

/** Why a request's transaction was rolled back. */
class Rollback extends Error {
  constructor(readonly seatsLeft: number | null) {
    super('rollback');
  }
}

export interface CreateRequestOptions {
  /** The client's idempotency key and the digest of the call and its fields (use-cases/booking.ts submitHash). */
  key: string | null;
  hash: string | null;
  /** Without a key: the submit's fingerprint (use-cases/booking.ts submitFingerprint) and how long a resend of it answers the same request. */
  fingerprint?: { value: string; windowMs: number } | null;
  /** The date variant whose seats the request takes, and how many (the party). */
  seats?: { variantId: number; party: number } | null;
  history: HistoryEntry;
  at: Date;
  /** More writes in the transaction; answers the columns of the request's own row it changed, if any. */
  also?: (trx: BookingTrx, id: number) => Promise<Partial<StoredRequestRow> | void>;
}

/**
 * Stores a request with its 'created' history entry (and what `also` writes) in one transaction, under a random id.
 *
 * - With an idempotency key, the request the key made before is answered instead (when `hash` is the same; else
 *   `keyReused`), decided by the key's unique index: the resend's insert stores nothing (on PostgreSQL a concurrent
 *   one waits for the first transaction), its transaction rolls back, and the request is read by its key.
 * - Without one, a `fingerprint` sent again within its window answers the request it made, decided alike by the
 *   fingerprint's primary key.
 * - `seats`: the party's seats are taken from the date in the same transaction, after the request is known to be new
 *   (a resend of a request that took the last seats answers that request), as its last statement; fewer left is
 *   `{ seatsLeft }`, nothing stored.
 */
export async function createRequest(db: Db, row: NewRequest, options: CreateRequestOptions): Promise<CreateOutcome> {
  const { key, hash, seats } = options;
  const fingerprint = key ? null : options.fingerprint ?? null;
  const now = options.at.toISOString();
  const previous = async (): Promise<CreateOutcome | null> => {
    if (key) {
      const found = await requestByKey(db, key);
      if (!found) return null;
      return found.idempotency_hash === hash ? { id: Number(found.id), uuid: found.uuid, replayed: true } : { keyReused: true };
    }
    if (fingerprint) {
      const found = await byFingerprint.executeTakeFirst(bookingDb(db), { fingerprint: fingerprint.value, now });
      return found ? { id: Number(found.id), uuid: found.uuid, replayed: true } : null;
    }
    return null;
  };
  // No look before the transaction (issue 31: a round trip on every submit): a resend's insert finds its key taken
  // (or its fingerprint live), the transaction rolls back and `previous` answers the request it made.
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const id = newRequestId();
    const uuid = randomUUID();
    let stored: StoredRequestRow;
    try {
      stored = await bookingDb(db).transaction().execute(async (trx) => {
        const inserted = await insertRequest.executeTakeFirst(trx, {
          ...row, ...contactLogins({ email: row.email ?? null, phone: row.phone ?? null }), id, uuid, idempotency_key: key, idempotency_hash: key ? hash : null,
          seats: seats?.party ?? 0,
        });
        if (!inserted) throw new Rollback(null);
        if (fingerprint) {
          const expires = new Date(options.at.getTime() + fingerprint.windowMs).toISOString();
          if (!(await claimFingerprint.executeTakeFirst(trx, { fingerprint: fingerprint.value, request_id: id, expires_at: expires, now }))) throw new Rollback(null);
        }
        await appendHistory(trx, id, options.history, options.at);
        const changed = options.also ? await options.also(trx, id) : undefined;
        // Last: the date's row stays locked until the commit (PostgreSQL), and every order of a date waits for it
        // (issue 31: taken first, it was held over three more statements, and 16 submits of one date queued on it).
        if (seats) {
          const taken = await takeSeatsQuery.run(trx, { id: seats.variantId, party: seats.party });
          if (Number(taken.numAffectedRows ?? 0) === 0) throw new Rollback(await seatsLeftOf(trx, seats.variantId));
        }
        return { ...inserted, ...changed };
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      if (err.seatsLeft !== null) return { seatsLeft: err.seatsLeft };
      // A concurrent duplicate was stored first (its key or fingerprint); else the random id was taken: another one.
      const after = await previous();
      if (after) return after;
      continue;
    }
    // Expired fingerprints go after the commit, outside the request's transaction; one left behind is harmless.
    if (fingerprint) await bookingDb(db).deleteFrom('request_fingerprints').where('expires_at', '<=', now).execute().catch(() => undefined);
    return { id, uuid, replayed: false, row: stored };
  }
  throw new Error(`no free request id in ${ID_ATTEMPTS} tries`);
}

export async function updateRequest(trx: BookingTrx | BookingDb, id: number, set: Updateable<RequestTable>): Promise<void> {
  await trx.updateTable('help_requests').set({ ...set, ...contactLogins(set as { email?: string | null; phone?: string | null }) }).where('id', '=', id).execute();
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

// The queries of the booking calls (issue 30: formerly inline in routes/booking.ts and routes/requests.ts) -------------

/** The tour of a request, as its answer shows it. */
export function requestTour(db: Db, tourId: number) {
  return bookingDb(db).selectFrom('tours').selectAll().where('id', '=', tourId).executeTakeFirst();
}

/** A tour's penalty tiers (what cancelling retains of what was paid). */
export function penaltyTiersOf(db: Db, tourId: number): Promise<{ days_from: number; days_to: number | null; percent: number }[]> {
  return bookingDb(db).selectFrom('penalties').select(['days_from', 'days_to', 'percent']).where('tour_id', '=', tourId).execute();
}

/**
 * Only what an order needs of its tour: a tour row is wide (texts in four languages), and every submit reads one.
 * Whether the back office archived it comes in the same statement, and the titles the coordinators' notice and the
 * confirmation name it by (issue 31: three round trips fewer a submit).
 */
const orderTourQuery = prepared((k: Kysely<BookingSchema & Pick<StaffPermissionsSchema, 'tour_staff_data'>>, arg: Arg<{ id: number }>) => k.selectFrom('tours')
  .select(['id', 'type', 'is_published', 'organizer_id', 'use_request_period', 'request_period_start', 'request_period_end', 'title_en', 'title_cn', 'title_de', 'title_ru'])
  .select((eb) => eb.selectFrom('tour_staff_data').select('is_archived').whereRef('tour_staff_data.tour_id', '=', 'tours.id').as('is_archived'))
  .where('id', '=', arg('id')).where('is_published', '=', 1));

/**
 * The listed tour an order names (`listing`: an excursion while excursions are off is not one), or undefined;
 * `archived`: the back office archived it (it cannot be booked: db/queries/staff.ts isTourArchived).
 */
export async function orderTourById(db: Db, id: number, listing: Listing) {
  const found = await orderTourQuery.executeTakeFirst(db.kysely as unknown as Kysely<BookingSchema & Pick<StaffPermissionsSchema, 'tour_staff_data'>>, { id });
  if (!found || !isListedTour(found, listing)) return undefined;
  const { is_archived: archived, ...tour } = found;
  return { ...tour, archived: Number(archived) === 1 };
}

/** The times a tour runs on a day (an excursion's slots, public-site §3.6). */
const dayTimesQuery = prepared((k: BookingDb, arg: Arg<{ tour: number; date: string }>) => k.selectFrom('excursion_times')
  .select(['start', 'end']).where('tour_id', '=', arg('tour')).where('date', '=', arg('date')));

export function excursionTimesOn(db: Db, tourId: number, date: string): Promise<{ start: string; end: string }[]> {
  return dayTimesQuery.execute(bookingDb(db), { tour: tourId, date });
}

/** A traveller's requests, newest by when they were sent (ids are random), at most `limit`. */
export function travellerRequests(db: Db, travellerId: number, limit: number): Promise<RequestRow[]> {
  return bookingDb(db).selectFrom('help_requests').selectAll().where('traveller_id', '=', travellerId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Sets a request's status from the one read, or nothing when another change came first: whether it changed. */
export async function changeRequestStatus(trx: BookingTrx, id: number, from: number, to: number, at: Date): Promise<boolean> {
  const res = await trx.updateTable('help_requests').set({ status: to, updated_at: at.toISOString() })
    .where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The contacts a request holds (those a later form may fill in). */
export function requestContactsOf(trx: BookingTrx, id: number): Promise<Pick<RequestRow, 'email' | 'phone' | 'name'> | undefined> {
  return trx.selectFrom('help_requests').select(['email', 'phone', 'name']).where('id', '=', id).executeTakeFirst();
}

/** A tour's titles in the four languages (the messages about a request name it). */
export function tourTitles(db: Db, tourId: number) {
  return bookingDb(db).selectFrom('tours').select(['title_en', 'title_cn', 'title_de', 'title_ru']).where('id', '=', tourId).executeTakeFirst();
}

/** A date variant's first and last day. */
export function variantDates(db: Db, variantId: number) {
  return bookingDb(db).selectFrom('tour_variants').select(['start', 'end']).where('id', '=', variantId).executeTakeFirst();
}

/** Records where the confirmation of a new booking went (migration 0022), in the transaction that stores it. */
export async function setConfirmation(trx: BookingTrx, id: number, shown: { channel: RequestContactColumns['confirmation_channel']; to: RequestContactColumns['confirmation_to'] }): Promise<void> {
  await setConfirmationQuery.run(trx, { id, channel: shown.channel, to: shown.to });
}

const setConfirmationQuery = prepared((k: BookingTrx, arg: Arg<{ id: number; channel: RequestContactColumns['confirmation_channel']; to: RequestContactColumns['confirmation_to'] }>) => k
  .updateTable('help_requests').set({ confirmation_channel: arg('channel'), confirmation_to: arg('to') }).where('id', '=', arg('id')));

/** A date variant's price per person (RUB). */
export async function variantPrice(db: Db, variantId: number): Promise<number | undefined> {
  return (await bookingDb(db).selectFrom('tour_variants').select('price').where('id', '=', variantId).executeTakeFirst())?.price;
}

/** A tour's price per person (RUB). */
export async function tourPrice(db: Db, tourId: number): Promise<number | undefined> {
  return (await bookingDb(db).selectFrom('tours').select('price').where('id', '=', tourId).executeTakeFirst())?.price;
}

/** A request as it is inside a transaction (it exists: the caller read it before). */
export function requestInTransaction(trx: BookingTrx, id: number): Promise<RequestRow> {
  return trx.selectFrom('help_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
