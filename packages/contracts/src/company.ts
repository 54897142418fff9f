import { z } from 'zod';
import { phoneInput } from './auth';
import { entityId, lineQuantity, minorAmount } from './catalogue';
import { pageOf, pageRequest } from './envelope';
import { idempotencyKey } from './order';
import { payWayCode } from './common';
import { simCardSummary } from './simcard';

// Company fleets (issue 28): members and roles, bulk purchase, eSIM assignment, approval, statements.

export const COMPANY_ROLES = ['owner', 'buyer', 'approver', 'traveller'] as const;
export const companyRole = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof companyRole>;
/** Roles the owner hands out (there is one owner: the company account). */
export const memberRole = z.enum(['buyer', 'approver', 'traveller']);

/** How long an invitation code stays valid. */
export const COMPANY_INVITE_DAYS = 7;
/** How long an order above the threshold is held (with its stock) for an approver. */
export const COMPANY_APPROVAL_HOURS = 72;
/** The most traveller rows one CSV may carry (no cap of 50: a batch is one order, bounded by stock). */
export const COMPANY_CSV_MAX_ROWS = 2000;
/** The largest CSV accepted, characters. */
export const COMPANY_CSV_MAX_CHARS = 1_000_000;
/** The most cards one bulk top-up order tops up. */
export const COMPANY_TOPUP_MAX_CARDS = 500;

export const companyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  role: companyRole.describe("the caller's role"),
  approvalThreshold: minorAmount.nullable().describe('orders above it wait for an approver; null: none'),
  memberCount: z.number().int(),
  pendingApprovals: z
    .number()
    .int()
    .describe("orders waiting for an approver (0 for roles that do not approve): the approver's notice"),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companySetupRequest = z.object({
  name: z.string().trim().min(1).max(120),
  approvalThreshold: minorAmount.nullable().default(null),
});
export const companyThresholdRequest = z.object({ approvalThreshold: minorAmount.nullable() });

export const companyMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable().describe('masked'),
  role: companyRole,
  joinedAt: z.string(),
});
export const companyMemberList = z.array(companyMember);

export const companyInviteRequest = z
  .object({
    role: memberRole,
    name: z.string().trim().min(1).max(120),
    phone: phoneInput.optional(),
    email: z.email().max(254).optional(),
  })
  .describe('one of phone or e-mail: the invitation is accepted only by the account holding it');
export const companyInvite = z.object({
  id: z.number().int(),
  code: z.string().describe('single use; share it or the link'),
  link: z.string(),
  role: memberRole,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});
export const companyInviteList = z.array(companyInvite);
export const companyJoinRequest = z.object({ code: z.string().trim().min(8).max(40) });
export const companyRoleRequest = z.object({ userId: entityId, role: memberRole });
export const companyRemoveRequest = z.object({ userId: entityId });

// ---------------------------------------------------------------- bulk purchase

export const companyBulkRequest = z.object({
  specId: entityId.describe('the plan (an eSIM spec)'),
  quantity: lineQuantity.optional().describe('without a CSV: how many eSIMs'),
  csv: z.string().max(COMPANY_CSV_MAX_CHARS).optional().describe('UTF-8 CSV of travellers (a BOM is fine)'),
});
export const companyRowError = z.object({ code: z.number().int(), message: z.string() });
export const companyPreviewRow = z.object({
  row: z.number().int().describe('line in the file, the header being 1'),
  name: z.string(),
  phone: z.string().nullable().describe('normalised (E.164) when valid'),
  email: z.string().nullable(),
  destination: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  errors: z.array(companyRowError),
});
export const companyPreview = z.object({
  quantity: z.number().int(),
  rows: z.array(companyPreviewRow),
  errorCount: z.number().int(),
});
export type CompanyPreview = z.infer<typeof companyPreview>;

export const companyConfirmRequest = companyBulkRequest.extend({
  payWay: payWayCode,
  idempotencyKey: idempotencyKey.optional(),
});

export const companyBatchStatus = z.enum(['awaiting_approval', 'approved', 'rejected', 'no_approval']);
export const companyBatch = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
  quantity: z.number().int(),
  totalAmount: minorAmount,
  currency: z.string(),
  status: companyBatchStatus,
  buyerName: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  travellers: z.number().int(),
  assigned: z.number().int(),
});
export type CompanyBatch = z.infer<typeof companyBatch>;
export const companyBatchPageRequest = pageRequest.extend({ status: companyBatchStatus.optional() });
export const companyBatchPage = pageOf(companyBatch);
export const companyDecisionRequest = z.object({
  batchId: entityId,
  approve: z.boolean(),
  reason: z.string().trim().max(500).default(''),
});

// ---------------------------------------------------------------- fleet cards

export const companyFleetCard = simCardSummary.extend({
  travellerUserId: z.number().int().nullable(),
  travellerName: z.string().nullable(),
  batchId: z.number().int(),
  forecastRunsOutAt: z.string().nullable().describe('at the current pace, when the data runs out'),
});
export const companyFleetCards = z.array(companyFleetCard);
export type CompanyFleetCard = z.infer<typeof companyFleetCard>;
/** Tops up several of the company's eSIMs in one order (owner and buyers): the chosen cards, or all of them. */
export const companyTopUpRequest = z
  .object({
    specId: entityId.describe('the top-up plan (a top-up spec)'),
    iccids: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{18,22}$/),
      )
      .max(COMPANY_TOPUP_MAX_CARDS)
      .default([])
      .describe('the cards to top up, one top-up each'),
    all: z
      .boolean()
      .default(false)
      .describe('instead of iccids: every card of the company that can take a top-up (not expired)'),
    payWay: payWayCode,
    idempotencyKey: idempotencyKey.optional(),
  })
  .describe('one order through checkout, each card topped up on delivery');
export const companyTopUp = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  totalAmount: minorAmount,
  currency: z.string(),
  iccids: z.array(z.string()).describe('the cards this order tops up'),
});
export type CompanyTopUp = z.infer<typeof companyTopUp>;
export const companyReassignRequest = z.object({
  iccid: z
    .string()
    .trim()
    .regex(/^\d{18,22}$/),
  userId: entityId.describe('the traveller (a member of the company) who receives it'),
});

// ---------------------------------------------------------------- statement

export const companyStatementRequest = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .describe('YYYY-MM, UTC'),
});
export const companyStatementLine = z.object({
  kind: z.enum(['order', 'refund']),
  at: z.string(),
  orderNo: z.string(),
  /** the order's e-invoice number (issue 28); null until issued, or when the shop does not invoice */
  invoiceNo: z.string().nullable(),
  description: z.string(),
  amount: z.number().int().describe('minor units; refunds negative'),
});
export const companyStatement = z.object({
  company: z.string(),
  month: z.string(),
  currency: z.string(),
  lines: z.array(companyStatementLine),
  ordersTotal: z.number().int(),
  refundsTotal: z.number().int(),
  cards: z.number().int(),
  usedMb: z.number(),
});
export type CompanyStatement = z.infer<typeof companyStatement>;

// ---------------------------------------------------------------- console

export const adminCompanyPageRequest = pageRequest.extend({ keyword: z.string().trim().max(60).optional() });
export const adminCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerUserId: z.number().int(),
  approvalThreshold: minorAmount.nullable(),
  memberCount: z.number().int(),
  batchCount: z.number().int(),
  createdAt: z.string(),
});
export const adminCompanyPage = pageOf(adminCompany);
export const adminCompanyDetail = adminCompany.extend({
  members: companyMemberList,
  batches: z.array(companyBatch),
});
