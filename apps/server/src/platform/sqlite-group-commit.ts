import { setImmediate } from 'node:timers';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';

/**
 * Group commit for the one SQLite connection (issue 14).
 *
 * A commit is SQLite's largest single cost of a write: each transaction appends every page it touched to
 * the write-ahead log (an order create: about 21 pages, two system calls each) and, every thousand pages,
 * copies the log into the database and syncs it. Transactions run one at a time on the connection anyway;
 * here those that run in the same turn of the event loop share one commit. The first opens `BEGIN`; each
 * runs inside a savepoint of its own, released when it succeeds and rolled back when it fails (the others
 * keep their work); the shared `COMMIT` runs after that turn, at the release of a holder that outlasted it,
 * or at `GROUP_MAX_MEMBERS`. Pages the members share (the order table's last leaf, a spec's stock, the
 * buyer's counters) are written to the log once per group.
 *
 * Nothing is answered before it is durable: a member's `transaction().execute()`, and any query that ran
 * while the group was open (it may have read a member's writes), resolves only after the shared commit, and
 * rejects if that commit fails, so no caller acts on work that did not land. A lone transaction commits
 * after its own turn, with one savepoint more than before.
 *
 * Kysely's own SQLite driver still runs the statements and queues callers for the connection; this one
 * wraps it with the group's transaction statements.
 */

/** A group commits at the next release once it has this many members. */
export const GROUP_MAX_MEMBERS = 64;

type Group = {
  members: number;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
};

function openGroup(): Group {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // a group nobody waits on (a lone query's) must not report an unhandled rejection
  done.catch(() => undefined);
  return { members: 0, done, resolve, reject };
}

/**
 * The drivers of this process on each database file. A group holds SQLite's write lock across turns of the
 * event loop, and better-sqlite3 waits for a lock by blocking the thread: a second connection to the same
 * file in this process (two instances in one test process) would wait, up to the busy timeout, for a commit
 * that only this thread can run. So a statement first settles another driver's open group on its file.
 */
const driversOnFile = new Map<string, Set<GroupCommitDriver>>();

const groupLost = () => new Error('SQLite rolled back the shared transaction of a group commit');
const raw = (sql: string) => CompiledQuery.raw(sql);

class GroupCommitDriver implements Driver {
  readonly #inner: Driver;
  readonly #db: SqliteDatabase;
  readonly #inTransaction: () => boolean;
  /** Kysely's connection, its statements first settling another driver's group on the file. */
  #connection: DatabaseConnection | undefined;
  #held = false;
  #group: Group | null = null;
  /** The group the connection's current holder took part in (a member, or a query run inside it). */
  #joined: Group | null = null;
  #commitScheduled = false;
  /** The group's commit came while the connection was in use: its holder commits as it lets go. */
  #commitAtRelease = false;
  readonly #peers: Set<GroupCommitDriver> | null;

  constructor(inner: Driver, { db, inTransaction, file }: GroupCommitOptions) {
    this.#inner = inner;
    this.#db = db;
    this.#inTransaction = inTransaction;
    this.#peers = file ? (driversOnFile.get(file) ?? new Set()) : null;
    if (file && this.#peers) driversOnFile.set(file, this.#peers.add(this));
  }

  /** Another driver's open group on this file, settled before any statement here (at most one is open). */
  readonly #settlePeers = (): Promise<unknown> | null => {
    if (!this.#peers || this.#peers.size < 2) return null;
    for (const peer of this.#peers) if (peer !== this && peer.#group) return peer.#settle();
    return null;
  };

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    this.#held = true;
    this.#joined = this.#group;
    const connection: DatabaseConnection = (this.#connection ??= {
      executeQuery: (query) => {
        const wait = this.#settlePeers();
        // another group may have begun while this one waited: checked again
        return wait ? wait.then(() => connection.executeQuery(query)) : inner.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    });
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    if (!this.#group) {
      for (let wait = this.#settlePeers(); wait; wait = this.#settlePeers()) await wait;
      // the write lock from the start: a group that only read so far could not write once another process
      // (a second instance on the file) committed after its first read, nor could any later member. Run
      // here, not through the connection, so that the group is open as soon as its BEGIN has run.
      this.#db.prepare('begin immediate').run([]);
      this.#group = openGroup();
    }
    this.#joined = this.#group;
    await connection.executeQuery(raw('savepoint member'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(raw('release member'));
    this.#group!.members++;
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    // a failed member answers its own error, whatever becomes of the group
    this.#joined = null;
    // some errors (a full disk, an I/O error) end the whole transaction: the group's work is gone
    if (!this.#inTransaction()) return this.#fail(groupLost());
    await connection.executeQuery(raw('rollback to member'));
    await connection.executeQuery(raw('release member'));
  }

  async releaseConnection(connection: DatabaseConnection) {
    const joined = this.#joined;
    this.#joined = null;
    const group = this.#group;
    if (group && !this.#inTransaction()) this.#fail(groupLost());
    else if (group && (this.#commitAtRelease || group.members >= GROUP_MAX_MEMBERS)) this.#commit(group);
    else if (group && !this.#commitScheduled) {
      // the requests already read from their sockets run up to their own transaction in this turn of the
      // event loop: the group commits after them
      this.#commitScheduled = true;
      setImmediate(this.#commitLater);
    }
    this.#held = false;
    await this.#inner.releaseConnection(connection);
    if (joined) await joined.done;
  }

  readonly #commitLater = () => {
    this.#commitScheduled = false;
    void this.#settle();
  };

  #commit(group: Group) {
    this.#group = null;
    this.#commitAtRelease = false;
    try {
      this.#db.prepare('commit').run([]);
      group.resolve();
    } catch (err) {
      try {
        if (this.#inTransaction()) this.#db.prepare('rollback').run([]);
      } finally {
        group.reject(err);
      }
    }
  }

  /** Commits the open group now, or as its holder lets go of the connection; resolves when it has ended. */
  async #settle() {
    const group = this.#group;
    if (!group) return;
    if (this.#held) this.#commitAtRelease = true;
    else this.#commit(group);
    await group.done.catch(() => undefined);
  }

  #fail(err: unknown) {
    const group = this.#group;
    this.#group = null;
    this.#commitAtRelease = false;
    group?.reject(err);
  }

  async destroy() {
    if (this.#group && this.#inTransaction()) this.#commit(this.#group);
    this.#peers?.delete(this);
    await this.#inner.destroy();
  }
}

export type GroupCommitOptions = {
  /** The connection (with its statement cache). */
  db: SqliteDatabase;
  /** better-sqlite3's `inTransaction`: false once SQLite itself rolled back an open group. */
  inTransaction: () => boolean;
  /** The database file's resolved path; none for a database in memory (one connection only). */
  file?: string;
};

/** Kysely's SQLite dialect, its driver wrapped in the group-committing one above. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #options: GroupCommitOptions;
  constructor(options: GroupCommitOptions) {
    super({ database: options.db });
    this.#options = options;
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(super.createDriver(), this.#options);
  }
}
