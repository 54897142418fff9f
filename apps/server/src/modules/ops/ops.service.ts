import type { AppContext } from '../../context';
import { pingDb } from './ops.repository';

const CHECK_MS = 2000;
const within = <T>(p: Promise<T>, ms: number, late: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(late), ms).unref())]);

export type Readiness = {
  ready: boolean;
  checks: { database: 'ok' | 'down'; redis: 'ok' | 'down' | 'not configured' };
};

/** Whether this instance can serve: the database answers, and Redis too when one is configured. */
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
    ctx.events.kind === 'redis' ? ctx.events.ping(CHECK_MS) : Promise.resolve(null),
  ]);
  const redis = redisOk === null ? 'not configured' : redisOk ? 'ok' : 'down';
  return {
    ready: dbOk && redisOk !== false,
    checks: { database: dbOk ? 'ok' : 'down', redis },
  };
}
