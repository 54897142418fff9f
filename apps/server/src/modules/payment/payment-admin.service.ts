import type { adminPaymentPageRequest } from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Payment attempts (orders and top-ups), newest first, for finance: by channel, status, order and time. */
export async function adminPaymentPage(ctx: AppContext, q: z.infer<typeof adminPaymentPageRequest>) {
  const base = ctx.db
    .selectFrom('payment_attempt')
    .$if(q.channel !== undefined, (b) => b.where('channel', '=', q.channel!))
    .$if(q.status !== undefined, (b) => b.where('status', '=', q.status!))
    .$if(q.orderId !== undefined, (b) => b.where('order_id', '=', q.orderId!))
    .$if(q.from !== undefined, (b) => b.where('created_at', '>=', q.from!))
    .$if(q.to !== undefined, (b) => b.where('created_at', '<', q.to!));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
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
    })),
    pagination: { page: q.page, size: q.size, total: Number(total) },
  };
}
