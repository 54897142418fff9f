import {
  adminAuditPage,
  adminAuditPageRequest,
  adminCustomerDetail,
  adminLedgerPageRequest,
  ledgerPageResponse,
  adminCustomerPage,
  adminCustomerPageRequest,
  adminCustomerQuery,
  adminCustomerStatusAnswer,
  adminCustomerStatusRequest,
  adminIdResponse,
  adminOperatorAddRequest,
  adminOperatorPage,
  adminOperatorPageRequest,
  adminOperatorPasswordRequest,
  adminOperatorStatusAnswer,
  adminOperatorStatusRequest,
  adminOperatorUpdateRequest,
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
import {
  addOperator,
  auditPage,
  changeOperator,
  customerInfo,
  customerLedger,
  customerPage,
  operatorPage,
  resetOperatorPassword,
  setCustomerStatus,
  setOperatorStatus,
} from './admin-console.service';

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
    async (req) => ok(await adminLogin(ctx, req.body, req.ip)),
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
    async (req) => ok(await adminUpdatePassword(ctx, adminIdOf(req), tokenFrom(req), req.body, req.ip)),
  );
  r.post(
    '/logout',
    { schema: { tags, response: { 200: envelope(empty) } }, config: { auth: 'admin' } },
    async (req) => ok(await adminLogout(ctx, tokenFrom(req))),
  );
});

/** Real-name review queue and decisions (roles: platform/roles.ts). */
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

/** Shop users: list, one, disable/enable (roles: platform/roles.ts). */
export const adminUserInfoRoutes = defineRoutes('admin/user/info', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: adminCustomerPageRequest, response: { 200: envelope(adminCustomerPage) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await customerPage(ctx, req.body)),
  );
  r.get(
    '/info',
    {
      schema: { tags, querystring: adminCustomerQuery, response: { 200: envelope(adminCustomerDetail) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await customerInfo(ctx, req.query.id)),
  );
  r.post(
    '/setStatus',
    {
      schema: {
        tags,
        body: adminCustomerStatusRequest,
        response: { 200: envelope(adminCustomerStatusAnswer) },
      },
      config: { auth: 'admin' },
    },
    async (req) => ok(await setCustomerStatus(ctx, req.body)),
  );
  r.post(
    '/status',
    {
      schema: { tags, body: adminUserStatusRequest, response: { 200: envelope(adminUserStatusResponse) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await setUserEnabled(ctx, adminIdOf(req), req.body)),
  );
});

/** The audit log of operator writes (owner). */
export const adminAuditRoutes = defineRoutes('admin/audit', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: adminAuditPageRequest, response: { 200: envelope(adminAuditPage) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await auditPage(ctx, req.body)),
  );
});

/** Operators and their roles (owner). */
export const adminOperatorRoutes = defineRoutes('admin/base/sys/admin', (r, ctx) => {
  const cfg = { auth: 'admin' as const };
  r.post(
    '/page',
    {
      schema: { tags, body: adminOperatorPageRequest, response: { 200: envelope(adminOperatorPage) } },
      config: cfg,
    },
    async (req) => ok(await operatorPage(ctx, req.body)),
  );
  r.post(
    '/add',
    {
      schema: { tags, body: adminOperatorAddRequest, response: { 200: envelope(adminIdResponse) } },
      config: cfg,
    },
    async (req) => ok(await addOperator(ctx, req.body)),
  );
  r.post(
    '/update',
    {
      schema: { tags, body: adminOperatorUpdateRequest, response: { 200: envelope(adminIdResponse) } },
      config: cfg,
    },
    async (req) => ok(await changeOperator(ctx, req.body)),
  );
  r.post(
    '/setStatus',
    {
      schema: {
        tags,
        body: adminOperatorStatusRequest,
        response: { 200: envelope(adminOperatorStatusAnswer) },
      },
      config: cfg,
    },
    async (req) => ok(await setOperatorStatus(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/resetPassword',
    {
      schema: { tags, body: adminOperatorPasswordRequest, response: { 200: envelope(adminIdResponse) } },
      config: cfg,
    },
    async (req) => ok(await resetOperatorPassword(ctx, req.body)),
  );
});

/** A buyer's wallet or points ledger (adjustments are admin/user/ledger/adjust, in the wallet module). */
export const adminCustomerLedgerRoutes = defineRoutes('admin/user/ledger', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: adminLedgerPageRequest, response: { 200: envelope(ledgerPageResponse) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await customerLedger(ctx, req.body)),
  );
});
