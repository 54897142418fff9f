import type { AppContext } from '../context';
import { requirePermission } from '../platform/auth';
import type { Db } from '../platform/db';
import { fail } from '../platform/errors';
import { findOrderLines, isPartnerLine, type OrderRow } from '../modules/order';
import { lockOrder, recordSystemRefund, refundWholeOrder, setOrderDelivery } from '../modules/order/commands';
import { moneyHeld } from '../modules/payment/commands';
import {
  cancelAtPartner,
  enqueueLineDelivery,
  findDeliveryByLine,
  iccidsOf,
  lineView,
  markDeliveryCancelled,
  openDeliveryCount,
  orderEsims,
  restDelivered,
  revokeDelivery,
} from '../modules/simcard/commands';
import { runNow, splitOrderRefund } from './order-refund';

// What a paid order sets going, in the transaction that took its money: one delivery job per line the plan
// partner fulfils (an eSIM or a top-up), keyed by the line so a repeated notification adds none, and the
// order shows `delivering` until the simcard module settles it. Physical goods wait for an operator to ship.
// And what a refund takes back: the refund rule for eSIMs (shown to buyers on the goods page) is that an
// eSIM is refunded in full only before it is installed, when it is revoked at the partner in the same flow;
// once installed only an operator can refund it, with a reason. A partner line an operator cancels is
// refunded through the refund flow.

/** Starts the fulfilment of an order just paid; returns how many partner lines were put on the job. */
export async function startFulfilment(trx: Db, order: Pick<OrderRow, 'id'>, at: number) {
  const orderId = Number(order.id);
  const partner = (await findOrderLines(trx, [orderId])).filter(isPartnerLine);
  if (partner.length === 0) return 0;
  for (const l of partner) await enqueueLineDelivery(trx, Number(l.id), at);
  await setOrderDelivery(trx, orderId, 'delivering', at);
  return partner.length;
}

/**
 * Takes back an order's eSIMs and top-ups before its money goes back in full (flows/order-refund): refused
 * with ORDER_REFUND_ESIM_INSTALLED, nothing changed, when a card is installed and the operator gave no
 * reason; otherwise each delivery whose cards are not installed is cancelled at the partner and its cards
 * expired (an installed one, refunded with a reason, stays with the buyer). Network calls: outside any
 * transaction, before the refund's. Returns what was revoked and what was kept.
 */
export async function revokeForRefund(ctx: AppContext, orderId: number, operatorReason: string | undefined) {
  const esims = await orderEsims(ctx, orderId);
  const installed = esims.filter((e) => e.installed);
  if (installed.length > 0 && !operatorReason) fail('ORDER_REFUND_ESIM_INSTALLED');
  const revoked: string[] = [];
  const taken = esims.filter((x) => !x.installed);
  for (const e of taken) {
    await revokeDelivery(ctx, e.delivery, 'refunded');
    revoked.push(...e.iccids);
  }
  // `lines`: partner lines taken back, cards bound or not yet (a delivery still under way is cancelled too)
  return { revoked, kept: installed.flatMap((e) => e.iccids), lines: taken.length };
}

/**
 * An operator cancels one partner line (deliveries.retry): cancelled at the partner (refused there once a
 * card is installed), then in one transaction the line marked cancelled with its cards expired and its
 * money refunded through the refund flow (an approved refund the buyer sees, split over what paid); when no
 * partner line of the order is left, the order moves to refunded. A line already cancelled (a repeat, or a
 * refund that revoked it) refunds nothing more. Answers the line as operators see it.
 */
export async function cancelPartnerLine(ctx: AppContext, adminId: number, orderLineId: number) {
  await requirePermission(ctx, adminId, 'deliveries.retry');
  const d = (await findDeliveryByLine(ctx.db, orderLineId)) ?? fail('SIM_DELIVERY_NOT_FOUND');
  if (d.state !== 'cancelled') await cancelAtPartner(ctx, d);
  const at = Date.now();
  const orderId = Number(d.order_id);
  const jobs = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.engine, orderId);
    if (!(await markDeliveryCancelled(trx, d, 'cancelled by operator', at))) return [];
    if (!order || order.paid_at === null) return [];
    // the line's share of what the buyer paid (discounts spread by amount), never more than is still held
    const lines = await findOrderLines(trx, [orderId]);
    const line = lines.find((l) => Number(l.id) === orderLineId);
    const gross = lines.reduce((s, l) => s + Number(l.amount), 0);
    const share =
      line && gross > 0 ? Math.floor((Number(line.amount) * Number(order.total_amount)) / gross) : 0;
    const amount = Math.min(share, await moneyHeld(trx, orderId));
    if (amount <= 0) return [];
    const refundId = await recordSystemRefund(trx, order, {
      amount,
      reason: 'partner_cancelled',
      note: `line ${orderLineId}`,
      fromStatus: Number(order.status),
      at,
    });
    const jobs = await splitOrderRefund(
      trx,
      orderId,
      { id: refundId, amount, reason: 'partner_cancelled' },
      at,
    );
    if ((await openDeliveryCount(trx, orderId)) === 0)
      await refundWholeOrder(trx, order, { kind: 'admin', id: adminId }, at);
    // the order's other lines were already delivered: it is delivered now (an eSIM order goes to review)
    else if (order.delivery_state !== 'delivered' && (await restDelivered(trx, orderId)))
      await setOrderDelivery(trx, orderId, 'delivered', at);
    return jobs;
  });
  await runNow(ctx, jobs);
  return lineView({ ...d, state: 'cancelled' }, await iccidsOf(ctx, d));
}
