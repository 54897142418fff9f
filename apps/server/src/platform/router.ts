import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

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
