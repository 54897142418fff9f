import { reusableQuery, type Db } from './db';

const revisionsOf = reusableQuery((db, $) =>
  db.selectFrom('user_revision').select(['orders', 'cart', 'unpaid']).where('user_id', '=', $(0)),
);
/**
 * The buyer's revisions: counters the database moves with every change to their orders (with lines and
 * refunds) and to their cart, by triggers (migration 0160); 0 before the first. `unpaid` is the number of
 * their orders pending payment, kept by the same triggers.
 */
export async function revisionOf(db: Db, userId: number, of: 'orders' | 'cart' | 'unpaid'): Promise<number> {
  const row = (await revisionsOf(db, userId))[0];
  return Number(row?.[of] ?? 0);
}
