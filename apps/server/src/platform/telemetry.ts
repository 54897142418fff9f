import { Counter, Histogram, Registry } from 'prom-client';

/**
 * This instance's counters that code outside the ops module moves (issue 26, "what an operator needs to
 * see"): payment callbacks by outcome and calls to the outside world (payment channels, the plan partner,
 * SMS, mail, WeChat) by outcome and latency. Kept in memory, exported by GET /metrics through the same
 * registry (modules/ops/ops.metrics.ts adds its own series to it); moving one never waits on anything.
 */
export function createTelemetry() {
  const registry = new Registry();
  const callbacks = new Counter({
    name: 'simshop_payment_callbacks_total',
    help:
      'Provider callbacks by channel, kind (notify, return, customer) and result: applied, partial, duplicate, ' +
      'late, surplus, mismatch, unknown_attempt, noop, refused (signature), error, unconfigured, refund_<state>, empty',
    labelNames: ['channel', 'kind', 'result'] as const,
    registers: [registry],
  });
  const providerLatency = new Histogram({
    name: 'simshop_provider_call_duration_seconds',
    help: 'Calls to the outside world (payment channels, plan partner, SMS, mail, WeChat) by provider, call and outcome',
    labelNames: ['provider', 'call', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'simshop_provider_call_errors_total',
    help: 'Calls to the outside world that failed (threw or rejected), by provider and call',
    labelNames: ['provider', 'call'] as const,
    registers: [registry],
  });
  const caches: { name: string; cache: { hits: number; misses: number } }[] = [];
  new Counter({
    name: 'simshop_answer_cache_lookups_total',
    help: 'Kept-answer lookups of this instance by cache (catalogue, own) and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { name, cache } of caches) {
        this.inc({ cache: name, result: 'hit' }, cache.hits);
        this.inc({ cache: name, result: 'miss' }, cache.misses);
      }
    },
  });
  return {
    registry,
    /** Exports a kept-answer cache's own hit and miss counts (read at the scrape: nothing on the hot path). */
    watchCache(name: string, cache: { hits: number; misses: number }) {
      caches.push({ name, cache });
    },
    /** One outcome of a provider callback, as kept in `payment_event.result`. */
    callback(channel: string, kind: string, result: string) {
      callbacks.inc({ channel, kind, result });
    },
    /** One call to a provider, ended after `seconds`. */
    providerCall(provider: string, call: string, seconds: number, ok: boolean) {
      providerLatency.observe({ provider, call, outcome: ok ? 'ok' : 'error' }, seconds);
      if (!ok) providerErrors.inc({ provider, call });
    },
  };
}
export type Telemetry = ReturnType<typeof createTelemetry>;

/**
 * Times every asynchronous method of a provider adapter (a call that returns a promise) into `telemetry`.
 * Synchronous members (helpers, constants) pass through untouched, and so do the names in `skip` (a
 * callback's verification is not a call out). The adapter itself is not changed.
 */
export function instrumentProvider<T extends object>(
  provider: T,
  name: string,
  telemetry: Telemetry,
  skip: readonly string[] = [],
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string' || skip.includes(key)) return value;
      const known = wrapped.get(key);
      if (known && (known as { original?: unknown }).original === value) return known;
      const fn = value as (...args: unknown[]) => unknown;
      const timed = Object.assign(
        function (this: unknown, ...args: unknown[]) {
          const started = performance.now();
          const result = fn.apply(this === receiver ? target : this, args);
          if (!(result instanceof Promise)) return result;
          const end = (ok: boolean) =>
            telemetry.providerCall(name, key, (performance.now() - started) / 1000, ok);
          return result.then(
            (v: unknown) => {
              end(true);
              return v;
            },
            (err: unknown) => {
              end(false);
              throw err;
            },
          );
        },
        { original: value },
      );
      wrapped.set(key, timed);
      return timed;
    },
  });
}
