import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCouponAddRequest } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { createCoupon } from '../coupon';
import { advanceOrders, closeExpiredOrders, orderJobs } from './order.jobs';
import { createJobRunner } from '../../jobs/runner';
import {
  addressOf,
  buyNow,
  orderStatusOf,
  payOrder,
  physicalGoods,
  physicalOrder as physicalOrderOf,
  stockOf,
  uploadOf,
  type Buyer,
} from './order.fixtures';

let t: TestApp;
let op: { id: number; token: string };
let support: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0' } });
  op = await createOperator(t.ctx, 'orders');
  support = await createOperator(t.ctx, 'support');
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60_000;
const walletOf = async (userId: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('kind', '=', 'wallet')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.balance ?? 0,
  );
const info = (buyer: Buyer, id: number) =>
  call(t.app, 'GET', 'app/order/info/info', { token: buyer.token, query: { id: String(id) } });
const cancel = (buyer: Buyer, id: number) =>
  call(t.app, 'POST', 'app/order/info/cancel', { token: buyer.token, body: { id } });
const confirm = (buyer: Buyer, id: number) =>
  call(t.app, 'GET', 'app/order/info/confirm', { token: buyer.token, query: { id: String(id) } });
const refund = (buyer: Buyer, id: number, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', 'app/order/info/refund', {
    token: buyer.token,
    body: { id, reason: 'quality', description: 'Scratched', ...body },
  });
const ship = (id: number, token = op.token) =>
  call(t.app, 'POST', 'admin/order/info/ship', {
    token,
    body: { id, carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' },
  });
const comment = (buyer: Buyer, orderId: number, specId: number, over: Record<string, unknown> = {}) =>
  call(t.app, 'POST', 'app/goods/comment/submit', {
    token: buyer.token,
    body: { orderId, specId, rating: 5, content: 'Works great', ...over },
  });

const physicalOrder = () => physicalOrderOf(t);
async function shippedOrder() {
  const o = await physicalOrder();
  expect(await payOrder(t, o.order.id)).toBe(true);
  expect((await ship(o.order.id)).code).toBe(1000);
  return o;
}

describe('cancel and the payment deadline', () => {
  it('cancels an unpaid order: closed, stock back (logged as cancel), coupon back', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 50_000, stock: 5 }] });
    const couponId = await createCoupon(
      t.ctx.db,
      adminCouponAddRequest.parse({
        texts: { en: { title: 'Ten off' } },
        kind: 'amount',
        amount: 1_000,
        minAmount: 0,
        total: 5,
        startsAt: new Date(Date.now() - DAY).toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      }),
    );
    const uc = await call(t.app, 'POST', 'app/market/coupon/user/receive', {
      token: buyer.token,
      body: { couponId },
    });
    const order = (await buyNow(t, buyer, plan.specIds[0]!, { userCouponId: uc.data.id })).data;
    expect(await stockOf(t, plan.specIds[0]!)).toBe(4);
    const res = await cancel(buyer, order.id);
    expect(res.data).toMatchObject({
      status: 7,
      closeReason: 'cancelled',
      actions: { cancel: false, pay: false },
    });
    expect(await stockOf(t, plan.specIds[0]!)).toBe(5);
    const back = await t.ctx.db
      .selectFrom('stock_log')
      .select(['type', 'change'])
      .where('order_id', '=', order.id)
      .where('type', '=', 'cancel')
      .execute();
    expect(back.map((b) => Number(b.change))).toEqual([1]);
    const coupon = await call(t.app, 'GET', 'app/market/coupon/user/info', {
      token: buyer.token,
      query: { id: String(uc.data.id) },
    });
    expect(coupon.data).toMatchObject({ status: 0, state: 'unused', orderId: null });
    expect((await cancel(buyer, order.id)).code).toBe(5001);
  });

  it('closes orders past their deadline with stock back, and leaves the others alone', async () => {
    const { buyer, order, specId } = await physicalOrder();
    const fresh = await physicalOrder();
    await t.ctx.db
      .updateTable('shop_order')
      .set({ pay_deadline: Date.now() - 1 })
      .where('id', '=', order.id)
      .execute();
    expect(await stockOf(t, specId)).toBe(9);
    expect(await closeExpiredOrders(t.ctx)).toBe(1);
    const closed = await info(buyer, order.id);
    expect(closed.data).toMatchObject({ status: 7, closeReason: 'expired' });
    expect(closed.data.log.at(-1)).toMatchObject({
      fromStatus: 0,
      toStatus: 7,
      action: 'expire',
      actor: 'system',
    });
    expect(await stockOf(t, specId)).toBe(10);
    expect(await orderStatusOf(t, fresh.order.id)).toBe(0);
    // a second run finds nothing, and a late payment for the closed order changes nothing
    expect(await closeExpiredOrders(t.ctx)).toBe(0);
    expect(await payOrder(t, order.id)).toBe(false);
    expect(await orderStatusOf(t, order.id)).toBe(7);
  });

  it('lets exactly one of a late payment and the deadline closer win, with stock to match', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { order, specId } = await physicalOrder();
      await t.ctx.db.updateTable('shop_order').set({ pay_deadline: 1 }).where('id', '=', order.id).execute();
      const [paid] = await Promise.all([payOrder(t, order.id), closeExpiredOrders(t.ctx)]);
      const status = await orderStatusOf(t, order.id);
      expect(status).toBe(paid ? 1 : 7);
      expect(await stockOf(t, specId)).toBe(paid ? 9 : 10);
    }
  });

  it('runs the closer on a timer that stops when asked', async () => {
    const { order } = await physicalOrder();
    await t.ctx.db.updateTable('shop_order').set({ pay_deadline: 1 }).where('id', '=', order.id).execute();
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, order: { ...t.ctx.config.order, sweepSeconds: 0.05 } },
    };
    // the order sweep as the app runs it: a scheduled job on a runner with its own timer
    const runner = createJobRunner({ db: t.ctx.db, pollMs: 50, holder: 'timer-test' });
    runner.schedule(orderJobs(ctx).sweep);
    runner.start();
    for (let i = 0; i < 500 && (await orderStatusOf(t, order.id)) !== 7; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(await orderStatusOf(t, order.id)).toBe(7);
  });
});

describe('paying, shipping, receipt and review', () => {
  it('a paid physical order is shipped by an operator, tracked, confirmed by the buyer and completed by reviews', async () => {
    const buyer = await createUser(t.ctx);
    const addressId = await addressOf(t, buyer);
    const sim = await physicalGoods(t);
    const plan = await goodsFixture(t.ctx);
    await call(t.app, 'POST', 'app/user/cart/add', { token: buyer.token, body: { specId: sim.specIds[0] } });
    await call(t.app, 'POST', 'app/user/cart/add', { token: buyer.token, body: { specId: plan.specIds[0] } });
    const order = (
      await call(t.app, 'POST', 'app/order/info/create', {
        token: buyer.token,
        body: { addressId, payWay: 'wallet' },
      })
    ).data;
    expect(await payOrder(t, order.id)).toBe(true);
    expect((await info(buyer, order.id)).data).toMatchObject({
      status: 1,
      actions: { refund: true, update: true },
    });
    expect((await ship(order.id, support.token)).code).toBe(2028);
    const shipped = await ship(order.id);
    expect(shipped.data).toMatchObject({ status: 2, carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' });
    const tracked = await call(t.app, 'POST', 'admin/order/info/tracking', {
      token: op.token,
      body: { id: order.id, description: 'Arrived at Taipei hub', location: 'Taipei' },
    });
    expect(tracked.code, tracked.message).toBe(1000);
    const seen = await call(t.app, 'GET', 'admin/order/info/info', {
      token: op.token,
      query: { id: String(order.id) },
    });
    expect(seen.data).toMatchObject({ id: order.id, userId: buyer.id, status: 2 });
    expect(seen.data.log.at(-1)).toMatchObject({
      action: 'ship',
      actor: 'admin',
      note: { kind: 'shipped', params: { carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' } },
    });
    const logistics = await call(t.app, 'GET', 'app/order/info/logistics', {
      token: buyer.token,
      query: { id: String(order.id) },
    });
    expect(logistics.data).toMatchObject({
      carrier: 'Chunghwa Post',
      trackingNo: 'CP12345678TW',
      events: [{ description: 'Arrived at Taipei hub', location: 'Taipei' }],
    });
    expect((await confirm(buyer, order.id)).data).toMatchObject({ status: 3, actions: { comment: true } });
    const first = await comment(buyer, order.id, sim.specIds[0]!);
    expect(first.data).toMatchObject({ orderStatus: 3, completed: false });
    expect((await comment(buyer, order.id, sim.specIds[0]!)).code).toBe(5008);
    const pic = await uploadOf(t, buyer);
    const last = await comment(buyer, order.id, plan.specIds[0]!, {
      rating: 4,
      pictures: [pic],
      anonymous: 1,
    });
    expect(last.data).toMatchObject({ orderStatus: 4, completed: true });
    const done = await info(buyer, order.id);
    expect(done.data.status).toBe(4);
    expect(done.data.lines.every((l: { commented: boolean }) => l.commented)).toBe(true);
    expect(done.data.log.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'pay',
      'ship',
      'confirm',
      'review',
    ]);
    const reviews = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { goodsId: plan.goodsId, page: 1, size: 10 },
    });
    expect(reviews.data.list[0]).toMatchObject({ rating: 4, content: 'Works great' });
  });

  it('moves a virtual-only order straight to pending review when paid', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx);
    const order = (await buyNow(t, buyer, plan.specIds[0]!)).data;
    expect(await payOrder(t, order.id)).toBe(true);
    expect(await orderStatusOf(t, order.id)).toBe(3);
    expect(await payOrder(t, order.id)).toBe(false);
  });

  it('receives shipped orders after N days and completes received ones after M days', async () => {
    const a = await shippedOrder();
    const b = await shippedOrder();
    expect((await confirm(b.buyer, b.order.id)).code).toBe(1000);
    expect(await advanceOrders(t.ctx)).toEqual({ received: 0, completed: 0 });
    const later = Date.now() + 10 * DAY + 1000;
    const moved = await advanceOrders(t.ctx, later);
    expect(moved.received).toBeGreaterThanOrEqual(1);
    expect(await orderStatusOf(t, a.order.id)).toBe(3);
    // b was received by hand more than M days before `later`: completed in the same run
    expect(moved.completed).toBeGreaterThanOrEqual(1);
    expect(await orderStatusOf(t, b.order.id)).toBe(4);
    await advanceOrders(t.ctx, later + 7 * DAY + 1000);
    expect(await orderStatusOf(t, a.order.id)).toBe(4);
  });
});

describe('refunds', () => {
  it('takes a refund request with a dictionary reason, description and own pictures, approved through the refund gateway', async () => {
    const { buyer, order, specId } = await physicalOrder();
    await payOrder(t, order.id);
    const mine = await uploadOf(t, buyer);
    const stranger = await createUser(t.ctx);
    const theirs = await uploadOf(t, stranger);
    expect((await refund(buyer, order.id, { reason: 'made_up' })).code).toBe(5006);
    expect((await refund(buyer, order.id, { pictures: [theirs] })).code).toBe(5007);
    expect((await refund(buyer, order.id, { pictures: Array(10).fill(mine) })).code).toBe(1001);
    const asked = await refund(buyer, order.id, { pictures: [mine] });
    expect(asked.data).toMatchObject({
      status: 5,
      refund: {
        reason: 'quality',
        description: 'Scratched',
        pictures: [mine],
        fromStatus: 1,
        state: 'requested',
      },
    });
    expect((await refund(buyer, order.id)).code).toBe(5001);
    const before = await walletOf(buyer.id);
    const approved = await call(t.app, 'POST', 'admin/order/info/refund/approve', {
      token: op.token,
      body: { id: order.id },
    });
    // the order was paid from the wallet: the money is back there at once
    expect(approved.data).toMatchObject({
      status: 6,
      refund: { state: 'approved', providerState: 'succeeded', amount: order.totalAmount },
    });
    expect((await walletOf(buyer.id)) - before).toBe(order.totalAmount);
    // nothing was shipped: the unit is back in stock
    expect(await stockOf(t, specId)).toBe(10);
    expect(
      (
        await call(t.app, 'POST', 'admin/order/info/refund/approve', {
          token: op.token,
          body: { id: order.id },
        })
      ).code,
    ).toBe(5001);
  });

  it('rejecting a refund puts the order back where it was', async () => {
    const { buyer, order } = await shippedOrder();
    await refund(buyer, order.id);
    const rejected = await call(t.app, 'POST', 'admin/order/info/refund/reject', {
      token: op.token,
      body: { id: order.id, reason: 'Please return the card first' },
    });
    expect(rejected.data).toMatchObject({
      status: 2,
      refund: { state: 'rejected', rejectReason: 'Please return the card first' },
    });
    expect((await confirm(buyer, order.id)).data.status).toBe(3);
  });
});

describe('illegal transitions and changes', () => {
  it('refuses every action the status does not allow', async () => {
    const { buyer, order } = await physicalOrder();
    // pending payment: no confirm, refund, ship, review
    expect((await confirm(buyer, order.id)).code).toBe(5001);
    expect((await refund(buyer, order.id)).code).toBe(5001);
    expect((await ship(order.id)).code).toBe(5001);
    expect((await comment(buyer, order.id, order.lines[0].specId)).code).toBe(5001);
    expect(
      (
        await call(t.app, 'POST', 'admin/order/info/refund/approve', {
          token: op.token,
          body: { id: order.id },
        })
      ).code,
    ).toBe(5001);
    expect(
      (
        await call(t.app, 'POST', 'admin/order/info/tracking', {
          token: op.token,
          body: { id: order.id, description: 'x' },
        })
      ).code,
    ).toBe(5001);
    await payOrder(t, order.id);
    // pending shipment: no cancel, no confirm, no second ship after shipping
    expect((await cancel(buyer, order.id)).code).toBe(5001);
    expect((await confirm(buyer, order.id)).code).toBe(5001);
    await ship(order.id);
    expect((await ship(order.id)).code).toBe(5001);
    expect((await cancel(buyer, order.id)).code).toBe(5001);
    expect(
      (
        await call(t.app, 'POST', 'app/order/info/update', {
          token: buyer.token,
          body: { id: order.id, note: 'x' },
        })
      ).code,
    ).toBe(5001);
    expect(await orderStatusOf(t, order.id)).toBe(2);
  });

  it('lets the buyer change the address and note before shipment', async () => {
    const { buyer, order } = await physicalOrder();
    const other = await addressOf(t, buyer, '99 Harbor Rd');
    const res = await call(t.app, 'POST', 'app/order/info/update', {
      token: buyer.token,
      body: { id: order.id, addressId: other, note: 'leave at door' },
    });
    expect(res.data).toMatchObject({ note: 'leave at door', address: { id: other, detail: '99 Harbor Rd' } });
  });
});

describe('lists, counts and isolation', () => {
  it('pages orders by tab or status and counts them per status', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 10 }] });
    const a = (await buyNow(t, buyer, plan.specIds[0]!)).data;
    const b = (await buyNow(t, buyer, plan.specIds[0]!)).data;
    await buyNow(t, buyer, plan.specIds[0]!);
    await cancel(buyer, a.id);
    await payOrder(t, b.id);
    const page = (body: Record<string, unknown>) =>
      call(t.app, 'POST', 'app/order/info/page', { token: buyer.token, body });
    expect((await page({})).data.pagination.total).toBe(3);
    expect((await page({ tab: 'pendingPayment' })).data.list).toHaveLength(1);
    expect((await page({ status: 7 })).data.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect((await page({ tab: 'pendingReview' })).data.list.map((o: { id: number }) => o.id)).toEqual([b.id]);
    const counts = await call(t.app, 'GET', 'app/order/info/userCount', { token: buyer.token });
    expect(counts.data).toMatchObject({
      pendingPayment: 1,
      notShipped: 0,
      pendingReview: 1,
      byStatus: { '0': 1, '3': 1, '7': 1 },
    });
    const admin = await call(t.app, 'POST', 'admin/order/info/page', {
      token: op.token,
      body: { userId: buyer.id },
    });
    expect(admin.data.pagination.total).toBe(3);
    expect(admin.data.list[0].userId).toBe(buyer.id);
  });

  it("user B can neither read nor change user A's orders", async () => {
    const { order } = await physicalOrder();
    const bob = await createUser(t.ctx);
    const bobAddress = await addressOf(t, bob);
    expect((await info(bob, order.id)).code).toBe(1002);
    expect((await cancel(bob, order.id)).code).toBe(1002);
    expect((await confirm(bob, order.id)).code).toBe(1002);
    expect((await refund(bob, order.id)).code).toBe(1002);
    expect(
      (
        await call(t.app, 'GET', 'app/order/info/logistics', {
          token: bob.token,
          query: { id: String(order.id) },
        })
      ).code,
    ).toBe(1002);
    expect(
      (
        await call(t.app, 'POST', 'app/order/info/update', {
          token: bob.token,
          body: { id: order.id, addressId: bobAddress },
        })
      ).code,
    ).toBe(1002);
    expect((await comment(bob, order.id, order.lines[0].specId)).code).toBe(1002);
    expect(
      (await call(t.app, 'POST', 'app/order/info/page', { token: bob.token, body: {} })).data.pagination
        .total,
    ).toBe(0);
    expect(await orderStatusOf(t, order.id)).toBe(0);
    expect((await call(t.app, 'POST', 'app/order/info/page', { body: {} })).status).toBe(401);
  });
});
