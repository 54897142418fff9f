import type { AppContext } from '../../context';
import { pingDb } from './ops.repository';

const CHECK_MS = 2000;
/** Redis is only reported, never waited for long: a probe must answer within its own timeout (often 1 s). */
const REDIS_CHECK_MS = 500;
const within = <T>(p: Promise<T>, ms: number, late: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(late), ms).unref())]);

export type Readiness = {
  ready: boolean;
  /** ok; degraded: serving without Redis (limits per instance, events on this instance); not ready: no database. */
  status: 'ok' | 'degraded' | 'not ready';
  checks: { database: 'ok' | 'down'; redis: 'ok' | 'down' | 'not configured' };
};

/**
 * Whether this instance can serve: the database answers. Redis is reported, not required (issue 26): without
 * it the shop keeps selling (orders, payments and jobs live in the database), so an instance whose Redis is
 * down is `degraded`, still ready; a balancer following /ready would otherwise remove the whole fleet.
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const [dbOk, redisOk] = await Promise.all([
    within(
      pingDb(ctx.db).then(
        () => true,
        () => false,
      ),
      CHECK_MS,
      false,
    ),
    ctx.events.kind === 'redis' ? ctx.events.ping(REDIS_CHECK_MS) : Promise.resolve(null),
  ]);
  const redis = redisOk === null ? 'not configured' : redisOk ? 'ok' : 'down';
  return {
    ready: dbOk,
    status: !dbOk ? 'not ready' : redis === 'down' ? 'degraded' : 'ok',
    checks: { database: dbOk ? 'ok' : 'down', redis },
  };
}
