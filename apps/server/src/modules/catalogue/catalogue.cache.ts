import { SUCCESS_CODE } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { EventBus } from '../../platform/events';

const CHANNEL = 'simshop:catalogue:invalidate';

/** Carries invalidations between server instances (Redis pub/sub when REDIS_URL is set). */
export type InvalidationBus = {
  publish(tags: string[] | null): void;
  /** `tags` null: everything. */
  onMessage(handler: (tags: string[] | null) => void): void;
  close(): Promise<void>;
};

/** How long a cached answer lives at most: bounds staleness of what no write announces (sales counts, other instances without Redis). */
export const CATALOGUE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
/** Bounds memory however many different searches are asked (each answer counts its JSON length). */
const MAX_CHARS = 32 * 1024 * 1024;

type Entry = { json: string; expires: number; generation: number; tags: string[]; tagGenerations: number[] };

/**
 * Serialised catalogue answers keyed by (route, input, language). An operator write drops everything
 * (`invalidate()`); a stock change or a review of one goods drops that goods' entries only
 * (`invalidate(['goods:<id>'])`). A read that raced a write answers fresh data but is not kept.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private chars = 0;
  private inflight = new Map<string, Promise<string>>();
  private generation = 0;
  private tagGenerations = new Map<string, number>();
  private bus: InvalidationBus | null = null;
  hits = 0;
  misses = 0;

  constructor(private readonly ttlMs = CATALOGUE_CACHE_TTL_MS) {}

  /** Connects a bus: invalidations are published to it, and those of other instances applied here. */
  attach(bus: InvalidationBus) {
    this.bus = bus;
    bus.onMessage((tags) => this.drop(tags));
  }

  private tagGeneration = (tag: string) => this.tagGenerations.get(tag) ?? 0;

  private remove(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.chars -= e.json.length;
    this.entries.delete(key);
  }

  private fresh(e: Entry, at: number) {
    return (
      at < e.expires &&
      e.generation === this.generation &&
      e.tags.every((tag, i) => this.tagGeneration(tag) === e.tagGenerations[i])
    );
  }

  /**
   * The envelope JSON for `key`, from the cache when fresh, else from `load` (one load per key at a time).
   * `load` returns the data (already valid for the route's schema) and may shorten the lifetime (`ttlMs`).
   */
  async read(
    key: string,
    tags: string[],
    load: () => Promise<{ data: unknown; ttlMs?: number }>,
  ): Promise<string> {
    const at = Date.now();
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, at)) {
      this.hits += 1;
      return hit.json;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    this.misses += 1;
    const generation = this.generation;
    const tagGenerations = tags.map(this.tagGeneration);
    const p = (async () => {
      const { data, ttlMs } = await load();
      const json = `{"code":${SUCCESS_CODE},"data":${JSON.stringify(data)},"message":"success"}`;
      const raced =
        generation !== this.generation ||
        tags.some((tag, i) => this.tagGeneration(tag) !== tagGenerations[i]);
      if (!raced) {
        this.remove(key);
        while (
          this.entries.size > 0 &&
          (this.entries.size >= MAX_ENTRIES || this.chars + json.length > MAX_CHARS)
        )
          this.remove(this.entries.keys().next().value!);
        const life = Math.max(0, Math.min(this.ttlMs, ttlMs ?? this.ttlMs));
        this.entries.set(key, { json, expires: Date.now() + life, generation, tags, tagGenerations });
        this.chars += json.length;
      }
      return json;
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
    this.inflight.clear();
    if (tags === null) {
      this.generation += 1;
      this.entries.clear();
      this.chars = 0;
      return;
    }
    for (const tag of tags) this.tagGenerations.set(tag, this.tagGeneration(tag) + 1);
  }

  get size() {
    return this.entries.size;
  }
}

/** The tag of everything cached about one goods (its info, specs, reviews and summary). */
export const goodsTag = (goodsId: number) => `goods:${goodsId}`;

/** Invalidations over the app's event bus (platform/events): each instance applies those of the others. */
export function eventBusInvalidation(events: EventBus): InvalidationBus {
  const off: (() => void)[] = [];
  return {
    publish: (tags) => events.publish(CHANNEL, { tags }),
    onMessage: (handler) =>
      void off.push(
        events.subscribe(CHANNEL, (payload, origin) => {
          if (origin === 'local') return; // already dropped here by invalidate()
          const tags = (payload as { tags?: unknown } | null)?.tags;
          handler(Array.isArray(tags) ? tags.map(String) : null);
        }),
      ),
    close: async () => off.forEach((f) => f()),
  };
}

const caches = new WeakMap<AppContext, ResponseCache>();
/** The catalogue cache of this server instance, joined to the other instances' through the app's event bus. */
export function catalogueCache(ctx: AppContext): ResponseCache {
  let c = caches.get(ctx);
  if (!c) {
    caches.set(ctx, (c = new ResponseCache()));
    // one instance (in-process bus): nothing to tell; the bus closes with the app
    if (ctx.events.kind !== 'memory') c.attach(eventBusInvalidation(ctx.events));
  }
  return c;
}

/** Call after any change to goods, specs, types, sale types, banners or keywords: every catalogue answer is rebuilt. */
export const invalidateCatalogue = (ctx: AppContext) => catalogueCache(ctx).invalidate();
/** Call after a change that concerns one goods only (stock taken by an order, a review): its detail and reviews are rebuilt. */
export const invalidateGoods = (ctx: AppContext, goodsId: number) =>
  catalogueCache(ctx).invalidate([goodsTag(goodsId)]);
