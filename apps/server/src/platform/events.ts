import crypto from 'node:crypto';

/** Where an event came from: this instance, or another one through Redis. */
export type EventOrigin = 'local' | 'remote';
export type EventHandler = (payload: unknown, origin: EventOrigin) => void;

/**
 * The app's event bus: fan-out of small JSON events to every server instance (chat messages and read
 * receipts to the sockets each instance holds, cache invalidations). Delivery is at most once and
 * best-effort: anything that must not be lost is in the database first, and clients catch up from there.
 */
export type EventBus = {
  /** Delivers `payload` to the subscribers of `topic` here (synchronously) and on every other instance. */
  publish(topic: string, payload: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /** 'memory' or 'redis'. */
  readonly kind: 'memory' | 'redis';
  /** Whether the bus's backend answers within `ms` (always true in process). */
  ping(ms?: number): Promise<boolean>;
  /** Whether the backend answered its last check (the watchdog's, every few seconds): never waits. */
  healthy(): boolean;
  close(): Promise<void>;
};

class LocalFanout {
  private handlers = new Map<string, Set<EventHandler>>();
  subscribe(topic: string, handler: EventHandler) {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  }
  deliver(topic: string, payload: unknown, origin: EventOrigin) {
    for (const h of [...(this.handlers.get(topic) ?? [])]) {
      try {
        h(payload, origin);
      } catch {
        /* one subscriber's fault must not stop the others */
      }
    }
  }
}

/** One instance only: events reach this process's subscribers. The default without REDIS_URL. */
export function createMemoryBus(): EventBus {
  const fan = new LocalFanout();
  return {
    kind: 'memory',
    publish: (topic, payload) => fan.deliver(topic, payload, 'local'),
    subscribe: (topic, handler) => fan.subscribe(topic, handler),
    ping: async () => true,
    healthy: () => true,
    close: async () => undefined,
  };
}

export const EVENT_CHANNEL = 'simshop:events';
/**
 * Redis pub/sub ignores the database number: two shops on one Redis (db 1 and db 2 of REDIS_URL) would hear
 * each other's events (chat message ids, cache tags). The channel names the database so each shop hears its own.
 */
export const eventChannel = (db: number | undefined) => `${EVENT_CHANNEL}:${db ?? 0}`;

/**
 * Redis pub/sub on one channel: local subscribers get each event at once, other instances through Redis
 * (each ignores its own echo). Start waits at most `readyMs` for the subscription, so a Redis that is down
 * does not hold the server; ioredis reconnects and resubscribes by itself.
 */
export async function createRedisBus(
  url: string,
  opts: { readyMs?: number; log?: (err: unknown) => void; commandTimeoutMs?: number; watchMs?: number } = {},
): Promise<EventBus> {
  const { Redis } = await import('ioredis');
  // every command bounded (issue 26): a Redis that stops answering without closing must not pile up waits
  const commandTimeout = opts.commandTimeoutMs ?? 300;
  const pub = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout });
  const sub = pub.duplicate();
  const channel = eventChannel(pub.options.db);
  const self = crypto.randomBytes(8).toString('hex');
  const fan = new LocalFanout();
  const log = opts.log ?? (() => undefined);
  pub.on('error', log);
  sub.on('error', log);
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let m: { from?: unknown; topic?: unknown; payload?: unknown };
    try {
      m = JSON.parse(message) as typeof m;
    } catch {
      return;
    }
    if (m.from === self || typeof m.topic !== 'string') return;
    fan.deliver(m.topic, m.payload, 'remote');
  });
  const subscribed = sub.subscribe(channel).catch(log);
  await Promise.race([subscribed, new Promise((r) => setTimeout(r, opts.readyMs ?? 3000).unref())]);
  const answers = async (client: typeof pub, ms: number) => {
    // a Redis that is down leaves the command queued while ioredis reconnects: answer "no" on time
    const timeout = new Promise<false>((r) => setTimeout(() => r(false), ms).unref());
    const pong = client.ping().then(
      (v) => v === 'PONG' || (Array.isArray(v) && v[0] === 'pong'),
      () => false,
    );
    return Promise.race([pong, timeout]);
  };
  // the watchdog: both connections answer a PING every few seconds, or are dropped and opened anew (ioredis
  // reconnects and resubscribes). A connection Redis stopped answering on stays open and silent for good,
  // and the subscriber would never hear another instance again.
  let healthy = true;
  const watch = setInterval(() => {
    void Promise.all([answers(pub, 1000), answers(sub, 1000)]).then(([p, s]) => {
      healthy = p && s;
      for (const [ok, client] of [
        [p, pub],
        [s, sub],
      ] as const)
        if (!ok && (client.status === 'ready' || client.status === 'connect')) client.disconnect(true);
    });
  }, opts.watchMs ?? 3000);
  watch.unref();
  return {
    kind: 'redis',
    publish(topic, payload) {
      // local subscribers first and always: while Redis is away, events stay on this instance
      fan.deliver(topic, payload, 'local');
      pub.publish(channel, JSON.stringify({ from: self, topic, payload })).catch(log);
    },
    subscribe: (topic, handler) => fan.subscribe(topic, handler),
    ping: (ms = 1000) => answers(pub, ms),
    healthy: () => healthy,
    close: async () => {
      clearInterval(watch);
      // QUIT lets commands already sent be answered first: ioredis's own resubscribe after a reconnect has no
      // handler of ours, and a bare disconnect would reject it unhandled. A silent Redis gets half a second.
      const quit = (c: typeof pub) =>
        Promise.race([
          c.quit().catch(() => undefined),
          new Promise((r) => setTimeout(r, 500).unref()),
        ]).finally(() => c.disconnect());
      await Promise.all([quit(sub), quit(pub)]);
    },
  };
}

/** The one place the bus is chosen: Redis when REDIS_URL is set, else in process. */
export async function buildEventBus(
  config: { redisUrl?: string | null; redisCommandTimeoutMs?: number },
  log?: (err: unknown) => void,
): Promise<EventBus> {
  return config.redisUrl
    ? createRedisBus(config.redisUrl, { log, commandTimeoutMs: config.redisCommandTimeoutMs })
    : createMemoryBus();
}
