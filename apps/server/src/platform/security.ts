import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Config } from '../config';

/** Where the TapPay web SDK and its card-field frames come from in production. */
const TAPPAY_ORIGINS = ['https://js.tappaysdk.com', 'https://*.tappaysdk.com'];
/** Google's pay.js and its sheet, which TapPay's Google Pay runs on (only while Google Pay is offered). */
const GOOGLE_PAY_ORIGINS = ['https://pay.google.com'];
/** Providers the browser is sent to by an auto-submitted form (NewebPay MPG, Alipay page pay). */
const FORM_TARGETS = ['https://*.newebpay.com', 'https://*.alipay.com', 'https://*.alipaydev.com'];

/**
 * The Content-Security-Policy of the web app (buyer pages and the operator console): scripts only from this
 * origin (the Vite build has no inline script) and the TapPay SDK; styles may be inline (antd-mobile sets
 * style attributes); no plugins, no framing by other sites, forms only to us and the payment gateways.
 */
export function contentSecurityPolicy(config: Config) {
  const origin = new URL(config.publicUrl).origin;
  const wsOrigin = origin.replace(/^http/, 'ws');
  const pay = [
    ...TAPPAY_ORIGINS,
    ...(config.wallets.offered.includes('google_pay') ? GOOGLE_PAY_ORIGINS : []),
  ];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", origin, ...pay],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", origin, wsOrigin, ...pay],
      frameSrc: ["'self'", ...pay],
      formAction: ["'self'", origin, ...FORM_TARGETS],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      ...(origin.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The headers helmet sets for `options`, worked out once: helmet rebuilds and re-parses its whole policy on
 * every call (@fastify/helmet calls it per request, a tenth of a cached catalogue read under load, issue 14).
 * Our options hold only fixed strings, so every answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err as Error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * The policy of an API answer (JSON, never rendered as a document): nothing may load or frame it (OWASP's REST
 * security headers). A tenth of the length of the pages' policy, on every API call.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer, set when the request comes in (so error and 404 answers carry them too).
 * Pages and files (helmet): the web app's CSP, nosniff, frame denial, referrer policy, cross-origin policies,
 * HSTS when served over https. API calls (routed under `/api/`, by the route that answers or the URL asked): the API policy, nosniff, frame denial, referrer policy, cross-origin resource policy and HSTS; the
 * rest of helmet's set only means something to a document. The demo's simulated provider pages under /dev/ (a
 * payment cashier, a WeChat sign-in) stand in for other sites, which set their own policy: they are left
 * without our CSP.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const all = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: contentSecurityPolicy(config),
      strictTransportSecurity: config.publicUrl.startsWith('https:')
        ? { maxAge: 15552000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // the SDK frames and provider pages that open us back must keep working
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  const withoutCsp = all.filter(([name]) => name !== 'content-security-policy');
  const API_KEEPS = [
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ];
  const api: Record<string, string> = Object.fromEntries([
    ['content-security-policy', API_CSP],
    ['x-frame-options', 'DENY'],
    ...all.filter(([name]) => API_KEEPS.includes(name)),
  ]);
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.routeOptions.url ?? '').startsWith('/api/') || req.url.startsWith('/api/')) {
      // with Fastify's own headers: a header set on the raw answer sends Node's writeHead down its slow path,
      // setting every one of Fastify's headers again (11-17% of a cached catalogue read's throughput, issue 14)
      reply.headers(api);
      return done();
    }
    const set = config.demo && req.url.startsWith('/dev/') ? withoutCsp : all;
    // files and pages: on the raw answer, like helmet itself, so a route's own policy (uploads, the console)
    // still overrides it
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });
}

/** Largest JSON body a buyer call takes; operator calls keep the app-wide 1 MiB, uploads their own cap. */
export const APP_JSON_BODY_MAX = 256 * 1024;
export const DEFAULT_BODY_MAX = 1024 * 1024;

/**
 * Request bodies capped by route class: buyer API calls (`/api/app/...`) at APP_JSON_BODY_MAX, everything
 * else at DEFAULT_BODY_MAX (Fastify's bodyLimit); multipart uploads are capped per file by the upload
 * parser (UPLOAD_MAX_BYTES) and chat frames by the socket (64 KiB). Registered before any route.
 */
export function installBodyLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.url.startsWith('/api/app/'))
      route.bodyLimit = APP_JSON_BODY_MAX;
  });
}

/**
 * What the logs never hold: credentials in headers, and token, password, code and eSIM activation fields in the first
 * LOG_SCRUB_DEPTH levels of a logged object (request bodies, provider answers), and any `LPA:` activation code there, replaced with "[redacted]".
 */
export const LOG_SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'sec-websocket-protocol',
  'token',
  'refreshToken',
  'password',
  'newPassword',
  'oldPassword',
  'code',
  'secret',
  'prime',
  // an eSIM's activation data installs it once: a secret like a password (issue 27)
  'activationCode',
  'activation_code',
  'activation',
  'activation_enc',
  'activationEnc',
  'matchingId',
  'matching_id',
  'confirmationCode',
  'confirmation_code',
  'appleInstallUrl',
  'held_sims',
]);
const LOG_SCRUB_DEPTH = 4;
const CENSOR = '[redacted]';

/** An eSIM activation code (`LPA:1$...`) or the iOS install link that carries one, under any key. */
const isActivationCode = (s: string) => s.startsWith('LPA:') || s.includes('carddata=LPA');

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A value as it may be logged: secret keys censored in plain objects and arrays, copied only where changed. */
function scrubbed(value: unknown, depth: number): unknown {
  if (depth > LOG_SCRUB_DEPTH) return value;
  if (typeof value === 'string') return isActivationCode(value) ? CENSOR : value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    value.forEach((v, i) => {
      const next = scrubbed(v, depth + 1);
      if (next !== v) (out ??= [...value])[i] = next;
    });
    return out ?? value;
  }
  if (!isPlain(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const v = value[key];
    const next = LOG_SECRET_KEYS.has(key) ? CENSOR : scrubbed(v, depth + 1);
    if (next !== v) (out ??= { ...value })[key] = next;
  }
  return out ?? value;
}

/**
 * A stream that ended because the client hung up (a cancelled navigation, a closed tab): the client's doing,
 * not a fault of ours. @fastify/compress logs every broken pipe of a file it compresses as an error.
 */
type LogMethod = (this: FastifyBaseLogger, ...args: [unknown, ...unknown[]]) => void;
const clientGone = (v: unknown): boolean => {
  const err = v instanceof Error ? v : (v as { err?: unknown } | null)?.err;
  return (
    err instanceof Error &&
    (err.message === 'premature close' || (err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
  );
};

/**
 * pino's options: what is logged passes `scrubbed` (authorization and cookie headers, tokens, passwords, SMS
 * codes, card primes censored down to three levels: `req.headers.authorization`, `answer.data.token`). pino's
 * own `redact` did the same with wildcard paths, at 20 µs of every request's two log lines (issue 14); one
 * walk that copies nothing when nothing is secret costs well under one.
 */
export const loggerOptions = (level: string) => ({
  level,
  formatters: { log: (object: Record<string, unknown>) => scrubbed(object, 1) as Record<string, unknown> },
  hooks: {
    logMethod(this: FastifyBaseLogger, args: [unknown, ...unknown[]], method: LogMethod, at: number) {
      // logged as what it is, so an error in the log means something failed on our side
      if (at >= 50 && clientGone(args[0])) return (this.info as LogMethod)(...args);
      return method.apply(this, args);
    },
  },
});

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's `childLoggerFactory`: a request's child logger made on its first line that is logged. Fastify
 * makes one per request and pino serialises the child's bindings each time, 3% of a cached read's CPU while
 * nothing is logged (issue 14). The child is pino's own, made with
 * the same bindings; a route's own level or serializers get theirs at once.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  opts: object,
): FastifyBaseLogger {
  if (Object.keys(opts).length > 0) return logger.child(bindings, opts);
  let child: FastifyBaseLogger | undefined;
  // pino's loggers answer this; a logger that does not is asked to log every line
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  const enabled = (level: string) => parent.isLevelEnabled?.(level) ?? true;
  const made = () => (child ??= logger.child(bindings, opts));
  // everything else (level, isLevelEnabled, bindings of the parent) is read through the parent
  const lazy = Object.create(logger) as FastifyBaseLogger;
  for (const method of LOG_METHODS)
    lazy[method] = ((...args: Parameters<FastifyBaseLogger['info']>) => {
      if (enabled(method)) made()[method](...args);
    }) as FastifyBaseLogger['info'];
  lazy.child = (more, moreOpts) => made().child(more, moreOpts);
  return lazy;
}

/**
 * Fastify's request log lines: one access line per request, as it ends (method, URL, client address,
 * status and time, under the request id), where Fastify wrote two, one as the request came in and one as it
 * ended: half the logging cost of every request at the default `info` level. Every other line of Fastify's
 * (errors, unknown routes) is its own.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
