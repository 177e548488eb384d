/**
 * Rules of the request record shared by the request calls (routes/requests.ts, routes/booking.ts): the idempotency
 * key of a submit, who may see and change a request, and the masked contacts of the 403 'legitimate user' answer.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_RE } from '@tours/shared/src/api/schemas/requests';
import type { RequestRow } from '../db/migrations/0011-requests';
import { requestById, requestByUuid } from '../db/queries/booking';
import { travellerById, type Traveller } from '../db/queries/travellers';
import type { Services } from '../services';
import { signedInTraveller } from '../routes/accounts';
import { HttpError, notFound, validationError } from './errors';
import { maskEmail } from './logins';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The submit's idempotency key: the `Idempotency-Key` header, else `data.idempotency_key` (widgets, forms that cannot
 * set headers). Both given and different, or a malformed header: 422 on idempotency_key.
 */
export function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
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

/**
 * The 403 of a request that belongs to another account (accounts-and-comms §6; public-site §2.8: the 403 page names
 * the legitimate account's phone and/or e-mail, masked, and offers to log in again).
 */
export function legitUserForbidden(owner: Traveller | undefined): HttpError {
  const data: Record<string, string> = {};
  if (owner?.phone) data.legit_user_phone = maskPhone(owner.phone);
  if (owner?.email) data.legit_user_email = maskEmail(owner.email);
  return new HttpError(403, 'This request belongs to another account', undefined, data);
}

export interface RequestAccess {
  row: RequestRow;
  /** The signed-in traveller, when there is one. */
  traveller: Traveller | undefined;
}

/**
 * Who may see and change a request:
 * - by its uuid (random, 122 bits: the link's secret): whoever holds it;
 * - by its id (a guessable number): a request sent while signed in, only its traveller (another signed-in traveller
 *   gets the 403 naming the legitimate account, a guest 401); a request sent as a guest, only with its uuid too.
 * An unknown id or uuid, or a uuid of another request, is 404.
 */
export async function accessRequest(s: Services, request: FastifyRequest, by: { id?: number; uuid?: string | undefined }): Promise<RequestAccess> {
  const traveller = await signedInTraveller(s, request);
  const row = by.id !== undefined ? await requestById(s.db, by.id) : by.uuid !== undefined ? await requestByUuid(s.db, by.uuid) : undefined;
  if (!row) throw notFound('Request not found');
  if (by.uuid !== undefined) {
    if (row.uuid !== by.uuid) throw notFound('Request not found');
    return { row, traveller };
  }
  if (row.traveller_id !== null) {
    if (traveller && Number(traveller.id) === row.traveller_id) return { row, traveller };
    if (!traveller) throw new HttpError(401, 'Unauthorized');
    throw legitUserForbidden(await travellerById(s.db, row.traveller_id));
  }
  // A guest's request: its number alone gives nothing away.
  throw new HttpError(403, 'Open the request by its link');
}

/** The actor of a change made through the site: the traveller (with their id when signed in). */
export function travellerActor(traveller: Traveller | undefined): { actor: 'traveller'; actor_id: number | null } {
  return { actor: 'traveller', actor_id: traveller ? Number(traveller.id) : null };
}
