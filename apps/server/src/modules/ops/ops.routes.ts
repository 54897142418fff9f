import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { createMetrics, type Metrics } from './ops.metrics';
import { readiness } from './ops.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with METRICS_TOKEN, a caller presenting it as a bearer token; without, in
 * production only a caller on this machine that no proxy relayed (no X-Forwarded-For), in the demo anyone.
 */
export function mayScrape(ctx: AppContext, req: FastifyRequest): boolean {
  const token = ctx.config.metricsToken;
  if (token) return req.headers.authorization === `Bearer ${token}`;
  if (ctx.config.demo) return true;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined;
}

const metricsOf = new WeakMap<AppContext, Metrics>();

/**
 * Reads the shop-wide figures of /metrics now, as their scheduled job does every 15 s (tests, which run no
 * job timer, call it before a scrape).
 */
export async function refreshFigures(ctx: AppContext): Promise<void> {
  await metricsOf.get(ctx)?.refresh();
}

/**
 * The operations endpoints outside the API envelope, as probes and Prometheus expect them:
 * GET /health (the process answers), GET /ready (the database answers, 503 otherwise; Redis reported as
 * degraded, not as unready), GET /metrics (never waits on the database).
 */
export function registerOps(app: FastifyInstance, ctx: AppContext) {
  const metrics = createMetrics(ctx);
  metricsOf.set(ctx, metrics);
  app.addHook('onResponse', (req, reply, done) => {
    // the routed URL: one series per route, whatever ids the raw URL carries; unmatched calls share one
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const hidden = { schema: { hide: true }, config: { rateLimit: false } } as const;
  app.get('/health', hidden, async () => ({ status: 'ok' }));
  app.get('/ready', hidden, async (_req, reply) => {
    const r = await readiness(ctx);
    return reply.status(r.ready ? 200 : 503).send(r);
  });
  app.get('/metrics', hidden, async (req, reply) => {
    if (!mayScrape(ctx, req)) return reply.status(404).send({ code: 1002, data: null, message: 'not found' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
