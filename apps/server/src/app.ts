import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DbHandle } from './platform/db';
import { openReadRouter } from './platform/read-replica';
import { createTelemetry } from './platform/telemetry';
import { installEnvelope } from './platform/http';
import { installAnswerCompression } from './platform/compression';
import { installAuth } from './platform/auth';
import { installAudit } from './platform/audit';
import { createTokenService } from './platform/tokens';
import { firstScreenSource, registerModules } from './modules';
import { registerStatic } from './platform/static';
import { createFileStore } from './platform/storage';
import { buildProviders, type Providers } from './providers';
import { createInjectHttpClient } from './providers/payments/http-client';
import { loadSimKeys } from './providers/payments/sim-keys';
import { registerPaymentSimulators } from './providers/simulators';
import { loadEzPaySimState } from './providers/invoice/ezpay.demo';
import { createJobRunner } from './jobs/runner';
import { registerJobs } from './jobs';
import { registerOps } from './modules/ops';
import { buildEventBus } from './platform/events';
import { redisLimitStore } from './platform/limit-store';
import {
  DEFAULT_BODY_MAX,
  AccessLog,
  installBodyLimits,
  installSecurityHeaders,
  lazyChildLogger,
  loggerOptions,
} from './platform/security';
import websocket from '@fastify/websocket';

/** How long a closing app waits for job runs in progress before releasing their leases. */
const JOB_STOP_GRACE_MS = 5000;

/** Random bytes drawn a block at a time: one `randomBytes` call per 512 request ids, not one per request. */
let idPool = Buffer.alloc(0);
let idAt = 0;
function requestId(): string {
  if (idAt + 8 > idPool.length) {
    idPool = crypto.randomBytes(4096);
    idAt = 0;
  }
  idAt += 8;
  return idPool.toString('hex', idAt - 8, idAt);
}

/**
 * Builds the whole server on an open database; never listens. Used by main and by tests (which swap providers
 * through `overrides`). The job runner starts when the app is ready and stops, waiting for its runs, on close.
 */
export async function buildApp(
  config: Config,
  dbh: DbHandle,
  overrides: Partial<Providers> = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    childLoggerFactory: (logger, bindings, opts) => lazyChildLogger(logger, bindings, opts),
    // one access line per request, as it ends, not Fastify's two
    logController: new AccessLog(),
    genReqId: requestId,
    requestIdHeader: 'x-request-id',
    // only configured proxies: trusting every hop would let any client pick its own address
    // (a fresh rate-limit bucket and SMS cap per spoofed X-Forwarded-For)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: DEFAULT_BODY_MAX,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // set as the request comes in: every answer carries it, errors and 404s too (no onSend hook per answer)
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  // demo mode: every payment provider is a simulator in this app, reached in process through one client
  // (channels -> simulators -> our notify URLs); keys are kept in DATA_DIR so only the first start makes them
  const local = createInjectHttpClient(() => app);
  const simKeys = config.demo ? await loadSimKeys(config.dataDir) : undefined;
  // demo mode: the simulated ezPay keeps the tracks registered with it in DATA_DIR, as ezPay keeps them
  const invoiceSim = config.demo ? loadEzPaySimState(config.dataDir) : undefined;
  // the one event bus of this instance (Redis pub/sub with REDIS_URL): chat fan-out, cache invalidations
  const events = await buildEventBus(config, (err) => app.log.warn({ err }, 'event bus (redis)'));
  // catalogue reads from a streaming replica (DATABASE_READ_URL), with the primary's bounds and listeners
  const replica =
    config.databaseReadUrl !== undefined
      ? openReadRouter(dbh, config.databaseReadUrl, {
          maxLagMs: config.databaseReadMaxLagMs,
          pgSchema: dbh.schema,
          preparedStatements: config.databasePreparedStatements,
          sessionParameters: config.databaseSessionParameters,
          timeouts: config.databaseTimeouts,
          onConnectionError: (err) =>
            app.log.warn({ err }, 'read replica connection failed; the pool replaces it'),
        })
      : undefined;
  const telemetry = createTelemetry();
  const ctx: AppContext = {
    config,
    events,
    db: dbh.db,
    reads: replica?.reads ?? dbh.db,
    replica,
    engine: dbh.engine,
    tokens: createTokenService(dbh.db, events),
    files: createFileStore(config),
    providers: buildProviders(
      config,
      {
        db: dbh.db,
        inject: (url) => app.inject({ method: 'GET', url }),
        http: local,
        simKeys,
        telemetry,
        invoiceSim,
      },
      overrides,
    ),
    jobs: createJobRunner({
      db: dbh.db,
      pollMs: config.jobs.pollSeconds * 1000,
      leaseMs: config.jobs.leaseSeconds * 1000,
      log: { error: (obj, msg) => app.log.error(obj, msg) },
    }),
    routes: [],
    telemetry,
    dbStats: dbh.stats,
  };
  registerJobs(ctx);
  app.addHook('onReady', async () => ctx.jobs.start());
  // runs in progress (an order sweep, a refund) finish before close resolves and the caller closes the database
  // (at most 5 s: then its leases are released for another instance, within main's 10 s shutdown)
  app.addHook('onClose', async () => ctx.jobs.stop(JOB_STOP_GRACE_MS));
  app.addHook('onClose', async () => events.close());
  if (replica) app.addHook('onClose', async () => replica.close());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // the automatic twin of every GET
      ctx.routes.push({
        method,
        url: route.url,
        prefix: route.prefix,
        schema: route.schema as Record<string, unknown>,
      });
    }
  });

  installEnvelope(app);
  installBodyLimits(app);
  installSecurityHeaders(app, config);
  // every Redis command waits at most REDIS_COMMAND_TIMEOUT_MS: a Redis that accepts connections and never
  // answers must not hold requests (issue 26)
  const limitRedis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2000,
        commandTimeout: config.redisCommandTimeoutMs,
      })
    : undefined;
  limitRedis?.on('error', (err) => app.log.warn({ err }, 'rate limit store (redis)'));
  app.addHook('onClose', async () => limitRedis?.disconnect());
  const limitStore = limitRedis
    ? redisLimitStore(limitRedis, {
        onFallback: (err) => app.log.warn({ err }, 'rate limits count in process: Redis does not answer'),
      })
    : undefined;
  ctx.limits = limitStore?.state;
  // before compression: the audit hook reads the answer's envelope as the JSON text it is
  installAudit(app, ctx.db);
  installAnswerCompression(app);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // the API is limited; the web app's own files are not. Decided on the route that will answer, not
    // the raw URL: `/%61pi/...` is routed to the API too
    allowList: (req) => !(req.routeOptions.url ?? '').startsWith('/api/'),
    // shared across instances with REDIS_URL; while Redis does not answer (down, or silent: each command
    // bounded), limits count in process on each instance: documented in docs/operations.md
    ...(limitStore ? { store: limitStore.Store as never, skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'SimShop API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
    // named (recursive) schemas such as DictItem land in components.schemas
    transformObject: jsonSchemaTransformObject,
  });
  installAuth(app, ctx.tokens, ctx.db);
  registerOps(app, ctx);
  if (simKeys && invoiceSim)
    await registerPaymentSimulators(app, {
      publicUrl: config.publicUrl,
      wechatAppid: config.wechat.appId,
      keys: simKeys,
      http: local,
      invoiceSim,
    });
  // frames of at most 64 KB: a chat message is text or references (uploads, ids), never a file
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerModules(app, ctx);
  app.get('/api/swagger/json', { schema: { hide: true } }, async () => app.swagger());
  await registerStatic(app, config, ctx.files, firstScreenSource(ctx));
  return { app, ctx };
}
