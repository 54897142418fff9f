import {
  adminLoginRequest,
  adminProfile,
  adminRealNameInfo,
  adminRealNamePageRequest,
  adminRealNameQuery,
  adminRealNameReviewRequest,
  adminRealNameReviewResponse,
  adminRefreshTokenRequest,
  adminUpdatePasswordRequest,
  adminUserStatusRequest,
  adminUserStatusResponse,
  empty,
  envelope,
  pageOf,
  tokenResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { adminIdOf, tokenFrom } from '../../platform/auth';
import {
  adminLogin,
  adminLogout,
  adminPerson,
  adminRealNameDetail,
  adminRealNamePage,
  adminRefresh,
  adminUpdatePassword,
  reviewRealName,
  setUserEnabled,
} from './admin.service';

const tags = ['admin'];

/** Operator sign-in: no token needed. */
export const adminOpenRoutes = defineRoutes('admin/base/open', (r, ctx) => {
  const rateLimit = { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' };
  r.post(
    '/login',
    {
      schema: { tags, body: adminLoginRequest, response: { 200: envelope(tokenResponse) } },
      config: { rateLimit },
    },
    async (req) => ok(await adminLogin(ctx, req.body)),
  );
  r.post(
    '/refreshToken',
    {
      schema: { tags, body: adminRefreshTokenRequest, response: { 200: envelope(tokenResponse) } },
      config: { rateLimit },
    },
    async (req) => ok(await adminRefresh(ctx, req.body.refreshToken)),
  );
});

/** The logged-in operator. */
export const adminCommRoutes = defineRoutes('admin/base/comm', (r, ctx) => {
  r.get(
    '/person',
    { schema: { tags, response: { 200: envelope(adminProfile) } }, config: { auth: 'admin' } },
    async (req) => ok(await adminPerson(ctx, adminIdOf(req))),
  );
  r.post(
    '/updatePassword',
    {
      schema: { tags, body: adminUpdatePasswordRequest, response: { 200: envelope(empty) } },
      config: { auth: 'admin', rateLimit: { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' } },
    },
    async (req) => ok(await adminUpdatePassword(ctx, adminIdOf(req), tokenFrom(req), req.body)),
  );
  r.post(
    '/logout',
    { schema: { tags, response: { 200: envelope(empty) } }, config: { auth: 'admin' } },
    async (req) => ok(await adminLogout(ctx, tokenFrom(req))),
  );
});

/** Real-name review queue and decisions (roles super, operator). */
export const adminRealNameRoutes = defineRoutes('admin/user/realName', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: {
        tags,
        body: adminRealNamePageRequest,
        response: { 200: envelope(pageOf(adminRealNameInfo)) },
      },
      config: { auth: 'admin' },
    },
    async (req) => ok(await adminRealNamePage(ctx, adminIdOf(req), req.body)),
  );
  r.get(
    '/info',
    {
      schema: { tags, querystring: adminRealNameQuery, response: { 200: envelope(adminRealNameInfo) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await adminRealNameDetail(ctx, adminIdOf(req), req.query.userPublicId)),
  );
  r.post(
    '/review',
    {
      schema: {
        tags,
        body: adminRealNameReviewRequest,
        response: { 200: envelope(adminRealNameReviewResponse) },
      },
      config: { auth: 'admin' },
    },
    async (req) => ok(await reviewRealName(ctx, adminIdOf(req), req.body)),
  );
});

/** Account status of shop users (roles super, operator). */
export const adminUserInfoRoutes = defineRoutes('admin/user/info', (r, ctx) => {
  r.post(
    '/status',
    {
      schema: { tags, body: adminUserStatusRequest, response: { 200: envelope(adminUserStatusResponse) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await setUserEnabled(ctx, adminIdOf(req), req.body)),
  );
});
