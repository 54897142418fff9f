import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { EventBus } from './events';
import { keepForms } from './compression';
import { ok } from './http';

/** Carries invalidations between server instances (Redis pub/sub when REDIS_URL is set). */
export type InvalidationBus = {
  publish(tags: string[] | null): void;
  /** `tags` null: everything. */
  onMessage(handler: (tags: string[] | null) => void): void;
  close(): Promise<void>;
};

/**
 * How much a cache holds at most: entries, and bytes, each answer counting its UTF-8 length (its compressed
 * forms, made only when asked for, are a fifth of it or less each and come on top).
 */
export type CacheLimits = { ttlMs: number; maxEntries: number; maxBytes: number };

/**
 * A kept answer: its UTF-8 bytes (sending a kept string re-encoded it on every request: measuring and encoding
 * a text of Chinese was a sixth of a cached read's CPU, issue 14), and each compressed form the first time a
 * client asks for it (compressing the same answer again for every browser was most of a browser's read).
 */
export class CachedAnswer {
  constructor(readonly body: Buffer) {
    keepForms(body);
  }
}

type Entry = {
  answer: CachedAnswer;
  expires: number;
  generation: number;
  tags: string[];
  /** The tag-drop count when its load began: fresh while none of its tags was dropped after. */
  asOf: number;
};

/**
 * Serialised answers (success envelopes) by key, each kept at most `ttlMs`. `invalidate()` drops everything,
 * `invalidate([tag])` the entries read with that tag; a read that raced an invalidation answers fresh data
 * but is not kept. Used for the catalogue (keys of route, input and language) and for buyers' own reads
 * (keys carrying the buyer's revision, so a change is a new key).
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private inflight = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;
  /** Tag drops so far, and the count at each tag's latest drop. */
  private drops = 0;
  private droppedAt = new Map<string, number>();
  private bus: InvalidationBus | null = null;
  hits = 0;
  misses = 0;
  /** Told of every drop, here or from another instance (a read replica must then show the change). */
  onDrop?: () => void;

  constructor(private readonly limits: CacheLimits) {}

  /** Connects a bus: invalidations are published to it, and those of other instances applied here. */
  attach(bus: InvalidationBus) {
    this.bus = bus;
    bus.onMessage((tags) => this.drop(tags));
  }

  private droppedSince = (tags: string[], asOf: number) =>
    tags.some((tag) => (this.droppedAt.get(tag) ?? 0) > asOf);

  private remove(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.answer.body.length;
    this.entries.delete(key);
  }

  private fresh(e: Entry, at: number) {
    return at < e.expires && e.generation === this.generation && !this.droppedSince(e.tags, e.asOf);
  }

  /**
   * The envelope JSON for `key`, from the cache when fresh, else from `load` (one load per key at a time).
   * `load` returns the data (already valid for the route's schema) and may shorten the lifetime (`ttlMs`).
   */
  async read<D>(
    key: string,
    /** The answer's tags, or how to tell them from its data (known only once loaded). */
    tagsOf: string[] | ((data: D) => string[]),
    load: () => Promise<{ data: D; ttlMs?: number }>,
  ): Promise<CachedAnswer> {
    const at = Date.now();
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, at)) {
      this.hits += 1;
      return hit.answer;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    this.misses += 1;
    const generation = this.generation;
    const asOf = this.drops;
    const p = (async () => {
      const { data, ttlMs } = await load();
      const answer = new CachedAnswer(Buffer.from(JSON.stringify(ok(data))));
      const body = answer.body;
      const tags = typeof tagsOf === 'function' ? tagsOf(data) : tagsOf;
      const raced = generation !== this.generation || this.droppedSince(tags, asOf);
      if (!raced) {
        this.remove(key);
        while (
          this.entries.size > 0 &&
          (this.entries.size >= this.limits.maxEntries || this.bytes + body.length > this.limits.maxBytes)
        )
          this.remove(this.entries.keys().next().value!);
        const life = Math.max(0, Math.min(this.limits.ttlMs, ttlMs ?? this.limits.ttlMs));
        this.entries.set(key, { answer, expires: Date.now() + life, generation, tags, asOf });
        this.bytes += body.length;
      }
      return answer;
    })();
    this.inflight.set(key, p);
    try {
      return await p;
    } finally {
      if (this.inflight.get(key) === p) this.inflight.delete(key);
    }
  }

  /** Drops cached answers here and on every other instance: all of them (no tags) or those carrying a tag. */
  invalidate(tags?: string[]) {
    this.drop(tags ?? null);
    this.bus?.publish(tags ?? null);
  }

  /** Drops cached answers on this instance only (what a message from another instance does). */
  drop(tags: string[] | null) {
    this.onDrop?.();
    this.inflight.clear();
    if (tags === null) {
      this.generation += 1;
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    this.drops += 1;
    for (const tag of tags) this.droppedAt.set(tag, this.drops);
  }

  get size() {
    return this.entries.size;
  }
}

/** Invalidations over the app's event bus (platform/events): each instance applies those of the others. */
export function eventBusInvalidation(events: EventBus, channel: string): InvalidationBus {
  const off: (() => void)[] = [];
  return {
    publish: (tags) => events.publish(channel, { tags }),
    onMessage: (handler) =>
      void off.push(
        events.subscribe(channel, (payload, origin) => {
          if (origin === 'local') return; // already dropped here by invalidate()
          const tags = (payload as { tags?: unknown } | null)?.tags;
          handler(Array.isArray(tags) ? tags.map(String) : null);
        }),
      ),
    close: async () => off.forEach((f) => f()),
  };
}

/**
 * A kept answer goes out as it is: bytes skip the serializer and the text encoder, and the compression hook
 * sends a client that takes br or gzip the kept compressed form.
 */
export const sendAnswer = (reply: FastifyReply, answer: CachedAnswer) =>
  reply.type('application/json; charset=utf-8').send(answer.body);

const own = new WeakMap<AppContext, ResponseCache>();
/**
 * Buyers' own reads kept by this instance, under keys that carry what the answer depends on (the buyer, a
 * revision the database moves with every change, the language, the request): a change makes a new key, so
 * nothing is invalidated by hand and instances need not tell each other. Old keys age out. (The cart is
 * kept in the catalogue's cache instead: it also shows goods, and is dropped with them.)
 */
export function ownAnswers(ctx: AppContext): ResponseCache {
  let c = own.get(ctx);
  if (!c) {
    own.set(ctx, (c = new ResponseCache({ ttlMs: 60_000, maxEntries: 5_000, maxBytes: 16 * 1024 * 1024 })));
    ctx.telemetry.watchCache('own', c);
  }
  return c;
}
