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
  envelope,
  idQuery,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { userIdOf } from '../../platform/auth';
import { orderCompanyBatch } from '../../flows';
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
const auth = { auth: 'user' as const };

/** A company account's fleet (issue 28): members and roles, bulk purchase, approvals, eSIMs, statements. */
export const companyRoutes = defineRoutes('app/company', (r, ctx) => {
  r.get(
    '/info',
    { schema: { tags, response: { 200: envelope(companyInfo.nullable()) } }, config: auth },
    async (req) => ok(await companyOfCaller(ctx, userIdOf(req))),
  );
  r.post(
    '/setup',
    { schema: { tags, body: companySetupRequest, response: { 200: envelope(companyInfo) } }, config: auth },
    async (req) => ok(await setUpCompany(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/threshold',
    {
      schema: { tags, body: companyThresholdRequest, response: { 200: envelope(companyInfo) } },
      config: auth,
    },
    async (req) => ok(await setThreshold(ctx, userIdOf(req), req.body.approvalThreshold)),
  );
  r.get(
    '/member/list',
    { schema: { tags, response: { 200: envelope(companyMemberList) } }, config: auth },
    async (req) => ok(await listMembers(ctx, userIdOf(req))),
  );
  r.post(
    '/member/role',
    {
      schema: { tags, body: companyRoleRequest, response: { 200: envelope(companyMemberList) } },
      config: auth,
    },
    async (req) => ok(await changeRole(ctx, userIdOf(req), req.body.userId, req.body.role)),
  );
  r.post(
    '/member/remove',
    {
      schema: { tags, body: companyRemoveRequest, response: { 200: envelope(companyMemberList) } },
      config: auth,
    },
    async (req) => ok(await removeMember(ctx, userIdOf(req), req.body.userId)),
  );
  r.post(
    '/invite/add',
    {
      schema: { tags, body: companyInviteRequest, response: { 200: envelope(companyInvite) } },
      config: auth,
    },
    async (req) => ok(await inviteMember(ctx, userIdOf(req), req.body)),
  );
  r.get(
    '/invite/list',
    { schema: { tags, response: { 200: envelope(companyInviteList) } }, config: auth },
    async (req) => ok(await listInvites(ctx, userIdOf(req))),
  );
  r.post(
    '/invite/join',
    {
      schema: { tags, body: companyJoinRequest, response: { 200: envelope(companyInfo.nullable()) } },
      config: auth,
    },
    async (req) => ok(await joinCompany(ctx, userIdOf(req), req.body.code, req.locale)),
  );
  r.post(
    '/batch/preview',
    { schema: { tags, body: companyBulkRequest, response: { 200: envelope(companyPreview) } }, config: auth },
    async (req) => ok(await previewBatch(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/batch/confirm',
    {
      schema: { tags, body: companyConfirmRequest, response: { 200: envelope(companyBatch) } },
      config: auth,
    },
    async (req) => ok(await orderCompanyBatch(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/batch/page',
    {
      schema: { tags, body: companyBatchPageRequest, response: { 200: envelope(companyBatchPage) } },
      config: auth,
    },
    async (req) => ok(await listBatches(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/batch/decide',
    {
      schema: { tags, body: companyDecisionRequest, response: { 200: envelope(companyBatch) } },
      config: auth,
    },
    async (req) => ok(await decideBatchOrder(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.get(
    '/card/list',
    { schema: { tags, response: { 200: envelope(companyFleetCards) } }, config: auth },
    async (req) => ok(await fleetCards(ctx, userIdOf(req), req.locale)),
  );
  r.post(
    '/card/reassign',
    {
      schema: { tags, body: companyReassignRequest, response: { 200: envelope(companyFleetCard) } },
      config: auth,
    },
    async (req) => ok(await reassignCard(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.get(
    '/statement/info',
    {
      schema: { tags, querystring: companyStatementRequest, response: { 200: envelope(companyStatement) } },
      config: auth,
    },
    async (req) => ok(await statementOf(ctx, userIdOf(req), req.query.month, req.locale)),
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
      config: auth,
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
  const adminAuth = { auth: 'admin' as const };
  r.post(
    '/page',
    {
      schema: { tags, body: adminCompanyPageRequest, response: { 200: envelope(adminCompanyPageSchema) } },
      config: adminAuth,
    },
    async (req) => ok(await adminCompanyPage(ctx, req.body)),
  );
  r.get(
    '/info',
    {
      schema: { tags, querystring: idQuery, response: { 200: envelope(adminCompanyDetailSchema) } },
      config: adminAuth,
    },
    async (req) => ok(await adminCompanyDetail(ctx, req.query.id, req.locale)),
  );
});
