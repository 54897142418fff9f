import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { goodsFixture } from '../modules/cart/cart.fixtures';
import { buyNow } from '../modules/order/order.fixtures';

describe('shutdown (issue 8 item 16)', () => {
  it('waits for a running order sweep before the database closes', async () => {
    const t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '30' } });
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 100 }] });
    for (let i = 0; i < 20; i += 1) {
      const res = await buyNow(t, await createUser(t.ctx), plan.specIds[0]!);
      expect(res.code, res.message).toBe(1000);
    }
    await t.ctx.db.updateTable('shop_order').set({ pay_deadline: 1 }).execute();
    // the sweep starts (as its timer would start it), and the app is told to stop right away
    const sweeping = t.ctx.jobs.tick();
    await t.close(); // app.close(), then the database closes, as main's shutdown does
    // the sweep ran to its end on an open database: 20 transactions, none cut off by the close
    expect(await sweeping).toEqual([{ job: 'order.sweep', ok: true }]);
  });
});
