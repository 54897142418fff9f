import { ORDER_STATUS, type OrderLogNote } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { returnStock } from '../catalogue';
import { returnCoupon } from '../coupon';
import {
  findOrder,
  findOrderLines,
  insertOrderLog,
  moveOrderStatus,
  type OrderLogInsert,
  type OrderRow,
} from './order.repository';
import { isPartnerLine } from './order.delivery';

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
  note: OrderLogNote | null,
  at: number,
): OrderLogInsert => ({
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
  opts: { set?: Parameters<typeof moveOrderStatus>[4]; note?: OrderLogNote | null; at: number },
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
 * Moves an unpaid order to paid, guarded and logged; false when it was not pending payment. Goods to ship, and
 * eSIMs and top-ups the plan partner delivers, go 0 -> 1 (an eSIM order moves on to 3 once every card is
 * delivered: `markOrderDelivered`); virtual goods nobody delivers go 0 -> 3, fulfilled at once. A command:
 * only flows/order-payment calls it, inside the transaction that took the money, after it locked the order and
 * checked the deadline.
 */
export async function markOrderPaid(trx: Db, order: OrderRow, opts: { at: number; note?: OrderLogNote }) {
  const { at } = opts;
  const orderId = Number(order.id);
  const virtual = Number(order.virtual_only) === 1;
  const done = virtual && !(await findOrderLines(trx, [orderId])).some(isPartnerLine);
  const to = done ? S.PENDING_REVIEW : S.PENDING_SHIPMENT;
  const moved = await moveOrderStatus(trx, orderId, S.PENDING_PAYMENT, to, {
    paid_at: at,
    updated_at: at,
    ...(done ? { received_at: at } : {}),
  });
  if (!moved) return false;
  await insertOrderLog(trx, logEntry(orderId, S.PENDING_PAYMENT, to, 'pay', SYSTEM, opts.note ?? null, at));
  return true;
}

/**
 * Every eSIM and top-up of a paid virtual order is delivered: 1 -> 3 ("to review"), received now, so the
 * automatic completion counts its days from the delivery (not the payment). Guarded and logged; false when the
 * order was elsewhere (refunding, or a mixed order an operator ships). The simcard module calls it in the
 * transaction that settles the order's delivery.
 */
export async function markOrderDelivered(trx: Db, orderId: number, at: number) {
  const order = await findOrder(trx, orderId);
  if (!order || Number(order.virtual_only) !== 1) return false;
  const moved = await moveOrderStatus(trx, orderId, S.PENDING_SHIPMENT, S.PENDING_REVIEW, {
    received_at: at,
    updated_at: at,
  });
  if (moved)
    await insertOrderLog(
      trx,
      logEntry(orderId, S.PENDING_SHIPMENT, S.PENDING_REVIEW, 'deliver', SYSTEM, null, at),
    );
  return moved;
}

/**
 * The simcard module settles the order's delivery (all lines delivered, or one stuck), in its transaction; all
 * delivered also moves a virtual order on to "to review" (`markOrderDelivered`).
 */
export async function setOrderDelivery(
  db: Db,
  orderId: number,
  state: 'delivering' | 'delivered' | 'stuck' | 'cancelled',
  at = Date.now(),
) {
  await db
    .updateTable('shop_order')
    .set({ delivery_state: state, updated_at: at })
    .where('id', '=', orderId)
    .execute();
  if (state === 'delivered') await markOrderDelivered(db, orderId, at);
}

/** Records on a closed order that money arrived late (the flow refunds it in the same transaction). */
export const logLatePayment = (trx: Db, orderId: number, note: OrderLogNote | null, at: number) =>
  insertOrderLog(trx, logEntry(orderId, S.CLOSED, S.CLOSED, 'late_payment', SYSTEM, note, at));

/**
 * The shop refunded the whole of a paid order by itself (every partner line cancelled): 1, 3 or 4 -> 6,
 * guarded and logged; false when the order was elsewhere. A command for flows/order-fulfilment.
 */
export async function refundWholeOrder(trx: Db, order: OrderRow, actor: Actor, at: number) {
  const from = Number(order.status);
  if (![S.PENDING_SHIPMENT, S.PENDING_REVIEW, S.COMPLETED].includes(from as 1 | 3 | 4)) return false;
  const moved = await moveOrderStatus(trx, Number(order.id), from, S.REFUNDED, { updated_at: at });
  if (moved)
    await insertOrderLog(
      trx,
      logEntry(Number(order.id), from, S.REFUNDED, 'partner_cancel', actor, null, at),
    );
  return moved;
}
