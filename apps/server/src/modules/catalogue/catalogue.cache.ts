import type { AppContext } from '../../context';
import { eventBusInvalidation, ResponseCache } from '../../platform/answer-cache';

const CHANNEL = 'simshop:catalogue:invalidate';

/** How long a cached answer lives at most: bounds staleness of what no write announces (sales counts, other instances without Redis). */
export const CATALOGUE_CACHE_TTL_MS = 30_000;
/** However many different searches are asked. */
const LIMITS = { ttlMs: CATALOGUE_CACHE_TTL_MS, maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 };

/** The tag of everything cached about one goods (its info, specs, reviews and summary). */
export const goodsTag = (goodsId: number) => `goods:${goodsId}`;

const caches = new WeakMap<AppContext, ResponseCache>();
/** The catalogue cache of this server instance, joined to the other instances' through the app's event bus. */
export function catalogueCache(ctx: AppContext): ResponseCache {
  let c = caches.get(ctx);
  if (!c) {
    caches.set(ctx, (c = new ResponseCache(LIMITS)));
    // what was dropped changed in the database: reads go to the primary until the replica has it too
    const replica = ctx.replica;
    if (replica) c.onDrop = () => replica.sawWrite();
    ctx.telemetry.watchCache('catalogue', c);
    // one instance (in-process bus): nothing to tell; the bus closes with the app
    if (ctx.events.kind !== 'memory') c.attach(eventBusInvalidation(ctx.events, CHANNEL));
  }
  return c;
}

/** Call after any change to goods, specs, types, sale types, banners or keywords: every catalogue answer is rebuilt. */
export const invalidateCatalogue = (ctx: AppContext) => catalogueCache(ctx).invalidate();
/** Call after a change that concerns one goods only (stock taken by an order, a review): its detail and reviews are rebuilt. */
export const invalidateGoods = (ctx: AppContext, goodsId: number) =>
  catalogueCache(ctx).invalidate([goodsTag(goodsId)]);
