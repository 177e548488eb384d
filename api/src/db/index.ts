/**
 * Opening the database: embedded SQLite (a file, created and migrated on first use) by default,
 * PostgreSQL when a connection URL is given. The same Kysely queries and migrations run on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './checkpointer';
import { migrationProvider } from './migrations';
import { statementName } from './prepared';
import type { Schema } from './schema';

type DialectName = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Schema>;
  readonly dialect: DialectName;
  /** 'sqlite /path/file.sqlite' or 'postgres' (no credentials). */
  readonly label: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** SQLite file; ':memory:' works for throwaway use. Ignored when `url` is set. */
  file?: string;
  /** PostgreSQL connection URL (DATABASE_URL). */
  url?: string;
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /**
   * SQLite file only: checkpoint the WAL from a worker thread rather than inside commits (checkpointer.ts); the
   * running API sets it. `onError` hears a checkpoint that failed.
   */
  backgroundCheckpoints?: { onError(message: string): void };
}

// bigint (count(*) and sums) comes back as a string by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

function openSqlite(file: string, background: OpenDatabaseOptions['backgroundCheckpoints']): { kysely: Kysely<Schema>; checkpointer: Checkpointer | null } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 10000');
  database.pragma('cache_size = -32000');
  database.pragma('temp_store = MEMORY');
  const checkpointer = background && file !== ':memory:' ? startCheckpointer(path.resolve(file), { onError: background.onError }) : null;
  if (checkpointer) database.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  return { kysely: new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }), checkpointer };
}

/** Prepared statements kept per connection: the SQL a running API sends is a few hundred distinct texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with its prepared statements reused: Kysely prepares every query it runs, and preparing costs as
 * much as running a small one (a sign-in sends about twenty). Safe on one connection: Kysely runs one query at a
 * time on it (a stream holds the connection until it ends), and SQLite prepares a statement again by itself when
 * the schema changed. Least recently used goes first.
 */
function withStatementCache(database: Sqlite.Database, size = STATEMENT_CACHE_SIZE): { prepare(sql: string): Sqlite.Statement; close(): void } {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else {
        statement = database.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A connection that runs the prepared queries' SQL (db/prepared.ts) as named statements: PostgreSQL parses and plans
 * each once per connection. Kysely sends every query as (text, values); anything else goes as it came.
 */
function withNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (text, values, callback) => {
    const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    return name ? query({ name, text, values }, callback) : query(text, values, callback);
  };
}

function openPostgres(url: string): Kysely<Schema> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', withNamedStatements);
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
}

/** Applies every pending migration; throws with the failing migration's error. */
async function migrate(kysely: Kysely<Schema>): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Opens (and by default migrates) the database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  const dialect: DialectName = options.url ? 'postgres' : 'sqlite';
  if (!options.url && !options.file) throw new Error('openDatabase needs a file or a url');
  const file = options.file ?? '';
  const { kysely, checkpointer } = options.url ? { kysely: openPostgres(options.url), checkpointer: null } : openSqlite(file, options.backgroundCheckpoints);
  let closed = false;
  const db: Db = {
    kysely,
    dialect,
    label: dialect === 'postgres' ? 'postgres' : `sqlite ${file === ':memory:' ? file : path.resolve(file)}`,
    async close() {
      if (closed) return;
      closed = true;
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
  if (options.migrate !== false) {
    try {
      await migrate(kysely);
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  return db;
}
