import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../context';
import { requirePermission } from '../platform/auth';
import { fail } from '../platform/errors';
import { invalidateGoods } from '../modules/catalogue';
import { adminOrderDetail, findOrder } from '../modules/order';
import { approveRequestedRefund, setOrderDelivery } from '../modules/order/commands';
import { openDeliveryCount } from '../modules/simcard/commands';
import { paidWaysOfOrders } from '../modules/payment';
import { revokeForRefund } from './order-fulfilment';
import { runNow, splitOrderRefund } from './order-refund';

/**
 * An operator approves the open refund of an order (refunds.decide): the order's move (5 -> 6, stock back)
 * and the money's split over its payments commit together; the parts are first sent at once, then retried
 * by the job. When the refund took back every eSIM the order delivered, the order's delivery reads cancelled
 * (its page no longer offers the cards as ready). Answers the order as operators see it.
 */
export async function approveRefund(
  ctx: AppContext,
  adminId: number,
  req: { id: number; amount?: number; reason?: string },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'refunds.decide');
  const order = (await findOrder(ctx.db, req.id)) ?? fail('NOT_FOUND');
  // a full refund takes the eSIMs back first (refused while one is installed, unless the operator says why)
  const full = req.amount === undefined || req.amount >= Number(order.total_amount);
  const taken = full ? await revokeForRefund(ctx, req.id, req.reason) : { revoked: [], kept: [], lines: 0 };
  const at = Date.now();
  const { jobs, goodsIds } = await ctx.db.transaction().execute(async (trx) => {
    const r = await approveRequestedRefund(trx, adminId, { ...req, installed: taken.kept }, at);
    if (taken.lines > 0 && (await openDeliveryCount(trx, r.orderId)) === 0)
      await setOrderDelivery(trx, r.orderId, 'cancelled', at);
    const jobs = await splitOrderRefund(
      trx,
      r.orderId,
      { id: r.refundId, amount: r.amount, reason: 'order_refund' },
      at,
    );
    return { jobs, goodsIds: r.goodsIds };
  });
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  await runNow(ctx, jobs);
  return adminOrderDetail(ctx, req.id, locale, paidWaysOfOrders);
}
