import {
  COMPANY_APPROVAL_HOURS,
  type CompanyBatch,
  type CompanyPreview,
  type Locale,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { iso } from '../../platform/columns';
import { invalidateGoods } from '../catalogue';
import { planCoverage } from '../trip';
import {
  closeRejectedOrder,
  findOrder,
  holdForApproval,
  releaseApprovalHold,
  type CreatedOrder,
} from '../order';
import { parseTravellers, type TravellerInput } from './company-csv';
import { memberContacts, seatOf, type Seat } from './company-members.service';
import {
  batchPage,
  decideBatch,
  findBatch,
  findBatchByOrder,
  insertBatch,
  insertTravellers,
  membersOf,
  travellersOfBatches,
  type BatchRow,
} from './company.repository';

// Bulk purchase and its approval. A batch is one order of one plan for many travellers, placed in the name of
// the company account (its invoice, its transfer, its wallet) through the shop's own checkout; nothing is
// written before the buyer confirms a batch without errors. Above the company's threshold the order is held
// (stock kept, not payable) for an approver.

const HOUR_MS = 3_600_000;
export const BUYER_ROLES = ['owner', 'buyer'] as const;

export type BatchPlan = { seat: Seat; specId: number; quantity: number; rows: TravellerInput[] };

/** Reads a bulk request: the travellers of its CSV (with each row's errors) or a bare quantity. */
export async function planBatch(
  ctx: AppContext,
  userId: number,
  req: { specId: number; quantity?: number; csv?: string },
  locale: Locale,
): Promise<BatchPlan> {
  const seat = await seatOf(ctx, userId, BUYER_ROLES);
  if (req.csv !== undefined && req.csv.trim() !== '') {
    const rows = parseTravellers(ctx, req.csv, locale, await planCoverage(ctx, req.specId));
    return { seat, specId: req.specId, quantity: rows.length, rows };
  }
  if (!req.quantity) fail('COMPANY_BATCH_QUANTITY_REQUIRED');
  return { seat, specId: req.specId, quantity: req.quantity, rows: [] };
}

/** The preview a buyer sees before confirming: every row with its errors; nothing is written. */
export async function previewBatch(
  ctx: AppContext,
  userId: number,
  req: { specId: number; quantity?: number; csv?: string },
  locale: Locale,
): Promise<CompanyPreview> {
  const plan = await planBatch(ctx, userId, req, locale);
  return {
    quantity: plan.quantity,
    rows: plan.rows,
    errorCount: plan.rows.filter((r) => r.errors.length > 0).length,
  };
}

/** COMPANY_BATCH_HAS_ERRORS while any row has an error: a batch is ordered whole or not at all. */
export function assertBatchClean(plan: BatchPlan) {
  const count = plan.rows.filter((r) => r.errors.length > 0).length;
  if (count > 0) fail('COMPANY_BATCH_HAS_ERRORS', { count });
}

/**
 * The batch's writes for the order checkout is creating (flows/company-batch hands them to checkout, which
 * runs them in the order's own transaction): the travellers, each matched to a member by phone or e-mail
 * (read before the transaction), and, above the threshold, the approval hold. A failure rolls the order back.
 */
export async function batchWrites(ctx: AppContext, plan: BatchPlan) {
  const companyId = Number(plan.seat.company.id);
  const contacts = await memberContacts(ctx, companyId);
  const threshold = plan.seat.company.approval_threshold;
  return async (trx: Db, order: CreatedOrder) => {
    const waits = threshold !== null && order.totalAmount > Number(threshold);
    const batchId = await insertBatch(trx, {
      company_id: companyId,
      buyer_user_id: Number(plan.seat.member.user_id),
      order_id: order.id,
      spec_id: plan.specId,
      quantity: plan.quantity,
      total_amount: order.totalAmount,
      currency: order.currency,
      status: waits ? 'awaiting_approval' : 'no_approval',
      decided_by: null,
      decision_reason: null,
      decided_at: null,
      created_at: order.at,
      updated_at: order.at,
    });
    await insertTravellers(
      trx,
      plan.rows.map((r) => ({
        batch_id: batchId,
        company_id: companyId,
        row_no: r.row,
        name: r.name,
        phone: r.phone,
        email: r.email,
        destination: r.destination,
        start_date: r.startDate,
        end_date: r.endDate,
        user_id:
          contacts.find((c) => (r.phone && c.phone === r.phone) || (r.email && c.email === r.email))
            ?.userId ?? null,
        iccid: null,
        assigned_at: null,
        created_at: order.at,
      })),
    );
    if (waits) await holdForApproval(trx, order.id, order.at + COMPANY_APPROVAL_HOURS * HOUR_MS, order.at);
  };
}

/** The batch of a company's order (a repeat with the same idempotency key answers it too). */
export async function batchOfOrder(ctx: AppContext, plan: BatchPlan, orderId: number, locale: Locale) {
  const batch = await findBatchByOrder(ctx.db, orderId);
  if (!batch || Number(batch.company_id) !== Number(plan.seat.company.id)) fail('COMPANY_BATCH_NOT_FOUND');
  return batchView(ctx, batch, locale);
}

async function batchView(ctx: AppContext, b: BatchRow, locale: Locale): Promise<CompanyBatch> {
  void locale;
  const [order, travellers, members] = await Promise.all([
    findOrder(ctx.db, Number(b.order_id)),
    travellersOfBatches(ctx.db, [Number(b.id)]),
    membersOf(ctx.db, Number(b.company_id)),
  ]);
  const nameOf = (id: number | null) =>
    id === null ? null : (members.find((m) => Number(m.user_id) === Number(id))?.display_name ?? null);
  return {
    id: Number(b.id),
    orderId: Number(b.order_id),
    orderNo: order?.order_no ?? '',
    orderStatus: Number(order?.status ?? 0),
    quantity: Number(b.quantity),
    totalAmount: Number(b.total_amount),
    currency: b.currency,
    status: b.status,
    buyerName: nameOf(Number(b.buyer_user_id)) ?? '',
    decidedBy: nameOf(b.decided_by === null ? null : Number(b.decided_by)),
    reason: b.decision_reason,
    createdAt: iso(Number(b.created_at)),
    travellers: travellers.length,
    assigned: travellers.filter((x) => x.iccid !== null).length,
  };
}

/** The company's batches, newest first (owner, buyers, approvers); `status` awaiting_approval: the approver's list. */
export async function listBatches(
  ctx: AppContext,
  userId: number,
  q: { page: number; size: number; status?: BatchRow['status'] },
  locale: Locale,
) {
  const seat = await seatOf(ctx, userId, ['owner', 'buyer', 'approver']);
  const { rows, total } = await batchPage(ctx.db, Number(seat.company.id), q);
  return {
    list: await Promise.all(rows.map((b) => batchView(ctx, b, locale))),
    pagination: { page: q.page, size: q.size, total },
  };
}

/**
 * An approver (or the owner) approves or rejects a held order, once (guarded): approved, it becomes payable
 * until its deadline; rejected, it closes and its stock returns. The reason is kept for the buyer.
 */
export async function decideBatchOrder(
  ctx: AppContext,
  userId: number,
  req: { batchId: number; approve: boolean; reason: string },
  locale: Locale,
) {
  const seat = await seatOf(ctx, userId, ['owner', 'approver']);
  const companyId = Number(seat.company.id);
  const batch = (await findBatch(ctx.db, companyId, req.batchId)) ?? fail('COMPANY_BATCH_NOT_FOUND');
  if (batch.status !== 'awaiting_approval') fail('COMPANY_BATCH_NOT_AWAITING');
  const at = Date.now();
  const orderId = Number(batch.order_id);
  const goodsIds = await ctx.db.transaction().execute(async (trx) => {
    const won = await decideBatch(trx, Number(batch.id), {
      status: req.approve ? 'approved' : 'rejected',
      by: userId,
      reason: req.reason,
      at,
    });
    if (!won) fail('COMPANY_BATCH_NOT_AWAITING');
    if (req.approve) {
      await releaseApprovalHold(trx, orderId, at);
      return [];
    }
    return closeRejectedOrder(trx, orderId, userId, at);
  });
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  const decided = (await findBatch(ctx.db, companyId, Number(batch.id))) ?? fail('COMPANY_BATCH_NOT_FOUND');
  return batchView(ctx, decided, locale);
}

/** The batches of a company for operators (newest first). */
export async function batchesForConsole(ctx: AppContext, companyId: number, locale: Locale) {
  const { rows } = await batchPage(ctx.db, companyId, { page: 1, size: 100 });
  return Promise.all(rows.map((b) => batchView(ctx, b, locale)));
}
