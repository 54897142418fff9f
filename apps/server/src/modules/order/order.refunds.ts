import type { Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';
import { insertRefund, type OrderRow } from './order.repository';

/** The kind of the refund job: sends one approved refund to the money, retried until the provider answers. */
export const REFUND_JOB = 'order.refund';
/** Name (and lease) of the order sweep: deadlines, automatic receipt and completion. */
export const ORDER_SWEEP_JOB = 'order.sweep';
/** Refund attempts before the refund is marked `failed` for an operator. */
export const REFUND_MAX_ATTEMPTS = 10;

/**
 * Puts a decided refund on the refund job, inside the transaction that decided it (so the job exists exactly
 * when the decision commits, and a crash after the commit still sends it). One job per refund.
 */
export const enqueueRefund = (trx: Db, refundId: number, at: number) =>
  enqueueJob(trx, REFUND_JOB, { refundId }, { key: `${REFUND_JOB}:${refundId}`, at });

/**
 * A payment that arrived after the order's deadline: the order was closed in the same transaction; the money
 * goes back through a refund record (approved, `requesting`) and the refund job. Returns the refund id.
 */
export async function flagLatePaymentRefund(
  trx: Db,
  order: Pick<OrderRow, 'id' | 'total_amount'>,
  opts: { amount?: number; note?: string; at: number },
) {
  const refundId = await insertRefund(trx, {
    order_id: Number(order.id),
    from_status: 0,
    state: 'approved',
    reason: 'late_payment',
    description: opts.note ?? '',
    pictures: '[]',
    amount: opts.amount ?? Number(order.total_amount),
    provider_state: 'requesting',
    provider_ref: null,
    reject_reason: null,
    admin_id: null,
    requested_at: opts.at,
    decided_at: opts.at,
  });
  await enqueueRefund(trx, refundId, opts.at);
  return refundId;
}
