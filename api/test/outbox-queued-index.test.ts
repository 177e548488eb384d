/**
 * Issue 31: the cluster's look for stranded messages (every 10 s in every API process; api/src/cluster/outbox-claims.ts)
 * reads migration 0025's partial index of queued rows, not the whole outbox (30 days of messages, nearly all sent).
 * Shown on the claim's own statement (strandedOutboxClaim, as it is sent) by the database's planner on an outbox of
 * 20,000 sent messages, analysed so the planner knows it: without the index both planners read the whole table.
 * Runs on SQLite and on PostgreSQL (api/scripts/with-postgres.sh).
 */
import { CompiledQuery, Migrator, sql, type Kysely } from 'kysely';
import { LEASE_MS } from '../src/cluster/outbox-claims';
import type { Db } from '../src/db';
import { migrationProvider } from '../src/db/migrations';
import { claimOutboxRow, claimStrandedOutboxRows, strandedOutboxClaim } from '../src/db/queries/cluster';
import { insertOutboxRow } from '../src/db/queries/outbox';
import { createTestDb, usingPostgres, withTestDb } from './helpers';

const t = withTestDb({ seed: false });

const NOW = Date.now();
const GRACE_MS = 30_000;
const DAY_MS = 24 * 3_600_000;
const SENT = 20_000;

/** The poll's statement, as OutboxClaims.poll sends it now. */
const claim = (db: Db) => strandedOutboxClaim(db, NOW, NOW + LEASE_MS, GRACE_MS, 20, DAY_MS).compile(db.kysely);

/** The planner's plan of the claim, one line a step. */
async function plan(db: Db): Promise<string> {
  const { sql: text, parameters } = claim(db);
  const explain = CompiledQuery.raw(`${usingPostgres ? 'explain' : 'explain query plan'} ${text}`, [...parameters]);
  const rows = (await db.kysely.executeQuery<Record<string, unknown>>(explain)).rows;
  return rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n');
}

const queued = (db: Db, recipient: string, at: number) =>
  insertOutboxRow(db, { channel: 'email', recipient, subject: 'Code', text: 'Your code: 12345', html: null, attachments: null, status: 'queued' }, new Date(at));

let stranded = 0;
beforeAll(async () => {
  const db = t.db;
  // A month of delivered mail (one statement: a counter made by a recursive `with`, on both databases).
  const written = new Date(NOW - 3_600_000).toISOString();
  await sql`insert into outbox (channel, recipient, subject, text, status, created_at, sent_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SENT})
    select 'email', 'sent' || i || '@example.com', 'Code', 'Your code: *****', 'sent', ${written}, ${written} from n`.execute(db.kysely);
  // The few queued ones: a dead process's (its claim lapsed), one being delivered now, one left more than a day ago.
  stranded = await queued(db, 'stranded@example.com', NOW - 10 * 60_000);
  expect(await claimOutboxRow(db, stranded, NOW - 2 * LEASE_MS, NOW - LEASE_MS)).toBe(true);
  expect(await claimOutboxRow(db, await queued(db, 'writing@example.com', NOW - 1_000), NOW, NOW + LEASE_MS)).toBe(true);
  await queued(db, 'old@example.com', NOW - DAY_MS - 3_600_000);
  await sql`analyze outbox`.execute(db.kysely);
}, 120_000);

test('the look for stranded messages reads the index of queued messages, not the whole outbox', async () => {
  const steps = await plan(t.db);
  if (usingPostgres) {
    expect(steps).toMatch(/Index Scan using outbox_queued on outbox/);
    expect(steps).not.toMatch(/Seq Scan on outbox/);
  } else {
    expect(steps).toMatch(/SEARCH outbox USING INDEX outbox_queued \(created_at>\?\)/);
    expect(steps).not.toMatch(/SCAN outbox\b(?! USING INTEGER PRIMARY KEY)/);
  }
});

test('it claims the stranded message only, once', async () => {
  const rows = await claimStrandedOutboxRows(t.db, NOW, NOW + LEASE_MS, GRACE_MS, 20, DAY_MS);
  expect(rows.map((r) => [r.id, r.recipient])).toEqual([[stranded, 'stranded@example.com']]);
  expect(await claimStrandedOutboxRows(t.db, NOW, NOW + LEASE_MS, GRACE_MS, 20, DAY_MS)).toEqual([]);
});

test('migration 0025 goes down (the index dropped) and up again', async () => {
  const fresh = await createTestDb({ seed: false });
  try {
    const k = fresh.db.kysely as Kysely<unknown>;
    const hasIndex = async () => (usingPostgres
      ? await sql`select 1 from pg_indexes where indexname = 'outbox_queued' and schemaname = current_schema()`.execute(k)
      : await sql`select 1 from sqlite_master where type = 'index' and name = 'outbox_queued'`.execute(k)).rows.length === 1;
    expect(await hasIndex()).toBe(true);
    const migrator = new Migrator({ db: k, provider: migrationProvider });
    expect((await migrator.migrateTo('0024-cluster-state')).error).toBeUndefined();
    expect(await hasIndex()).toBe(false);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await hasIndex()).toBe(true);
  } finally {
    await fresh.cleanup();
  }
});
