/**
 * Migration 0024: the state API processes share on one database (issue 31; api/src/cluster, docs/deploying.md).
 * Every database gets the tables (one schema for SQLite and PostgreSQL); only PostgreSQL with its URL (the cluster)
 * writes to them — the single-process default keeps these counts in memory.
 *
 * - rate_limit_windows: the rate limiter's window per `class|visitor` (and the chat's handshakes per address);
 * - outbox.claimed_until: until when (ms on the service's clock) one process owns a message's delivery;
 * - work_budgets: a visitor's budget of cost units for expensive work (lib/work-budget.ts);
 * - captcha_solves: a visitor's last two solved captchas (one again within the escalation window → a hard one);
 * - captcha_demands: the captcha level a limit last asked of a visitor for an action (its next challenge has it).
 * Times are ms (bigint). Each table holds only rows that still matter: the processes delete the rest (a minute for
 * windows and budgets, ten minutes for the captcha's memory).
 *
 * Before this migration the cluster made rate_limit_windows and claimed_until at start on PostgreSQL, so a database
 * of then already has them: both are made only when missing.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './0002-search';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windows_since').ifNotExists().on('rate_limit_windows').column('since').execute();
  if (isPostgres(db)) await sql`alter table outbox add column if not exists claimed_until bigint`.execute(db);
  else await db.schema.alterTable('outbox').addColumn('claimed_until', 'bigint').execute();
  await db.schema
    .createTable('work_budgets')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_budgets_since').ifNotExists().on('work_budgets').column('since').execute();
  await db.schema
    .createTable('captcha_solves')
    .ifNotExists()
    .addColumn('visitor', 'text', (c) => c.primaryKey())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('previous_at', 'bigint')
    .execute();
  await db.schema.createIndex('captcha_solves_last_at').ifNotExists().on('captcha_solves').column('last_at').execute();
  await db.schema
    .createTable('captcha_demands')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_demands_at').ifNotExists().on('captcha_demands').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['captcha_demands', 'captcha_solves', 'work_budgets', 'rate_limit_windows']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
}
