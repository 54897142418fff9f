import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createCoupon } from '../coupon';
import { adminCouponAddRequest } from '@simshop/contracts';
import { addressOf, buyNow, ICCID, physicalGoods, stockOf, type Buyer } from './order.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', FREE_SHIPPING_MIN: '100000' } });
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60_000;
async function couponFor(buyer: Buyer, over: Record<string, unknown> = {}) {
  const couponId = await createCoupon(
    t.ctx.db,
    adminCouponAddRequest.parse({
      texts: { en: { title: 'Five off' } },
      kind: 'amount',
      amount: 5_000,
      minAmount: 10_000,
      total: 10,
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
      ...over,
    }),
  );
  const res = await call(t.app, 'POST', 'app/market/coupon/user/receive', {
    token: buyer.token,
    body: { couponId },
  });
  expect(res.code, res.message).toBe(1000);
  return res.data.id as number;
}
const add = (buyer: Buyer, specId: number, quantity = 1) =>
  call(t.app, 'POST', 'app/user/cart/add', { token: buyer.token, body: { specId, quantity } });
const quote = (buyer: Buyer, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', 'app/order/info/quote', { token: buyer.token, body });
const create = (buyer: Buyer, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(t.app, 'POST', 'app/order/info/create', { token: buyer.token, body, headers });

describe('quote', () => {
  it('prices the checked cart lines from the catalogue: goods, shipping, coupon, total, pay methods', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, {
      specs: [{ price: 30_000, stock: 5 }],
      payWays: ['wechat', 'wallet'],
    });
    const sim = await physicalGoods(t, { price: 20_000, freight: 8_000 });
    await add(buyer, plan.specIds[0]!, 2);
    await add(buyer, sim.specIds[0]!);
    const couponId = await couponFor(buyer);
    const res = await quote(buyer, { userCouponId: couponId });
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({
      currency: 'TWD',
      goodsAmount: 80_000,
      shippingAmount: 8_000,
      couponDiscount: 5_000,
      pointsDiscount: 0,
      totalAmount: 83_000,
      payMethods: ['wechat', 'wallet'],
      needAddress: true,
      needFillCard: false,
      shippingFree: false,
      freeShippingMin: 100_000,
      userCouponId: couponId,
      address: null,
    });
    expect(res.data.lines).toHaveLength(2);
    expect(res.data.lines.find((l: { specId: number }) => l.specId === plan.specIds[0])).toMatchObject({
      price: 30_000,
      quantity: 2,
      subtotal: 60_000,
      payWays: ['wechat', 'wallet'],
      stock: 5,
    });
    expect(res.data.coupons.map((c: { userCoupon: { id: number } }) => c.userCoupon.id)).toContain(couponId);
  });

  it('ships free from the free-shipping total, and charges no shipping for virtual or pick-up goods', async () => {
    const buyer = await createUser(t.ctx);
    const sim = await physicalGoods(t, { price: 60_000, freight: 8_000 });
    const free = await quote(buyer, { buyNow: { specId: sim.specIds[0], quantity: 2 } });
    expect(free.data).toMatchObject({ goodsAmount: 120_000, shippingAmount: 0, shippingFree: true });
    const pickup = await physicalGoods(t, { price: 5_000, freight: 8_000, noFreight: true });
    const collected = await quote(buyer, { buyNow: { specId: pickup.specIds[0], quantity: 1 } });
    expect(collected.data).toMatchObject({ shippingAmount: 0, needAddress: false, shippingFree: false });
    const plan = await goodsFixture(t.ctx);
    expect((await quote(buyer, { buyNow: { specId: plan.specIds[0] } })).data).toMatchObject({
      shippingAmount: 0,
      needAddress: false,
    });
  });

  it('offers the default address when a line ships, and says when a card number is needed', async () => {
    const buyer = await createUser(t.ctx);
    const addressId = await addressOf(t, buyer);
    const sim = await physicalGoods(t);
    const topUp = await goodsFixture(t.ctx, { needFillCard: 1 });
    const res = await quote(buyer, { buyNow: { specId: sim.specIds[0] } });
    expect(res.data.address.id).toBe(addressId);
    expect((await quote(buyer, { buyNow: { specId: topUp.specIds[0] } })).data.needFillCard).toBe(true);
  });

  it('refuses an empty cart, quantities above stock, goods that may not mix and a coupon that does not apply', async () => {
    const buyer = await createUser(t.ctx);
    expect((await quote(buyer)).code).toBe(4005);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 2 }] });
    const over = await quote(buyer, { buyNow: { specId: plan.specIds[0], quantity: 3 } });
    expect(over.code).toBe(5005);
    expect(over.message).toContain('2');
    const lone = await goodsFixture(t.ctx, { saleType: { code: 't-lone', goodsType: 1, canMixOrder: 0 } });
    await add(buyer, plan.specIds[0]!);
    await add(buyer, lone.specIds[0]!);
    expect((await quote(buyer)).code).toBe(4002);
    const couponId = await couponFor(buyer, { minAmount: 500_000 });
    expect((await quote(buyer, { buyNow: { specId: plan.specIds[0] }, userCouponId: couponId })).code).toBe(
      4025,
    );
  });
});

describe('create', () => {
  it('opens a pending-payment order from the cart: stock taken and logged, coupon used, lines snapshotted and removed from the cart', async () => {
    const buyer = await createUser(t.ctx);
    const addressId = await addressOf(t, buyer);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 30_000, stock: 5 }] });
    const sim = await physicalGoods(t, { price: 20_000, stock: 4 });
    const other = await goodsFixture(t.ctx);
    await add(buyer, plan.specIds[0]!, 2);
    await add(buyer, sim.specIds[0]!);
    await add(buyer, other.specIds[0]!);
    await call(t.app, 'POST', 'app/user/cart/update', {
      token: buyer.token,
      body: {
        id: (await call(t.app, 'GET', 'app/user/cart/list', { token: buyer.token })).data.find(
          (l: { specId: number }) => l.specId === other.specIds[0],
        ).id,
        checked: false,
      },
    });
    const couponId = await couponFor(buyer);
    const before = Date.now();
    const res = await create(buyer, {
      addressId,
      userCouponId: couponId,
      payWay: 'wallet',
      note: 'ring twice',
    });
    expect(res.code, res.message).toBe(1000);
    const order = res.data;
    expect(order).toMatchObject({
      status: 0,
      goodsAmount: 80_000,
      shippingAmount: 8_000,
      couponDiscount: 5_000,
      totalAmount: 83_000,
      payWay: 'wallet',
      note: 'ring twice',
      address: { id: addressId, contact: 'Ann Buyer' },
      actions: { cancel: true, pay: true, confirm: false, refund: false },
    });
    expect(order.orderNo).toMatch(/^\d{18}$/);
    expect(order.publicId).toHaveLength(26);
    const deadline = Date.parse(order.payDeadline) - before;
    expect(deadline).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(deadline).toBeLessThanOrEqual(30 * 60_000 + 5000);
    expect(order.log).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 0, action: 'create' })]);
    expect(await stockOf(t, plan.specIds[0]!)).toBe(3);
    expect(await stockOf(t, sim.specIds[0]!)).toBe(3);
    const logs = await t.ctx.db
      .selectFrom('stock_log')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(logs.map((l) => [l.type, Number(l.change)]).sort()).toEqual([
      ['order', -1],
      ['order', -2],
    ]);
    const coupon = await call(t.app, 'GET', 'app/market/coupon/user/info', {
      token: buyer.token,
      query: { id: String(couponId) },
    });
    expect(coupon.data).toMatchObject({ status: 1, orderId: order.id });
    const cart = await call(t.app, 'GET', 'app/user/cart/list', { token: buyer.token });
    expect(cart.data.map((l: { specId: number }) => l.specId)).toEqual([other.specIds[0]]);
    // a later price change does not touch the order: it keeps what was bought at what price
    await t.ctx.db.updateTable('goods_spec').set({ price: 1 }).where('id', '=', plan.specIds[0]!).execute();
    const info = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(order.id) },
    });
    // the create answers from the rows it wrote: exactly what reading the order back answers
    expect(info.data).toEqual(order);
    expect(info.data.lines.find((l: { specId: number }) => l.specId === plan.specIds[0])).toMatchObject({
      price: 30_000,
      quantity: 2,
      subtotal: 60_000,
    });
  });

  it('buys now without touching the cart', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 9_900, stock: 3 }] });
    await add(buyer, plan.specIds[0]!);
    const res = await buyNow(t, buyer, plan.specIds[0]!, {
      buyNow: { specId: plan.specIds[0], quantity: 2 },
    });
    expect(res.data).toMatchObject({ status: 0, totalAmount: 19_800, address: null });
    // answered from the rows it wrote, in the caller's language: what reading the order back answers
    const zh = await call(t.app, 'POST', 'app/order/info/create', {
      token: buyer.token,
      body: { buyNow: { specId: plan.specIds[0], quantity: 1 }, payWay: 'wallet' },
      headers: { language: 'zh-Hant' },
    });
    expect(zh.code, zh.message).toBe(1000);
    const read = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(zh.data.id) },
      headers: { language: 'zh-Hant' },
    });
    expect(read.data).toEqual(zh.data);
    expect((await call(t.app, 'GET', 'app/user/cart/count', { token: buyer.token })).data.count).toBe(1);
  });

  it('requires a valid ICCID when a line needs a card number', async () => {
    const buyer = await createUser(t.ctx);
    const topUp = await goodsFixture(t.ctx, { needFillCard: 1 });
    expect((await buyNow(t, buyer, topUp.specIds[0]!)).code).toBe(5002);
    const bad = await buyNow(t, buyer, topUp.specIds[0]!, { cardNumber: '8988603210987654321' });
    expect(bad.code).toBe(1001);
    expect(bad.message).toContain('ICCID');
    const ok = await buyNow(t, buyer, topUp.specIds[0]!, { cardNumber: '8988 6032 1098 7654 328' });
    expect(ok.data.cardNumber).toBe(ICCID);
  });

  it('requires an address only when a line ships, and refuses a pay method the goods do not support', async () => {
    const buyer = await createUser(t.ctx);
    const sim = await physicalGoods(t);
    expect((await buyNow(t, buyer, sim.specIds[0]!)).code).toBe(5003);
    const plan = await goodsFixture(t.ctx, { payWays: ['wechat'] });
    expect((await buyNow(t, buyer, plan.specIds[0]!, { payWay: 'wallet' })).code).toBe(5004);
    expect((await buyNow(t, buyer, plan.specIds[0]!, { payWay: 'wechat' })).code).toBe(1000);
  });

  it("refuses someone else's address or coupon as not found", async () => {
    const alice = await createUser(t.ctx);
    const bob = await createUser(t.ctx);
    const aliceAddress = await addressOf(t, alice);
    const aliceCoupon = await couponFor(alice);
    const sim = await physicalGoods(t);
    expect((await buyNow(t, bob, sim.specIds[0]!, { addressId: aliceAddress })).code).toBe(1002);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 50_000, stock: 5 }] });
    expect((await buyNow(t, bob, plan.specIds[0]!, { userCouponId: aliceCoupon })).code).toBe(1002);
  });

  it('makes one order for a repeated idempotency key (body or header), also when the taps race', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 50 }] });
    const first = await buyNow(t, buyer, plan.specIds[0]!, { idempotencyKey: 'tap-0001-aaaa' });
    const again = await buyNow(t, buyer, plan.specIds[0]!, { idempotencyKey: 'tap-0001-aaaa' });
    expect(again.data.id).toBe(first.data.id);
    const raced = await Promise.all(
      Array.from({ length: 8 }, () =>
        create(
          buyer,
          { buyNow: { specId: plan.specIds[0], quantity: 1 }, payWay: 'wallet' },
          { 'idempotency-key': 'tap-0002-bbbb' },
        ),
      ),
    );
    expect(raced.map((r) => r.code)).toEqual(Array(8).fill(1000));
    expect(new Set(raced.map((r) => r.data.id)).size).toBe(1);
    // and from the cart, whose lines the first order removed
    await add(buyer, plan.specIds[0]!);
    const fromCart = await Promise.all(
      Array.from({ length: 4 }, () => create(buyer, { payWay: 'wallet', idempotencyKey: 'tap-0003-cccc' })),
    );
    expect(fromCart.map((r) => r.code)).toEqual(Array(4).fill(1000));
    expect(new Set(fromCart.map((r) => r.data.id)).size).toBe(1);
    expect(await stockOf(t, plan.specIds[0]!)).toBe(47);
    // the same key of another user is another order
    const other = await createUser(t.ctx);
    expect((await buyNow(t, other, plan.specIds[0]!, { idempotencyKey: 'tap-0001-aaaa' })).data.id).not.toBe(
      first.data.id,
    );
  });

  it('sells exactly the stock when 200 buyers race for 20 units', async () => {
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 20 }] });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createUser(t.ctx)));
    const results = await Promise.all(buyers.map((b) => buyNow(t, b, plan.specIds[0]!)));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(20);
    expect(codes.filter((c) => c !== 1000).every((c) => c === 5005)).toBe(true);
    expect(await stockOf(t, plan.specIds[0]!)).toBe(0);
    const orders = await t.ctx.db
      .selectFrom('order_line')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('spec_id', '=', plan.specIds[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(20);
  });
});
