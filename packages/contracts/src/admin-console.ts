import { z } from 'zod';
import { LOCALES } from './constants';
import { pageRequest, pageOf } from './envelope';
import { adminRole } from './admin';

/** Operator console (issue 15): dashboard, audit log, operators, customers, content. */

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

// ---------------------------------------------------------------- dashboard

export const adminDashboardSummary = z.object({
  currency: z.string(),
  today: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  days: z
    .array(z.object({ day: z.string(), orders: z.number().int(), revenue: z.number().int() }))
    .describe('the last 14 days (UTC), oldest first; revenue in minor units of paid orders'),
  paymentsByChannel: z.array(
    z.object({ channel: z.string(), count: z.number().int(), amount: z.number().int() }),
  ),
  stockAlerts: z.array(
    z.object({
      goodsId: z.number().int(),
      specId: z.number().int(),
      goodsName: z.string(),
      specName: z.string(),
      stock: z.number().int(),
    }),
  ),
  deliveryFailures: z.number().int(),
  openChats: z.number().int(),
  pendingRefunds: z.number().int(),
  pendingTransfers: z.number().int(),
  pendingRealName: z.number().int(),
});
export type AdminDashboardSummary = z.infer<typeof adminDashboardSummary>;

// ---------------------------------------------------------------- audit log

export const adminAuditPageRequest = pageRequest.extend({
  adminId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(128).optional().describe('contains, e.g. `order/info/ship`'),
  entity: z.string().trim().max(32).optional(),
  entityId: z.string().trim().max(64).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export const adminAuditEntry = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  action: z.string().describe('the call: `POST admin/order/info/ship`'),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().describe('the row(s) before the change, JSON; null when none'),
  after: z.unknown().describe('the row(s) after the change (or the request), JSON; null when none'),
  ip: z.string(),
  createdAt: z.string(),
});
export const adminAuditPage = pageOf(adminAuditEntry);

// ---------------------------------------------------------------- operators

const status01 = z.union([z.literal(0), z.literal(1)]);
export const adminOperatorPageRequest = pageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  role: adminRole.optional(),
  status: status01.optional(),
});
export const adminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export const adminOperatorPage = pageOf(adminOperator);
const operatorPassword = z.string().min(8).max(64);
export const adminOperatorAddRequest = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/),
  name: z.string().trim().min(1).max(64),
  role: adminRole,
  password: operatorPassword,
});
export const adminOperatorUpdateRequest = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(64).optional(),
  role: adminRole.optional(),
});
export const adminOperatorStatusRequest = z.object({
  id: z.coerce.number().int().positive(),
  status: status01,
});
export const adminOperatorPasswordRequest = z.object({
  id: z.coerce.number().int().positive(),
  password: operatorPassword,
});
export const adminOperatorStatusAnswer = z.object({ id: z.number().int(), status: z.number().int() });

// ---------------------------------------------------------------- customers

export const adminCustomerPageRequest = pageRequest.extend({
  keyword: z.string().trim().max(64).optional().describe('phone, nickname or public id (contains)'),
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .optional()
    .describe('1 enabled, 0 disabled, 2 closed by the buyer (logoff); absent: all, closed included'),
});
export const adminCustomer = z.object({
  id: z.string().describe('public id'),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string(),
  status: z
    .number()
    .int()
    .describe('1 enabled, 0 disabled, 2 closed (an anonymous shell kept for the books)'),
  closedAt: z.string().nullable().describe('when the buyer closed the account; null: open'),
  createdAt: z.string(),
});
export const adminCustomerPage = pageOf(adminCustomer);
/** One buyer for the operator: the row plus wallet balance and points (admin/user/info/info). */
export const adminCustomerDetail = adminCustomer.extend({
  currency: z.string(),
  balance: z.number().int().describe('wallet, minor units'),
  points: z.number().int(),
});
export const adminLedgerPageRequest = pageRequest.extend({
  userPublicId: z.string().trim().min(1).max(32),
  kind: z.enum(['wallet', 'points']),
});
export const adminCustomerQuery = z.object({ id: z.string().trim().min(1).max(32) });
export const adminCustomerStatusRequest = z.object({
  id: z.string().trim().min(1).max(32),
  status: status01,
});
export const adminCustomerStatusAnswer = z.object({ id: z.string(), status: z.number().int() });

// ---------------------------------------------------------------- content: app versions

export const adminVersionPageRequest = pageRequest;
export const adminVersion = z.object({
  id: z.number().int(),
  version: z.string(),
  code: z.number().int(),
  description: z.string(),
  url: z.string().nullable(),
  force: z.boolean(),
  publishedAt: z.string(),
});
export const adminVersionPage = pageOf(adminVersion);
export const adminVersionAddRequest = z.object({
  version: z.string().trim().min(1).max(32),
  code: z.coerce.number().int().min(1).max(2_000_000_000),
  description: z.string().trim().min(1).max(4000),
  url: z.string().trim().max(512).nullish(),
  force: z.boolean().default(false),
  publishedAt: epochMs.optional().describe('epoch ms; now when absent'),
});
export const adminVersionUpdateRequest = adminVersionAddRequest
  .partial()
  .extend({ id: z.coerce.number().int().positive(), force: z.boolean().optional() });

// ---------------------------------------------------------------- content: documents per language

export const documentType = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9-]*$/)
  .describe('agreement, privacy, or another document key');
export const documentLanguage = z.enum(LOCALES);
export const appDocument = z.object({
  id: z.number().int(),
  type: z.string(),
  language: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export const adminDocumentListRequest = z.object({ type: documentType.optional() }).nullish();
export const adminDocumentSaveRequest = z.object({
  type: documentType,
  language: documentLanguage,
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(200_000),
});
export const appDocumentQuery = z.object({ type: documentType, language: documentLanguage.optional() });

// ---------------------------------------------------------------- content: dictionaries

const names = z
  .partialRecord(z.enum(LOCALES), z.string().trim().max(128))
  .describe('names in other languages; `name` is zh-Hans');
export const adminDictType = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  names: z.record(z.string(), z.string()),
});
export const adminDictTypeAddRequest = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  name: z.string().trim().min(1).max(64),
  names: names.optional(),
});
export const adminDictTypeUpdateRequest = adminDictTypeAddRequest
  .partial()
  .extend({ id: z.coerce.number().int().positive() });
export const adminDictInfo = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
  names: z.record(z.string(), z.string()),
  value: z.string().nullable(),
  description: z.string().nullable(),
  parentId: z.number().int().nullable(),
  orderNum: z.number().int(),
});
export const adminDictInfoListRequest = z.object({ typeId: z.coerce.number().int().positive() });
export const adminDictInfoAddRequest = z.object({
  typeId: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(128),
  names: names.optional(),
  value: z.string().trim().max(128).nullish(),
  description: z.string().trim().max(512).nullish(),
  parentId: z.coerce.number().int().positive().nullish(),
  orderNum: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const adminDictInfoUpdateRequest = adminDictInfoAddRequest
  .partial()
  .extend({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- payments (finance)

export const adminPaymentPageRequest = pageRequest.extend({
  channel: z.string().trim().max(16).optional(),
  status: z.enum(['pending', 'paid', 'failed', 'closed', 'awaiting_offline', 'refunded']).optional(),
  orderId: z.coerce.number().int().positive().optional(),
  from: epochMs.optional().describe('created at or after (epoch ms)'),
  to: epochMs.optional().describe('created before (epoch ms)'),
  owed: z
    .enum(['1'])
    .optional()
    .describe(
      '1: only payments with money still owed back (a refund not yet succeeded: sending, processing, failed or manual)',
    ),
});
export const adminPaymentRefund = z.object({
  refundNo: z.string(),
  amount: z.number().int().describe('minor units'),
  reason: z
    .string()
    .describe('order_refund, late_payment, surplus, excess, mismatch, order_closed, partner_cancelled'),
  state: z
    .string()
    .describe(
      'requesting, processing, succeeded, failed (an operator pays it back) or manual (no automatic way back)',
    ),
});
export const adminPayment = z.object({
  id: z.number().int(),
  attemptNo: z.string(),
  orderId: z.number().int().nullable(),
  topupId: z.number().int().nullable(),
  userId: z.number().int(),
  channel: z.string(),
  method: z.string().nullable(),
  amount: z.number().int().describe('minor units'),
  currency: z.string(),
  status: z.string(),
  providerTradeNo: z.string().nullable(),
  surplus: z.boolean().describe('money arrived for an order already paid or closed (refunded automatically)'),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  refunds: z.array(adminPaymentRefund).describe('money going back from this payment, oldest first'),
});
export const adminPaymentPage = pageOf(adminPayment);
