// The order module's commands: the writes other code may make to an order's money-bearing state. Only
// apps/server/src/flows/ imports this file (lint enforces it); everything else uses index.ts.
import type { Db, Engine } from '../../platform/db';
import { lockRow } from '../../platform/db';
import { findOrder } from './order.repository';

export { markOrderPaid, logLatePayment, closeOrder, refundWholeOrder, SYSTEM } from './order-status.service';
export { extendPayDeadline } from './order.payment';
export { recordSystemRefund } from './order.refunds';
export { settleRefund as settleOrderRefund } from './order.repository';
export { approveRequestedRefund } from './order-operator.service';
export { setOrderDelivery } from './order-status.service';

/**
 * First statement of every transaction that moves an order's money: on PostgreSQL it locks the order row,
 * so payments, points, the sweeper and refunds on one order take turns and each reads what the one before
 * committed; SQLite runs one transaction at a time anyway. Returns the order as it is now.
 */
export async function lockOrder(trx: Db, engine: Engine, orderId: number) {
  await lockRow(trx, engine, 'shop_order', orderId);
  return findOrder(trx, orderId);
}
