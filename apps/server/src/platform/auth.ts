import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { fail, unauthorized } from './errors';
import { can, type Permission } from './roles';
import type { TokenService } from './tokens';

export type AuthMode = 'user' | 'admin' | 'optional';
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: a logged-in user, an operator, or anyone (user attached when a token is sent). */
    auth?: AuthMode;
    /** What an operator route needs (`PERMISSIONS` in `roles.ts`); every operator route declares one. */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** The permission each operator route declared, by `METHOD path` below `/api/` (the roles test reads it). */
    routePermissions: ReadonlyMap<string, Permission>;
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
 * account is not active. Every operator route (`auth: 'admin'`) is then checked against the permission it
 * declares beside itself (`config.permission`, from `PERMISSIONS` in `roles.ts`): ADMIN_FORBIDDEN unless the
 * operator's role holds it. An operator route without one, or a route under `/api/admin/` (other than
 * sign-in) that is not of the operator realm, stops the server from starting.
 */
export function installAuth(app: FastifyInstance, tokens: TokenService, db: Db) {
  app.decorateRequest('userId', null);
  app.decorateRequest('adminId', null);
  app.decorateRequest('adminRole', null);
  const declared = new Map<string, Permission>();
  app.decorate('routePermissions', declared);
  // only routes that declare `config.auth` get the check: the others pay nothing for it
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    const adminRealm = mode === 'admin';
    const permission = route.config?.permission;
    if (adminRealm || (route.url.startsWith('/api/admin/') && !route.url.startsWith(OPEN_ADMIN)))
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (!permission)
          throw new Error(`${method} ${route.url} declares no config.permission (platform/roles.ts)`);
        if (!adminRealm && !route.wsHandler)
          throw new Error(`${method} ${route.url} must declare config.auth 'admin'`);
        declared.set(`${method} ${route.url.replace(/^\/api\//, '')}`, permission);
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
          // the permission the route declares; one without (none exist: onRoute refuses them) is refused too
          const needs = req.routeOptions.config.permission ?? 'operators';
          const admin = await requirePermission({ db }, hit.subjectId, needs);
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
