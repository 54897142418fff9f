import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, orderStatusOf, type Buyer } from '../order/order.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';
import { reconcilePayments } from '../../flows';
import { splitOrderRefund, runNow } from '../../flows/order-refund';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from './payment.fixtures';

let t: TestApp;
let wechat: FakeChannel;
let tappay: FakeChannel;
let newebpay: FakeChannel;
beforeAll(async () => {
  wechat = fakeChannel('wechat');
  tappay = fakeChannel('tappay', { done: true });
  newebpay = fakeChannel('newebpay');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' },
    // alipay is offered by PAY_WAYS (demo: all) but has no adapter here
    providers: { payments: { wechat: wechat.ch, tappay: tappay.ch, newebpay: newebpay.ch } },
  });
});
afterAll(async () => t.close());

async function order(buyer: Buyer, price = 10_000) {
  const g = await goodsFixture(t.ctx, {
    specs: [{ price, stock: 50 }],
    payWays: ['wechat', 'alipay', 'tappay', 'newebpay', 'wallet'],
  });
  const res = await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wechat' });
  expect(res.code, res.message).toBe(1000);
  return res.data.id as number;
}
const orderPay = (buyer: Buyer, orderId: number, payWay = 'wechat', language = 'en') =>
  call(t.app, 'POST', 'app/order/pay/orderPay', {
    token: buyer.token,
    language,
    body: { orderId, payWay, client: 'desktop_browser' },
  });
const status = (buyer: Buyer, orderId: number) =>
  call(t.app, 'GET', 'app/order/pay/status', { token: buyer.token, query: { orderId: String(orderId) } });
const payLogCount = async (orderId: number) =>
  (
    await t.ctx.db
      .selectFrom('order_log')
      .select('id')
      .where('order_id', '=', orderId)
      .where('action', '=', 'pay')
      .execute()
  ).length;
const attempt = (no: string) =>
  t.ctx.db.selectFrom('payment_attempt').selectAll().where('attempt_no', '=', no).executeTakeFirstOrThrow();

describe('pay list and channel configuration', () => {
  it('payList enables a channel only when its adapter is configured', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/payList');
    const enabled = Object.fromEntries(
      (res.data as { code: string; enabled: boolean }[]).map((w) => [w.code, w.enabled]),
    );
    expect(enabled).toMatchObject({
      wechat: true,
      tappay: true,
      newebpay: true,
      alipay: false,
      wallet: true,
    });
  });

  it('refuses a pay way whose channel is not configured, in the caller language', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer);
    const res = await orderPay(buyer, id, 'alipay', 'zh-Hant');
    expect(res.code).toBe(5050);
    expect(res.message).toBe('此付款方式暫不可用，請選擇其他方式');
  });
});

describe('pay ways of an order', () => {
  it('offers what every goods accepts and the shop has configured; refuses the rest', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { payWays: ['wallet', 'tappay'] });
    const id = (await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wallet' })).data.id as number;
    const st = await status(buyer, id);
    expect(st.data).toMatchObject({ payWays: ['tappay', 'wallet'], amountDue: 10_000, currency: 'TWD' });
    expect((await orderPay(buyer, id, 'wechat')).code).toBe(5004);
  });
});

describe('WeChat Native through a fake channel', () => {
  it('starts a QR attempt, then one verified notification pays the order exactly once', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 12_300);
    const res = await orderPay(buyer, id);
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('qr');
    const no = res.data.attemptNo as string;
    expect(no).toMatch(/^[A-Za-z0-9_]{1,30}$/);
    const req = wechat.started.find((s) => s.attemptNo === no)!;
    expect(req).toMatchObject({ amount: 12_300, currency: 'TWD', client: 'desktop_browser' });
    expect(req.notifyUrl).toMatch(/\/api\/app\/order\/pay\/wxNotify$/);

    // duplicate and concurrent deliveries of the same notification
    const body = paidBody(no, 12_300);
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() => postCallback(t, '/api/app/order/pay/wxNotify', body)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
    expect(await orderStatusOf(t, id)).toBe(3); // virtual goods: fulfilled at once
    expect(await payLogCount(id)).toBe(1);
    const events = await t.ctx.db
      .selectFrom('payment_event')
      .selectAll()
      .where('attempt_no', '=', no)
      .execute();
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.result).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect((await attempt(no)).status).toBe('paid');
    const st = await status(buyer, id);
    expect(st.data).toMatchObject({ paid: true, orderStatus: 3 });
  });

  it('inside the WeChat browser the attempt carries the buyer openid (JSAPI)', async () => {
    const buyer = await createUser(t.ctx);
    await t.ctx.db
      .updateTable('user')
      .set({ wechat_openid: 'o-buyer-123' })
      .where('id', '=', buyer.id)
      .execute();
    const id = await order(buyer);
    const res = await call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId: id, payWay: 'wechat', client: 'wechat_browser' },
    });
    const req = wechat.started.find((s) => s.attemptNo === res.data.attemptNo)!;
    expect(req).toMatchObject({ client: 'wechat_browser', openid: 'o-buyer-123' });
  });

  it('keeps the raw body byte-exact for the adapter and in the event log', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    const body = `{ "attemptNo":"${no}",  "state":"failed","amount":10000,"currency":"TWD" ,"x":"%25+é"}`;
    await postCallback(t, '/api/app/order/pay/wxNotify', body);
    expect(wechat.callbacks.at(-1)!.req.rawBody).toBe(body);
    const ev = await t.ctx.db
      .selectFrom('payment_event')
      .selectAll()
      .where('attempt_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(ev.body).toBe(body);
    expect((await attempt(no)).status).toBe('failed');
  });

  it('refuses a forged notification: nothing changes, the refusal is kept', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    const res = await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 10_000), {
      signature: 'bad',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
    expect(await orderStatusOf(t, id)).toBe(0);
    const ev = await t.ctx.db
      .selectFrom('payment_event')
      .selectAll()
      .where('result', '=', 'refused')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ev.verified).toBe(0);
    expect(ev.body).toContain(no);
  });

  it('a verified payment of another amount does not pay the order: it is refunded as taken (issue 25, 7)', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 10_000);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 100));
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 10_000, 'CNY'));
    expect(await orderStatusOf(t, id)).toBe(0);
    // the provider took 100: never applied, never left to be re-queried, refunded in full
    const seen = await attempt(no);
    expect([seen.status, Number(seen.surplus)]).toEqual(['paid', 1]);
    const results = (
      await t.ctx.db.selectFrom('payment_event').select('result').where('attempt_no', '=', no).execute()
    ).map((e) => e.result);
    expect(results).toEqual(['mismatch', 'duplicate']);
    await t.ctx.jobs.tick(Date.now() + 60_000);
    const back = await t.ctx.db
      .selectFrom('payment_refund')
      .select(['refund_no', 'amount', 'reason', 'state'])
      .where('attempt_id', '=', Number(seen.id))
      .execute();
    expect(back).toEqual([{ refund_no: `M${seen.id}`, amount: 100, reason: 'mismatch', state: 'succeeded' }]);
    expect(wechat.refunds.filter((r) => r.attemptNo === no).map((r) => [r.amount, r.total])).toEqual([
      [100, 100],
    ]);
    // the order can still be paid
    expect((await orderPay(buyer, id)).code).toBe(1000);
  });

  it('ignores a notification for an attempt of another channel or unknown number', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await postCallback(t, '/api/app/order/newebpay/notify', paidBody(no, 10_000));
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody('NOPE123', 10_000));
    expect(await orderStatusOf(t, id)).toBe(0);
  });

  it('a second successful attempt on a paid order is flagged and refunded in full by the refund job', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 5_000);
    const first = (await orderPay(buyer, id)).data.attemptNo as string;
    const second = (await orderPay(buyer, id)).data.attemptNo as string;
    expect(second).not.toBe(first);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(first, 5_000));
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(second, 5_000));
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(second, 5_000)); // and its retry
    expect(await payLogCount(id)).toBe(1);
    await t.ctx.jobs.tick();
    const sent = wechat.refunds.filter((r) => r.attemptNo === second);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 5_000, total: 5_000, refundNo: expect.stringMatching(/^S\d+$/) });
    const a = await attempt(second);
    expect(a.surplus).toBe(1);
    expect(a.status).toBe('refunded');
    expect((await attempt(first)).status).toBe('paid');
  });

  it('a payment after the deadline: the order closes and the money goes back through the channel', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 7_000);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await t.ctx.db
      .updateTable('shop_order')
      .set({ pay_deadline: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 7_000));
    expect(await orderStatusOf(t, id)).toBe(7);
    await t.ctx.jobs.tick();
    const sent = wechat.refunds.filter((r) => r.attemptNo === no);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.amount).toBe(7_000);
    const refund = await t.ctx.db
      .selectFrom('order_refund')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ reason: 'late_payment', provider_state: 'succeeded' });
  });

  it('a payment for an order the buyer cancelled is refunded, never lost', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 4_000);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await call(t.app, 'POST', 'app/order/info/cancel', { token: buyer.token, body: { id } });
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 4_000));
    await t.ctx.jobs.tick();
    expect(wechat.refunds.filter((r) => r.attemptNo === no)).toHaveLength(1);
    expect((await attempt(no)).status).toBe('refunded');
  });
});

describe('points applied after a channel payment opened', () => {
  it('the channel takes the old amount; the difference goes back through the channel', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, {
      specs: [{ price: 10_000, stock: 5 }],
      payWays: ['wechat', 'points'],
      supportPointDiscount: 1,
    });
    const id = (await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wechat' })).data.id as number;
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await t.ctx.db.transaction().execute((trx) =>
      postEntry(trx, {
        kind: 'points',
        userId: buyer.id,
        type: 'ADJUST',
        amount: 2_000,
        key: `gift-${id}`,
        at: Date.now(),
      }),
    );
    const used = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(used.data).toMatchObject({ discount: 5_000, remaining: 5_000 });
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 10_000));
    expect(await orderStatusOf(t, id)).toBe(3);
    await t.ctx.jobs.tick();
    const back = wechat.refunds.filter((r) => r.attemptNo === no);
    expect(back.map((r) => [r.refundNo, r.amount])).toEqual([[expect.stringMatching(/^E\d+$/), 5_000]]);
  });
});

describe('synchronous, browser-return and failing channels', () => {
  it('TapPay pay by prime settles at once (done) and marks the order paid', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 9_900);
    const info = await call(t.app, 'GET', 'app/order/tappay/tappay_jinliu_info', { token: buyer.token });
    expect(info.data).toMatchObject({ appId: '12348', serverType: 'sandbox' });
    const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      body: { orderId: id, prime: 'prime_abc' },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start).toMatchObject({ kind: 'done', outcome: { state: 'paid', amount: 9_900 } });
    expect(tappay.started.at(-1)!.prime).toBe('prime_abc');
    expect(await orderStatusOf(t, id)).toBe(3);
  });

  it('a channel that cannot be reached: PAY_CHANNEL_FAILED and the attempt failed', async () => {
    const broken = fakeChannel('alipay', { startFails: true });
    t.ctx.providers.payments.alipay = broken.ch;
    try {
      const buyer = await createUser(t.ctx);
      const id = await order(buyer);
      const res = await orderPay(buyer, id, 'alipay');
      expect(res.code).toBe(5051);
      const a = await t.ctx.db
        .selectFrom('payment_attempt')
        .selectAll()
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(a.status).toBe('failed');
    } finally {
      delete t.ctx.providers.payments.alipay;
    }
  });

  it('NewebPay: a form to post; the browser return is a hint confirmed by query, then redirected', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 3_000);
    const info = await call(t.app, 'GET', 'app/order/newebpay/getOrderMpgInfo', {
      token: buyer.token,
      query: { orderId: String(id), method: 'CREDIT' },
    });
    expect(info.code, info.message).toBe(1000);
    expect(info.data.action).toMatch(/mpg_gateway$/);
    const no = info.data.attemptNo as string;
    // the browser says paid, the provider does not (yet): nothing changes
    const back = await postCallback(t, '/api/app/order/newebpay/return', paidBody(no, 3_000), {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/pages/simpay/viewback?orderId=${id}`);
    expect(await orderStatusOf(t, id)).toBe(0);
    // the provider took the money; the next return (or the result page's confirm) finds it by query
    newebpay.pay(no, 3_000);
    await postCallback(t, '/api/app/order/newebpay/return', paidBody(no, 3_000), {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(await orderStatusOf(t, id)).toBe(3);
  });

  it('NewebPay ATM code: the customer callback records awaiting_offline with the code', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 3_000);
    const no = (
      await call(t.app, 'GET', 'app/order/newebpay/getMpgNo', {
        token: buyer.token,
        query: { orderId: String(id), method: 'VACC' },
      })
    ).data.attemptNo as string;
    const body = JSON.stringify({
      attemptNo: no,
      state: 'awaiting_offline',
      amount: 3_000,
      currency: 'TWD',
      detail: { BankCode: '012', CodeNo: '1234567890' },
    });
    const res = await postCallback(t, '/api/app/order/newebpay/customer', body);
    expect(res.headers.location).toBe(`/pages/simpay/customer?orderId=${id}`);
    const st = await status(buyer, id);
    expect(st.data.attempts[0]).toMatchObject({
      status: 'awaiting_offline',
      detail: { CodeNo: '1234567890' },
    });
  });
});

describe('reconciliation', () => {
  it('a pending attempt the provider says is paid is applied; one past the deadline is closed', async () => {
    const buyer = await createUser(t.ctx);
    const paidId = await order(buyer, 2_000);
    const paidNo = (await orderPay(buyer, paidId)).data.attemptNo as string;
    wechat.pay(paidNo, 2_000);
    const lateId = await order(buyer, 2_000);
    const lateNo = (await orderPay(buyer, lateId)).data.attemptNo as string;
    await t.ctx.db
      .updateTable('shop_order')
      .set({ pay_deadline: Date.now() - 1 })
      .where('id', '=', lateId)
      .execute();
    const freshId = await order(buyer, 2_000);
    const freshNo = (await orderPay(buyer, freshId)).data.attemptNo as string;
    // everything is "old" when the run looks from 10 minutes on, except what it checks for age
    const out = await reconcilePayments(t.ctx, Date.now() + 10 * 60_000);
    expect(out.applied).toBeGreaterThanOrEqual(1);
    expect(await orderStatusOf(t, paidId)).toBe(3);
    expect(wechat.closed).toContain(lateNo);
    expect((await attempt(lateNo)).status).toBe('closed');
    expect((await attempt(freshNo)).status).toBe('pending'); // its order can still be paid
    // a run that sees nothing new changes nothing
    await reconcilePayments(t.ctx, Date.now() + 10 * 60_000);
    expect(await payLogCount(paidId)).toBe(1);
  });
});

describe('refund split', () => {
  it('an approved refund goes back through the channel, partial allowed, idempotent by our refund number', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 8_000);
    const no = (await orderPay(buyer, id)).data.attemptNo as string;
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(no, 8_000));
    const refund = (refundId: number, amount: number) =>
      t.ctx.db
        .transaction()
        .execute((trx) =>
          splitOrderRefund(trx, id, { id: refundId, amount, reason: 'order_refund' }, Date.now()),
        );
    const first = await refund(9_001, 3_000);
    await runNow(t.ctx, first);
    const again = await refund(9_001, 3_000);
    await runNow(t.ctx, again);
    const parts = await t.ctx.db
      .selectFrom('payment_refund')
      .selectAll()
      .where('order_refund_id', '=', 9_001)
      .execute();
    expect(parts.map((p) => [p.refund_no, p.state])).toEqual([
      [expect.stringMatching(/^R9001A\d+$/), 'succeeded'],
    ]);
    const sent = wechat.refunds.filter((r) => r.attemptNo === no);
    // the repeat found the refund settled and sent nothing again
    expect(sent.map((r) => [r.refundNo, r.amount, r.total])).toEqual([[parts[0]!.refund_no, 3_000, 8_000]]);
    expect((await attempt(no)).status).toBe('paid'); // partly refunded
    await runNow(t.ctx, await refund(9_002, 5_000));
    expect((await attempt(no)).status).toBe('refunded');
  });
});

describe('ownership', () => {
  it("user B can neither pay nor see A's order payments", async () => {
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    const id = await order(a);
    await orderPay(a, id);
    expect((await orderPay(b, id)).code).toBe(1002);
    expect((await status(b, id)).code).toBe(1002);
    expect(
      (await call(t.app, 'POST', 'app/order/pay/walletPay', { token: b.token, body: { orderId: id } })).code,
    ).toBe(1002);
    expect(
      (
        await call(t.app, 'POST', 'app/order/tappay/pay', {
          token: b.token,
          body: { orderId: id, prime: 'p' },
        })
      ).code,
    ).toBe(1002);
    expect(
      (await call(t.app, 'GET', 'app/order/pay/status', { query: { orderId: String(id) } })).status,
    ).toBe(401);
  });
});
