import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { invalidateGoods } from '../catalogue';
import { buyNow } from '../order/order.fixtures';
import { goodsFixture } from './cart.fixtures';

/**
 * The cart is kept per revision of its lines (the database's, by trigger) and dropped with the goods it
 * shows (issue 14): a line changed straight in the database, a price changed and announced as every writer
 * announces it, and stock taken by another buyer's order each show on the next list, on both engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Line = { id: number; quantity: number; checked: boolean; specInfo: { price: number; stock: number } };
const list = async (token: string) => {
  const r = await call(t.app, 'GET', 'app/user/cart/list', { token });
  expect(r.code).toBe(1000);
  return r.data as Line[];
};

describe('a kept cart', () => {
  it('shows every change to its lines and to the goods on it at the next list', async () => {
    const g = await goodsFixture(t.ctx, { specs: [{ price: 1000, stock: 50 }] });
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    expect(
      (await call(t.app, 'POST', 'app/user/cart/add', { token: buyer.token, body: { specId: g.specIds[0] } }))
        .code,
    ).toBe(1000);
    const first = await list(buyer.token);
    expect(first).toHaveLength(1);
    expect(await list(buyer.token)).toEqual(first);
    expect(await list(other.token)).toEqual([]);

    // the line, changed behind the app
    await t.ctx.db
      .updateTable('cart_item')
      .set({ quantity: 3, checked: 0 })
      .where('id', '=', first[0]!.id)
      .execute();
    expect((await list(buyer.token))[0]).toMatchObject({ quantity: 3, checked: false });
    // a price changed but not yet announced: the kept cart still shows the old one (as the goods detail
    // does); announced as every catalogue writer announces it, after its commit: the new one
    await t.ctx.db.updateTable('goods_spec').set({ price: 1200 }).where('id', '=', g.specIds[0]!).execute();
    expect((await list(buyer.token))[0]!.specInfo.price).toBe(1000);
    invalidateGoods(t.ctx, g.goodsId);
    expect((await list(buyer.token))[0]!.specInfo.price).toBe(1200);
    // stock taken by someone else's order
    const bought = await buyNow(t, other, g.specIds[0]!, { payWay: 'wallet' });
    expect(bought.code).toBe(1000);
    expect((await list(buyer.token))[0]!.specInfo.stock).toBe(49);
  });
});
