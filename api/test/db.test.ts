/** The data layer: migrations, seeding on start, restart persistence (SQLite file or PostgreSQL). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db';
import { BACKSTOP_PAGES } from '../src/db/checkpointer';
import { MIGRATIONS } from '../src/db/migrations';
import { ensureSeeded } from '../src/db/seed/ensure';
import { skipNote, TEST_SEED, TEST_SIZE, TODAY, usingPostgres, withTestDb } from './helpers';

const t = withTestDb();

test('the first start seeds; the next start on the same data skips seeding', async () => {
  expect(t.seedReport.seeded).toBe(true);
  expect(t.seedReport.reason).toBe('empty database');
  const again = await ensureSeeded(t.db, { size: TEST_SIZE, seed: TEST_SEED, today: TODAY });
  expect(again).toMatchObject({ seeded: false, reason: 'seed identity matches' });
});

test('data survives a restart: close, reopen, same rows, no re-seed', async () => {
  const before = await t.db.kysely.selectFrom('tours').select(['id', 'title_en', 'price']).orderBy('id').execute();
  await t.db.close();
  const db = await t.reopen();
  const after = await db.kysely.selectFrom('tours').select(['id', 'title_en', 'price']).orderBy('id').execute();
  expect(after).toEqual(before);
  const started = performance.now();
  const report = await ensureSeeded(db, { size: TEST_SIZE, seed: TEST_SEED, today: TODAY });
  expect(report.seeded).toBe(false);
  expect(performance.now() - started).toBeLessThan(1000);
  t.db = db;
});

test('a different size, an old generation date or force re-seed', async () => {
  const db = t.db;
  const later = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 40 * 86400000).toISOString().slice(0, 10);
  expect((await ensureSeeded(db, { size: TEST_SIZE, seed: TEST_SEED, today: later })).reason).toBe('data older than 30 days');
  // The clock moved back past the generation (CLOCK_START): the catalogue's 'past' has not happened yet.
  expect((await ensureSeeded(db, { size: TEST_SIZE, seed: TEST_SEED, today: TODAY })).reason).toBe('data generated after today');
  expect((await ensureSeeded(db, { size: 120, seed: TEST_SEED, today: TODAY })).reason).toBe('different seed, size or generator version');
  const count = await db.kysely.selectFrom('tours').select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(120);
  expect((await ensureSeeded(db, { size: TEST_SIZE, seed: TEST_SEED, today: TODAY, force: true })).reason).toBe('forced');
});

test('migrations are idempotent: opening again migrates nothing and keeps data', async () => {
  const again = await openDatabase(usingPostgres ? { url: t.location } : { file: t.location });
  const n = await again.kysely.selectFrom('kysely_migration' as never).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
  expect(Number((n as { n: number }).n)).toBe(Object.keys(MIGRATIONS).length);
  await again.close();
});

test('search filters have their indexes', async () => {
  if (usingPostgres) {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename in ('tours', 'tour_variants', 'tour_rest_kinds', 'tour_search')`.execute(t.db.kysely);
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(expect.arrayContaining(['tours_price_idx', 'tours_days_idx', 'tour_variants_start_idx', 'tour_rest_kinds_rest_kind_id_tour_id_idx', 'tour_search_document_idx']));
  } else {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(t.db.kysely);
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['tours_price_idx', 'tours_days_idx', 'tours_price_per_day_idx', 'tour_variants_start_idx', 'tour_rest_kinds_rest_kind_id_tour_id_idx', 'tour_languages_language_tour_id_idx']));
  }
});

test('SQLite only: the file uses WAL and the FTS5 table exists', async () => {
  if (usingPostgres) return skipNote('SQLite-only checks (journal mode, FTS5 table) under PostgreSQL');
  const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.kysely);
  expect(rows[0]?.journal_mode).toBe('wal');
  const fts = await sql<{ name: string }>`select name from sqlite_master where name = 'tour_search_fts'`.execute(t.db.kysely);
  expect(fts.rows).toHaveLength(1);
});

test('SQLite only: with background checkpoints a worker moves the WAL into the database file, not the commits', async () => {
  if (usingPostgres) return skipNote('SQLite WAL checkpoints under PostgreSQL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
  const file = path.join(dir, 'db.sqlite');
  const errors: string[] = [];
  const db = await openDatabase({ file, migrate: false, backgroundCheckpoints: { onError: (message) => errors.push(message) } });
  try {
    // The API's own connection checkpoints only as a backstop, far beyond what the writes below fill.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely);
    expect(rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
    await sql`create table notes (id integer primary key, text text not null)`.execute(db.kysely);
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 500; i++) await sql`insert into notes (text) values (${'x'.repeat(2000)})`.execute(trx);
    });
    // About 1 MB of rows, in the WAL only until a checkpoint copies them into the file.
    const deadline = Date.now() + 5_000;
    while (fs.statSync(file).size < 1_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
    expect(errors).toEqual([]);
  } finally {
    await db.close();
  }
  // Closing stops the worker first, so the API's connection is the last one and removes the WAL.
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});
