import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { fail, unauthorized } from './errors';
import { can, routePermission, type Permission } from './roles';
import type { TokenService } from './tokens';

export type AuthMode = 'user' | 'admin' | 'optional';
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: a logged-in user, an operator, or anyone (user attached when a token is sent). */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    userId: number | null;
    adminId: number | null;
    /** the signed-in operator's role, set once the roles table allowed the call */
    adminRole: string | null;
  }
}

export const tokenFrom = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const v = h.startsWith('Bearer ') ? h.slice(7) : h;
  return v.trim() || null;
};

const OPEN_ADMIN = '/api/admin/base/open/';

/**
 * Checks the Authorization header on routes that declare `config.auth`; 401 when it is missing, dead, or its
 * account is not active. Every `admin/...` route is then checked against the roles table (`roles.ts`):
 * ADMIN_FORBIDDEN unless the operator's role holds the route's permission. A route under `/api/admin/` (other
 * than sign-in), or any route of the operator realm, that the table does not list stops the server from starting.
 */
export function installAuth(app: FastifyInstance, tokens: TokenService, db: Db) {
  app.decorateRequest('userId', null);
  app.decorateRequest('adminId', null);
  app.decorateRequest('adminRole', null);
  // only routes that declare `config.auth` get the check: the others pay nothing for it
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    const adminRealm = mode === 'admin';
    if (adminRealm || (route.url.startsWith('/api/admin/') && !route.url.startsWith(OPEN_ADMIN)))
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (!routePermission(method, route.url))
          throw new Error(`${method} ${route.url} is not in the roles table (platform/roles.ts)`);
        if (!adminRealm && !route.wsHandler)
          throw new Error(`${method} ${route.url} must declare config.auth 'admin'`);
      }
    if (!mode) return;
    const realm = adminRealm ? 'admin' : 'app';
    const check = async (req: FastifyRequest) => {
      const token = tokenFrom(req);
      if (!token) return mode === 'optional' ? undefined : unauthorized();
      const hit = await tokens.verifyAccess(realm, token);
      if (hit) {
        if (realm === 'app') req.userId = hit.subjectId;
        else {
          const method = req.method === 'HEAD' ? 'GET' : req.method;
          const permission = routePermission(method, req.routeOptions.url ?? '');
          // an admin-realm route outside the table (none exist: onRoute refuses them) is refused too
          const admin = await requirePermission({ db }, hit.subjectId, permission ?? 'operators');
          req.adminId = admin.id;
          req.adminRole = admin.role;
        }
        return;
      }
      if (mode !== 'optional') unauthorized();
    };
    const own = route.preValidation;
    route.preValidation = own ? [check, ...[own].flat()] : check;
  });
}

/** The logged-in user's id on a route declared with `config: { auth: 'user' }`. */
export const userIdOf = (req: FastifyRequest): number => req.userId ?? unauthorized();
export const adminIdOf = (req: FastifyRequest): number => req.adminId ?? unauthorized();

/**
 * Throws ADMIN_FORBIDDEN unless the operator is active and its role holds `permission` in the roles table
 * (401 when the operator is gone or disabled); returns the operator.
 */
export async function requirePermission(ctx: { db: Db }, adminId: number, permission: Permission) {
  const admin = await ctx.db
    .selectFrom('admin_user')
    .selectAll()
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin || admin.status !== 1) return unauthorized();
  if (!can(admin.role, permission)) fail('ADMIN_FORBIDDEN');
  return admin;
}
