import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, defined, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { goodsFixture } from '../modules/cart/cart.fixtures';
import { stockOf } from '../modules/order/order.fixtures';
import { checkout } from './order-checkout';

// Issue 28: what checkout writes beside an order (the e-invoice choice, a company batch and its hold) is
// written in the order's own transaction: a failure there leaves nothing. On both engines.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', INVOICE_ENABLED: '1' } });
});
afterAll(async () => {
  await t.close();
});

const written = async (userId: number) => ({
  orders: (await t.ctx.db.selectFrom('shop_order').select('id').where('user_id', '=', userId).execute())
    .length,
  choices: (
    await t.ctx.db.selectFrom('invoice_choice').select('order_id').where('user_id', '=', userId).execute()
  ).length,
});

describe('checkout side writes', () => {
  it('writes the order and its invoice choice together', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { specs: [{ price: 10_000, stock: 5 }] });
    const seen: number[] = [];
    const order = await checkout(
      t.ctx,
      buyer.id,
      {
        buyNow: { specId: defined(g.specIds[0]), quantity: 1 },
        payWay: 'wallet',
        note: '',
        usePoints: false,
        invoice: { kind: 'mobile', code: '/ABC+123' },
      },
      'en',
      async (trx, o) => {
        // inside the transaction: the order and its choice are already visible to it
        const row = await trx.selectFrom('shop_order').select('id').where('id', '=', o.id).executeTakeFirst();
        const choice = await trx
          .selectFrom('invoice_choice')
          .select('choice')
          .where('order_id', '=', o.id)
          .executeTakeFirst();
        if (row && choice) seen.push(o.id);
      },
    );
    expect(seen).toEqual([order.id]);
    expect(await written(buyer.id)).toEqual({ orders: 1, choices: 2 });
  });

  it('rolls the order back (stock, cart, choice) when a side write fails', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { specs: [{ price: 10_000, stock: 5 }] });
    const specId = defined(g.specIds[0]);
    const logs = async () => (await t.ctx.db.selectFrom('order_log').select('id').execute()).length;
    const before = { stock: await stockOf(t, specId), logs: await logs() };
    const req = {
      buyNow: { specId, quantity: 2 },
      payWay: 'wallet' as const,
      note: '',
      usePoints: false,
      idempotencyKey: 'side-write-fails',
      invoice: { kind: 'donation' as const, loveCode: '919' },
    };
    await expect(
      checkout(t.ctx, buyer.id, req, 'en', async () => {
        throw new Error('crash between the order and its batch');
      }),
    ).rejects.toThrow('crash between the order and its batch');
    expect(await written(buyer.id)).toEqual({ orders: 0, choices: 0 });
    expect(await stockOf(t, specId)).toBe(before.stock);
    expect(await logs()).toBe(before.logs);

    // the same key again, now without the failure: one order, written whole
    const order = await checkout(t.ctx, buyer.id, req, 'en');
    expect(await stockOf(t, specId)).toBe(before.stock - 2);
    // a repeat answers the same order and does not run its side writes again
    let ran = 0;
    const again = await checkout(t.ctx, buyer.id, req, 'en', async () => {
      ran += 1;
    });
    expect(again.id).toBe(order.id);
    expect(ran).toBe(0);
    expect(await written(buyer.id)).toEqual({ orders: 1, choices: 2 });
  });
});
