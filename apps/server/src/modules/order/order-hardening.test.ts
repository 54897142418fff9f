import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCouponAddRequest, AMOUNT_MAX, QUANTITY_MAX } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { adminChangeCoupon, adminRemoveCoupons, createCoupon, useCoupon } from '../coupon';
import type { PaymentChannel, RefundRequest } from '../../providers/payments/channel';
import {
  buyNow,
  orderStatusOf,
  payOrder,
  physicalGoods,
  stockOf,
  addressOf,
  type Buyer,
} from './order.fixtures';
import { countUnpaidOrders } from './order.repository';

// a card channel whose refunds the tests steer: `failures` calls throw, then it answers `succeeded`
const sent: RefundRequest[] = [];
let failures = 0;
const card = {
  code: 'tappay',
  async refund(req: RefundRequest) {
    sent.push(req);
    if (failures > 0) {
      failures -= 1;
      throw new Error('provider unreachable');
    }
    return { refundNo: req.refundNo, state: 'succeeded' as const, providerRefundId: `R-${req.refundNo}` };
  },
} as unknown as PaymentChannel;

let t: TestApp;
let op: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', ORDER_MAX_UNPAID: '3' },
    providers: { payments: { tappay: card } },
  });
  op = await createOperator(t.ctx, 'owner');
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60_000;
const add = (buyer: Buyer, specId: number, quantity = 1) =>
  call(t.app, 'POST', 'app/user/cart/add', { token: buyer.token, body: { specId, quantity } });
const create = (buyer: Buyer, body: Record<string, unknown>) =>
  call(t.app, 'POST', 'app/order/info/create', { token: buyer.token, body });
const quote = (buyer: Buyer, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', 'app/order/info/quote', { token: buyer.token, body });
const ordersOf = async (buyer: Buyer, status?: number) => {
  let q = t.ctx.db
    .selectFrom('shop_order')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', buyer.id);
  if (status !== undefined) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

async function couponFor(buyer: Buyer) {
  const couponId = await createCoupon(
    t.ctx.db,
    adminCouponAddRequest.parse({
      texts: { en: { title: 'Forty off' } },
      kind: 'amount',
      amount: 4_000,
      minAmount: 0,
      total: 10,
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    }),
  );
  const res = await call(t.app, 'POST', 'app/market/coupon/user/receive', {
    token: buyer.token,
    body: { couponId },
  });
  expect(res.code, res.message).toBe(1000);
  return { couponId, userCouponId: res.data.id as number };
}

describe('one order per cart (issue 8 item 1)', () => {
  it('makes one order when 4 creates of the same cart race, round after round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const buyer = await createUser(t.ctx);
      const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 100 }] });
      expect((await add(buyer, plan.specIds[0]!, 3)).code).toBe(1000);
      const results = await Promise.all(Array.from({ length: 4 }, () => create(buyer, { payWay: 'wallet' })));
      const codes = results.map((r) => r.code);
      expect(codes.filter((c) => c === 1000)).toHaveLength(1);
      expect(codes.filter((c) => c !== 1000).every((c) => c === 4005)).toBe(true); // CART_EMPTY
      expect(await ordersOf(buyer)).toBe(1);
      expect(await stockOf(t, plan.specIds[0]!)).toBe(97);
    }
  });
});

describe('deleted or disabled coupons (issue 8 item 4)', () => {
  it('no longer applies a coupon the shop deleted or disabled, in the quote, at create, or when marking it used', async () => {
    for (const how of ['deleted', 'disabled'] as const) {
      const buyer = await createUser(t.ctx);
      const plan = await goodsFixture(t.ctx, { specs: [{ price: 50_000, stock: 5 }] });
      await add(buyer, plan.specIds[0]!);
      const { couponId, userCouponId } = await couponFor(buyer);
      expect((await quote(buyer, { userCouponId })).data.couponDiscount).toBe(4_000);
      if (how === 'deleted') await adminRemoveCoupons(t.ctx, op.id, [couponId]);
      else await adminChangeCoupon(t.ctx, op.id, { id: couponId, status: 0 }, 'en');

      const offered = await quote(buyer);
      expect(offered.code).toBe(1000);
      expect(offered.data.coupons.map((c: { userCoupon: { id: number } }) => c.userCoupon.id)).not.toContain(
        userCouponId,
      );
      expect((await quote(buyer, { userCouponId })).code).toBe(4024);
      expect((await create(buyer, { payWay: 'wallet', userCouponId })).code).toBe(4024);
      expect(await ordersOf(buyer)).toBe(0);
      expect(await stockOf(t, plan.specIds[0]!)).toBe(5);
      // the guarded update itself refuses it too (a coupon deleted between the quote and the commit)
      const order = await create(buyer, { payWay: 'wallet' });
      await expect(
        t.ctx.db
          .transaction()
          .execute((trx) => useCoupon(trx, userCouponId, order.data.id, { userId: buyer.id })),
      ).rejects.toMatchObject({ codeName: 'COUPON_NOT_USABLE' });
    }
  });
});

describe('bounds and the unpaid-order cap (issue 8 item 5)', () => {
  it('refuses quantities above the one bound and lines above AMOUNT_MAX before writing, and keeps the cart readable', async () => {
    const buyer = await createUser(t.ctx);
    const price = 1_500_000;
    const plan = await goodsFixture(t.ctx, { specs: [{ price, stock: 9_000 }] });
    const specId = plan.specIds[0]!;
    // the reproduction: 150,000 x 9,000 no longer gets in
    expect((await add(buyer, specId, 9_000)).code).toBe(1001);
    expect((await add(buyer, specId, QUANTITY_MAX + 1)).code).toBe(1001);
    const tooMuch = Math.floor(AMOUNT_MAX / price) + 1;
    const refused = await add(buyer, specId, tooMuch);
    expect(refused.code).toBe(4006);
    expect(refused.message).toMatch(/10,000,000/);
    expect((await call(t.app, 'GET', 'app/user/cart/list', { token: buyer.token })).data).toHaveLength(0);
    const ok = await add(buyer, specId, tooMuch - 1);
    expect(ok.code, ok.message).toBe(1000);
    const line = ok.data.line.id as number;
    expect(
      (
        await call(t.app, 'POST', 'app/user/cart/update', {
          token: buyer.token,
          body: { id: line, quantity: tooMuch },
        })
      ).code,
    ).toBe(4006);

    // an operator raises the price afterwards: the cart still reads, checkout refuses before writing
    await t.ctx.db.updateTable('goods_spec').set({ price: AMOUNT_MAX }).where('id', '=', specId).execute();
    const list = await call(t.app, 'GET', 'app/user/cart/list', { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.data[0]).toMatchObject({ quantity: tooMuch - 1, subtotal: AMOUNT_MAX * (tooMuch - 1) });
    expect((await quote(buyer)).code).toBe(5010);
    const created = await create(buyer, { payWay: 'wallet' });
    expect(created.code).toBe(5010);
    expect(created.message).toMatch(/at most/);
    expect(await ordersOf(buyer)).toBe(0);
    expect(await stockOf(t, specId)).toBe(9_000);
    // buy now is held to the same bound
    expect((await buyNow(t, buyer, specId, { buyNow: { specId, quantity: 2 } })).code).toBe(5010);
    expect(await ordersOf(buyer)).toBe(0);
  });

  it('caps the unpaid orders a user holds (ORDER_MAX_UNPAID) with a clear message, until one is paid or cancelled', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 50 }] });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await buyNow(t, buyer, plan.specIds[0]!);
      expect(res.code, res.message).toBe(1000);
      ids.push(res.data.id);
    }
    const fourth = await call(t.app, 'POST', 'app/order/info/create', {
      token: buyer.token,
      body: { buyNow: { specId: plan.specIds[0], quantity: 1 }, payWay: 'wallet' },
      language: 'zh-Hant',
    });
    expect(fourth.code).toBe(5011);
    expect(fourth.message).toContain('3');
    expect(await stockOf(t, plan.specIds[0]!)).toBe(47);
    // racing creates cannot pass the cap either
    const raced = await Promise.all(Array.from({ length: 4 }, () => buyNow(t, buyer, plan.specIds[0]!)));
    expect(raced.every((r) => r.code === 5011)).toBe(true);
    await call(t.app, 'POST', 'app/order/info/cancel', { token: buyer.token, body: { id: ids[0] } });
    expect((await buyNow(t, buyer, plan.specIds[0]!)).code).toBe(1000);
    expect(await payOrder(t, ids[1]!)).toBe(true);
    expect((await buyNow(t, buyer, plan.specIds[0]!)).code).toBe(1000);
  });
  it('keeps the unpaid count the cap reads equal to the orders pending payment: created, cancelled, paid, closed', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 50 }] });
    const unpaid = async () => ({
      kept: await countUnpaidOrders(t.ctx.db, buyer.id),
      counted: await ordersOf(buyer, 0),
    });
    expect(await unpaid()).toEqual({ kept: 0, counted: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await buyNow(t, buyer, plan.specIds[0]!)).data.id);
    expect(await unpaid()).toEqual({ kept: 3, counted: 3 });
    await call(t.app, 'POST', 'app/order/info/cancel', { token: buyer.token, body: { id: ids[0] } });
    expect(await unpaid()).toEqual({ kept: 2, counted: 2 });
    expect(await payOrder(t, ids[1]!)).toBe(true);
    expect(await unpaid()).toEqual({ kept: 1, counted: 1 });
    // closed by any other writer (the deadline's closer, an operator), then written back: the count follows
    await t.ctx.db.updateTable('shop_order').set({ status: 7 }).where('id', '=', ids[2]!).execute();
    expect(await unpaid()).toEqual({ kept: 0, counted: 0 });
    await t.ctx.db
      .updateTable('shop_order')
      .set({ status: 0 })
      .where('id', 'in', [ids[0]!, ids[2]!])
      .execute();
    expect(await unpaid()).toEqual({ kept: 2, counted: 2 });
  });
});

describe('late payments (issue 8 item 13)', () => {
  it('closes an order paid after its deadline, returns stock and coupon, and puts the payment on the refund job', async () => {
    const buyer = await createUser(t.ctx);
    const addressId = await addressOf(t, buyer);
    const sim = await physicalGoods(t, { stock: 10, price: 20_000 });
    const { userCouponId } = await couponFor(buyer);
    const res = await buyNow(t, buyer, sim.specIds[0]!, { addressId, userCouponId });
    expect(res.code, res.message).toBe(1000);
    const order = res.data;
    expect(await stockOf(t, sim.specIds[0]!)).toBe(9);
    // the deadline passed, the closer has not run yet, and the payment arrives
    await t.ctx.db
      .updateTable('shop_order')
      .set({ pay_deadline: Date.now() - 1000 })
      .where('id', '=', order.id)
      .execute();
    expect(await payOrder(t, order.id, 'tappay')).toBe(false);
    expect(await orderStatusOf(t, order.id)).toBe(7);
    expect(await stockOf(t, sim.specIds[0]!)).toBe(10);
    const coupon = await call(t.app, 'GET', 'app/market/coupon/user/info', {
      token: buyer.token,
      query: { id: String(userCouponId) },
    });
    expect(coupon.data).toMatchObject({ state: 'unused' });
    const seen = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(order.id) },
    });
    expect(seen.data).toMatchObject({
      status: 7,
      closeReason: 'expired',
      actions: { pay: false },
      refund: {
        state: 'approved',
        reason: 'late_payment',
        amount: order.totalAmount,
        providerState: 'requesting',
      },
    });
    expect(seen.data.log.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'expire',
      'late_payment',
    ]);

    // the refund job sends it back
    sent.length = 0;
    await t.ctx.jobs.tick();
    expect(sent).toEqual([expect.objectContaining({ amount: order.totalAmount, total: order.totalAmount })]);
    const after = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(order.id) },
    });
    expect(after.data.refund).toMatchObject({ providerState: 'succeeded' });
  });
});

describe('refund retries (issue 8 item 12)', () => {
  async function refundingOrder() {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 9_000, stock: 5 }] });
    const order = (await buyNow(t, buyer, plan.specIds[0]!)).data;
    expect(await payOrder(t, order.id, 'tappay')).toBe(true);
    const asked = await call(t.app, 'POST', 'app/order/info/refund', {
      token: buyer.token,
      body: { id: order.id, reason: 'quality', description: 'Does not connect' },
    });
    expect(asked.code, asked.message).toBe(1000);
    return { buyer, order };
  }
  const approve = (id: number) =>
    call(t.app, 'POST', 'admin/order/info/refund/approve', { token: op.token, body: { id } });
  const providerState = async (orderId: number) =>
    await t.ctx.db
      .selectFrom('order_refund')
      .select(['provider_state', 'provider_ref'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('retries a refund the gateway refused, with backoff, until it is sent, and never sends it twice', async () => {
    const { order } = await refundingOrder();
    sent.length = 0;
    failures = 2;
    const approved = await approve(order.id);
    expect(approved.data).toMatchObject({
      status: 6,
      refund: { state: 'approved', providerState: 'requesting' },
    });
    expect(sent).toHaveLength(1);
    // not yet due: the backoff holds the retry
    await t.ctx.jobs.tick(Date.now());
    expect(sent).toHaveLength(1);
    await t.ctx.jobs.tick(Date.now() + 60_000);
    expect(sent).toHaveLength(2);
    expect(await providerState(order.id)).toMatchObject({ provider_state: 'requesting' });
    await t.ctx.jobs.tick(Date.now() + 600_000);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.refundNo)).size).toBe(1);
    expect(await providerState(order.id)).toMatchObject({
      provider_state: 'succeeded',
      provider_ref: sent[0]!.refundNo,
    });
    await t.ctx.jobs.tick(Date.now() + 3_600_000);
    expect(sent).toHaveLength(3);
  });

  it('takes over a refund whose instance died while sending it (its lease expired)', async () => {
    const { order } = await refundingOrder();
    failures = 1;
    sent.length = 0;
    await approve(order.id);
    const part = await t.ctx.db
      .selectFrom('payment_refund')
      .select('id')
      .where('refund_no', '=', sent[0]!.refundNo)
      .executeTakeFirstOrThrow();
    // as if another instance had claimed the retry and crashed mid-way
    await t.ctx.db
      .updateTable('job')
      .set({ state: 'running', holder: 'crashed-instance', lease_until: Date.now() - 1 })
      .where('key', '=', `refund.send:${part.id}`)
      .execute();
    await t.ctx.jobs.tick(Date.now());
    expect(sent).toHaveLength(2);
    expect(await providerState(order.id)).toMatchObject({ provider_state: 'succeeded' });
  });
});
