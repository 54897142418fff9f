import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { migrations } from '../db/migrations';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

// bigint columns come back as numbers; every value we store fits in 2^53.
pg.types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`bigint out of range: ${v}`);
  return n;
});

export type DbHandle = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
  /** The PostgreSQL schema in use when one was given (tests: one per app). */
  schema?: string;
};

export type DbOptions = {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests create one per file). */
  pgSchema?: string;
};

/** Opens the database: PostgreSQL when a postgres URL is given, otherwise one better-sqlite3 connection in WAL mode. */
export function openDb(opts: DbOptions): DbHandle {
  if (opts.databaseUrl && /^postgres(ql)?:/.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 15,
      connectionTimeoutMillis: 10_000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy(), schema: opts.pgSchema };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Applies every pending migration; the same set runs on both engines. */
export async function migrate(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    // Kysely looks for its migration tables in every schema it can see; name ours, or another app's
    // schema in the same database (a parallel test file) passes for this one
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    provider: { getMigrations: async () => migrations(handle.engine) },
    // migrations land from parallel branches (0040_auth_security beside 0040_login_failure): a database
    // that already ran a later-named one still takes an earlier-named newcomer
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw error ?? new Error(`migration ${failed?.migrationName} failed`);
}

export const now = () => Date.now();
