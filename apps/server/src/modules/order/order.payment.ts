import { ORDER_STATUS } from '@simshop/contracts';
import type { Db } from '../../platform/db';

/**
 * Gives an unpaid order a later payment deadline (guarded: still pending payment, never earlier). For pay
 * ways that take days, as a corporate bank transfer does. True when the deadline moved.
 */
export async function extendPayDeadline(trx: Db, orderId: number, until: number, at = Date.now()) {
  const res = await trx
    .updateTable('shop_order')
    .set({ pay_deadline: until, updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.PENDING_PAYMENT)
    .where('pay_deadline', '<', until)
    .where('pay_deadline', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
