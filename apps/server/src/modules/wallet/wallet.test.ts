import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, orderStatusOf, type Buyer } from '../order/order.fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../payment/payment.fixtures';
import { runNow, splitOrderRefund } from '../../flows/order-refund';
import { entrySum, ledgerBalance } from './index';

let t: TestApp;
let op: { id: number; token: string };
let alipay: FakeChannel;
beforeAll(async () => {
  alipay = fakeChannel('alipay');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0', ORDER_MAX_UNPAID: '1000' },
    providers: { payments: { alipay: alipay.ch } },
  });
  op = await createOperator(t.ctx, 'finance');
});
afterAll(async () => t.close());

let keySeq = 0;
const publicIdOf = async (userId: number) =>
  (await t.ctx.db.selectFrom('user').select('public_id').where('id', '=', userId).executeTakeFirstOrThrow())
    .public_id;
const adjust = async (userId: number, amount: number, kind = 'wallet', token = op.token) =>
  call(t.app, 'POST', 'admin/user/ledger/adjust', {
    token,
    body: {
      userPublicId: await publicIdOf(userId),
      kind,
      amount,
      note: 'goodwill',
      idempotencyKey: `adjust-key-${++keySeq}-${Date.now()}`,
    },
  });
const walletPay = (buyer: Buyer, orderId: number) =>
  call(t.app, 'POST', 'app/order/pay/walletPay', { token: buyer.token, body: { orderId } });
const get = (buyer: Buyer) => call(t.app, 'GET', 'app/user/wallet/get', { token: buyer.token });
const page = (buyer: Buyer) =>
  call(t.app, 'POST', 'app/user/wallet/transaction/page', {
    token: buyer.token,
    body: { page: 1, size: 50 },
  });

async function orders(buyer: Buyer, n: number, price: number) {
  const g = await goodsFixture(t.ctx, { specs: [{ price, stock: n + 5 }], payWays: ['wallet', 'alipay'] });
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wallet' });
    expect(res.code, res.message).toBe(1000);
    ids.push(res.data.id as number);
  }
  return ids;
}

describe('wallet', () => {
  it('an operator credit, then walletPay debits in the order transaction; a retry answers the first result', async () => {
    const buyer = await createUser(t.ctx);
    expect((await adjust(buyer.id, 25_000)).data).toEqual({ balance: 25_000 });
    const [id] = await orders(buyer, 1, 10_000);
    const paid = await walletPay(buyer, id!);
    expect(paid.data).toEqual({ orderId: id, paid: true, amount: 10_000, balance: 15_000 });
    expect(await orderStatusOf(t, id!)).toBe(3);
    const again = await walletPay(buyer, id!);
    expect(again.data).toEqual(paid.data);
    expect((await get(buyer)).data).toEqual({ balance: 15_000, currency: 'TWD' });
    const list = (await page(buyer)).data;
    expect(list.pagination.total).toBe(2);
    expect(
      list.list.map((e: { type: string; amount: number; balanceAfter: number; orderId: number | null }) => [
        e.type,
        e.amount,
        e.balanceAfter,
        e.orderId,
      ]),
    ).toEqual([
      ['PAY', -10_000, 15_000, id],
      ['ADJUST', 25_000, 25_000, null],
    ]);
  });

  it('refuses a payment the balance does not cover, and changes nothing', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 500);
    const [id] = await orders(buyer, 1, 10_000);
    const res = await walletPay(buyer, id!);
    expect(res.code).toBe(5056);
    expect(await orderStatusOf(t, id!)).toBe(0);
    expect((await get(buyer)).data.balance).toBe(500);
    expect((await adjust(buyer.id, -600)).code).toBe(5056);
  });

  it('support staff cannot adjust a ledger; buyers see only their own wallet', async () => {
    const support = await createOperator(t.ctx, 'support');
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    expect((await adjust(a.id, 100, 'wallet', support.token)).code).toBe(2028);
    await adjust(a.id, 700);
    expect((await get(b)).data.balance).toBe(0);
    expect((await page(b)).data.list).toEqual([]);
  });

  it('a wallet refund goes back to the wallet', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 10_000);
    const [id] = await orders(buyer, 1, 6_000);
    await walletPay(buyer, id!);
    const refund = () =>
      t.ctx.db
        .transaction()
        .execute((trx) =>
          splitOrderRefund(trx, id!, { id: 777_001, amount: 2_500, reason: 'order_refund' }, Date.now()),
        );
    await runNow(t.ctx, await refund());
    const parts = await t.ctx.db
      .selectFrom('payment_refund')
      .selectAll()
      .where('order_refund_id', '=', 777_001)
      .execute();
    expect(parts.map((p) => p.state)).toEqual(['succeeded']);
    await runNow(t.ctx, await refund());
    expect((await get(buyer)).data.balance).toBe(6_500);
    expect(await entrySum(t.ctx.db, 'wallet', buyer.id)).toBe(6_500);
  });

  it('a top-up is credited only on its verified notification, once', async () => {
    const buyer = await createUser(t.ctx);
    const res = await call(t.app, 'POST', 'app/user/wallet/recharge', {
      token: buyer.token,
      body: { amount: 50_000, payWay: 'alipay', client: 'mobile_browser' },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('redirect');
    // a top-up has no order: the browser comes back to the recharge page, which waits for the credit
    expect(alipay.started.at(-1)?.returnUrl).toMatch(
      new RegExp(`/pages/wallet/recharge\\?topupId=${res.data.topupId}$`),
    );
    const no = res.data.attemptNo as string;
    await postCallback(t, '/api/app/order/pay/alipayNotify', paidBody(no, 50_000), { signature: 'forged' });
    expect((await get(buyer)).data.balance).toBe(0);
    await postCallback(t, '/api/app/order/pay/alipayNotify', paidBody(no, 50_000));
    await postCallback(t, '/api/app/order/pay/alipayNotify', paidBody(no, 50_000));
    expect((await get(buyer)).data.balance).toBe(50_000);
    const st = await call(t.app, 'GET', 'app/user/wallet/rechargeStatus', {
      token: buyer.token,
      query: { topupId: String(res.data.topupId) },
    });
    expect(st.data).toMatchObject({ status: 'paid', amount: 50_000 });
    const other = await createUser(t.ctx);
    const peek = await call(t.app, 'GET', 'app/user/wallet/rechargeStatus', {
      token: other.token,
      query: { topupId: String(res.data.topupId) },
    });
    expect(peek.code).toBe(1002);
  });

  it('race: 100 concurrent walletPay calls against a balance for 10 orders pay exactly 10', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 10 * 1_000);
    const ids = await orders(buyer, 100, 1_000);
    const results = await Promise.all(ids.map((id) => walletPay(buyer, id)));
    const paid = results.filter((r) => r.code === 1000);
    expect(paid).toHaveLength(10);
    expect(results.filter((r) => r.code !== 1000).every((r) => r.code === 5056)).toBe(true);
    const statuses = await Promise.all(ids.map((id) => orderStatusOf(t, id)));
    expect(statuses.filter((s) => s === 3)).toHaveLength(10);
    expect(await ledgerBalance(t.ctx.db, 'wallet', buyer.id)).toBe(0);
    expect(await entrySum(t.ctx.db, 'wallet', buyer.id)).toBe(0);
    // and the same order paid by 20 concurrent calls: one debit
    await adjust(buyer.id, 5_000);
    const [one] = await orders(buyer, 1, 1_000);
    const twins = await Promise.all(Array.from({ length: 20 }, () => walletPay(buyer, one!)));
    expect(twins.every((r) => r.code === 1000)).toBe(true);
    expect(await ledgerBalance(t.ctx.db, 'wallet', buyer.id)).toBe(4_000);
    expect(await entrySum(t.ctx.db, 'wallet', buyer.id)).toBe(4_000);
  });
});

describe('points', () => {
  it('race: 100 concurrent usePoint calls against points for 10 orders cover exactly 10', async () => {
    // 1 point = 1 TWD (100 minor units); points may pay a whole order
    const buyer = await createUser(t.ctx);
    t.ctx.config.points.perUnit = 1;
    t.ctx.config.points.maxPercent = 100;
    try {
      const g = await goodsFixture(t.ctx, {
        specs: [{ price: 1_000, stock: 200 }],
        payWays: ['wallet', 'points'],
        supportPointDiscount: 1,
      });
      const ids: number[] = [];
      for (let i = 0; i < 100; i += 1)
        ids.push((await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wallet' })).data.id);
      await adjust(buyer.id, 100, 'points'); // 10 orders of 10 points
      const check = await call(t.app, 'POST', 'app/order/pay/checkPointSupport', {
        token: buyer.token,
        body: { orderId: ids[0] },
      });
      expect(check.data).toEqual({ supported: true, points: 100, usablePoints: 10, discount: 1_000 });
      const results = await Promise.all(
        ids.map((orderId) =>
          call(t.app, 'POST', 'app/order/pay/usePoint', { token: buyer.token, body: { orderId } }),
        ),
      );
      const ok = results.filter((r) => r.code === 1000);
      expect(ok).toHaveLength(10);
      expect(ok.every((r) => r.data.paid === true)).toBe(true);
      const statuses = await Promise.all(ids.map((id) => orderStatusOf(t, id)));
      expect(statuses.filter((s) => s === 3)).toHaveLength(10);
      expect(await ledgerBalance(t.ctx.db, 'points', buyer.id)).toBe(0);
      expect(await entrySum(t.ctx.db, 'points', buyer.id)).toBe(0);
      const my = await call(t.app, 'GET', 'app/user/points/my', { token: buyer.token });
      expect(my.data).toEqual({ points: 0, pointsPerUnit: 1, maxPercent: 100 });
    } finally {
      t.ctx.config.points.perUnit = 10;
      t.ctx.config.points.maxPercent = 50;
    }
  });

  it('points take at most the cap, only on goods that allow them; the rest is paid by another way', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 10_000, 'points');
    const no = await goodsFixture(t.ctx, { specs: [{ price: 10_000, stock: 5 }], payWays: ['wallet'] });
    const noId = (await buyNow(t, buyer, no.specIds[0]!, { payWay: 'wallet' })).data.id;
    const refused = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: noId },
    });
    expect(refused.code).toBe(5058);
    const yes = await goodsFixture(t.ctx, {
      specs: [{ price: 10_000, stock: 5 }],
      payWays: ['wallet', 'points'],
      supportPointDiscount: 1,
    });
    const id = (await buyNow(t, buyer, yes.specIds[0]!, { payWay: 'wallet' })).data.id;
    // 10 points per TWD, at most 50 %: 50 TWD off with 500 points
    const used = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(used.data).toEqual({
      orderId: id,
      pointsUsed: 500,
      discount: 5_000,
      paid: false,
      remaining: 5_000,
    });
    await adjust(buyer.id, 5_000);
    const paid = await walletPay(buyer, id);
    expect(paid.data).toMatchObject({ amount: 5_000, balance: 0 });
    expect(await orderStatusOf(t, id)).toBe(3);
    const pts = await call(t.app, 'POST', 'app/user/points/myTransaction', {
      token: buyer.token,
      body: { page: 1, size: 10 },
    });
    expect(pts.data.list[0]).toMatchObject({ type: 'PAY', amount: -500, balanceAfter: 9_500 });
  });

  it('points applied to an order that closes unpaid come back at reconciliation', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 1_000, 'points');
    const g = await goodsFixture(t.ctx, {
      specs: [{ price: 10_000, stock: 5 }],
      payWays: ['wallet', 'points'],
      supportPointDiscount: 1,
    });
    const id = (await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wallet' })).data.id;
    await call(t.app, 'POST', 'app/order/pay/usePoint', { token: buyer.token, body: { orderId: id } });
    expect(await ledgerBalance(t.ctx.db, 'points', buyer.id)).toBe(500);
    await call(t.app, 'POST', 'app/order/info/cancel', { token: buyer.token, body: { id } });
    const { reconcilePayments } = await import('../../flows');
    await reconcilePayments(t.ctx);
    await reconcilePayments(t.ctx);
    expect(await ledgerBalance(t.ctx.db, 'points', buyer.id)).toBe(1_000);
    expect(await entrySum(t.ctx.db, 'points', buyer.id)).toBe(1_000);
  });
});

describe('points earned', () => {
  it('a completed order earns points once, from the money paid', async () => {
    const buyer = await createUser(t.ctx);
    await adjust(buyer.id, 12_345);
    const [id] = await orders(buyer, 1, 12_345);
    await walletPay(buyer, id!);
    const { reconcilePayments } = await import('../../flows');
    await reconcilePayments(t.ctx);
    expect(await ledgerBalance(t.ctx.db, 'points', buyer.id)).toBe(0); // not completed yet
    await t.ctx.db
      .updateTable('shop_order')
      .set({ status: 4, completed_at: Date.now() })
      .where('id', '=', id!)
      .execute();
    await reconcilePayments(t.ctx);
    await reconcilePayments(t.ctx);
    expect(await ledgerBalance(t.ctx.db, 'points', buyer.id)).toBe(123); // 1 point per TWD 1
  });
});
