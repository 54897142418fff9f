import type { Redis } from 'ioredis';

/**
 * The rate-limit store of @fastify/rate-limit when REDIS_URL is set: counts in Redis (shared by every
 * instance), and in process while Redis does not answer (issue 26). The plugin's own Redis store waited for
 * Redis on every request: a Redis that accepted connections and never answered (stopped, partitioned, its
 * event loop stuck) hung every /api request, and `skipOnError` never fired because nothing failed.
 *
 * Here every Redis call is bounded by the client's `commandTimeout`; the first failure switches the store to
 * counting in process for `retryMs`, after which one request probes Redis again (the others keep counting in
 * process until it answers). A probe that fails also drops the connection so a new one is opened: a silent
 * connection never recovers on its own. Limits so hold per instance during an outage instead of vanishing.
 */

// the plugin's own script (MIT, @fastify/rate-limit store/RedisStore.js): the same keys and semantics
const LUA = `
  local key = KEYS[1]
  local timeWindow = tonumber(ARGV[1])
  local max = tonumber(ARGV[2])
  local continueExceeding = ARGV[3] == 'true'
  local exponentialBackoff = ARGV[4] == 'true'
  local MAX_SAFE_INTEGER = (2^53) - 1
  local current = redis.call('INCR', key)
  if current == 1 or (continueExceeding and current > max) then
    redis.call('PEXPIRE', key, timeWindow)
  elseif exponentialBackoff and current > max then
    local backoffExponent = current - max - 1
    timeWindow = math.min(timeWindow * (2 ^ backoffExponent), MAX_SAFE_INTEGER)
    redis.call('PEXPIRE', key, timeWindow)
  else
    timeWindow = redis.call('PTTL', key)
  end
  return {current, timeWindow}
`;

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;
type Params = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type RouteParams = Params & { routeInfo: { method: string; url: string } };
type LimitRedis = Redis & {
  simshopRateLimit(
    key: string,
    window: number,
    max: number,
    ce: boolean,
    eb: boolean,
  ): Promise<[number, number]>;
};

/** Keys counted in process at most (oldest dropped first): an outage must not grow memory without end. */
const LOCAL_MAX = 20_000;

/** In-process counting with the plugin's semantics (fixed window from the first request). */
class LocalCounts {
  private counts = new Map<string, { current: number; start: number; ttl: number }>();
  constructor(private params: Params) {}
  incr(key: string, timeWindow: number, max: number): Counted {
    const now = Date.now();
    let c = this.counts.get(key);
    if (!c || c.start + c.ttl <= now) {
      c = { current: 1, start: now, ttl: timeWindow };
    } else {
      c.current += 1;
      if (this.params.continueExceeding && c.current > max) {
        c.start = now;
        c.ttl = timeWindow;
      } else if (this.params.exponentialBackoff && c.current > max) {
        const ttl = timeWindow * 2 ** (c.current - max - 1);
        c.start = now;
        c.ttl = Number.isSafeInteger(ttl) ? ttl : Number.MAX_SAFE_INTEGER;
      }
    }
    this.counts.delete(key);
    this.counts.set(key, c);
    if (this.counts.size > LOCAL_MAX) this.counts.delete(this.counts.keys().next().value!);
    return { current: c.current, ttl: Math.max(0, c.start + c.ttl - now) };
  }
}

export type LimitStoreState = { mode: 'redis' | 'local'; fallbacks: number };

/**
 * The store class to hand to @fastify/rate-limit (`store`), sharing one Redis client and one outage state
 * across the global limit and every route's own; `state()` tells which one counts now.
 */
export function redisLimitStore(
  redis: Redis,
  opts: { retryMs?: number; onFallback?: (err: unknown) => void; prefix?: string } = {},
) {
  const retryMs = opts.retryMs ?? 5000;
  const r = redis as LimitRedis;
  if (!(r as { simshopRateLimit?: unknown }).simshopRateLimit)
    r.defineCommand('simshopRateLimit', { numberOfKeys: 1, lua: LUA });
  const outage = { until: 0, probing: false, fallbacks: 0 };

  class Store {
    private local: LocalCounts;
    constructor(
      private params: Params,
      private prefix = opts.prefix ?? 'fastify-rate-limit-',
    ) {
      this.local = new LocalCounts(params);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      const now = Date.now();
      const down = now < outage.until;
      if (down || (outage.until > 0 && outage.probing)) {
        cb(null, this.local.incr(key, timeWindow, max));
        return;
      }
      const probe = outage.until > 0;
      if (probe) outage.probing = true;
      r.simshopRateLimit(
        this.prefix + key,
        timeWindow,
        max,
        Boolean(this.params.continueExceeding),
        Boolean(this.params.exponentialBackoff),
      ).then(
        ([current, ttl]) => {
          if (probe) {
            outage.until = 0;
            outage.probing = false;
          }
          cb(null, { current: Number(current), ttl: Number(ttl) });
        },
        (err: unknown) => {
          const first = outage.until === 0;
          outage.until = Date.now() + retryMs;
          outage.probing = false;
          outage.fallbacks += 1;
          if (first) opts.onFallback?.(err);
          // a connection that stays silent never recovers by itself: open a new one (ioredis reconnects)
          if (r.status === 'ready' || r.status === 'connect') r.disconnect(true);
          cb(null, this.local.incr(key, timeWindow, max));
        },
      );
    }
    child(route: RouteParams) {
      return new Store(route, `${this.prefix}${route.routeInfo.method}${route.routeInfo.url}-`);
    }
  }
  return {
    Store,
    state: (): LimitStoreState => ({
      mode: Date.now() < outage.until || outage.probing ? 'local' : 'redis',
      fallbacks: outage.fallbacks,
    }),
  };
}
