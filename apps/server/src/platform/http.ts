import { ErrorCode, SUCCESS_CODE, type Locale } from '@simshop/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './errors';
import { localeOf, t } from './messages';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** Wraps data in the success envelope. */
export const ok = <T>(data: T) => ({ code: SUCCESS_CODE, data, message: 'success' });

type Issue = {
  code?: string;
  path?: (string | number)[];
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
} & Record<string, unknown>;

function ruleKey(issue: Issue): string {
  const code = String(issue.code ?? 'custom');
  if (code === 'custom' && issue.params && typeof issue.params.rule === 'string')
    return `rule.${issue.params.rule}`;
  if (
    code === 'invalid_type' &&
    // zod leaves `input` out of issues unless asked; its message then says what was received
    ('input' in issue ? issue.input === undefined : /received undefined/.test(String(issue.message)))
  )
    return 'rule.required';
  if (code === 'too_small' || code === 'too_big') {
    const origin = String(issue.origin ?? '');
    if (code === 'too_small' && origin === 'string' && issue.minimum === 1) return 'rule.required';
    if (origin === 'string' || origin === 'array') return `rule.${code}.${origin}`;
  }
  return `rule.${code}`;
}

/**
 * fastify-type-provider-zod hands zod issues over as `{ keyword: code, instancePath, params: { ...rest } }`;
 * lift them back to the zod shape so the rule is recognised (else every rule reads "is invalid").
 */
const zodIssueOf = (i: Issue): Issue =>
  typeof i.keyword === 'string' && i.code === undefined
    ? { ...(i.params as Issue), code: i.keyword, message: i.message, instancePath: i.instancePath }
    : i;

/** Turns the first validation issue into "field: rule" in the caller's language. */
export function validationMessage(locale: Locale, issues: Issue[]): { message: string; field: string } {
  const issue = zodIssueOf(issues[0] ?? {});
  const path =
    issue.path ??
    String(issue.instancePath ?? '')
      .split('/')
      .filter(Boolean);
  const field = String(path[path.length - 1] ?? 'body');
  const fieldName = t(locale, `field.${field}`) === `field.${field}` ? field : t(locale, `field.${field}`);
  const params = {
    ...(issue.params as Record<string, string | number> | undefined),
    minimum: Number(issue.minimum ?? 0),
    maximum: Number(issue.maximum ?? 0),
  };
  return {
    message: t(locale, 'VALIDATION', { field: fieldName, rule: t(locale, ruleKey(issue), params) }),
    field,
  };
}

/** Installs the language resolver, the envelope error handler and the 404 handler. */
/** Sends an error envelope as-is: route response schemas describe success only. */
const sendError = (
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  data: unknown = null,
) =>
  reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code, data, message });

/** The first field (top-level name) whose value holds a NUL character anywhere inside, or null. */
function nulField(value: unknown, name = 'request', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null;
  if (!value || typeof value !== 'object' || depth > 8) return null;
  for (const [k, v] of Object.entries(value)) {
    const hit = nulField(v, depth === 0 && !Array.isArray(value) ? k : name, depth + 1);
    if (hit) return hit;
  }
  return null;
}

const hasKeys = (o: object | undefined): o is object => {
  if (!o) return false;
  for (const _ in o) return true;
  return false;
};

export function installEnvelope(app: FastifyInstance) {
  app.decorateRequest('locale', 'zh-Hans');
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = localeOf(req.headers.language);
    done();
  });

  // a NUL character is valid JSON and URL text but no text column takes it (PostgreSQL refuses it outright):
  // refused up front as a format error, on both engines alike
  app.addHook('preValidation', (req, reply, done) => {
    // params and query are read as one object (a query value standing for a path value of the same name),
    // built only when both hold something
    const params = req.params as object | undefined;
    const query = req.query as object | undefined;
    const both = hasKeys(params) ? (hasKeys(query) ? { ...params, ...query } : params) : query;
    const field = nulField(both) ?? nulField(req.body, 'body');
    if (!field) return done();
    const message = t(req.locale, 'VALIDATION', {
      field: t(req.locale, `field.${field}`) === `field.${field}` ? field : t(req.locale, `field.${field}`),
      rule: t(req.locale, 'rule.invalid_format'),
    });
    sendError(reply, 200, ErrorCode.VALIDATION, message, { field });
  });

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? localeOf(req.headers.language);
    if (err instanceof AppError) {
      // an expected failure caused by an outside party (a gateway down): the operator needs to know
      if (err.cause !== undefined) req.log.warn({ err: err.cause, code: err.codeName }, 'provider failure');
      return sendError(reply, err.httpStatus, err.code, t(locale, err.codeName, err.params), null);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { message, field } = validationMessage(locale, err.validation as unknown as Issue[]);
      return sendError(reply, 200, 1001, message, { field });
    }
    if (err.validation) {
      const { message, field } = validationMessage(locale, err.validation as unknown as Issue[]);
      return sendError(reply, 200, 1001, message, { field });
    }
    if (err.statusCode === 429) {
      return sendError(reply, 429, 1004, t(locale, 'RATE_LIMITED'), null);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // malformed JSON, wrong content type, body too large: the caller's fault, said plainly
      if (err.statusCode === 413) {
        const max = Math.floor((req.routeOptions.bodyLimit ?? 1024 * 1024) / 1024);
        return sendError(reply, 200, ErrorCode.BODY_TOO_LARGE, t(locale, 'BODY_TOO_LARGE', { max }), null);
      }
      const message = t(locale, 'VALIDATION', {
        field: t(locale, 'field.body'),
        rule: t(locale, 'rule.invalid_format'),
      });
      return sendError(reply, 200, ErrorCode.VALIDATION, message, null);
    }
    if (isDatabaseUnavailable(err)) {
      // the database is down, partitioned, failing over or out of connections: not this request's fault
      // nor a bug, and retrying shortly is the answer (issue 26)
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 503, ErrorCode.SERVICE_UNAVAILABLE, t(locale, 'SERVICE_UNAVAILABLE'), null);
    }
    if (isResponseSerializationError(err))
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
    else req.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 1500, t(locale, 'INTERNAL'), null);
  });

  app.setNotFoundHandler((req, reply) => {
    sendError(reply, 404, 1002, t(req.locale ?? 'zh-Hans', 'NOT_FOUND'), null);
  });
}
