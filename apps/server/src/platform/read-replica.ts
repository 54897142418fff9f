import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SelectQueryNode,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../db/schema';
import { openPgPool, type Db, type DbHandle, type DbOptions } from './db';

/**
 * Catalogue reads from a PostgreSQL streaming replica (`DATABASE_READ_URL`, issue 26).
 *
 * `reads` is a database handle for single SELECTs outside any transaction (it refuses writes and
 * transactions). Each query goes to the replica while the replica is known to hold every commit the primary
 * made up to at most `maxLagMs` ago and every commit announced since (`sawWrite`: a catalogue invalidation,
 * here or from another instance); otherwise, and when the replica fails, to the primary. A failed replica
 * query is run again on the primary, so a stopped replica costs its callers time, never an error.
 *
 * What the replica holds is measured, not assumed: a check reads the primary's WAL position, then the
 * replica's replayed position; at or past it, the replica held everything committed before the check began.
 * Behind it, the replica holds every commit up to its last replayed one (`pg_last_xact_replay_timestamp()`).
 * Checks run when a read finds the knowledge older than half the bound (one at a time, never awaited by a
 * read), and on `/ready`; no timer.
 */

export type ReplicaState = 'ok' | 'lagging' | 'down' | 'not a standby' | 'unchecked';

export type ReplicaStatus = {
  state: ReplicaState;
  /** How far behind the primary the replica was at the last check, in ms (null: unknown). */
  lagMs: number | null;
  /** Reads answered by each side since start, and replica reads run again on the primary after a failure. */
  reads: { replica: number; primary: number };
  fallbacks: number;
  /** The last failure of the replica, as a short message. */
  error?: string;
};

export type ReadRouter = {
  /** The handle catalogue reads use: the replica while it can answer, else the primary. */
  reads: Db;
  /** A commit the next reads must see happened now (a catalogue invalidation, local or from another instance). */
  sawWrite(): void;
  /** Checks the replica now (`/ready`), at most `withinMs`. */
  check(withinMs: number): Promise<ReplicaStatus>;
  status(): ReplicaStatus;
  close(): Promise<void>;
};

/** `X/Y` (hex halves of a WAL position) as one number. */
const lsn = (text: string) => {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/** Failures of the connection itself (as opposed to the query's): the replica is treated as down. */
const CONNECTION_FAILURE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|terminat|timeout|Connection|connect|shutting down|starting up/i;

export function openReadRouter(
  primary: DbHandle,
  replicaUrl: string,
  opts: Omit<DbOptions, 'databaseUrl' | 'sqliteFile'> & { maxLagMs: number },
): ReadRouter {
  if (!primary.pool) throw new Error('DATABASE_READ_URL needs DATABASE_URL to be a PostgreSQL database');
  /**
   * The replica's pool, its Kysely for the checks and its driver for the reads. Made anew when the replica
   * fails: connections idle in the pool across a partition would each hold a later read for its whole query
   * bound (no TCP keepalive notices a silent peer that soon); the old pool is ended in the background.
   */
  const openSide = () => {
    const pool = openPgPool(replicaUrl, { ...opts, applicationName: opts.applicationName ?? 'simshop-read' });
    const driver = new PostgresDriver({ pool });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      driver,
      ready: driver.init(),
    };
  };
  let side = openSide();
  const replaced: Promise<void>[] = [];
  const down = (err: unknown) => {
    state = 'down';
    error = (err as Error).message;
    lastCheck = Date.now();
    if (!CONNECTION_FAILURE.test(error ?? '')) return;
    const old = side;
    side = openSide();
    replaced.push(old.db.destroy().catch(() => undefined));
  };
  const main = new PostgresDriver({ pool: primary.pool });

  let state: ReplicaState = 'unchecked';
  let lagMs: number | null = null;
  let error: string | undefined;
  /** The replica holds every commit made before this instant (this process's clock). */
  let asOf = 0;
  let lastWrite = 0;
  let checking: Promise<void> | null = null;
  let lastCheck = 0;
  const reads = { replica: 0, primary: 0 };
  let fallbacks = 0;

  const runCheck = async () => {
    const started = Date.now();
    let flushed: string;
    try {
      const { rows } = await sql<{ at: string }>`select pg_current_wal_flush_lsn()::text as at`.execute(
        primary.db,
      );
      flushed = rows[0]!.at;
    } catch {
      // the primary does not answer: nothing is learnt about the replica (and no read is served anyway)
      lastCheck = Date.now();
      return;
    }
    try {
      const { rows: r } = await sql<{ standby: boolean; replayed: string | null; behind_ms: number | null }>`
        select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
               (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as behind_ms
      `.execute(side.db);
      const row = r[0]!;
      error = undefined;
      if (!row.standby || row.replayed === null) {
        // a promoted or plain server has its own history from here on: never read in place of the primary
        state = 'not a standby';
        lagMs = null;
        return;
      }
      if (lsn(row.replayed) >= lsn(flushed)) {
        asOf = Math.max(asOf, started);
        lagMs = 0;
      } else if (row.behind_ms !== null) {
        lagMs = Math.max(0, Math.round(row.behind_ms));
        asOf = Math.max(asOf, Date.now() - lagMs);
      } else lagMs = null;
      state = lagMs !== null && lagMs <= opts.maxLagMs ? 'ok' : 'lagging';
    } catch (err) {
      down(err);
    } finally {
      lastCheck = Date.now();
    }
  };
  const check = () => (checking ??= runCheck().finally(() => (checking = null)));

  /**
   * Whether this read may go to the replica; starts a check when the knowledge is getting old (at half the
   * bound) or a write is not known to be there yet, at most every tenth of the bound (so steady writes cost
   * ten checks a second, not one per read); a replica found down or lagging is tried again every bound.
   */
  const useReplica = () => {
    const now = Date.now();
    const fresh = now - asOf <= opts.maxLagMs && asOf >= lastWrite;
    const due =
      state === 'ok'
        ? (now - asOf > opts.maxLagMs / 2 || asOf < lastWrite) && now - lastCheck >= opts.maxLagMs / 10
        : now - lastCheck >= opts.maxLagMs;
    if (due && !checking) void check();
    return state === 'ok' && fresh;
  };

  const onPrimary = async <R>(q: CompiledQuery): Promise<QueryResult<R>> => {
    reads.primary += 1;
    const conn = await main.acquireConnection();
    try {
      return await conn.executeQuery<R>(q);
    } finally {
      await main.releaseConnection(conn as never);
    }
  };

  const routed: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      // a write sent here by mistake would fail on the replica and then succeed on the primary unnoticed
      if (!SelectQueryNode.is(q.query) && !(q.query.kind === 'RawNode' && /^\s*select\b/i.test(q.sql)))
        throw new Error('read replica handle: only reads');
      if (!useReplica()) return onPrimary<R>(q);
      let conn: DatabaseConnection | undefined;
      const s = side;
      try {
        await s.ready;
        conn = await s.driver.acquireConnection();
        const out = await conn.executeQuery<R>(q);
        reads.replica += 1;
        return out;
      } catch (err) {
        // the primary answers this read; the replica is out until a check finds it back
        fallbacks += 1;
        // a query's own failure (a conflict with recovery, a bad value) leaves the replica in
        if (CONNECTION_FAILURE.test((err as Error).message ?? '') && s === side) down(err);
        return onPrimary<R>(q);
      } finally {
        if (conn) await s.driver.releaseConnection(conn as never);
      }
    },
    streamQuery() {
      throw new Error('read replica handle: no streaming');
    },
  };

  const noTransactions = async () => {
    throw new Error('read replica handle: no transactions (use the primary)');
  };
  const driver: Driver = {
    // Kysely initialises its driver before the first query; ours wraps the two pools' drivers
    init: async () => main.init(),
    acquireConnection: async () => routed,
    releaseConnection: async () => undefined,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    // the pools are closed by `close()` and by the primary's handle
    destroy: async () => undefined,
  };
  const base = new PostgresDialect({ pool: primary.pool });
  const reader = new Kysely<Database>({
    dialect: {
      createDriver: () => driver,
      createAdapter: () => base.createAdapter(),
      createQueryCompiler: () => base.createQueryCompiler(),
      createIntrospector: (db) => base.createIntrospector(db),
    },
  });

  const status = (): ReplicaStatus => ({
    state,
    lagMs,
    reads: { ...reads },
    fallbacks,
    ...(error ? { error } : {}),
  });
  return {
    reads: reader,
    sawWrite: () => {
      lastWrite = Date.now();
    },
    async check(withinMs) {
      await Promise.race([check(), new Promise((r) => setTimeout(r, withinMs).unref())]);
      return status();
    },
    status,
    close: async () => {
      await checking?.catch(() => undefined);
      await side.db.destroy();
      // a pool ended after a failure may never finish (its peer silent): not waited for past a moment
      await Promise.race([Promise.all(replaced), new Promise((r) => setTimeout(r, 100).unref())]);
    },
  };
}
