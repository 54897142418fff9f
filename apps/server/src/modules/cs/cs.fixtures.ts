import type { TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { addressOf, buyNow, physicalGoods, type Buyer } from '../order/order.fixtures';

export { uploadOf } from '../order/order.fixtures';
export type { Buyer };

/** A logged-in buyer. */
export const buyerOf = (t: TestApp, nickname?: string) => createUser(t.ctx, nickname ? { nickname } : {});

/** An order of the buyer's (one physical goods, pending payment); returns its id. */
export async function orderOf(t: TestApp, buyer: Buyer): Promise<number> {
  const g = await physicalGoods(t);
  const addressId = await addressOf(t, buyer);
  const res = await buyNow(t, buyer, g.specIds[0]!, { addressId });
  if (res.code !== 1000) throw new Error(res.message);
  return res.data.id as number;
}

/** An access token of the seeded operator (role super). */
export async function operatorToken(t: Pick<TestApp, 'ctx'>): Promise<{ id: number; token: string }> {
  const admin = await t.ctx.db
    .selectFrom('admin_user')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const tokens = await t.ctx.tokens.issue('admin', Number(admin.id));
  return { id: Number(admin.id), token: tokens.token };
}
