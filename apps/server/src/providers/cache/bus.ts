import crypto from 'node:crypto';

const CHANNEL = 'simshop:catalogue:invalidate';

/** Carries cache invalidations between server instances (Redis pub/sub when REDIS_URL is set). */
export type InvalidationBus = {
  publish(tags: string[] | null): void;
  /** `tags` null: everything. */
  onMessage(handler: (tags: string[] | null) => void): void;
  close(): Promise<void>;
};

/**
 * A Redis pub/sub bus; each instance ignores its own messages. Built with the app's providers: the client is
 * loaded and connects in the background, so a Redis that is down never holds the server's start.
 */
export function createRedisBus(url: string): InvalidationBus {
  const self = crypto.randomBytes(8).toString('hex');
  const handlers: ((tags: string[] | null) => void)[] = [];
  const conn = import('ioredis').then(({ Redis }) => {
    const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    // a lost connection must not crash the server; ioredis reconnects by itself
    pub.on('error', () => undefined);
    sub.on('error', () => undefined);
    // not awaited: ioredis subscribes once it connects
    void sub.subscribe(CHANNEL).catch(() => undefined);
    sub.on('message', (_channel: string, message: string) => {
      try {
        const m = JSON.parse(message) as { from: string; tags: string[] | null };
        if (m.from === self) return;
        for (const h of handlers) h(Array.isArray(m.tags) ? m.tags.map(String) : null);
      } catch {
        /* not ours */
      }
    });
    return { pub, sub };
  });
  return {
    publish: (tags) =>
      void conn
        .then(({ pub }) => pub.publish(CHANNEL, JSON.stringify({ from: self, tags })))
        .catch(() => undefined),
    onMessage: (h) => void handlers.push(h),
    close: async () => {
      const { pub, sub } = await conn;
      sub.disconnect();
      pub.disconnect();
    },
  };
}
