import type { adminPaymentPageRequest } from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Payment attempts (orders and top-ups), newest first, for finance: by channel, status, order and time, each
 * with the money going back from it; `owed` keeps those with a refund not yet succeeded (failed and manual
 * ones are paid back by hand).
 */
export async function adminPaymentPage(ctx: AppContext, q: z.infer<typeof adminPaymentPageRequest>) {
  const base = ctx.db
    .selectFrom('payment_attempt')
    .$if(q.channel !== undefined, (b) => b.where('channel', '=', q.channel!))
    .$if(q.status !== undefined, (b) => b.where('status', '=', q.status!))
    .$if(q.orderId !== undefined, (b) => b.where('order_id', '=', q.orderId!))
    .$if(q.from !== undefined, (b) => b.where('created_at', '>=', q.from!))
    .$if(q.to !== undefined, (b) => b.where('created_at', '<', q.to!))
    .$if(q.owed !== undefined, (b) =>
      b.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('payment_refund as r')
            .select('r.id')
            .whereRef('r.attempt_id', '=', 'payment_attempt.id')
            .where('r.state', '!=', 'succeeded'),
        ),
      ),
    );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const refunds =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('payment_refund')
          .select(['attempt_id', 'refund_no', 'amount', 'reason', 'state'])
          .where(
            'attempt_id',
            'in',
            rows.map((r) => Number(r.id)),
          )
          .orderBy('id')
          .execute();
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      attemptNo: r.attempt_no,
      orderId: r.order_id === null ? null : Number(r.order_id),
      topupId: r.topup_id === null ? null : Number(r.topup_id),
      userId: Number(r.user_id),
      channel: r.channel,
      method: r.method,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      providerTradeNo: r.provider_trade_no,
      surplus: Number(r.surplus) === 1,
      paidAt: iso(r.paid_at),
      createdAt: iso(r.created_at)!,
      refunds: refunds
        .filter((x) => Number(x.attempt_id) === Number(r.id))
        .map((x) => ({ refundNo: x.refund_no, amount: Number(x.amount), reason: x.reason, state: x.state })),
    })),
    pagination: { page: q.page, size: q.size, total: Number(total) },
  };
}
