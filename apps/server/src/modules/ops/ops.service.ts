import type { AppContext } from '../../context';
import { pingDb } from './ops.repository';
import type { ReplicaStatus } from '../../platform/read-replica';

const CHECK_MS = 2000;
/** Redis is only reported, never waited for long: a probe must answer within its own timeout (often 1 s). */
const REDIS_CHECK_MS = 500;
const within = <T>(p: Promise<T>, ms: number, late: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(late), ms).unref())]);

export type Readiness = {
  ready: boolean;
  /** ok; degraded: serving without Redis (limits per instance, events on this instance); not ready: no database. */
  status: 'ok' | 'degraded' | 'not ready';
  checks: {
    database: 'ok' | 'down';
    redis: 'ok' | 'down' | 'not configured';
    /**
     * The read replica (DATABASE_READ_URL), reported, never required: while it is not `ok` (down, lagging
     * past its bound, not a standby) the catalogue reads go to the primary and the instance is `degraded`.
     */
    replica?: ReplicaStatus['state'];
  };
  /** The replica's lag at its last check, in ms, when one is configured. */
  replicaLagMs?: number | null;
};

/**
 * Whether this instance can serve: the database answers. Redis is reported, not required (issue 26): without
 * it the shop keeps selling (orders, payments and jobs live in the database), so an instance whose Redis is
 * down is `degraded`, still ready; a balancer following /ready would otherwise remove the whole fleet.
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const [dbOk, redisOk, replica] = await Promise.all([
    within(
      pingDb(ctx.db).then(
        () => true,
        () => false,
      ),
      CHECK_MS,
      false,
    ),
    ctx.events.kind === 'redis' ? ctx.events.ping(REDIS_CHECK_MS) : Promise.resolve(null),
    ctx.replica ? ctx.replica.check(REDIS_CHECK_MS) : Promise.resolve(null),
  ]);
  const redis = redisOk === null ? 'not configured' : redisOk ? 'ok' : 'down';
  const degraded = redis === 'down' || (replica !== null && replica.state !== 'ok');
  return {
    ready: dbOk,
    status: !dbOk ? 'not ready' : degraded ? 'degraded' : 'ok',
    checks: { database: dbOk ? 'ok' : 'down', redis, ...(replica ? { replica: replica.state } : {}) },
    ...(replica ? { replicaLagMs: replica.lagMs } : {}),
  };
}
