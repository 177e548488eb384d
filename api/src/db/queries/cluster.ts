/**
 * The tables of state that API processes share on PostgreSQL (issue 31; api/src/cluster): made at start when missing
 * (not migrations: SQLite, the single-process default, never has them), like socket.io's attachments table.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '..';
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

/** Creates the rate limiter's windows table when missing. */
export async function ensureRateLimitTable(db: Db): Promise<void> {
  await createOnce(db, [
    sql`create table if not exists rate_limit_windows (key text primary key, count integer not null, since bigint not null)`,
    sql`create index if not exists rate_limit_windows_since on rate_limit_windows (since)`,
  ]);
}

export interface LimitWindow {
  count: number;
  /** The window's start (ms on the service's clock). */
  since: number;
}

const windowOf = (row: { count: number | string; since: number | string } | undefined): LimitWindow | null =>
  row ? { count: Number(row.count), since: Number(row.since) } : null;

/** Counts one request of `key`: a new window when there is none or it ended `windowMs` ago; one statement, atomic. */
export async function bumpLimitWindow(db: Db, key: string, now: number, windowMs: number): Promise<LimitWindow> {
  const fresh = now - windowMs;
  const result = await sql<{ count: number; since: string }>`
    insert into rate_limit_windows as w (key, count, since) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when w.since <= ${fresh} then 1 else w.count + 1 end,
      since = case when w.since <= ${fresh} then ${now} else w.since end
    returning count, since`.execute(db.kysely);
  return windowOf(result.rows[0]) ?? { count: 1, since: now };
}

export async function limitWindow(db: Db, key: string): Promise<LimitWindow | null> {
  const result = await sql<{ count: number; since: string }>`select count, since from rate_limit_windows where key = ${key}`.execute(db.kysely);
  return windowOf(result.rows[0]);
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

/** The claim's column on the outbox (ms on the service's clock until which one process owns the row's delivery). */
export async function ensureOutboxClaims(db: Db): Promise<void> {
  await createOnce(db, [sql`alter table outbox add column if not exists claimed_until bigint`]);
}

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
  const writtenBefore = new Date(now - graceMs).toISOString();
  const writtenAfter = new Date(now - maxAgeMs).toISOString();
  const result = await sql<ClaimedOutboxRow>`update outbox set claimed_until = ${until}
    where id in (
      select id from outbox
      where status = 'queued' and created_at > ${writtenAfter}
        and (claimed_until < ${now} or (claimed_until is null and created_at < ${writtenBefore}))
      order by id limit ${limit} for update skip locked)
    returning id, channel, recipient, subject, text, html, attachments`.execute(db.kysely);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
