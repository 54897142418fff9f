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
  pageOf,
  tokenResponse,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags });
  c.post('/login', { body: adminLoginRequest, data: tokenResponse, rateLimit }, (req) =>
    adminLogin(ctx, req.body, req.ip),
  );
  c.post('/refreshToken', { body: adminRefreshTokenRequest, data: tokenResponse, rateLimit }, (req) =>
    adminRefresh(ctx, req.body.refreshToken),
  );
});

/** The logged-in operator. */
export const adminCommRoutes = defineRoutes('admin/base/comm', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.get('/person', { data: adminProfile, permission: 'self' }, (req) => adminPerson(ctx, adminIdOf(req)));
  c.post(
    '/updatePassword',
    {
      body: adminUpdatePasswordRequest,
      data: empty,
      permission: 'self',
      rateLimit: { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' },
    },
    (req) => adminUpdatePassword(ctx, adminIdOf(req), tokenFrom(req), req.body, req.ip),
  );
  c.post('/logout', { data: empty, permission: 'self' }, (req) => adminLogout(ctx, tokenFrom(req)));
});

/** Real-name review queue and decisions. */
export const adminRealNameRoutes = defineRoutes('admin/user/realName', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminRealNamePageRequest, data: pageOf(adminRealNameInfo), permission: 'customers.read' },
    (req) => adminRealNamePage(ctx, adminIdOf(req), req.body),
  );
  c.get(
    '/info',
    { query: adminRealNameQuery, data: adminRealNameInfo, permission: 'customers.read' },
    (req) => adminRealNameDetail(ctx, adminIdOf(req), req.query.userPublicId),
  );
  c.post(
    '/review',
    { body: adminRealNameReviewRequest, data: adminRealNameReviewResponse, permission: 'realname.review' },
    (req) => reviewRealName(ctx, adminIdOf(req), req.body),
  );
});

/** Shop users: list, one, disable/enable. */
export const adminUserInfoRoutes = defineRoutes('admin/user/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminCustomerPageRequest, data: adminCustomerPage, permission: 'customers.read' },
    (req) => customerPage(ctx, req.body),
  );
  c.get(
    '/info',
    { query: adminCustomerQuery, data: adminCustomerDetail, permission: 'customers.read' },
    (req) => customerInfo(ctx, req.query.id),
  );
  c.post(
    '/setStatus',
    { body: adminCustomerStatusRequest, data: adminCustomerStatusAnswer, permission: 'customers.status' },
    (req) => setCustomerStatus(ctx, req.body),
  );
  c.post(
    '/status',
    { body: adminUserStatusRequest, data: adminUserStatusResponse, permission: 'customers.status' },
    (req) => setUserEnabled(ctx, adminIdOf(req), req.body),
  );
});

/** The audit log of operator writes (owner). */
export const adminAuditRoutes = defineRoutes('admin/audit', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/page', { body: adminAuditPageRequest, data: adminAuditPage, permission: 'audit.read' }, (req) =>
    auditPage(ctx, req.body),
  );
});

/** Operators and their roles (owner). */
export const adminOperatorRoutes = defineRoutes('admin/base/sys/admin', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminOperatorPageRequest, data: adminOperatorPage, permission: 'operators' },
    (req) => operatorPage(ctx, req.body),
  );
  c.post('/add', { body: adminOperatorAddRequest, data: adminIdResponse, permission: 'operators' }, (req) =>
    addOperator(ctx, req.body),
  );
  c.post(
    '/update',
    { body: adminOperatorUpdateRequest, data: adminIdResponse, permission: 'operators' },
    (req) => changeOperator(ctx, req.body),
  );
  c.post(
    '/setStatus',
    { body: adminOperatorStatusRequest, data: adminOperatorStatusAnswer, permission: 'operators' },
    (req) => setOperatorStatus(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/resetPassword',
    { body: adminOperatorPasswordRequest, data: adminIdResponse, permission: 'operators' },
    (req) => resetOperatorPassword(ctx, req.body),
  );
});

/** A buyer's wallet or points ledger (adjustments are admin/user/ledger/adjust, in the wallet module). */
export const adminCustomerLedgerRoutes = defineRoutes('admin/user/ledger', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminLedgerPageRequest, data: ledgerPageResponse, permission: 'customers.read' },
    (req) => customerLedger(ctx, req.body),
  );
});
