import { ORDER_STATUS, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { requirePermission } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { adminOrderDetail, orderLogistics, type PaidWaysOf } from './order-reads.service';
import { orderIn, returnOrderStock, transition } from './order-status.service';
import { decimalAmount } from './order-export';
import { decideRefund, findOrder, findRequestedRefund, insertTracking } from './order.repository';

// What operators do with orders (admin/order/info): ship, add tracking events, decide refunds.

const S = ORDER_STATUS;
/** Roles that may ship orders and decide refunds; support staff read only. */

/** An operator ships a paid order (1 -> 2) with the carrier and tracking number. */
export async function adminShipOrder(
  ctx: AppContext,
  adminId: number,
  req: { id: number; carrier: string; trackingNo: string },
  locale: Locale,
  paidOf: PaidWaysOf,
) {
  await requirePermission(ctx, adminId, 'orders.write');
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await orderIn(trx, req.id, [S.PENDING_SHIPMENT]);
    // an eSIM order waits in 1 for its cards, which the partner delivers: nothing to ship
    if (Number(order.virtual_only) === 1) fail('ORDER_STATUS_INVALID');
    await transition(
      trx,
      order,
      S.PENDING_SHIPMENT,
      S.PENDING_RECEIPT,
      'ship',
      { kind: 'admin', id: adminId },
      {
        set: { shipped_at: at, carrier: req.carrier, tracking_no: req.trackingNo },
        note: { kind: 'shipped', params: { carrier: req.carrier, trackingNo: req.trackingNo } },
        at,
      },
    );
  });
  return adminOrderDetail(ctx, req.id, locale, paidOf);
}

/** An operator adds a tracking event to a shipped order. */
export async function adminAddTracking(
  ctx: AppContext,
  adminId: number,
  req: { id: number; description: string; location: string | null; at?: string },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'orders.write');
  const order = await findOrder(ctx.db, req.id);
  if (!order) return fail('NOT_FOUND');
  if (order.shipped_at === null) fail('ORDER_STATUS_INVALID');
  const at = Date.now();
  await insertTracking(ctx.db, {
    order_id: req.id,
    happened_at: req.at ? Date.parse(req.at) : at,
    description: req.description,
    location: req.location,
    admin_id: adminId,
    created_at: at,
  });
  return orderLogistics(ctx, null, req.id, locale);
}

/**
 * An operator's approval of the open refund request (5 -> 6), in full or for a smaller `amount` (minor
 * units, more than 0 and at most what the buyer asked: ORDER_REFUND_AMOUNT_INVALID otherwise, nothing
 * changed); unshipped goods go back to stock. A command: flows/order-refund calls it inside the transaction
 * that also splits the money over the order's payments. A partial approval keeps the ask on the refund; the
 * order log notes both amounts, the installed eSIMs refunded anyway and the operator's reason.
 */
export async function approveRequestedRefund(
  trx: Db,
  adminId: number,
  req: { id: number; amount?: number; installed?: string[]; reason?: string },
  at: number,
) {
  const { id } = req;
  const order = await orderIn(trx, id, [S.REFUNDING]);
  const open = await findRequestedRefund(trx, id);
  if (!open) return fail('ORDER_STATUS_INVALID');
  const asked = Number(open.amount);
  const amount = req.amount ?? asked;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > asked)
    fail('ORDER_REFUND_AMOUNT_INVALID', {
      max: decimalAmount(order.currency, asked),
      currency: order.currency,
    });
  const refund = await decideRefund(
    trx,
    id,
    { state: 'approved', admin_id: adminId, decided_at: at, provider_state: 'requesting' },
    amount < asked ? { amount, asked } : undefined,
  );
  if (!refund) return fail('ORDER_STATUS_INVALID');
  await transition(
    trx,
    order,
    S.REFUNDING,
    S.REFUNDED,
    'refund_approve',
    { kind: 'admin', id: adminId },
    {
      at,
      note: {
        kind: 'refund_approved',
        params: {
          amount,
          asked,
          currency: order.currency,
          installed: req.installed ?? [],
          reason: req.reason ?? null,
        },
      },
    },
  );
  // unshipped goods go back to stock
  const goodsIds = refund.fromStatus === S.PENDING_SHIPMENT ? await returnOrderStock(trx, id, at) : [];
  return { refundId: refund.id, orderId: id, amount, goodsIds };
}

/** An operator rejects a refund: the order goes back to the status it came from. */
export async function adminRejectRefund(
  ctx: AppContext,
  adminId: number,
  req: { id: number; reason: string },
  locale: Locale,
  paidOf: PaidWaysOf,
) {
  await requirePermission(ctx, adminId, 'refunds.decide');
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await orderIn(trx, req.id, [S.REFUNDING]);
    const refund = await decideRefund(trx, req.id, {
      state: 'rejected',
      admin_id: adminId,
      decided_at: at,
      reject_reason: req.reason,
    });
    if (!refund) return fail('ORDER_STATUS_INVALID');
    await transition(
      trx,
      order,
      S.REFUNDING,
      refund.fromStatus,
      'refund_reject',
      { kind: 'admin', id: adminId },
      {
        note: { kind: 'refund_rejected', params: { reason: req.reason } },
        at,
      },
    );
  });
  return adminOrderDetail(ctx, req.id, locale, paidOf);
}
