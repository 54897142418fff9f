import type { AppContext } from '../../context';

/** Paid order payments since `since` (epoch ms) by channel: how many and how much (minor units). */
export async function paymentsByChannelSince(ctx: AppContext, since: number) {
  const rows = await ctx.db
    .selectFrom('payment_attempt')
    .select((eb) => [
      'channel',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('amount'),
    ])
    .where('status', 'in', ['paid', 'refunded'])
    .where('order_id', 'is not', null)
    .where('paid_at', '>=', since)
    .groupBy('channel')
    .orderBy('channel')
    .execute();
  return rows.map((r) => ({ channel: r.channel, count: Number(r.count), amount: Number(r.amount ?? 0) }));
}
