/**
 * The state API processes share on PostgreSQL (issue 31; api/src/cluster). The tables are migration 0024's (every
 * database has them; only the cluster writes to them); socket.io's attachments table, the adapter's own, is made at
 * start (createOnce).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '..';
import { prepared, type Arg } from '../prepared';
import type { Schema } from '../schema';
import type { NewOutboxRow } from './outbox';

/**
 * Runs schema statements (`create … if not exists`) under one advisory lock: API processes starting at once on a new
 * database take turns, so the second finds the table and no create races another (pg_class's unique index).
 */
export async function createOnce(db: Db, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK})`.execute(trx);
    for (const statement of statements) await statement.execute(trx);
  });
}
/** The advisory lock's key (any number of our own: 'tours31'). */
const SCHEMA_LOCK = 0x746f757231;

export interface LimitWindow {
  count: number;
  /** The window's start (ms on the service's clock). */
  since: number;
}

const windowOf = (row: { count: number | string; since: number | string } | undefined): LimitWindow | null =>
  row ? { count: Number(row.count), since: Number(row.since) } : null;

/** Prepared (db/prepared.ts): every limited request runs it. */
const bumpQuery = prepared((k: Kysely<Schema>, arg: Arg<{ key: string; now: number; fresh: number }>) => ({
  compile: () => sql<{ count: number; since: string }>`
    insert into rate_limit_windows as w (key, count, since) values (${arg('key')}, 1, ${arg('now')})
    on conflict (key) do update set
      count = case when w.since <= ${arg('fresh')} then 1 else w.count + 1 end,
      since = case when w.since <= ${arg('fresh')} then ${arg('now')} else w.since end
    returning count, since`.compile(k),
}));

/** Counts one request of `key`: a new window when there is none or it ended `windowMs` ago; one statement, atomic. */
export async function bumpLimitWindow(db: Db, key: string, now: number, windowMs: number): Promise<LimitWindow> {
  return windowOf(await bumpQuery.executeTakeFirst(db.kysely, { key, now, fresh: now - windowMs })) ?? { count: 1, since: now };
}

/** Starts the key's window again (a solved captcha). */
export async function resetLimitWindow(db: Db, key: string, now: number): Promise<void> {
  await sql`update rate_limit_windows set count = 0, since = ${now} where key = ${key}`.execute(db.kysely);
}

/** Deletes windows that ended before `before`: the table holds about one minute's visitors. */
export async function sweepLimitWindows(db: Db, before: number): Promise<void> {
  await sql`delete from rate_limit_windows where since < ${before}`.execute(db.kysely);
}

// The outbox's claims (api/src/cluster/outbox-claims.ts) ---------------------------------------------------------------

/** Claims one row for its delivery: true for exactly one of any number of processes asking at once. */
export async function claimOutboxRow(db: Db, id: number, now: number, until: number): Promise<boolean> {
  const result = await sql`update outbox set claimed_until = ${until}
    where id = ${id} and status = 'queued' and (claimed_until is null or claimed_until < ${now}) returning id`.execute(db.kysely);
  return result.rows.length === 1;
}

/** A queued message as written (db/queries/outbox.ts), with its id. */
export type ClaimedOutboxRow = Omit<NewOutboxRow, 'status'> & { id: number };

/**
 * Claims up to `limit` queued rows nobody delivers: a claim that lapsed (its process died) or none made `graceMs` after
 * the row was written; only rows of the last `maxAgeMs` (a message stranded for days is not sent late). `for update
 * skip locked`: processes polling at once take different rows, never the same one.
 */
export async function claimStrandedOutboxRows(db: Db, now: number, until: number, graceMs: number, limit: number, maxAgeMs: number): Promise<ClaimedOutboxRow[]> {
  const result = await strandedOutboxClaim(db, now, until, graceMs, limit, maxAgeMs).execute(db.kysely);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The claim's statement (tests read its plan). It reads only migration 0025's partial index `outbox_queued`
 * (`created_at` of queued rows): `status = 'queued'` stays a literal, as in the index's predicate, so both planners
 * can match them (a parameter would not match in a generic plan); `created_at >` bounds the index's range. SQLite
 * (one process) has no row locks: the statement runs there without them (the tests run it on both).
 */
export function strandedOutboxClaim(db: Db, now: number, until: number, graceMs: number, limit: number, maxAgeMs: number): RawBuilder<ClaimedOutboxRow> {
  const writtenBefore = new Date(now - graceMs).toISOString();
  const writtenAfter = new Date(now - maxAgeMs).toISOString();
  const lock = db.dialect === 'postgres' ? sql` for update skip locked` : sql``;
  return sql<ClaimedOutboxRow>`update outbox set claimed_until = ${until}
    where id in (
      select id from outbox
      where status = 'queued' and created_at > ${writtenAfter}
        and (claimed_until < ${now} or (claimed_until is null and created_at < ${writtenBefore}))
      order by id limit ${limit}${lock})
    returning id, channel, recipient, subject, text, html, attachments`;
}

// Expensive work's budgets per visitor (api/src/cluster/work-budget-store.ts) ---------------------------------------

interface StoredBudget {
  tokens: number;
  /** When it was last charged (ms on the service's clock). */
  since: number;
}

/**
 * Changes the key's budget under its row's lock: `change` gets the budget as stored (`fresh` when there was none) and
 * answers the budget to keep. Two processes charging one visitor at once take turns, so neither spends units the
 * other already spent.
 */
export async function changeWorkBudget<T>(db: Db, key: string, fresh: StoredBudget, change: (budget: StoredBudget) => { keep: StoredBudget; answer: T }): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql`insert into work_budgets (key, tokens, since) values (${key}, ${fresh.tokens}, ${fresh.since}) on conflict (key) do nothing`.execute(trx);
    const row = (await sql<{ tokens: number | string; since: number | string }>`select tokens, since from work_budgets where key = ${key} for update`.execute(trx)).rows[0];
    const { keep, answer } = change(row ? { tokens: Number(row.tokens), since: Number(row.since) } : fresh);
    await sql`update work_budgets set tokens = ${keep.tokens}, since = ${keep.since} where key = ${key}`.execute(trx);
    return answer;
  });
}

/** Gives `units` back to the key's budget, up to `max`. */
export async function refundWorkBudget(db: Db, key: string, units: number, max: number): Promise<void> {
  await sql`update work_budgets set tokens = least(${max}, tokens + ${units}) where key = ${key}`.execute(db.kysely);
}

/** Deletes budgets untouched since `before` (a minute: they are full again, as a missing one is). */
export async function sweepWorkBudgets(db: Db, before: number): Promise<void> {
  await sql`delete from work_budgets where since < ${before}`.execute(db.kysely);
}

// The captcha's memory of a visitor (api/src/cluster/captcha-memory.ts) ---------------------------------------------

/** The visitor's solves (the last two) at or after `since`. */
export async function captchaSolves(db: Db, visitor: string, since: number): Promise<number[]> {
  const row = (await sql<{ last_at: string; previous_at: string | null }>`select last_at, previous_at from captcha_solves where visitor = ${visitor}`.execute(db.kysely)).rows[0];
  return row ? [row.previous_at, row.last_at].filter((at): at is string => at !== null).map(Number).filter((at) => at >= since) : [];
}

/** Records a solve: it becomes the visitor's last, the last before it the previous. */
export async function addCaptchaSolve(db: Db, visitor: string, at: number): Promise<void> {
  await sql`insert into captcha_solves as s (visitor, last_at, previous_at) values (${visitor}, ${at}, null)
    on conflict (visitor) do update set previous_at = s.last_at, last_at = ${at}`.execute(db.kysely);
}

/** The level last asked of `key` (`visitor|action`) at or after `since`, else 0. */
export async function captchaDemand(db: Db, key: string, since: number): Promise<number> {
  const row = (await sql<{ level: number }>`select level from captcha_demands where key = ${key} and at >= ${since}`.execute(db.kysely)).rows[0];
  return row ? Number(row.level) : 0;
}

/** Remembers the level asked of `key` (0: forgets it). */
export async function setCaptchaDemand(db: Db, key: string, level: number, at: number): Promise<void> {
  if (level > 0) await sql`insert into captcha_demands (key, level, at) values (${key}, ${level}, ${at}) on conflict (key) do update set level = ${level}, at = ${at}`.execute(db.kysely);
  else await sql`delete from captcha_demands where key = ${key}`.execute(db.kysely);
}

/** Deletes the captcha's memory older than `before` (the escalation window and a challenge's lifetime). */
export async function sweepCaptchaMemory(db: Db, before: number): Promise<void> {
  await sql`delete from captcha_solves where last_at < ${before}`.execute(db.kysely);
  await sql`delete from captcha_demands where at < ${before}`.execute(db.kysely);
}
