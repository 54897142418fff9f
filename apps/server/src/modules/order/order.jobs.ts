import type { AppContext } from '../../context';
import type { RetriedJob, ScheduledJob } from '../../jobs/runner';
import { findRefundToSend, settleRefund } from './order.repository';
import { ORDER_SWEEP_JOB, REFUND_JOB, REFUND_MAX_ATTEMPTS } from './order.refunds';
import { sweepOrders } from './order.service';

/** The order module's jobs: the sweep (scheduled) and the refund (retried, idempotent). */
export function orderJobs(ctx: AppContext): {
  sweep: ScheduledJob;
  refund: RetriedJob<{ refundId: number }>;
} {
  return {
    sweep: {
      name: ORDER_SWEEP_JOB,
      everyMs: ctx.config.order.sweepSeconds * 1000,
      run: () => sweepOrders(ctx),
    },
    refund: {
      kind: REFUND_JOB,
      maxAttempts: REFUND_MAX_ATTEMPTS,
      async run({ refundId }) {
        const r = await findRefundToSend(ctx.db, refundId);
        // settled by an earlier run (or gone): a repeat sends nothing
        if (!r || r.provider_state !== 'requesting') return;
        const outcome = await ctx.providers.refunds.refund({
          refundId,
          orderId: Number(r.order_id),
          orderNo: r.order_no,
          payWay: r.pay_way,
          amount: Number(r.amount),
          currency: r.currency,
        });
        await settleRefund(ctx.db, refundId, { provider_state: outcome.state, provider_ref: outcome.ref });
      },
      async onGiveUp({ refundId }) {
        // an operator sees `failed` on the order and pays it back by hand
        await settleRefund(ctx.db, refundId, { provider_state: 'failed', provider_ref: null });
      },
    },
  };
}
