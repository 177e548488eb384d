/** Data layer of travellers and their access tokens (migrations 0006, 0008). */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { normalPhone } from '@tours/shared/src/api/schemas/common';
import type { Login } from '../../domain/logins';
import type { Db } from '../index';
import { prepared, type Arg } from '../prepared';
import type { AccountsSchema, Schema, TravellerAccountTable } from '../schema';

/** A traveller's row. */
export type Traveller = Selectable<TravellerAccountTable>;

/** How long a token lives; refresh-token gives a new one. */
export const TOKEN_LIFETIME_DAYS = 30;

export type AccountsKysely = Kysely<Schema & AccountsSchema>;

/** The database with the tables of the accounts migrations. */
export function accountsDb(db: Db): AccountsKysely {
  return db.kysely as unknown as AccountsKysely;
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
  timezone?: number | null;
  password_hash?: string | null;
}

/** Creates a traveller (sign-up); returns its row. The e-mail is stored lower-cased, the phone as '+digits'. */
async function insertTravellerRow(db: Db, t: NewTraveller, now: Date, proved: 'email' | 'phone' | null = null): Promise<Traveller> {
  const at = now.toISOString();
  const email = t.email ? t.email.trim().toLowerCase() : null;
  const row = await insertRow.executeTakeFirst(accountsDb(db), {
    first_name: t.first_name, last_name: t.last_name, email, is_email_set: email ? 1 : 0, phone: t.phone ? normalPhone(t.phone) : null,
    country_id: t.country_id ?? null, language: t.language ?? null, currency: t.currency ?? null, created_at: at, updated_at: at,
    password_hash: t.password_hash ?? null, email_confirmed_at: proved === 'email' ? at : null, phone_confirmed_at: proved === 'phone' ? at : null, timezone: t.timezone ?? null,
  });
  return row!;
}

type NewTravellerRow = Omit<Traveller, 'id' | 'avatar_id' | 'last_activity_at'>;
const insertRow = prepared((k: AccountsKysely, arg: Arg<NewTravellerRow>) => k.insertInto('travellers').values({
  first_name: arg('first_name'), last_name: arg('last_name'), email: arg('email'), is_email_set: arg('is_email_set'), phone: arg('phone'),
  country_id: arg('country_id'), language: arg('language'), currency: arg('currency'), created_at: arg('created_at'), updated_at: arg('updated_at'),
  password_hash: arg('password_hash'), email_confirmed_at: arg('email_confirmed_at'), phone_confirmed_at: arg('phone_confirmed_at'), timezone: arg('timezone'),
  avatar_id: null, last_activity_at: null,
}).returningAll());

/** Creates a traveller (sign-up); returns its id. */
export async function insertTraveller(db: Db, t: NewTraveller, now = new Date()): Promise<number> {
  return Number((await insertTravellerRow(db, t, now)).id);
}

/**
 * The traveller of a login, creating one (with the given profile) when there is none; `proved`: the caller has just
 * proved the login (a code or a link reached it), so a new account is made with it confirmed (one write, not two).
 * Two sign-ups of one new login at once: the unique index refuses the second insert, which then finds the first one's row.
 * `held: false`: the caller has just learnt that no account holds the login (the code's check asked), so the insert
 * comes without a read first; one made since is found as above.
 */
export async function travellerOfLogin(
  db: Db, login: Login, profile: NewTraveller, now = new Date(), { proved = false, held }: { proved?: boolean; held?: boolean } = {},
): Promise<{ traveller: Traveller; created: boolean }> {
  const found = held === false ? undefined : await travellerByLogin(db, login);
  if (found) return { traveller: found, created: false };
  try {
    const address = { email: login.kind === 'email' ? login.value : null, phone: login.kind === 'phone' ? login.value : null };
    const traveller = await insertTravellerRow(db, { ...profile, ...address }, now, proved ? login.kind : null);
    return { traveller, created: true };
  } catch (err) {
    const again = await travellerByLogin(db, login);
    if (again) return { traveller: again, created: false };
    throw err;
  }
}

const byId = prepared((k: AccountsKysely, arg: Arg<{ id: number }>) => k.selectFrom('travellers').selectAll().where('id', '=', arg('id')));
const byLogin = {
  email: prepared((k: AccountsKysely, arg: Arg<{ value: string }>) => k.selectFrom('travellers').selectAll().where('email', '=', arg('value'))),
  phone: prepared((k: AccountsKysely, arg: Arg<{ value: string }>) => k.selectFrom('travellers').selectAll().where('phone', '=', arg('value'))),
};

export async function travellerById(db: Db, id: number): Promise<Traveller | undefined> {
  return byId.executeTakeFirst(accountsDb(db), { id });
}

export async function travellerByLogin(db: Db, login: Login): Promise<Traveller | undefined> {
  return byLogin[login.kind].executeTakeFirst(accountsDb(db), { value: login.value });
}

export type TravellerChanges = Omit<Updateable<TravellerAccountTable>, 'id' | 'created_at' | 'updated_at'>;

/** Changes a traveller's row; returns it as it is now. */
export async function updateTraveller(db: Db, id: number, changes: TravellerChanges, now = new Date()): Promise<Traveller> {
  return accountsDb(db).updateTable('travellers').set({ ...changes, updated_at: now.toISOString() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function setTravellerCurrency(db: Db, id: number, currency: string, now = new Date()): Promise<Traveller> {
  return updateTraveller(db, id, { currency }, now);
}

// Tokens --------------------------------------------------------------------------------------

/** Issues a new access token for a traveller (sign-in); only its hash is stored. */
export async function issueToken(db: Db, travellerId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TOKEN_LIFETIME_DAYS * 86_400_000);
  await insertToken.run(accountsDb(db), { token_hash: tokenHash(token), traveller_id: travellerId, created_at: now.toISOString(), expires_at: expires.toISOString() });
  return token;
}

const insertToken = prepared((k: AccountsKysely, arg: Arg<{ token_hash: string; traveller_id: number; created_at: string; expires_at: string }>) => k.insertInto('traveller_tokens')
  .values({ token_hash: arg('token_hash'), traveller_id: arg('traveller_id'), created_at: arg('created_at'), expires_at: arg('expires_at'), revoked_at: null }));
const tokenLink = prepared((k: AccountsKysely, arg: Arg<{ hash: string }>) => k.selectFrom('traveller_tokens').select(['traveller_id', 'expires_at', 'revoked_at'])
  .where('token_hash', '=', arg('hash')));

/** The traveller a token belongs to, while it has neither expired nor been revoked. */
export async function travellerByToken(db: Db, token: string, now = new Date()): Promise<Traveller | undefined> {
  const link = await tokenLink.executeTakeFirst(accountsDb(db), { hash: tokenHash(token) });
  if (!link || link.revoked_at !== null || link.expires_at <= now.toISOString()) return undefined;
  return travellerById(db, link.traveller_id);
}

/** When a live token expires (ISO), or undefined when it is not live: the chat hub ends its sockets then. */
export async function travellerTokenExpiry(db: Db, token: string, now = new Date()): Promise<string | undefined> {
  const link = await tokenLink.executeTakeFirst(accountsDb(db), { hash: tokenHash(token) });
  return link && link.revoked_at === null && link.expires_at > now.toISOString() ? link.expires_at : undefined;
}

/** Ends one token (logout, the old token of a refresh); true when it was live. */
export async function revokeToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const result = await accountsDb(db).updateTable('traveller_tokens').set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash(token)).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every token of a traveller (password reset), or every one but `keep` (password change: the other devices). */
export async function revokeTravellerTokens(db: Db, travellerId: number, now = new Date(), keep?: string): Promise<void> {
  let q = accountsDb(db).updateTable('traveller_tokens').set({ revoked_at: now.toISOString() })
    .where('traveller_id', '=', travellerId).where('revoked_at', 'is', null);
  if (keep) q = q.where('token_hash', '!=', tokenHash(keep));
  await q.execute();
}
