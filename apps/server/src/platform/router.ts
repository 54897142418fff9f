import { envelope } from '@simshop/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { AuthMode } from './auth';
import { ok } from './http';
import type { Permission } from './roles';

export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A group of routes under one namespace, e.g. `app/user/info`. */
export type RouteModule = { namespace: string; routes: (r: Router, ctx: AppContext) => void | Promise<void> };

export const defineRoutes = (namespace: string, routes: RouteModule['routes']): RouteModule => ({
  namespace,
  routes,
});

/** Registers each module under `/api/<namespace>` with its own encapsulated scope. */
export async function mountModules(app: FastifyInstance, ctx: AppContext, modules: RouteModule[]) {
  for (const m of modules) {
    await app.register(
      async (scope) => {
        await m.routes(scope.withTypeProvider<ZodTypeProvider>(), ctx);
      },
      { prefix: `/api/${m.namespace}` },
    );
  }
}

type Schema = z.ZodTypeAny;
/** What a schema parses to; nothing when the call takes no such part. */
type Parsed<S> = S extends Schema ? z.output<S> : undefined;
/** A call's route generic: its body and query as their schemas parse them (Fastify reads these first). */
type CallGeneric<B, Q> = { Body: Parsed<B>; Querystring: Parsed<Q>; Reply: unknown };
/** A handler's request, typed from the call's body and query schemas as Fastify's longhand types it. */
export type CallRequest<B, Q> = FastifyRequest<
  CallGeneric<B, Q>,
  RawServerDefault,
  RawRequestDefaultExpression,
  FastifySchema,
  ZodTypeProvider
>;
type CallReply<B, Q> = FastifyReply<
  CallGeneric<B, Q>,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  FastifySchema,
  ZodTypeProvider
>;

/**
 * One call: what it takes (`body` or `query`), what it answers (`data`, wrapped in the envelope; or `answer`,
 * sent as it is: a file, a provider's text), who may call it (`auth`; an operator route names its `permission`
 * from `PERMISSIONS` in `platform/roles.ts`) and the document's `description`.
 */
export type CallSpec<B, Q, D> = {
  body?: B;
  query?: Q;
  data: D;
  description?: string;
  tags?: string[];
  auth?: AuthMode;
  permission?: Permission;
  rateLimit?: FastifyContextConfig['rateLimit'];
};
/** An operator group's calls must each name their permission. */
type SpecOf<A, B, Q, D> = CallSpec<B, Q, D> & (A extends 'admin' ? { permission: Permission } : unknown);
/** A call whose handler answers itself (`sendAnswer`, a file, a redirect, a provider's format). */
type RawSpec<A, B, Q, D> = Omit<SpecOf<A, B, Q, D>, 'data'> & ({ data: D } | { answer: Schema });

type Handler<B, Q, R> = (req: CallRequest<B, Q>, reply: CallReply<B, Q>) => R | Promise<R>;
type Method = 'GET' | 'POST';

/**
 * The short form of a route: `c.post('/add', { body, data, permission }, (req) => addThing(ctx, req.body))`.
 * The handler returns the answer's data; the call wraps it in `ok()` and declares `envelope(data)` as its
 * 200 answer. `c.raw.get/post` take the same spec and leave the answer to the handler. Group defaults (tags,
 * auth) come from `calls(r, { tags, auth })`; anything else (headers, files, provider callbacks) keeps the
 * longhand `r.post(url, { schema, config }, handler)`.
 */
export function calls<A extends AuthMode | undefined = undefined>(
  r: Router,
  defaults: { tags: string[]; auth?: A },
) {
  const add = <B extends Schema | undefined, Q extends Schema | undefined>(
    method: Method,
    url: string,
    spec: Omit<CallSpec<B, Q, Schema>, 'data'> & { data?: Schema; answer?: Schema },
    handler: Handler<B, Q, unknown>,
  ) => {
    const { body, query, data, answer, description, rateLimit, permission } = spec;
    const auth = spec.auth ?? defaults.auth;
    const reply = answer ?? (data ? envelope(data) : undefined);
    if (!reply) throw new Error(`${method} ${url}: no answer schema`);
    r.route<CallGeneric<B, Q>>({
      method,
      url,
      schema: {
        tags: spec.tags ?? defaults.tags,
        ...(description !== undefined && { description }),
        ...(query && { querystring: query }),
        ...(body && { body }),
        response: { 200: reply },
      },
      config: {
        ...(auth && { auth }),
        ...(permission && { permission }),
        ...(rateLimit !== undefined && { rateLimit }),
      },
      handler,
    });
  };
  const wrapped =
    (method: Method) =>
    <D extends Schema, B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
      url: string,
      spec: SpecOf<A, B, Q, D>,
      handler: Handler<B, Q, z.input<D>>,
    ) =>
      add<B, Q>(method, url, spec, async (req, rep) => ok(await handler(req, rep)));
  const raw =
    (method: Method) =>
    <D extends Schema, B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
      url: string,
      spec: RawSpec<A, B, Q, D>,
      handler: Handler<B, Q, unknown>,
    ) =>
      add<B, Q>(method, url, spec, handler);
  return { get: wrapped('GET'), post: wrapped('POST'), raw: { get: raw('GET'), post: raw('POST') } };
}
