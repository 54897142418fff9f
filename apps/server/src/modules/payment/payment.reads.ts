import type { OrderPaidWay } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { countingPaidAttemptsOf } from './payment.repository';

/**
 * What actually paid each of these orders (issue 25, defect 9): its paid attempts that count toward it
 * (surplus excluded), oldest first, as channel and amount; the points part is the `points` channel's
 * discount. Orders nothing has paid yet are absent. For the order's reads, which show these rather than the
 * pay way chosen at checkout.
 */
export async function paidWaysOfOrders(db: Db, orderIds: number[]): Promise<Map<number, OrderPaidWay[]>> {
  const out = new Map<number, OrderPaidWay[]>();
  for (const a of await countingPaidAttemptsOf(db, orderIds)) {
    if (a.order_id === null) continue;
    const id = Number(a.order_id);
    const ways = out.get(id) ?? [];
    ways.push({ channel: a.channel as OrderPaidWay['channel'], amount: Number(a.amount) });
    out.set(id, ways);
  }
  return out;
}
