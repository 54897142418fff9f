import { z } from 'zod';
import {
  adminCompanyDetail as adminCompanyDetailSchema,
  adminCompanyPage as adminCompanyPageSchema,
  adminCompanyPageRequest,
  companyBatch,
  companyBatchPage,
  companyBatchPageRequest,
  companyBulkRequest,
  companyConfirmRequest,
  companyDecisionRequest,
  companyFleetCard,
  companyFleetCards,
  companyInfo,
  companyInvite,
  companyInviteList,
  companyInviteRequest,
  companyJoinRequest,
  companyMemberList,
  companyPreview,
  companyReassignRequest,
  companyRemoveRequest,
  companyRoleRequest,
  companySetupRequest,
  companyStatement,
  companyStatementRequest,
  companyThresholdRequest,
  companyTopUp,
  companyTopUpRequest,
  idQuery,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { userIdOf } from '../../platform/auth';
import { orderCompanyBatch, orderCompanyTopUp } from '../../flows';
import { adminCompanyDetail, adminCompanyPage } from './company-admin.service';
import { decideBatchOrder, listBatches, previewBatch } from './company-bulk.service';
import { fleetCards, reassignCard } from './company-fleet.service';
import {
  changeRole,
  companyOfCaller,
  inviteMember,
  joinCompany,
  listInvites,
  listMembers,
  removeMember,
  setThreshold,
  setUpCompany,
} from './company-members.service';
import { companyStatement as statementOf, companyStatementCsv } from './company-statement.service';

const tags = ['company'];

/** A company account's fleet (issue 28): members and roles, bulk purchase, approvals, eSIMs, statements. */
export const companyRoutes = defineRoutes('app/company', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/info', { data: companyInfo.nullable() }, (req) => companyOfCaller(ctx, userIdOf(req)));
  c.post('/setup', { body: companySetupRequest, data: companyInfo }, (req) =>
    setUpCompany(ctx, userIdOf(req), req.body),
  );
  c.post('/threshold', { body: companyThresholdRequest, data: companyInfo }, (req) =>
    setThreshold(ctx, userIdOf(req), req.body.approvalThreshold),
  );
  c.get('/member/list', { data: companyMemberList }, (req) => listMembers(ctx, userIdOf(req)));
  c.post('/member/role', { body: companyRoleRequest, data: companyMemberList }, (req) =>
    changeRole(ctx, userIdOf(req), req.body.userId, req.body.role),
  );
  c.post('/member/remove', { body: companyRemoveRequest, data: companyMemberList }, (req) =>
    removeMember(ctx, userIdOf(req), req.body.userId),
  );
  c.post('/invite/add', { body: companyInviteRequest, data: companyInvite }, (req) =>
    inviteMember(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/invite/list', { data: companyInviteList }, (req) => listInvites(ctx, userIdOf(req)));
  c.post('/invite/join', { body: companyJoinRequest, data: companyInfo.nullable() }, (req) =>
    joinCompany(ctx, userIdOf(req), req.body.code, req.locale),
  );
  c.post('/batch/preview', { body: companyBulkRequest, data: companyPreview }, (req) =>
    previewBatch(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/batch/confirm', { body: companyConfirmRequest, data: companyBatch }, (req) =>
    orderCompanyBatch(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/topup/confirm', { body: companyTopUpRequest, data: companyTopUp }, (req) =>
    orderCompanyTopUp(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/batch/page', { body: companyBatchPageRequest, data: companyBatchPage }, (req) =>
    listBatches(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/batch/decide', { body: companyDecisionRequest, data: companyBatch }, (req) =>
    decideBatchOrder(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/card/list', { data: companyFleetCards }, (req) => fleetCards(ctx, userIdOf(req), req.locale));
  c.post('/card/reassign', { body: companyReassignRequest, data: companyFleetCard }, (req) =>
    reassignCard(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/statement/info', { query: companyStatementRequest, data: companyStatement }, (req) =>
    statementOf(ctx, userIdOf(req), req.query.month, req.locale),
  );
  r.get(
    '/statement/export',
    {
      schema: {
        tags,
        description: "The month's statement as CSV (UTF-8 with BOM, money as decimals).",
        querystring: companyStatementRequest,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; a refusal answers the JSON envelope') },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      const csv = await companyStatementCsv(ctx, userIdOf(req), req.query.month, req.locale);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${req.query.month}.csv"`)
        .send(csv);
    },
  );
});

/** Operators: companies, their members and orders (read only). */
export const adminCompanyRoutes = defineRoutes('admin/company/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminCompanyPageRequest, data: adminCompanyPageSchema, permission: 'customers.read' },
    (req) => adminCompanyPage(ctx, req.body),
  );
  c.get('/info', { query: idQuery, data: adminCompanyDetailSchema, permission: 'orders.read' }, (req) =>
    adminCompanyDetail(ctx, req.query.id, req.locale),
  );
});
