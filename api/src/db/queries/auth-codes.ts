/** Data layer of one-time codes (migration 0008). Hashing, limits and sending are lib/one-time-codes.ts's. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../index';
import type { AuthCodeTable, CodePurpose } from '../migrations/0008-accounts';
import { prepared, type Arg } from '../prepared';
import { accountsDb, type AccountsKysely } from './travellers';

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
  const row = await codeSends.executeTakeFirst(accountsDb(db), { login, visitor, since: since.toISOString(), loginCap: caps.login, visitorCap: caps.visitor });
  return { byLogin: Number(row!.by_login), byVisitor: Number(row!.by_visitor) };
}

// Both counts in one statement (a sign-in's send runs it every time).
const codeSends = prepared((k: AccountsKysely, arg: Arg<{ login: string; visitor: string; since: string; loginCap: number; visitorCap: number }>) => {
  const recent = (column: 'login' | 'visitor', cap: 'loginCap' | 'visitorCap') => k
    .selectFrom(k.selectFrom('auth_codes').select(sql<number>`1`.as('one')).where(column, '=', arg(column)).where('created_at', '>', arg('since')).limit(arg(cap)).as('recent'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  return k.selectNoFrom([recent('login', 'loginCap').as('by_login'), recent('visitor', 'visitorCap').as('by_visitor')]);
});

/**
 * Stores a new code. Only the newest code of its owner works (newestCode), so storing one ends the owner's earlier
 * codes without touching them: a sign-in code's owner is its login, a confirmation code's the account (a code to a
 * new address replaces one to another).
 */
export async function insertCode(db: Db, code: NewCode, now: Date): Promise<void> {
  await insertCodeRow.run(accountsDb(db), {
    login: code.login, purpose: code.purpose, traveller_id: code.travellerId, channel: code.channel, code_hash: code.codeHash,
    visitor: code.visitor, expires_at: code.expiresAt.toISOString(), created_at: now.toISOString(),
  });
}

const insertCodeRow = prepared((k: AccountsKysely, arg: Arg<Omit<AuthCode, 'id' | 'tries' | 'used_at'>>) => k.insertInto('auth_codes').values({
  login: arg('login'), purpose: arg('purpose'), traveller_id: arg('traveller_id'), channel: arg('channel'), code_hash: arg('code_hash'),
  visitor: arg('visitor'), tries: 0, expires_at: arg('expires_at'), used_at: null, created_at: arg('created_at'),
}));

/**
 * An account's newest confirmation code, used, expired or not (the caller tells), whichever address it went to
 * (change-email sends it to the new one). A sign-in code is tried by its login in one statement (tryNewestLoginCode).
 */
export async function newestCode(db: Db, owner: { purpose: CodePurpose; travellerId: number }): Promise<AuthCode | undefined> {
  return accountsDb(db).selectFrom('auth_codes').selectAll().where('purpose', '=', owner.purpose).where('traveller_id', '=', owner.travellerId)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Takes one try of a code and, when the entry was right (`usedAt` given), uses the code up, in one atomic step: false
 * when it had no try left or was used meanwhile. A try is taken before the answer counts, so parallel guesses
 * cannot get more than `max` between them, and a right code works once.
 */
export async function tryCode(db: Db, id: number, max: number, usedAt: Date | null): Promise<boolean> {
  const result = usedAt
    ? await useCode.run(accountsDb(db), { id, max, usedAt: usedAt.toISOString() })
    : await takeTry.run(accountsDb(db), { id, max });
  return Number(result.numAffectedRows) > 0;
}

/**
 * A sign-in's check in one statement: takes a try of the login's newest code while it is unused, unexpired and has
 * tries left, and uses it up when `codeHash` is its hash. Answers whether it was the code, or null when there was no
 * code that could take a try (the caller says 'expired'). The hashes are compared in SQL: they are HMACs of the
 * code, so their comparison's timing says nothing about the code, and five tries leave nothing to measure.
 */
export async function tryNewestLoginCode(db: Db, owner: { purpose: CodePurpose; login: string }, codeHash: string, max: number, now: Date): Promise<{ right: boolean; login: string } | null> {
  const row = await tryNewest.executeTakeFirst(accountsDb(db), { ...owner, codeHash, max, now: now.toISOString() });
  return row ? { right: row.used_at !== null, login: row.login } : null;
}

const tryNewest = prepared((k: AccountsKysely, arg: Arg<{ purpose: CodePurpose; login: string; codeHash: string; max: number; now: string }>) => k.updateTable('auth_codes')
  .set((eb) => ({ tries: eb('tries', '+', 1), used_at: eb.case().when('code_hash', '=', arg('codeHash')).then(arg('now')).else(null).end() }))
  .where('id', '=', (eb) => eb.selectFrom('auth_codes').select('id')
    .where('purpose', '=', arg('purpose')).where('login', '=', arg('login')).where('traveller_id', 'is', null)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1))
  .where('used_at', 'is', null).where('expires_at', '>', arg('now')).where('tries', '<', arg('max'))
  .returning(['login', 'used_at']));

const takeTry = prepared((k: AccountsKysely, arg: Arg<{ id: number; max: number }>) => k.updateTable('auth_codes')
  .set((eb) => ({ tries: eb('tries', '+', 1) }))
  .where('id', '=', arg('id')).where('tries', '<', arg('max')).where('used_at', 'is', null));
const useCode = prepared((k: AccountsKysely, arg: Arg<{ id: number; max: number; usedAt: string }>) => k.updateTable('auth_codes')
  .set((eb) => ({ tries: eb('tries', '+', 1), used_at: arg('usedAt') }))
  .where('id', '=', arg('id')).where('tries', '<', arg('max')).where('used_at', 'is', null));

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
