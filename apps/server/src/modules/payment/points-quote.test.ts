import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, type Buyer } from '../order/order.fixtures';
import { pointsQuote } from '../points';
import { postEntry } from '../wallet/wallet.fixtures';

// The checkout quote prices the points discount with the pay step's rule, at the configured rate and cap:
// here 20 points per major unit (5 minor units a point) and at most 30 % of the order.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ORDER_SWEEP_SECONDS: '0',
      PAY_RECONCILE_SECONDS: '0',
      POINTS_PER_UNIT: '20',
      POINTS_MAX_PERCENT: '30',
    },
  });
});
afterAll(async () => t.close());

async function goods(price: number, supportPointDiscount: 0 | 1) {
  const g = await goodsFixture(t.ctx, {
    specs: [{ price, stock: 50 }],
    payWays: ['wallet', 'points'],
    supportPointDiscount,
  });
  return g.specIds[0]!;
}
const give = (buyer: Buyer, points: number) =>
  t.ctx.db.transaction().execute((trx) =>
    postEntry(trx, {
      kind: 'points',
      userId: buyer.id,
      type: 'ADJUST',
      amount: points,
      key: `gift-${buyer.id}-${points}`,
      at: Date.now(),
    }),
  );
const quote = (buyer: Buyer, specId: number, usePoints: boolean) =>
  call(t.app, 'POST', 'app/order/info/quote', {
    token: buyer.token,
    body: { buyNow: { specId, quantity: 1 }, usePoints },
  });

describe('points discount in the checkout quote', () => {
  it('shows nothing until the buyer switches points on, then the discount the pay step applies', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 200);
    const specId = await goods(10_000, 1);
    const off = await quote(buyer, specId, false);
    expect(off.code, off.message).toBe(1000);
    expect(off.data).toMatchObject({ pointsDiscount: 0, totalAmount: 10_000, supportPointDiscount: true });
    const on = await quote(buyer, specId, true);
    // 200 points at 20 a unit: 10.00 off, under the 30.00 cap
    expect(on.data).toMatchObject({ pointsDiscount: 1_000, totalAmount: 9_000 });

    // created with the switch off: the pay step applies them (with it on, checkout applies them at once:
    // order-paid-ways.test.ts)
    const id = (await buyNow(t, buyer, specId)).data.id as number;
    const check = await call(t.app, 'POST', 'app/order/pay/checkPointSupport', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(check.data).toMatchObject({ supported: true, discount: on.data.pointsDiscount });
    const used = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(used.code, used.message).toBe(1000);
    expect(used.data).toMatchObject({ discount: on.data.pointsDiscount, remaining: on.data.totalAmount });
  });

  it('caps the discount at the configured share of the order, as the pay step does', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 100_000);
    const specId = await goods(10_000, 1);
    const on = await quote(buyer, specId, true);
    expect(on.data).toMatchObject({ pointsDiscount: 3_000, totalAmount: 7_000 });
    const id = (await buyNow(t, buyer, specId)).data.id as number;
    const used = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(used.data).toMatchObject({ pointsUsed: 600, discount: 3_000, remaining: 7_000 });
  });

  it('gives no discount on goods without points support, or to a buyer without points', async () => {
    const rich = await createUser(t.ctx);
    await give(rich, 5_000);
    const plain = await quote(rich, await goods(10_000, 0), true);
    expect(plain.code, plain.message).toBe(1000);
    expect(plain.data).toMatchObject({ pointsDiscount: 0, totalAmount: 10_000, supportPointDiscount: false });
    const poor = await createUser(t.ctx);
    const none = await quote(poor, await goods(10_000, 1), true);
    expect(none.data).toMatchObject({ pointsDiscount: 0, totalAmount: 10_000 });
  });
});

describe('pointsQuote, the one points rule', () => {
  it('takes whole points at the rate, never more than the cap or what is due', () => {
    const cfg = { perUnit: 10, maxPercent: 50, step: 1, minorPerMajor: 100 };
    expect(pointsQuote(cfg, 10_000, 10_000, 120)).toEqual({ usablePoints: 120, discount: 1_200 });
    expect(pointsQuote(cfg, 10_000, 10_000, 9_999)).toEqual({ usablePoints: 500, discount: 5_000 });
    expect(pointsQuote(cfg, 1_000, 10_000, 9_999)).toEqual({ usablePoints: 100, discount: 1_000 });
    expect(
      pointsQuote({ perUnit: 3, maxPercent: 100, step: 1, minorPerMajor: 100 }, 1_000, 1_000, 1),
    ).toEqual({
      usablePoints: 1,
      discount: 33,
    });
    expect(
      pointsQuote({ perUnit: 10, maxPercent: 0, step: 1, minorPerMajor: 100 }, 1_000, 1_000, 50),
    ).toEqual({
      usablePoints: 0,
      discount: 0,
    });
  });
});
