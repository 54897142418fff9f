import { ORDER_STATUS } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { returnStock } from '../catalogue';
import { returnCoupon } from '../coupon';
import { flagLatePaymentRefund } from './order.refunds';
import { enqueuePartnerDeliveries } from './order.delivery';
import {
  findOrder,
  findOrderLines,
  insertOrderLog,
  moveOrderStatus,
  type OrderRow,
} from './order.repository';

// The status machine: every move of an order is one guarded update (`WHERE status = expected`) plus a line in
// the order log. The edges are those of docs/architecture.md section 6; the callers decide who may take them.

const S = ORDER_STATUS;

/** Who moved an order, as the log records it. */
export type Actor = { kind: 'user' | 'admin' | 'system'; id: number | null };

/** The system itself: the sweeper and payments. */
export const SYSTEM: Actor = { kind: 'system', id: null };

export const logEntry = (
  orderId: number,
  from: number | null,
  to: number,
  action: string,
  actor: Actor,
  note: string | null,
  at: number,
) => ({
  order_id: orderId,
  from_status: from,
  to_status: to,
  action,
  actor: actor.kind,
  actor_id: actor.id,
  note,
  created_at: at,
});

/** Moves an order with a guarded update and logs it; ORDER_STATUS_INVALID when it is not in `from`. */
export async function transition(
  trx: Db,
  order: Pick<OrderRow, 'id'>,
  from: number,
  to: number,
  action: string,
  actor: Actor,
  opts: { set?: Parameters<typeof moveOrderStatus>[4]; note?: string | null; at: number },
) {
  const moved = await moveOrderStatus(trx, Number(order.id), from, to, { ...opts.set, updated_at: opts.at });
  if (!moved) fail('ORDER_STATUS_INVALID');
  await insertOrderLog(trx, logEntry(Number(order.id), from, to, action, actor, opts.note ?? null, opts.at));
}

export function assertStatusIn(order: Pick<OrderRow, 'status'>, allowed: readonly number[]) {
  if (!allowed.includes(Number(order.status))) fail('ORDER_STATUS_INVALID');
}

/**
 * An order about to change: NOT_FOUND when there is none (with `userId`: none of that user's, since anyone
 * else's orders do not exist for them), ORDER_STATUS_INVALID when it is not in one of `allowed`.
 */
export async function orderIn(db: Db, id: number, allowed: readonly number[], userId?: number) {
  const order = await findOrder(db, id, userId);
  if (!order) return fail('NOT_FOUND');
  assertStatusIn(order, allowed);
  return order;
}

/** Puts an order's stock back, in spec order (two orders never wait on each other); returns its goods ids. */
export async function returnOrderStock(trx: Db, orderId: number, at: number) {
  const lines = await findOrderLines(trx, [orderId]);
  for (const l of [...lines].sort((a, b) => Number(a.spec_id) - Number(b.spec_id)))
    await returnStock(trx, { specId: Number(l.spec_id), quantity: Number(l.quantity), orderId }, at);
  return lines.map((l) => Number(l.goods_id));
}

/** Puts an unpaid order's stock and coupon back and closes it (0 -> 7); inside the caller's transaction. */
export async function closeOrder(
  trx: Db,
  order: OrderRow,
  reason: 'cancelled' | 'expired',
  actor: Actor,
  at: number,
) {
  await transition(
    trx,
    order,
    S.PENDING_PAYMENT,
    S.CLOSED,
    reason === 'cancelled' ? 'cancel' : 'expire',
    actor,
    {
      set: { closed_at: at, close_reason: reason },
      at,
    },
  );
  const goodsIds = await returnOrderStock(trx, Number(order.id), at);
  if (order.user_coupon_id !== null) await returnCoupon(trx, Number(order.user_coupon_id), Number(order.id));
  return goodsIds;
}

/**
 * Records a verified payment (for the payments issue, inside its transaction): 0 -> 1, or for an order of
 * virtual goods only 0 -> 3 (fulfilled at once, as plans and eSIMs are). A payment after the deadline never
 * opens the order: it closes here (0 -> 7, stock and coupon back) and the payment (`amount`, default the
 * total) goes on the refund job; false. Also false when the order is not pending payment any more (closed or
 * already paid): the caller refunds or flags that payment.
 */
export async function markOrderPaid(
  trx: Db,
  orderId: number,
  opts: { at?: number; note?: string; amount?: number } = {},
) {
  const at = opts.at ?? Date.now();
  const order = await findOrder(trx, orderId);
  if (!order || Number(order.status) !== S.PENDING_PAYMENT) return false;
  if (Number(order.pay_deadline) <= at) {
    const closed = await closeOrder(trx, order, 'expired', SYSTEM, at).catch((err: unknown) => {
      // the closer or a cancel won the guarded update first: the order is closed, the caller flags the payment
      if (err instanceof AppError && err.codeName === 'ORDER_STATUS_INVALID') return null;
      throw err;
    });
    if (!closed) return false;
    await insertOrderLog(
      trx,
      logEntry(orderId, S.CLOSED, S.CLOSED, 'late_payment', SYSTEM, opts.note ?? null, at),
    );
    await flagLatePaymentRefund(trx, order, { amount: opts.amount, note: opts.note, at });
    return false;
  }
  const virtual = Number(order.virtual_only) === 1;
  const to = virtual ? S.PENDING_REVIEW : S.PENDING_SHIPMENT;
  const moved = await moveOrderStatus(trx, orderId, S.PENDING_PAYMENT, to, {
    paid_at: at,
    updated_at: at,
    ...(virtual ? { received_at: at } : {}),
  });
  if (!moved) return false;
  await insertOrderLog(trx, logEntry(orderId, S.PENDING_PAYMENT, to, 'pay', SYSTEM, opts.note ?? null, at));
  // eSIM and top-up lines: ordered from the plan partner by the simcard module's job, committed with this
  await enqueuePartnerDeliveries(trx, orderId, await findOrderLines(trx, [orderId]), at);
  return true;
}
