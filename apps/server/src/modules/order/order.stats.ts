import type { AppContext } from '../../context';

/** Paid orders since `since` (epoch ms): when and how much, for the console's dashboard. */
export async function paidOrdersSince(ctx: AppContext, since: number) {
  const rows = await ctx.db
    .selectFrom('shop_order')
    .select(['paid_at', 'total_amount'])
    .where('paid_at', '>=', since)
    .execute();
  return rows.map((r) => ({ paidAt: Number(r.paid_at), amount: Number(r.total_amount) }));
}

/** Refund requests waiting for an operator's decision. */
export async function pendingRefundCount(ctx: AppContext): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('order_refund')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(n);
}
