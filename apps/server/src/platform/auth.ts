import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminRole } from '@simshop/contracts';
import type { Db } from './db';
import { fail, unauthorized } from './errors';
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
  }
}

export const tokenFrom = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const v = h.startsWith('Bearer ') ? h.slice(7) : h;
  return v.trim() || null;
};

/** Checks the Authorization header on routes that declare `config.auth`; 401 when it is missing, dead, or its account is not active. */
export function installAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('userId', null);
  app.decorateRequest('adminId', null);
  // only routes that declare `config.auth` get the check: the others pay nothing for it
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (!mode) return;
    const realm = mode === 'admin' ? 'admin' : 'app';
    const check = async (req: FastifyRequest) => {
      const token = tokenFrom(req);
      if (!token) return mode === 'optional' ? undefined : unauthorized();
      const hit = await tokens.verifyAccess(realm, token);
      if (hit) {
        if (realm === 'app') req.userId = hit.subjectId;
        else req.adminId = hit.subjectId;
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

/** Throws ADMIN_FORBIDDEN unless the operator is active and has one of `roles`; returns the operator. */
export async function requireRole(ctx: { db: Db }, adminId: number, roles: readonly AdminRole[]) {
  const admin = await ctx.db
    .selectFrom('admin_user')
    .selectAll()
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin || admin.status !== 1) return unauthorized();
  if (!roles.includes(admin.role as AdminRole)) fail('ADMIN_FORBIDDEN');
  return admin;
}
