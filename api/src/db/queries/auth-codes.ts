/** Data layer of one-time codes (migration 0008). Hashing, limits and sending are lib/one-time-codes.ts's. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../index';
import type { AuthCodeTable, CodePurpose } from '../schema';
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
  /** Tries the code starts with as taken (the login's daily budget of wrong entries leaves it fewer); 0 by default. */
  triesTaken?: number;
}

/** What the send limits ask of the codes sent lately (lib/one-time-codes.ts). */
export interface CodeSendCounts {
  /** Codes to the login, and from the visitor, within the captcha window. */
  byLogin: number;
  byVisitor: number;
  /** Codes to the login within the last hour and the last day (its caps). */
  loginHour: number;
  loginDay: number;
  /** Wrong entries against the login's codes of the last day (tries taken less the codes used). */
  wrongToday: number;
}

export interface CodeSendWindows {
  /** Start of the captcha window, of the hour and of the day. */
  window: Date;
  hour: Date;
  day: Date;
}

/** The most codes of one login a day that the wrong-entry sum reads (more than its cap: the sum stays cheap). */
const DAY_ROWS = 50;

/**
 * The counts of codes sent lately to a login and from a visitor, each up to its cap: the limits only ask whether a
 * count reached a threshold, and a capped count reads at most `cap` index entries however many codes one address
 * sent (a flood from one address would otherwise make every one of its sends dearer).
 */
export async function countCodeSends(
  db: Db, login: string, visitor: string, since: CodeSendWindows, caps: { login: number; visitor: number; hour: number; day: number },
): Promise<CodeSendCounts> {
  const row = await codeSends.executeTakeFirst(accountsDb(db), {
    login, visitor, since: since.window.toISOString(), hourSince: since.hour.toISOString(), daySince: since.day.toISOString(),
    loginCap: caps.login, visitorCap: caps.visitor, hourCap: caps.hour, dayCap: caps.day, dayRows: DAY_ROWS,
  });
  return {
    byLogin: Number(row!.by_login), byVisitor: Number(row!.by_visitor), loginHour: Number(row!.login_hour), loginDay: Number(row!.login_day),
    wrongToday: Math.max(0, Number(row!.wrong_today)),
  };
}

type SendCountArgs = {
  login: string; visitor: string; since: string; hourSince: string; daySince: string; loginCap: number; visitorCap: number; hourCap: number; dayCap: number; dayRows: number;
};

// Every count in one statement (a sign-in's send runs it every time); the login's all read its (login, created_at) index.
const codeSends = prepared((k: AccountsKysely, arg: Arg<SendCountArgs>) => {
  const recent = (column: 'login' | 'visitor', since: 'since' | 'hourSince' | 'daySince', cap: 'loginCap' | 'visitorCap' | 'hourCap' | 'dayCap') => k
    .selectFrom(k.selectFrom('auth_codes').select(sql<number>`1`.as('one')).where(column, '=', arg(column)).where('created_at', '>', arg(since)).limit(arg(cap)).as('recent'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const wrong = k
    .selectFrom(k.selectFrom('auth_codes').select(['tries', 'used_at']).where('login', '=', arg('login')).where('created_at', '>', arg('daySince')).limit(arg('dayRows')).as('today'))
    .select(sql<number>`coalesce(sum(tries), 0) - count(used_at)`.as('n'));
  return k.selectNoFrom([
    recent('login', 'since', 'loginCap').as('by_login'), recent('visitor', 'since', 'visitorCap').as('by_visitor'),
    recent('login', 'hourSince', 'hourCap').as('login_hour'), recent('login', 'daySince', 'dayCap').as('login_day'), wrong.as('wrong_today'),
  ]);
});

/** When the `nth` newest code to a login since `since` was sent (the send caps' Retry-After), or null. */
export async function nthNewestCodeAt(db: Db, login: string, since: Date, nth: number): Promise<Date | null> {
  const row = await accountsDb(db).selectFrom('auth_codes').select('created_at').where('login', '=', login).where('created_at', '>', since.toISOString())
    .orderBy('created_at', 'desc').limit(1).offset(nth - 1).executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/**
 * Stores a new code. Only the newest code of its owner works (newestCode), so storing one ends the owner's earlier
 * codes without touching them: a sign-in code's owner is its login, a confirmation code's the account (a code to a
 * new address replaces one to another).
 */
export async function insertCode(db: Db, code: NewCode, now: Date): Promise<void> {
  await insertCodeRow.run(accountsDb(db), {
    login: code.login, purpose: code.purpose, traveller_id: code.travellerId, channel: code.channel, code_hash: code.codeHash,
    visitor: code.visitor, tries: code.triesTaken ?? 0, expires_at: code.expiresAt.toISOString(), created_at: now.toISOString(),
  });
}

const insertCodeRow = prepared((k: AccountsKysely, arg: Arg<Omit<AuthCode, 'id' | 'used_at'>>) => k.insertInto('auth_codes').values({
  login: arg('login'), purpose: arg('purpose'), traveller_id: arg('traveller_id'), channel: arg('channel'), code_hash: arg('code_hash'),
  visitor: arg('visitor'), tries: arg('tries'), expires_at: arg('expires_at'), used_at: null, created_at: arg('created_at'),
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
 * `held`: whether an account holds the login now (its e-mail or phone), asked in the same statement so that a new
 * login's sign-in makes its account without reading for it first (issue 31: a statement fewer on PostgreSQL).
 */
export async function tryNewestLoginCode(db: Db, owner: { purpose: CodePurpose; login: string }, codeHash: string, max: number, now: Date): Promise<{ right: boolean; login: string; held: boolean } | null> {
  const row = await tryNewest.executeTakeFirst(accountsDb(db), { ...owner, codeHash, max, now: now.toISOString() });
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return row ? { right: row.used_at !== null, login: row.login, held: Number(row.held) === 1 } : null;
}

const tryNewest = prepared((k: AccountsKysely, arg: Arg<{ purpose: CodePurpose; login: string; codeHash: string; max: number; now: string }>) => k.updateTable('auth_codes')
  .set((eb) => ({ tries: eb('tries', '+', 1), used_at: eb.case().when('code_hash', '=', arg('codeHash')).then(arg('now')).else(null).end() }))
  .where('id', '=', (eb) => eb.selectFrom('auth_codes').select('id')
    .where('purpose', '=', arg('purpose')).where('login', '=', arg('login')).where('traveller_id', 'is', null)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1))
  .where('used_at', 'is', null).where('expires_at', '>', arg('now')).where('tries', '<', arg('max'))
  .returning((eb) => ['login', 'used_at', eb.exists(eb.selectFrom('travellers').select(sql<number>`1`.as('one'))
    .where((w) => w.or([w('travellers.email', '=', w.ref('auth_codes.login')), w('travellers.phone', '=', w.ref('auth_codes.login'))]))).as('held')]));

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
