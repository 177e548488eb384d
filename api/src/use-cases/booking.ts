/**
 * Rules of the request record shared by the request calls (routes/requests.ts, routes/booking.ts): the idempotency
 * key of a submit and, without one, its fingerprint; the field errors of a party larger than its date's seats; who
 * may see and change a request.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@tours/shared/src/api/headers';
import { IDEMPOTENCY_KEY_RE } from '@tours/shared/src/api/schemas/requests';
import type { RequestRow } from '../db/schema';
import { REQUEST_STATUS } from '@tours/shared/src/api/schemas/booking';
import {
  appendHistory, bookingDb, changeRequestStatus, releaseSeats, requestById, requestByUuid, requestContactsOf, updateRequest, type BookingTrx,
} from '../db/queries/booking';
import { closePaymentRecords, type PaymentsTrx } from '../db/queries/payments';
import { contactsToAttach, type ContactFields } from '../domain/booking';
import type { Traveller } from '../db/queries/travellers';
import type { Services } from '../services';
import { HttpError, notFound, validationError } from '../lib/errors';
import { signedInTraveller } from '../lib/auth';

/**
 * The submit's idempotency key: the `Idempotency-Key` header, else `data.idempotency_key` (widgets, forms that cannot
 * set headers). Both given and different, or a malformed header: 422 on idempotency_key.
 */
export function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const header = Array.isArray(raw) ? raw[0] : raw;
  const body = fromBody === '' ? undefined : fromBody;
  if (header !== undefined) {
    const key = header.trim();
    if (!IDEMPOTENCY_KEY_RE.test(key) || (body !== undefined && body !== key)) throw validationError({ idempotency_key: 'Incorrect value' });
    return key;
  }
  return body ?? null;
}

/** Canonical JSON (keys sorted), so the digest does not depend on the order the client wrote the fields in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The digest a key is stored with: the call and its validated fields (the key itself left out). */
export function submitHash(call: string, data: object): string {
  const { idempotency_key: _key, ...fields } = data as Record<string, unknown>;
  return createHash('sha256').update(`${call}\n${canonical(fields)}`).digest('hex');
}

/**
 * How long a submit without an idempotency key, sent again unchanged, answers the request it made instead of making
 * another (a double click, a client's retry, ten copies at once): two minutes.
 */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

/**
 * The fingerprint of a submit without a key: the call and its validated fields (submitHash), the signed-in traveller
 * and the visitor's address. Everything sent counts, so a submit that differs in anything (another comment, another
 * party) is a request of its own; the traveller and the address keep someone who copies another visitor's fields from
 * being answered that visitor's request (its uuid is the link's secret).
 */
export function submitFingerprint(call: string, data: object, traveller: Pick<Traveller, 'id'> | undefined, address: string): string {
  return createHash('sha256').update(`${submitHash(call, data)}\n${traveller ? `traveller:${traveller.id}` : 'guest'}\n${address}`).digest('hex');
}

/**
 * The field errors of a party the date cannot take (public-site §4.2, §5.1): no seats left is 'No seats left' on
 * dates; fewer seats than the party is the counter's 'Maximum {max}' on adults when the adults alone are too many,
 * else on children (what the order form's counters allow: adults up to the seats less the children, children up to
 * the seats less the adults).
 */
export function seatErrors(party: { adults: number; children: number }, seatsLeft: number): Record<string, string> {
  if (seatsLeft <= 0) return { dates: 'No seats left' };
  if (party.adults > seatsLeft) return { adults: `Maximum ${seatsLeft}` };
  if (party.adults + party.children > seatsLeft) return { children: `Maximum ${seatsLeft - party.adults}` };
  return {};
}

/** The refusal of a key sent again with other fields (IETF idempotency-key draft: 422). */
export function keyReused(): HttpError {
  return validationError({ idempotency_key: 'This key was used for another request: send a new one' });
}

/** '+7 916 123-45-67' → '+7*******67': the country code and the last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 5) return '***';
  return `+${digits.slice(0, 1)}${'*'.repeat(Math.max(3, digits.length - 3))}${digits.slice(-2)}`;
}

export interface RequestAccess {
  row: RequestRow;
  /** The signed-in traveller, when there is one. */
  traveller: Traveller | undefined;
}

/**
 * Who may see and change a request:
 * - by its uuid (random, 122 bits: the link's secret): whoever holds it;
 * - by its id alone (a number anyone can try): only the signed-in traveller who sent it.
 * Anything else — an unknown id or uuid, a uuid of another request, another traveller's request, a guest's request
 * by its id alone, no session — is the same 404: the answer never tells that a request exists, nor whose it is.
 */
export async function accessRequest(s: Services, request: FastifyRequest, by: { id?: number; uuid?: string | undefined }): Promise<RequestAccess> {
  const traveller = await signedInTraveller(s, request);
  const row = by.id !== undefined ? await requestById(s.db, by.id) : by.uuid !== undefined ? await requestByUuid(s.db, by.uuid) : undefined;
  if (row && (by.uuid !== undefined ? row.uuid === by.uuid : row.traveller_id !== null && traveller !== undefined && Number(traveller.id) === row.traveller_id)) {
    return { row, traveller };
  }
  throw requestNotFound();
}

/** The one answer for a request the caller may not see or that does not exist. */
function requestNotFound(): HttpError {
  return notFound('Request not found');
}

/** The actor of a change made through the site: the traveller (with their id when signed in). */
export function travellerActor(traveller: Traveller | undefined): { actor: 'traveller'; actor_id: number | null } {
  return { actor: 'traveller', actor_id: traveller ? Number(traveller.id) : null };
}

/**
 * Cancels a request by its traveller (§4.7), in one transaction: its status from the one read (of two cancels at once,
 * one changes it and writes the history), the history entry with the message, the open invoices and payments closed
 * (the agreement ends by what was paid: use-cases/payments.ts), the party's seats back to the date. Whether it changed.
 */
export async function cancelRequest(
  s: Services, row: RequestRow, traveller: Traveller | undefined, cancel: { message: string | null; notifyClient: boolean },
): Promise<boolean> {
  const now = s.date();
  const id = Number(row.id);
  return bookingDb(s.db).transaction().execute(async (trx) => {
    if (!(await changeRequestStatus(trx, id, row.status, REQUEST_STATUS.CANCELED_TOURIST, now))) return false;
    await appendHistory(trx, id, {
      ...travellerActor(traveller), action: 'cancel', from_status: row.status, to_status: REQUEST_STATUS.CANCELED_TOURIST,
      message: cancel.message, changes: { notify_client: cancel.notifyClient },
    }, now);
    await closePaymentRecords(trx as unknown as PaymentsTrx, id, now);
    // Only here: the status change above happens once.
    await releaseSeats(trx, id);
    return true;
  });
}

/**
 * Fills in the e-mail, phone and name the request to update lacks (never overwrites one: domain/booking.ts), with a
 * history entry, in the transaction that stores the help request.
 */
export async function attachContacts(
  trx: BookingTrx, targetId: number, fromId: number, data: ContactFields, traveller: Parameters<typeof travellerActor>[0], now: Date,
): Promise<void> {
  const target = await requestContactsOf(trx, targetId);
  if (!target) return;
  const changes = contactsToAttach(target, data);
  if (!Object.keys(changes).length) return;
  await updateRequest(trx, targetId, { ...changes, updated_at: now.toISOString() });
  await appendHistory(trx, targetId, { ...travellerActor(traveller), action: 'contacts', changes: { ...changes, by_request_id: fromId } }, now);
}
