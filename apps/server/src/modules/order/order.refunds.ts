import type { Db } from '../../platform/db';
import { insertRefund, type OrderRow } from './order.repository';

/** Name (and lease) of the order sweep: deadlines, automatic receipt and completion. */
export const ORDER_SWEEP_JOB = 'order.sweep';

/**
 * Records a refund the shop decided by itself (money that arrived after the order closed): an approved
 * refund the buyer sees on the order, whose money flows/order-refund sends. Returns the refund id.
 */
export async function recordSystemRefund(
  trx: Db,
  order: Pick<OrderRow, 'id'>,
  opts: { amount: number; reason: string; note?: string; fromStatus: number; at: number },
) {
  return insertRefund(trx, {
    order_id: Number(order.id),
    from_status: opts.fromStatus,
    state: 'approved',
    reason: opts.reason,
    description: opts.note ?? '',
    pictures: '[]',
    amount: opts.amount,
    provider_state: 'requesting',
    provider_ref: null,
    reject_reason: null,
    admin_id: null,
    requested_at: opts.at,
    decided_at: opts.at,
  });
}
