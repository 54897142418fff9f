import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';
import { buyNow, type Buyer } from './order.fixtures';

// Issue 25, defect 9. (a) The points the buyer switches on at checkout travel with the order: it is created
// with them applied, and what the pay sheet asks is what checkout showed. (b) The order record shows what
// actually paid (the paid attempts: channel and amount, the points as a discount), not the way chosen.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' } });
});
afterAll(async () => t.close());

const give = (buyer: Buyer, kind: 'points' | 'wallet', amount: number) =>
  t.ctx.db.transaction().execute((trx) =>
    postEntry(trx, {
      kind,
      userId: buyer.id,
      type: 'ADJUST',
      amount,
      key: `paid-ways-${kind}-${buyer.id}-${amount}`,
      at: Date.now(),
    }),
  );
async function spec(price = 12_900) {
  const g = await goodsFixture(t.ctx, {
    specs: [{ price, stock: 50 }],
    payWays: ['wechat', 'wallet', 'points'],
    supportPointDiscount: 1,
  });
  return g.specIds[0]!;
}
const post = (buyer: Buyer, path: string, body: object) =>
  call(t.app, 'POST', path, { token: buyer.token, body });
const detail = (buyer: Buyer, id: number) =>
  call(t.app, 'GET', 'app/order/info/info', { token: buyer.token, query: { id: String(id) } });
const payStatus = (buyer: Buyer, id: number) =>
  call(t.app, 'GET', 'app/order/pay/status', { token: buyer.token, query: { orderId: String(id) } });

describe('points chosen at checkout', () => {
  it('are applied when the order is created: the pay sheet asks what checkout showed', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 'points', 123);
    const specId = await spec();
    const quote = await post(buyer, 'app/order/info/quote', {
      buyNow: { specId, quantity: 1 },
      usePoints: true,
    });
    expect(quote.code, quote.message).toBe(1000);
    // 123 points: whole dollars only, 12 dollars for 120 points
    expect(quote.data).toMatchObject({ pointsDiscount: 1_200, totalAmount: 11_700 });

    const created = await buyNow(t, buyer, specId, {
      payWay: 'wechat',
      usePoints: true,
      idempotencyKey: 'paid-ways-key-1',
    });
    expect(created.code, created.message).toBe(1000);
    expect(created.data).toMatchObject({
      totalAmount: 12_900,
      pointsDiscount: 1_200,
      payableAmount: quote.data.totalAmount,
      paidWays: [{ channel: 'points', amount: 1_200 }],
      payWay: 'wechat',
    });
    const id = created.data.id as number;
    const status = await payStatus(buyer, id);
    expect(status.code, status.message).toBe(1000);
    expect(status.data.amountDue).toBe(quote.data.totalAmount);

    // a repeat of the create (same key) answers the same order and takes no more points
    const again = await buyNow(t, buyer, specId, {
      payWay: 'wechat',
      usePoints: true,
      idempotencyKey: 'paid-ways-key-1',
    });
    expect(again.data).toMatchObject({
      id,
      pointsDiscount: 1_200,
      paidWays: [{ channel: 'points', amount: 1_200 }],
    });
    const points = await call(t.app, 'GET', 'app/user/points/my', { token: buyer.token });
    expect(points.data).toMatchObject({ points: 3 });
  });

  it('with the switch off, or without points, the order is created as before', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 'points', 500);
    const specId = await spec();
    const off = await buyNow(t, buyer, specId, { payWay: 'wechat' });
    expect(off.data).toMatchObject({ pointsDiscount: 0, payableAmount: 12_900, paidWays: [] });
    const poor = await createUser(t.ctx);
    const none = await buyNow(t, poor, specId, { payWay: 'wechat', usePoints: true });
    expect(none.code, none.message).toBe(1000);
    expect(none.data).toMatchObject({ pointsDiscount: 0, payableAmount: 12_900, paidWays: [] });
  });
});

describe('the order record shows what paid', () => {
  it('an order chosen for WeChat and paid from the wallet says wallet, in the detail and the list', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 'wallet', 100_000);
    const created = await buyNow(t, buyer, await spec(), { payWay: 'wechat' });
    const id = created.data.id as number;
    const paid = await post(buyer, 'app/order/pay/walletPay', { orderId: id });
    expect(paid.code, paid.message).toBe(1000);
    const d = await detail(buyer, id);
    expect(d.data).toMatchObject({
      payWay: 'wechat',
      paidWays: [{ channel: 'wallet', amount: 12_900 }],
      pointsDiscount: 0,
      payableAmount: 12_900,
    });
    const page = await post(buyer, 'app/order/info/page', { page: 1, size: 10 });
    expect(page.data.list.find((o: { id: number }) => o.id === id)).toMatchObject({
      paidWays: [{ channel: 'wallet', amount: 12_900 }],
    });
  });

  it('points plus wallet shows the points as a discount and the wallet for the rest', async () => {
    const buyer = await createUser(t.ctx);
    await give(buyer, 'wallet', 100_000);
    await give(buyer, 'points', 1_000);
    const created = await buyNow(t, buyer, await spec(), { payWay: 'wechat', usePoints: true });
    const id = created.data.id as number;
    // 50 % of 129 is 64.50: 64 dollars for 640 points
    expect(created.data).toMatchObject({ pointsDiscount: 6_400, payableAmount: 6_500 });
    const paid = await post(buyer, 'app/order/pay/walletPay', { orderId: id });
    expect(paid.code, paid.message).toBe(1000);
    expect(paid.data).toMatchObject({ amount: 6_500 });
    const d = await detail(buyer, id);
    expect(d.data).toMatchObject({
      totalAmount: 12_900,
      pointsDiscount: 6_400,
      payableAmount: 6_500,
      paidWays: [
        { channel: 'points', amount: 6_400 },
        { channel: 'wallet', amount: 6_500 },
      ],
    });
  });
});
