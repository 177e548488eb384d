/** Data layer of one-time codes (migration 0008). Hashing, limits and sending are lib/one-time-codes.ts's. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../index';
import type { AuthCodeTable, CodePurpose } from '../migrations/0008-accounts';
import { accountsDb } from './travellers';

export type AuthCode = Selectable<AuthCodeTable>;

/** Whose code: a login, for a purpose, and for confirmations the account. */
export interface CodeOwner {
  login: string;
  purpose: CodePurpose;
  travellerId: number | null;
}

export interface NewCode extends CodeOwner {
  channel: string;
  codeHash: string;
  visitor: string;
  expiresAt: Date;
}

/**
 * Codes sent since `since` to a login and from a visitor, each counted up to its cap: the limits only ask whether a
 * count reached a threshold, and a capped count reads at most `cap` index entries however many codes one address
 * sent (a flood from one address would otherwise make every one of its sends dearer).
 */
export async function countCodeSends(db: Db, login: string, visitor: string, since: Date, caps: { login: number; visitor: number }): Promise<{ byLogin: number; byVisitor: number }> {
  const k = accountsDb(db);
  const at = since.toISOString();
  const recent = (column: 'login' | 'visitor', value: string, cap: number) => k
    .selectFrom(k.selectFrom('auth_codes').select(sql<number>`1`.as('one')).where(column, '=', value).where('created_at', '>', at).limit(cap).as('recent'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  // Both in one statement (a sign-in's send runs it every time).
  const row = await k.selectNoFrom([recent('login', login, caps.login).as('by_login'), recent('visitor', visitor, caps.visitor).as('by_visitor')]).executeTakeFirstOrThrow();
  return { byLogin: Number(row.by_login), byVisitor: Number(row.by_visitor) };
}

/**
 * Stores a new code. Only the newest code of its owner works (newestCode), so storing one ends the owner's earlier
 * codes without touching them: a sign-in code's owner is its login, a confirmation code's the account (a code to a
 * new address replaces one to another).
 */
export async function insertCode(db: Db, code: NewCode, now: Date): Promise<void> {
  await accountsDb(db).insertInto('auth_codes').values({
    login: code.login, purpose: code.purpose, traveller_id: code.travellerId, channel: code.channel, code_hash: code.codeHash,
    visitor: code.visitor, tries: 0, expires_at: code.expiresAt.toISOString(), used_at: null, created_at: now.toISOString(),
  }).execute();
}

/**
 * The owner's newest code, used, expired or not (the caller tells): a sign-in code by its login; a confirmation code
 * by its account, whichever address it went to (change-email sends it to the new one).
 */
export async function newestCode(db: Db, owner: Omit<CodeOwner, 'login'> & { login?: string }): Promise<AuthCode | undefined> {
  const q = accountsDb(db).selectFrom('auth_codes').selectAll().where('purpose', '=', owner.purpose);
  const own = owner.travellerId === null ? q.where('login', '=', owner.login ?? '').where('traveller_id', 'is', null) : q.where('traveller_id', '=', owner.travellerId);
  return own.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Takes one try of a code and, when the entry was right (`usedAt` given), uses the code up, in one atomic step: false
 * when it had no try left or was used meanwhile. A try is taken before the answer counts, so parallel guesses
 * cannot get more than `max` between them, and a right code works once.
 */
export async function tryCode(db: Db, id: number, max: number, usedAt: Date | null): Promise<boolean> {
  const result = await accountsDb(db).updateTable('auth_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1), ...(usedAt ? { used_at: usedAt.toISOString() } : {}) }))
    .where('id', '=', id).where('tries', '<', max).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets codes created before `before` (they count for no limit any more). */
export async function sweepCodes(db: Db, before: Date): Promise<void> {
  await accountsDb(db).deleteFrom('auth_codes').where('created_at', '<', before.toISOString()).execute();
}

/** The newest unused code a traveller was sent for a confirmation, live or not (the address it asked to confirm). */
export async function newestConfirmationCode(db: Db, travellerId: number, purpose: CodePurpose, since: Date): Promise<AuthCode | undefined> {
  return accountsDb(db).selectFrom('auth_codes').selectAll()
    .where('traveller_id', '=', travellerId).where('purpose', '=', purpose).where('used_at', 'is', null).where('created_at', '>', since.toISOString())
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}
