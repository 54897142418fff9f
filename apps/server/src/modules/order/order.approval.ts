import { ORDER_STATUS } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { extendPayDeadline } from './order.payment';
import { closeOrder, orderIn } from './order-status.service';

// An order that waits for a company approver (issue 28): held, with its stock, until its approval window
// ends; not payable while held (payableOrder asks isHeldForApproval). The hold is the order module's rule:
// the deadline moves to the window's end, and the sweeper closes the order there as for any unpaid order.

/** Holds an unpaid order for approval until `until` (its pay deadline moves there); inside the caller's trx. */
export async function holdForApproval(trx: Db, orderId: number, until: number, at: number) {
  await trx
    .insertInto('order_approval_hold')
    .values({ order_id: orderId, until, released_at: null, created_at: at })
    .execute();
  await extendPayDeadline(trx, orderId, until, at);
}

/** Ends the hold (approved): the order is payable until its deadline. True when this call released it. */
export async function releaseApprovalHold(trx: Db, orderId: number, at: number) {
  const res = await trx
    .updateTable('order_approval_hold')
    .set({ released_at: at })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether an order still waits for its approver (nobody may pay it). */
export async function isHeldForApproval(db: Db, orderId: number) {
  const row = await db
    .selectFrom('order_approval_hold')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A rejected order: the hold ends and the unpaid order closes (0 -> 7, cancelled by the approver), its stock
 * and coupon back; inside the caller's transaction. Returns the goods ids whose stock moved.
 */
export async function closeRejectedOrder(trx: Db, orderId: number, approverUserId: number, at: number) {
  await releaseApprovalHold(trx, orderId, at);
  const order = await orderIn(trx, orderId, [ORDER_STATUS.PENDING_PAYMENT]);
  return closeOrder(trx, order, 'cancelled', { kind: 'user', id: approverUserId }, at);
}
