import type { Config } from './config';
import type { Db, DbStats, Engine } from './platform/db';
import type { TokenService } from './platform/tokens';
import type { Providers } from './providers';
import type { JobRunner } from './jobs/runner';
import type { EventBus } from './platform/events';
import type { LimitStoreState } from './platform/limit-store';
import type { FileStore } from './platform/storage';
import type { ReadRouter } from './platform/read-replica';
import type { Telemetry } from './platform/telemetry';

/** What every module is built from; created once in buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  /**
   * The public catalogue reads' handle (single SELECTs, never in a transaction): a streaming replica with
   * DATABASE_READ_URL while it is current (platform/read-replica), else the same as `db`.
   */
  reads: Db;
  /** The read replica's router, when DATABASE_READ_URL is set (its state for /ready and /metrics). */
  replica?: ReadRouter;
  engine: Engine;
  tokens: TokenService;
  /** Adapters to the outside world (SMS, e-mail, WeChat, payment channels, plan partner), from buildProviders; tests swap them. */
  providers: Providers;
  /** The app's event bus (in process, or Redis pub/sub with REDIS_URL): fan-out to every instance. */
  events: EventBus;
  /** Where uploads and private files are kept (STORAGE: this disk, or S3 shared by every instance). */
  files: FileStore;
  /** The job runner: enqueue retried jobs with `enqueueJob(trx, ...)`, attempt one now with `jobs.runJob(id)`. */
  jobs: JobRunner;
  /** Which store counts rate limits now (with REDIS_URL): Redis, or this process while Redis does not answer. */
  limits?: () => LimitStoreState;
  /** PostgreSQL: the pool's state and failed queries, from memory (GET /metrics); none on SQLite. */
  dbStats?: () => DbStats;
  /** This instance's counters moved outside the ops module (payment callbacks, provider calls): GET /metrics. */
  telemetry: Telemetry;
  /** Every route as registered (filled by an onRoute hook in buildApp; complete once the app is ready). */
  routes: RegisteredRoute[];
};

export type RegisteredRoute = {
  method: string;
  url: string;
  /** The module prefix, e.g. `/api/app/user/info`. */
  prefix: string;
  schema?: Record<string, unknown>;
};
