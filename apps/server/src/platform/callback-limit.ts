import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from './errors';

/**
 * The budget of provider callbacks (payment notifications, the plan partner's webhook), apart from the
 * buyers' per-address API limit (issue 26, fault 8): a provider sends from a few addresses, and 60 WeChat
 * notifications at a limit of 50 were answered 429 ten times; 3,026 of 3,051 eSIM webhooks in a burst.
 *
 * Two layers:
 * - before verification, a generous cap per address (`CALLBACK_RATE_LIMIT_MAX` a minute, on the route's own
 *   bucket of @fastify/rate-limit, shared across instances with REDIS_URL): bounds the cost of a flood;
 * - after verification: only callbacks that fail the signature check count, `CALLBACK_REFUSED_MAX` a
 *   minute per address; past it, that address is answered 429 before its body is verified (cheap). A
 *   verified callback never consumes a budget, so the provider's own traffic is never refused by it.
 *
 * The refused counts are per instance (a forged flood spread over N instances gets N times the allowance,
 * each still bounded): they are a cost guard, not a security boundary, and need no Redis round trip.
 */
const WINDOW_MS = 60_000;
/** addresses remembered at most (oldest dropped first) */
const MAX_KEYS = 20_000;

export class RefusedCallbacks {
  private counts = new Map<string, { n: number; start: number }>();
  constructor(
    private max: number,
    private windowMs = WINDOW_MS,
  ) {}
  /** Whether this address used up its allowance of refused callbacks in the current window. */
  exhausted(key: string, now = Date.now()): boolean {
    const c = this.counts.get(key);
    return c !== undefined && c.start + this.windowMs > now && c.n >= this.max;
  }
  /** Counts one callback from this address that failed verification. */
  refused(key: string, now = Date.now()) {
    let c = this.counts.get(key);
    if (!c || c.start + this.windowMs <= now) c = { n: 0, start: now };
    c.n += 1;
    this.counts.delete(key);
    this.counts.set(key, c);
    if (this.counts.size > MAX_KEYS) this.counts.delete(this.counts.keys().next().value!);
  }
}

const guards = new WeakMap<AppContext, RefusedCallbacks>();
const guardOf = (ctx: AppContext) => {
  let g = guards.get(ctx);
  if (!g) guards.set(ctx, (g = new RefusedCallbacks(ctx.config.callbackRefusedMax)));
  return g;
};

/** Route options of a callback route: its own pre-verification bucket, not the buyers' per-address one. */
export const callbackRateLimit = (ctx: AppContext) => ({
  max: ctx.config.callbackRateLimitMax,
  timeWindow: '1 minute',
});

/**
 * Runs a callback handler under the refused-signature budget: refuses with 429 (RATE_LIMITED; providers
 * retry later) once the address is over it, before any verification; else runs `handle` and counts it when
 * `refused` says its signature did not verify (only that: an outage of ours must not use the provider's
 * allowance).
 */
export async function guardedCallback<T>(
  ctx: AppContext,
  req: FastifyRequest,
  handle: () => Promise<T>,
  refused: (res: T | undefined, err: unknown) => boolean,
): Promise<T> {
  const g = guardOf(ctx);
  if (g.exhausted(req.ip)) throw new AppError('RATE_LIMITED', {}, 429);
  let res: T;
  try {
    res = await handle();
  } catch (err) {
    if (refused(undefined, err)) g.refused(req.ip);
    throw err;
  }
  if (refused(res, undefined)) g.refused(req.ip);
  return res;
}
