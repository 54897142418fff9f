import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { goodsFixture } from '../modules/cart/cart.fixtures';
import { createOperator } from '../modules/catalogue/catalogue.fixtures';
import { buyNow, closeExpiredOrders, orderStatusOf, type Buyer } from '../modules/order/order.fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../modules/payment/payment.fixtures';
import { postEntry } from '../modules/wallet/wallet.fixtures';
import { moneyOwedOrder } from '../modules/payment';
import { wechatAttempt } from '../modules/simcard/simcard.fixtures';

// Issue 25: the money defects that lived on the seam between order, payment, transfer and wallet, each
// reproduced from outside and run on both engines (DATABASE_URL set: PostgreSQL, whose pool exposes races).

const ROUNDS = 40;
let t: TestApp;
let wechat: FakeChannel;
let newebpay: FakeChannel;
let finance: { id: number; token: string };
let orders: { id: number; token: string };
beforeAll(async () => {
  wechat = fakeChannel('wechat');
  newebpay = fakeChannel('newebpay');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0', POINTS_MAX_PERCENT: '50' },
    providers: { payments: { wechat: wechat.ch, newebpay: newebpay.ch } },
  });
  finance = await createOperator(t.ctx, 'finance');
  orders = await createOperator(t.ctx, 'orders');
});
afterAll(async () => t.close());

const fund = (userId: number, kind: 'wallet' | 'points', amount: number) =>
  t.ctx.db.transaction().execute((trx) =>
    postEntry(trx, {
      kind,
      userId,
      type: 'ADJUST',
      amount,
      key: `t:${kind}:${userId}:${Math.random()}`,
      at: Date.now(),
    }),
  );
const balance = async (userId: number, kind: 'wallet' | 'points') =>
  Number(
    (
      await t.ctx.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.balance ?? 0,
  );
async function order(buyer: Buyer, price = 12_900, payWay = 'wechat') {
  const g = await goodsFixture(t.ctx, {
    specs: [{ price, stock: 50 }],
    payWays: ['wechat', 'newebpay', 'wallet', 'points', 'transfer'],
    supportPointDiscount: 1,
  });
  const res = await buyNow(t, buyer, g.specIds[0]!, { payWay });
  expect(res.code, res.message).toBe(1000);
  return res.data.id as number;
}
const post = (buyer: Buyer, path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', path, { token: buyer.token, body });
const attemptsOf = (orderId: number) =>
  t.ctx.db.selectFrom('payment_attempt').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const refundsOf = (attemptId: number) =>
  t.ctx.db.selectFrom('payment_refund').selectAll().where('attempt_id', '=', attemptId).execute();
/** Money kept by the shop for an order: every paid attempt less every refund not failed. */
async function kept(orderId: number) {
  let sum = 0;
  for (const a of await attemptsOf(orderId)) {
    if (a.status !== 'paid' && a.status !== 'refunded') continue;
    sum += Number(a.amount);
    for (const r of await refundsOf(Number(a.id))) if (r.state !== 'failed') sum -= Number(r.amount);
  }
  return sum;
}

describe('points racing the wallet (defect 3)', () => {
  it(`never takes the whole total from the wallet and the points too (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const buyer = await createUser(t.ctx);
      await fund(buyer.id, 'wallet', 100_000);
      await fund(buyer.id, 'points', 100_000);
      const id = await order(buyer);
      const [pts, wal] = await Promise.all([
        post(buyer, 'app/order/pay/usePoint', { orderId: id }),
        post(buyer, 'app/order/pay/walletPay', { orderId: id }),
      ]);
      const paidFromWallet = 100_000 - (await balance(buyer.id, 'wallet'));
      const pointsUsed = 100_000 - (await balance(buyer.id, 'points'));
      const discount = (await attemptsOf(id))
        .filter((a) => a.channel === 'points' && a.status === 'paid')
        .reduce((s, a) => s + Number(a.amount), 0);
      expect(wal.code, wal.message).toBe(1000);
      expect(await orderStatusOf(t, id)).toBe(3);
      // the money taken is the total, never more, and nothing is owed back
      expect(paidFromWallet + discount).toBe(12_900);
      expect(await kept(id)).toBe(12_900);
      expect(pts.code === 1000 ? pointsUsed > 0 : pointsUsed === 0).toBe(true);
    }
  });
});

describe('a late notification racing the sweeper (defect 6)', () => {
  it(`refunds the money whichever wins, once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const buyer = await createUser(t.ctx);
      const id = await order(buyer, 5_000);
      const no = await wechatAttempt(t, buyer, id);
      await t.ctx.db
        .updateTable('shop_order')
        .set({ pay_deadline: Date.now() - 1 })
        .where('id', '=', id)
        .execute();
      await Promise.all([
        closeExpiredOrders(t.ctx),
        postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 5_000)),
      ]);
      expect(await orderStatusOf(t, id)).toBe(7);
      const [a] = await attemptsOf(id);
      const back = await refundsOf(Number(a!.id));
      expect(back.map((r) => Number(r.amount))).toEqual([5_000]);
      expect(['surplus', 'late_payment']).toContain(back[0]!.reason);
    }
  });
});

describe('a refund the provider leaves processing (defect 4)', () => {
  it('is asked about until it settles; the order refund and the attempt follow', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 8_000);
    const no = await wechatAttempt(t, buyer, id);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 8_000));
    expect(await orderStatusOf(t, id)).toBe(3);
    const asked = await post(buyer, 'app/order/info/refund', {
      id,
      reason: 'quality',
      description: 'no signal',
    });
    expect(asked.code, asked.message).toBe(1000);
    wechat.steer.refundState = 'processing';
    try {
      const approved = await call(t.app, 'POST', 'admin/order/info/refund/approve', {
        token: orders.token,
        body: { id },
      });
      expect(approved.data.refund).toMatchObject({ providerState: 'processing' });
    } finally {
      wechat.steer.refundState = 'succeeded';
    }
    const [a] = await attemptsOf(id);
    const [part] = await refundsOf(Number(a!.id));
    expect(part!.state).toBe('processing');
    // the provider settles it later; the retried job asks (it never sends the refund again)
    wechat.settleRefund(part!.refund_no);
    await t.ctx.jobs.tick(Date.now() + 3 * 3_600_000);
    expect(wechat.refundQueries).toContain(part!.refund_no);
    expect(wechat.refunds.filter((r) => r.refundNo === part!.refund_no)).toHaveLength(1);
    expect((await refundsOf(Number(a!.id)))[0]!.state).toBe('succeeded');
    const seen = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(seen.data.refund).toMatchObject({ providerState: 'succeeded' });
    expect((await attemptsOf(id))[0]!.status).toBe('refunded');
  });
});

describe('bank transfer (defects 2 and 7)', () => {
  const bankInfo = (buyer: Buyer, orderId: number) =>
    call(t.app, 'GET', 'app/order/transfer/bankInfo', {
      token: buyer.token,
      query: { orderId: String(orderId) },
    });
  const proofStatus = (buyer: Buyer, orderId: number) =>
    call(t.app, 'GET', 'app/order/transfer/proofStatus', {
      token: buyer.token,
      query: { orderId: String(orderId) },
    });
  /** The buyer says the money was sent: the transfer waits for finance (proof files are transfer.test's). */
  const proofIn = (orderId: number) =>
    t.ctx.db
      .updateTable('transfer_payment')
      .set({ status: 'proof_submitted' })
      .where('order_id', '=', orderId)
      .execute();
  const verify = (orderId: number) =>
    call(t.app, 'POST', 'admin/order/transfer/verify', { token: finance.token, body: { orderId } });

  it('points applied after the transfer opened lower what it asks; finance records exactly the total', async () => {
    const buyer = await createUser(t.ctx, { kind: 'company' });
    await fund(buyer.id, 'points', 100_000);
    const id = await order(buyer, 12_900, 'transfer');
    expect((await bankInfo(buyer, id)).data.amount).toBe(12_900);
    const used = await post(buyer, 'app/order/pay/usePoint', { orderId: id });
    expect(used.code, used.message).toBe(1000);
    // half of NT$129 in points, in whole dollars (issue 25 defect 8): NT$64, NT$65 left to transfer
    expect(used.data.discount).toBe(6_400);
    expect((await proofStatus(buyer, id)).data.amount).toBe(6_500);
    await proofIn(id);
    expect((await verify(id)).code).toBe(1000);
    expect(await orderStatusOf(t, id)).toBe(3);
    const paid = (await attemptsOf(id)).filter((a) => a.status === 'paid');
    expect(paid.map((a) => [a.channel, Number(a.amount)])).toEqual([
      ['points', 6_400],
      ['transfer', 6_500],
    ]);
    expect(await kept(id)).toBe(12_900);
  });

  it('a transfer verified after the order was paid another way is owed back, visibly (manual)', async () => {
    const buyer = await createUser(t.ctx, { kind: 'company' });
    await fund(buyer.id, 'wallet', 50_000);
    const id = await order(buyer, 12_900, 'transfer');
    await bankInfo(buyer, id);
    await proofIn(id);
    expect((await post(buyer, 'app/order/pay/walletPay', { orderId: id })).code).toBe(1000);
    const res = await verify(id);
    expect(res.code, res.message).toBe(1000);
    expect(res.data.status).toBe('verified');
    const transfer = (await attemptsOf(id)).find((a) => a.channel === 'transfer')!;
    expect(Number(transfer.surplus)).toBe(1);
    await t.ctx.jobs.tick(Date.now() + 60_000);
    expect((await refundsOf(Number(transfer.id))).map((r) => [Number(r.amount), r.reason, r.state])).toEqual([
      [12_900, 'surplus', 'manual'],
    ]);
    // the buyer's account cannot close while it is owed (issue 25, 13: the payment module answers for it)
    expect(await moneyOwedOrder(t.ctx.db, buyer.id)).toMatchObject({ id });
    // finance sees the money still owed back
    const owed = await call(t.app, 'POST', 'admin/payment/info/page', {
      token: finance.token,
      body: { page: 1, size: 50, owed: '1', orderId: id },
    });
    expect(owed.code, owed.message).toBe(1000);
    expect(
      owed.data.list.map((p: { channel: string; refunds: { state: string }[] }) => [
        p.channel,
        p.refunds.map((r) => r.state),
      ]),
    ).toEqual([['transfer', ['manual']]]);
  });
});

describe('NewebPay and offline codes (defects 7 and 10)', () => {
  it('getMpgNo and getOrderMpgInfo share one attempt', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 3_000, 'newebpay');
    const q = { orderId: String(id), method: 'CREDIT' };
    const no = await call(t.app, 'GET', 'app/order/newebpay/getMpgNo', { token: buyer.token, query: q });
    const info = await call(t.app, 'GET', 'app/order/newebpay/getOrderMpgInfo', {
      token: buyer.token,
      query: q,
    });
    expect(no.code, no.message).toBe(1000);
    expect(info.data.attemptNo).toBe(no.data.attemptNo);
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('an ATM code keeps the order open until the code expires', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 3_000, 'newebpay');
    const no = (
      await call(t.app, 'GET', 'app/order/newebpay/getOrderMpgInfo', {
        token: buyer.token,
        query: { orderId: String(id), method: 'VACC' },
      })
    ).data.attemptNo as string;
    const expires = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await postCallback(
      t,
      '/api/app/order/newebpay/notify',
      JSON.stringify({
        attemptNo: no,
        state: 'awaiting_offline',
        amount: 3_000,
        currency: 'TWD',
        detail: { ExpireDate: expires },
        // as the NewebPay adapter reads ExpireDate: the end of that day in Taipei (newebpay.test.ts)
        payBy: Date.parse(`${expires}T23:59:59+08:00`),
      }),
    );
    const row = await t.ctx.db
      .selectFrom('shop_order')
      .select('pay_deadline')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.pay_deadline)).toBe(Date.parse(`${expires}T23:59:59+08:00`));
    const status = await call(t.app, 'GET', 'app/order/pay/status', {
      token: buyer.token,
      query: { orderId: String(id) },
    });
    expect(status.data.orderStatus).toBe(0);
  });
});
