import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  LimitNode,
  Migrator,
  OffsetNode,
  SelectQueryNode,
  SqliteAdapter,
  sql,
  type RawBuilder,
  type SqliteDatabase,
  type Compilable,
  type SelectQueryBuilder,
  type CompiledQuery,
  type KyselyPlugin,
  type OperationNode,
  type SqliteStatement,
  type Transaction,
  ValueNode,
} from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Engine } from '../db/engine';
import { migrations } from '../db/migrations';
import { SearchPathPostgresDialect } from './pg-introspector';
import { prepareQueries, renamePreparedQueries } from './pg-prepared';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type { Engine };

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
  /** PostgreSQL: the primary's pool (a read replica's router falls back to it). */
  pool?: pg.Pool;
  /** PostgreSQL: the pool's state and the queries that failed, read from memory (GET /metrics). */
  stats?: () => DbStats;
};

/** Why a query or a wait for a connection failed (`simshop_db_errors_total{kind}`). */
export type DbErrorKind = 'timeout' | 'connection' | 'pool_timeout' | 'conflict' | 'other';
export type DbStats = {
  pool: { max: number; total: number; idle: number; waiting: number };
  errors: Record<DbErrorKind, number>;
};

/**
 * True for the unique-constraint refusal of either engine (PostgreSQL 23505, SQLite's UNIQUE): a concurrent
 * twin wrote the row first.
 */
export function isUniqueViolation(err: unknown) {
  const code = err instanceof Object && 'code' in err ? err.code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * timeout: the statement timeout (57014) or no answer within the query timeout; connection: the connection
 * died or could not be opened (class 08, 57P0x, socket errors); pool_timeout: no free connection within the
 * connect timeout; conflict: a constraint, serialization or deadlock refusal (the code's own races, often
 * expected); other: the rest.
 */
export function dbErrorKind(err: unknown): DbErrorKind {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '57014' || message === 'Query read timeout') return 'timeout';
  if (/timeout exceeded when trying to connect/i.test(message)) return 'pool_timeout';
  if (code.startsWith('08') || code.startsWith('57P') || /^E[A-Z]+$/.test(code)) return 'connection';
  if (
    /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(message)
  )
    return 'connection';
  if (code.startsWith('23') || code === '40001' || code === '40P01') return 'conflict';
  return 'other';
}

export type DbOptions = {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests create one per file). */
  pgSchema?: string;
  /**
   * PostgreSQL: each query text prepared once per pooled connection (default). Off behind a pooler in
   * transaction mode that cannot keep named statements (PgBouncer before 1.21, or without
   * max_prepared_statements): every query is then parsed and planned each time, as node-postgres does.
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL: how long a query, a connection and a wait for one may take (issue 26). Unset: unbounded
   * (tests' own handles, migrations); the server passes the configured ones (`DATABASE_*_MS`).
   */
  timeouts?: DbTimeouts;
  /**
   * PostgreSQL: send `statement_timeout` and `idle_in_transaction_session_timeout` as startup parameters
   * (default). Off behind PgBouncer, which refuses them; the role's own settings then bound statements.
   */
  sessionParameters?: boolean;
  /** PostgreSQL `application_name` of the connections (tells the pools apart in `pg_stat_activity`). */
  applicationName?: string;
  /** Where a connection's failure is reported (it is survived: the request using it fails, the pool replaces it). */
  onConnectionError?: (err: Error) => void;
};

export type DbTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool (node-postgres `connectionTimeoutMillis`). */
  connectMs: number;
  /** Server side: PostgreSQL cancels a statement running longer (`statement_timeout`). */
  statementMs: number;
  /**
   * Client side: a query with no answer after this long fails, and its connection is destroyed (a partition:
   * the server cannot cancel what it never received). Above `statementMs`, so a slow statement is cancelled
   * by the server first and its connection kept.
   */
  queryMs: number;
  /** A transaction left idle this long is ended by the server (its locks released). */
  idleInTransactionMs: number;
  /** TCP keepalive: probes start after this much silence, so a vanished peer is noticed (kernel default 2 h). */
  keepAliveMs: number;
};

/**
 * SQLite's page cache, in KiB. better-sqlite3 builds SQLite with 16 MiB, which a growing database fills
 * under writes: +16 MiB of the server's RSS within seconds of order creates (issue 14, budget 150 MiB). The
 * hot pages (catalogue, accounts, tokens, the right edges of the order tables and indexes) fit in far less,
 * and the operating system's file cache serves the rest for a system call.
 */
const SQLITE_CACHE_KIB = 6 * 1024;

/** PostgreSQL connections per instance (pool size). */
const POOL_MAX = 15;

/**
 * Makes a pooled client survive its connection's death. A client checked out of the pool (a request's query
 * or transaction in progress) has no `'error'` listener in node-postgres, so a connection terminated under it
 * (`pg_terminate_backend`, a failover, a PgBouncer restart, a TCP reset) was an unhandled `'error'` event
 * that ended the process. Here every client gets one for its life: the error is reported, the queries on
 * the client fail with it (the request answers 503), and the pool drops the client when it is released.
 * With `queryMs`, a query left unanswered that long destroys its connection too: node-postgres only fails
 * the query and would hand the stuck connection out again, where the next query would wait behind it.
 */
function survive(
  client: pg.PoolClient,
  queryMs: number | undefined,
  report: (err: Error) => void,
  failed: (err: unknown) => void,
) {
  client.on('error', report);
  const run = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const p = run(...args);
    if (!(p instanceof Promise)) return p;
    return p.catch((err: unknown) => {
      failed(err);
      if (queryMs && (err as Error)?.message === 'Query read timeout') {
        const c = client as unknown as { _queryable: boolean; connection?: { stream?: { destroy(): void } } };
        // at once, so the transaction's ROLLBACK fails here instead of waiting out another timeout
        c._queryable = false;
        c.connection?.stream?.destroy();
      }
      throw err;
    });
  }) as typeof client.query;
}

/**
 * A node-postgres pool with the app's bounds and listeners: every connection survives its death (reported,
 * never an unhandled `'error'`), and with `preparedStatements` names its queries. The primary's pool and a
 * read replica's (platform/read-replica) are made here alike.
 */
export function openPgPool(
  url: string,
  opts: Omit<DbOptions, 'databaseUrl' | 'sqliteFile'> & {
    /** Counts each failed query and each failed wait for a connection (the primary's `DbStats`). */
    onQueryError?: (err: unknown) => void;
  },
): pg.Pool {
  const tm = opts.timeouts;
  // behind a pooler in transaction mode, a connection's startup parameters are not the server's: PgBouncer
  // refuses those it does not know ("unsupported startup parameter"); set them on the role instead
  const session = opts.sessionParameters !== false;
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: tm?.connectMs ?? 10_000,
    ...(tm
      ? {
          ...(session
            ? {
                statement_timeout: tm.statementMs,
                idle_in_transaction_session_timeout: tm.idleInTransactionMs,
              }
            : {}),
          query_timeout: tm.queryMs,
          keepAlive: true,
          keepAliveInitialDelayMillis: tm.keepAliveMs,
        }
      : {}),
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  const report = opts.onConnectionError ?? (() => undefined);
  const failed = opts.onQueryError ?? (() => undefined);
  // first: the listener must be there before anything can fail on the new client
  pool.on('connect', (client) => survive(client, tm?.queryMs, report, failed));
  // a wait for a free connection that timed out, or a connection that could not be opened
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const p = connect(...args);
    return p instanceof Promise
      ? p.catch((err: unknown) => {
          failed(err);
          throw err;
        })
      : p;
  }) as typeof pool.connect;
  if (opts.preparedStatements !== false) pool.on('connect', prepareQueries);
  pool.on('error', () => {
    /* an idle client died; the pool replaces it (reported by its own listener) */
  });
  return pool;
}

/** Opens the database: PostgreSQL when a postgres URL is given, otherwise one better-sqlite3 connection in WAL mode. */
export function openDb(opts: DbOptions): DbHandle {
  if (opts.databaseUrl && /^postgres(ql)?:/.test(opts.databaseUrl)) {
    const errors: DbStats['errors'] = { timeout: 0, connection: 0, pool_timeout: 0, conflict: 0, other: 0 };
    const pool = openPgPool(opts.databaseUrl, {
      ...opts,
      onQueryError: (err) => void (errors[dbErrorKind(err)] += 1),
    });
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
    const stats = (): DbStats => ({
      pool: { max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      errors: { ...errors },
    });
    return { db, engine: 'postgres', close: () => db.destroy(), schema: opts.pgSchema, pool, stats };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // each member of a group commit runs in a savepoint, whose journal of pages' first images would spill to
  // a temporary file past 64 KiB (an order create touches ~21 pages): kept in memory, freed at its release
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect({
      db: withStatementCache(sqlite),
      inTransaction: () => sqlite.inTransaction,
      file: file === ':memory:' ? undefined : path.resolve(file),
    }),
    plugins: [inlineLimits],
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** A plain number, as written into the SQL text; anything else (a bound slot, an expression) as it is. */
const literal = (node: OperationNode): OperationNode =>
  ValueNode.is(node) && Number.isSafeInteger(node.value) ? ValueNode.createImmediate(node.value) : node;

/**
 * SQLite plans a LIMIT or OFFSET by its value: a statement with a bound one is marked stale at every bind
 * and parsed and planned again at every step, which undid the statement cache below for every paged read
 * (12 to 24 µs a query, issue 14). A query's own LIMIT and OFFSET are written into its text, so each page
 * size and offset is one statement of the cache, planned once; other queries pass untouched (no walk of
 * their tree). A comparison with a partial index's condition is the same case: such queries compare with
 * `sql.lit`.
 */
function inlinedLimits(node: SelectQueryNode): SelectQueryNode {
  let out = node;
  if (node.limit) out = SelectQueryNode.cloneWithLimit(out, LimitNode.create(literal(node.limit.limit)));
  if (node.offset) out = SelectQueryNode.cloneWithOffset(out, OffsetNode.create(literal(node.offset.offset)));
  return out;
}
const inlineLimits: KyselyPlugin = {
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node) && (node.limit || node.offset) ? inlinedLimits(node) : node,
  transformResult: async ({ result }) => result,
};

/** Prepared statements kept per SQL text; beyond this many the least recently used is dropped. */
const STATEMENT_CACHE_MAX = 500;

type Row = Record<string, unknown>;

/**
 * A function making a row object from a raw row (an array) of these columns: an object literal of fixed
 * shape, which V8 builds far faster than better-sqlite3 does one property at a time from C++ (a third of
 * the time of a wide row, issue 14). The names are SQLite's own column names, quoted as JSON strings.
 */
function rowMaker(names: string[]): ((raw: unknown[]) => Row) | null {
  if (names.some((n) => n === '__proto__')) return null;
  return new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}}`) as (
    raw: unknown[],
  ) => Row;
}

/**
 * One prepared statement as Kysely's SQLite driver uses it (`reader`, `all`, `run`, `iterate`), reading
 * rows raw (arrays) and making the objects in JavaScript. Rows come out as better-sqlite3 makes them: one
 * property per column in order, a repeated name keeping the last value.
 */
function fastRows(stmt: SQLite.Statement): SqliteStatement {
  if (!stmt.reader) return stmt as unknown as SqliteStatement;
  let names: string[] = [];
  let make: ((raw: unknown[]) => Row) | null = null;
  const objects = (raw: unknown[]) => {
    // the statement re-prepares itself when the schema changed under it: its columns may have too
    if (!make || raw.length !== names.length) {
      names = stmt.columns().map((c) => c.name);
      make = rowMaker(names);
      if (!make) {
        const n = names;
        make = (r) => {
          const o: Row = {};
          for (let i = 0; i < n.length; i++)
            Object.defineProperty(o, n[i]!, {
              value: r[i],
              enumerable: true,
              writable: true,
              configurable: true,
            });
          return o;
        };
      }
    }
    return make(raw);
  };
  stmt.raw(true);
  return {
    reader: true,
    all: (parameters: ReadonlyArray<unknown>) => (stmt.all(parameters) as unknown[][]).map(objects),
    run: (parameters: ReadonlyArray<unknown>) => stmt.run(parameters),
    *iterate(parameters: ReadonlyArray<unknown>) {
      for (const raw of stmt.iterate(parameters) as IterableIterator<unknown[]>) yield objects(raw);
    },
  } as unknown as SqliteStatement;
}

/**
 * Kysely prepares every query anew, and SQLite's parsing and planning was the largest single cost of a
 * request under load (issue 14). Kysely's SQL text is stable per query shape (values are bound), so one
 * prepared statement per text serves every call. Safe on the one connection: Kysely runs one statement at a
 * time to completion (`all`/`run`; `iterate` is unused), and SQLite re-prepares a statement by itself when
 * a migration changes the schema under it.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // most recently used goes last
      } else {
        stmt = fastRows(sqlite.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Applies every pending migration; the same set runs on both engines. */
export async function migrate(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    // name our schema for its tables: Kysely's own introspection saw every schema of the database, where
    // another app's (a parallel test file's) passed for this one; ours sees the search path (pg-introspector)
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    provider: { getMigrations: async () => migrations(handle.engine) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw error ?? new Error(`migration ${failed?.migrationName} failed`);
  if (handle.engine === 'postgres') renamePreparedQueries();
}

export const now = () => Date.now();

/**
 * Locks one row until the transaction ends, so the transactions that read through it before they write take
 * turns: on PostgreSQL `SELECT ... FOR UPDATE`; SQLite runs one transaction at a time anyway. Call first
 * thing inside the transaction.
 */
export async function lockRow(trx: Db, engine: Engine, table: 'user' | 'shop_order', id: number) {
  if (engine !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Serialises one user's writes that read before they write (one default address, coupon limits). */
export const lockUserRow = (trx: Db, engine: Engine, userId: number) => lockRow(trx, engine, 'user', userId);

/** Stands for the i-th argument of a `reusableQuery` in the query it compiles. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A hot query built and compiled by Kysely once per engine, then run with new values: the builder and
 * compiler were a tenth of a request's CPU under load (issue 14). `build` gets `$(i)` standing for the i-th
 * argument; use it only as a plain value (`where(col, '=', $(0))`), never in `in` lists or in branches that
 * change the query's shape. The SQL is the builder's own, so both engines stay covered.
 */
export function reusableQuery<R>(
  build: (db: Db, $: (i: number) => never) => Compilable<R>,
): (db: Db, ...args: unknown[]) => Promise<R[]> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const slot = (i: number) => new Slot(i) as never;
  return async (db, ...args) => {
    // one adapter per engine and Kysely instance; a transaction shares its database's
    const adapter = db.getExecutor().adapter;
    let q = compiled.get(adapter);
    if (!q) compiled.set(adapter, (q = build(db, slot).compile()));
    const parameters = q.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return (await db.executeQuery<R>({ ...q, parameters })).rows;
  };
}

/**
 * A text column read as its UTF-8 bytes (a Buffer on both engines), for `cachedJson`: turning a long text of
 * Chinese into a JavaScript string, then parsing it, was most of a cart or order read (issue 14).
 */
export function textBytes(db: Db, column: string): RawBuilder<Buffer | null> {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<Buffer | null>`cast(${sql.ref(column)} as blob)`
    : sql<Buffer | null>`convert_to(${sql.ref(column)}, 'UTF8')`;
}

const countRow = z.object({ n: z.coerce.number().int() });

/**
 * One page of a list and how many rows the whole list has, read at once: `base` is the list's filtered
 * query (its count), `rows` the same with its columns and order (`base.selectAll().orderBy('id', 'desc')`).
 */
export async function pageOf<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: SelectQueryBuilder<DB, TB, R>,
  q: { page: number; size: number },
) {
  const [list, count] = await Promise.all([
    rows
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // the count's row type does not resolve for a generic table: read it through its shape instead
  return { rows: list, total: countRow.parse(count).n };
}
