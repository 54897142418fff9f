import { reusableQuery, type Db } from './db';

const countersOf = reusableQuery((db, $) =>
  db.selectFrom('user_revision').select(['orders', 'cart', 'unpaid']).where('user_id', '=', $(0)),
);
/**
 * One of the buyer's counters, kept by triggers (migration 0160), 0 before the first: `orders` and `cart`
 * are revisions the database moves with every change to their orders (with lines and refunds) and to their
 * cart lines; `unpaid` is the number of their orders pending payment.
 */
export async function buyerCounter(
  db: Db,
  userId: number,
  of: 'orders' | 'cart' | 'unpaid',
): Promise<number> {
  const row = (await countersOf(db, userId))[0];
  return Number(row?.[of] ?? 0);
}
