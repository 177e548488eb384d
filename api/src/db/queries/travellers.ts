/** Data layer of travellers and their access tokens (migration 0006). */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import type { TravellerRow, TravellerSchema } from '../migrations/0006-travellers';

/** How long a token lives (the accounts issue's refresh-token call extends it). */
export const TOKEN_LIFETIME_DAYS = 30;

function travellersDb(db: Db): Kysely<TravellerSchema> {
  return db.kysely as unknown as Kysely<TravellerSchema>;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewTraveller {
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  country_id?: number | null;
  language?: string | null;
  currency?: string | null;
}

/** Creates a traveller (sign-up); returns its id. */
export async function insertTraveller(db: Db, t: NewTraveller, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const row = await travellersDb(db).insertInto('travellers').values({
    first_name: t.first_name, last_name: t.last_name, email: t.email ?? null, is_email_set: t.email ? 1 : 0, phone: t.phone ?? null,
    country_id: t.country_id ?? null, language: t.language ?? null, currency: t.currency ?? null, created_at: at, updated_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Issues a new access token for a traveller (sign-in); only its hash is stored. */
export async function issueToken(db: Db, travellerId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TOKEN_LIFETIME_DAYS * 86_400_000);
  await travellersDb(db).insertInto('traveller_tokens').values({
    token_hash: tokenHash(token), traveller_id: travellerId, created_at: now.toISOString(), expires_at: expires.toISOString(),
  }).execute();
  return token;
}

/** The traveller a token belongs to, while it has not expired. */
export async function travellerByToken(db: Db, token: string, now = new Date()): Promise<TravellerRow | undefined> {
  const k = travellersDb(db);
  const link = await k.selectFrom('traveller_tokens').select(['traveller_id', 'expires_at']).where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!link || link.expires_at <= now.toISOString()) return undefined;
  return k.selectFrom('travellers').selectAll().where('id', '=', link.traveller_id).executeTakeFirst();
}

export async function setTravellerCurrency(db: Db, id: number, currency: string, now = new Date()): Promise<TravellerRow> {
  const k = travellersDb(db);
  await k.updateTable('travellers').set({ currency, updated_at: now.toISOString() }).where('id', '=', id).execute();
  return k.selectFrom('travellers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
