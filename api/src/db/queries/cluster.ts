/**
 * The tables of state that API processes share on PostgreSQL (issue 31; api/src/cluster): made at start when missing
 * (not migrations: SQLite, the single-process default, never has them), like socket.io's attachments table.
 */
import { sql } from 'kysely';
import type { Db } from '..';

/** Creates the rate limiter's windows table once; two processes starting at once both end with it. */
export async function ensureRateLimitTable(db: Db): Promise<void> {
  try {
    await sql`create table if not exists rate_limit_windows (key text primary key, count integer not null, since bigint not null)`.execute(db.kysely);
    await sql`create index if not exists rate_limit_windows_since on rate_limit_windows (since)`.execute(db.kysely);
  } catch (error) {
    // The other process's create won the race (pg_type's unique index): the table is there.
    const there = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'rate_limit_windows'`.execute(db.kysely);
    if (!there.rows[0]?.n) throw error;
  }
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
