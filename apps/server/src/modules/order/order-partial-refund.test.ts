import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../payment/payment.fixtures';
import { buyNow, orderStatusOf } from './order.fixtures';

/**
 * Partial refunds from the console: the operator approving a refund may give back less than the buyer
 * asked. The amount goes back through the channel that took the money, under our refund number; the ask and
 * the approved amount are both kept; too much (or nothing) is refused and changes nothing. Runs on SQLite, and
 * on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let wechat: FakeChannel;
let finance: { id: number; token: string };
beforeAll(async () => {
  wechat = fakeChannel('wechat');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' },
    providers: { payments: { wechat: wechat.ch } },
  });
  finance = await createOperator(t.ctx, 'finance');
});
afterAll(async () => t.close());

/** An order paid 8,000 through wechat, its buyer asking for the whole amount back. */
async function refundingOrder() {
  const buyer = await createUser(t.ctx);
  const g = await goodsFixture(t.ctx, { specs: [{ price: 8_000, stock: 5 }], payWays: ['wechat'] });
  const id = (await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wechat' })).data.id as number;
  const pay = await call(t.app, 'POST', 'app/order/pay/orderPay', {
    token: buyer.token,
    body: { orderId: id, payWay: 'wechat', client: 'desktop_browser' },
  });
  expect(pay.code, pay.message).toBe(1000);
  const no = pay.data.attemptNo as string;
  await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 8_000));
  expect(await orderStatusOf(t, id)).toBeGreaterThan(0); // paid (a plan goes on to 3)
  const asked = await call(t.app, 'POST', 'app/order/info/refund', {
    token: buyer.token,
    body: { id, reason: 'quality', description: 'Does not connect' },
  });
  expect(asked.code, asked.message).toBe(1000);
  return { buyer, id, no };
}
const approve = (body: Record<string, unknown>, language = 'en') =>
  call(t.app, 'POST', 'admin/order/info/refund/approve', { token: finance.token, body, language });
const refundRow = (orderId: number) =>
  t.ctx.db.selectFrom('order_refund').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

describe('partial refund from the console', () => {
  it('approves less than asked: that amount goes back through the channel, both recorded', async () => {
    const { buyer, id, no } = await refundingOrder();
    const res = await approve({ id, amount: 2_500 });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.status).toBe(6);
    expect(res.data.refund).toMatchObject({ state: 'approved', amount: 2_500, requestedAmount: 8_000 });
    // through the channel that took the money, our refund number, only the approved part
    const sent = wechat.refunds.filter((r) => r.attemptNo === no);
    expect(sent.map((r) => [r.amount, r.total])).toEqual([[2_500, 8_000]]);
    expect(sent[0]!.refundNo).toMatch(/^R\d+A\d+$/);
    const attempt = await t.ctx.db
      .selectFrom('payment_attempt')
      .select('status')
      .where('attempt_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe('paid'); // partly refunded
    const row = await refundRow(id);
    expect([Number(row.amount), Number(row.requested_amount)]).toEqual([2_500, 8_000]);
    expect(row.provider_state).toBe('succeeded');
    const log = await t.ctx.db
      .selectFrom('order_log')
      .select(['note_kind', 'note_params'])
      .where('order_id', '=', id)
      .where('action', '=', 'refund_approve')
      .executeTakeFirstOrThrow();
    expect(log.note_kind).toBe('refund_approved');
    expect(JSON.parse(log.note_params ?? '')).toMatchObject({ amount: 2_500, asked: 8_000, currency: 'TWD' });
    // the buyer sees the amount approved and the one asked
    const mine = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(mine.data.refund).toMatchObject({ amount: 2_500, requestedAmount: 8_000 });
  });

  it('without an amount refunds the whole ask', async () => {
    const { id, no } = await refundingOrder();
    const res = await approve({ id });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.refund).toMatchObject({ amount: 8_000, requestedAmount: 8_000 });
    expect(wechat.refunds.filter((r) => r.attemptNo === no).map((r) => r.amount)).toEqual([8_000]);
    expect((await refundRow(id)).requested_amount).toBeNull();
  });

  it('refuses more than asked, zero or a fraction, in the caller language, changing nothing', async () => {
    const { id, no } = await refundingOrder();
    const tooMuch = await approve({ id, amount: 8_001 });
    expect(tooMuch.code).toBe(5012);
    expect(tooMuch.message).toBe('The refund amount must be more than 0 and at most 80.00 TWD');
    expect((await approve({ id, amount: 9_000 }, 'zh-Hant')).message).toBe(
      '退款金額須大於 0 且不超過 80.00 TWD',
    );
    for (const amount of [0, -5, 12.5]) expect((await approve({ id, amount })).code).toBe(1001);
    expect(await orderStatusOf(t, id)).toBe(5);
    const row = await refundRow(id);
    expect([row.state, Number(row.amount), row.requested_amount]).toEqual(['requested', 8_000, null]);
    expect(wechat.refunds.filter((r) => r.attemptNo === no)).toEqual([]);
    // then the full amount is still there to approve
    expect((await approve({ id, amount: 8_000 })).data.refund.amount).toBe(8_000);
  });

  it('two operators approving at once: one decision, one refund sent', async () => {
    const { id, no } = await refundingOrder();
    const [a, b] = await Promise.all([approve({ id, amount: 3_000 }), approve({ id, amount: 5_000 })]);
    expect([a.code, b.code].sort()).toEqual([1000, 5001]);
    const won = a.code === 1000 ? 3_000 : 5_000;
    expect(Number((await refundRow(id)).amount)).toBe(won);
    expect(wechat.refunds.filter((r) => r.attemptNo === no).map((r) => r.amount)).toEqual([won]);
  });
});
