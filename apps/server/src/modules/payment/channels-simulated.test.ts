import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelCode } from '../../providers/payments/channel';
import { TAPPAY_TEST_CARDS } from '../../providers/payments/tappay/tappay.simulator';
import { wechatPayDemoCashierUrl } from '../../providers/payments/wechat/wechat.simulator';
import { call, type TestApp } from '../../test/harness';
import { form, simulatedChannels, simulatedChannelsApp, until } from './channels.fixtures';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, orderStatusOf, type Buyer } from '../order/order.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';

// Each channel end to end through its demo simulator and the payment core, down to the order: the cashier's
// pay gives one verified notification that pays the order once, also when the simulator sends it twice; a
// notification the simulator signs with a tampered amount leaves the order unpaid.

let t: TestApp;
beforeAll(async () => {
  t = await simulatedChannelsApp();
});
afterAll(async () => t.close());
const { pathOf, order } = simulatedChannels(() => t);

/** The simulator's misbehaviour switches, over HTTP as tests and the demo operator set them. */
async function switches(code: ChannelCode, on: boolean, kind: 'duplicate' | 'tamper') {
  const byCode: Record<ChannelCode, { url: string; duplicate: object; tamper: object }> = {
    wechat: {
      url: '/dev/sim/wechat/control',
      duplicate: { duplicateNotify: on },
      tamper: { tamperAmount: on ? 1 : 0 },
    },
    alipay: {
      url: '/dev/sim/alipay/control',
      duplicate: { duplicateNotify: on },
      tamper: { tamperAmount: on ? 1 : 0 },
    },
    tappay: {
      url: '/dev/sim/tappay/_switches',
      duplicate: { duplicateNotify: on },
      tamper: { amountMismatch: on },
    },
    newebpay: {
      url: '/dev/sim/newebpay/_switches',
      duplicate: { duplicateNotify: on },
      tamper: { amtMismatch: on },
    },
  };
  const s = byCode[code];
  const res = await t.app.inject({ method: 'POST', url: s.url, payload: s[kind] });
  expect(res.statusCode, res.body).toBe(200);
}

/** Opens the channel's payment for the order and does what the person paying does at its cashier: pay. */
async function payAtCashier(buyer: Buyer, orderId: number, code: ChannelCode): Promise<string> {
  if (code === 'wechat' || code === 'alipay') {
    const res = await call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId, payWay: code, client: 'desktop_browser' },
    });
    expect(res.code, res.message).toBe(1000);
    const start = res.data.start;
    const cashier =
      code === 'wechat'
        ? wechatPayDemoCashierUrl(`${t.config.publicUrl}/dev/sim/wechat`, start.codeUrl as string)
        : (start.url as string);
    const page = await t.app.inject({ method: 'GET', url: pathOf(cashier) });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const paid = await t.app.inject({
      method: 'POST',
      url: `/dev/sim/${code}/cashier`,
      ...form({ token, action: 'pay' }),
    });
    expect(paid.statusCode).toBeLessThan(400);
    return res.data.attemptNo as string;
  }
  if (code === 'tappay') {
    const info = t.ctx.providers.payments.tappay!.clientInfo!();
    const primed = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/tappay/tpc/prime',
      payload: {
        app_id: info.app_id,
        app_key: info.app_key,
        card: { number: TAPPAY_TEST_CARDS.threeDS, expiry: '1230', ccv: '123' },
      },
    });
    const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      body: { orderId, prime: String(primed.json().card.prime) },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('redirect');
    const verified = await t.app.inject({
      method: 'POST',
      url: pathOf(res.data.start.url),
      ...form({ choice: 'pay' }),
    });
    expect(verified.statusCode).toBe(302);
    return res.data.attemptNo as string;
  }
  const info = await call(t.app, 'GET', 'app/order/newebpay/getOrderMpgInfo', {
    token: buyer.token,
    query: { orderId: String(orderId), method: 'CREDIT' },
  });
  expect(info.code, info.message).toBe(1000);
  const gateway = await t.app.inject({
    method: 'POST',
    url: pathOf(info.data.action),
    ...form(info.data.fields),
  });
  const session = /name="session" value="([^"]+)"/.exec(gateway.body)?.[1] ?? '';
  const paid = await t.app.inject({
    method: 'POST',
    url: '/dev/sim/newebpay/MPG/cashier',
    ...form({ session, choice: 'card_pay' }),
  });
  expect(paid.statusCode).toBe(200);
  return info.data.attemptNo as string;
}

const events = (attemptNo: string) =>
  t.ctx.db
    .selectFrom('payment_event')
    .select(['kind', 'result'])
    .where('attempt_no', '=', attemptNo)
    .where('kind', '=', 'notify')
    .execute();
const payLogs = async (orderId: number) =>
  (
    await t.ctx.db
      .selectFrom('order_log')
      .select('id')
      .where('order_id', '=', orderId)
      .where('action', '=', 'pay')
      .execute()
  ).length;

const CHANNELS: ChannelCode[] = ['wechat', 'alipay', 'tappay', 'newebpay'];

describe.each(CHANNELS)('%s through its simulator, down to the order', (code) => {
  it('the cashier pays, the simulator notifies twice, the order is paid once', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, code);
    await switches(code, true, 'duplicate');
    try {
      const no = await payAtCashier(buyer, id, code);
      await until(async () => (await events(no)).length >= 2, 'two notifications');
      expect(await orderStatusOf(t, id)).toBe(3);
      const results = (await events(no)).map((e) => e.result);
      expect(results.filter((r) => r === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r !== 'applied').every((r) => r === 'duplicate')).toBe(true);
      expect(await payLogs(id)).toBe(1);
    } finally {
      await switches(code, false, 'duplicate');
    }
  });

  it('a notification signed with a tampered amount leaves the order unpaid', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, code);
    await switches(code, true, 'tamper');
    try {
      const no = await payAtCashier(buyer, id, code);
      await until(async () => (await events(no)).some((e) => e.result === 'mismatch'), 'the mismatch');
      expect(await orderStatusOf(t, id)).toBe(0);
      expect(await payLogs(id)).toBe(0);
    } finally {
      await switches(code, false, 'tamper');
    }
  });
});

// Issue 25, defect 8: the shop's own discounts give only chargeable totals. The NT$129 order with the offered
// 15 %-off coupon (19.35 off) and points (10 a dollar) was left at cents the card channels refuse ("not a
// whole number of TWD"); now the coupon takes 19 dollars off and the points whole dollars, and both card
// channels charge what is left.
describe('NT$129 with the 15 %-off coupon and points, through the card simulators', () => {
  async function couponOperator() {
    const row = await t.ctx.db
      .insertInto('admin_user')
      .values({
        username: `amounts-catalogue-${Date.now()}-${Math.random()}`,
        name: 'catalogue',
        password_hash: 'x',
        role: 'catalogue',
        status: 1,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await t.ctx.tokens.issue('admin', row.id)).token;
  }
  async function discountedOrder(code: 'tappay' | 'newebpay') {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, {
      specs: [{ price: 12_900, stock: 10 }],
      payWays: [code, 'points'],
      supportPointDiscount: 1,
    });
    const added = await call(t.app, 'POST', 'admin/market/coupon/add', {
      token: await couponOperator(),
      body: {
        texts: { en: { title: '15% off' } },
        kind: 'percent',
        percent: 15,
        minAmount: 0,
        total: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(added.code, added.message).toBe(1000);
    const got = await call(t.app, 'POST', 'app/market/coupon/user/receive', {
      token: buyer.token,
      body: { couponId: added.data.id },
    });
    expect(got.code, got.message).toBe(1000);
    // 123 points: 12.30 worth; whole dollars only: 12 dollars for 120 points
    await t.ctx.db.transaction().execute((trx) =>
      postEntry(trx, {
        kind: 'points',
        userId: buyer.id,
        type: 'ADJUST',
        amount: 123,
        key: `amounts-gift-${buyer.id}`,
        at: Date.now(),
      }),
    );
    const res = await buyNow(t, buyer, g.specIds[0]!, { payWay: code, userCouponId: got.data.id });
    expect(res.code, res.message).toBe(1000);
    const id = res.data.id as number;
    expect(res.data).toMatchObject({ couponDiscount: 1_900, totalAmount: 11_000 });
    const used = await call(t.app, 'POST', 'app/order/pay/usePoint', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(used.code, used.message).toBe(1000);
    expect(used.data).toMatchObject({ pointsUsed: 120, discount: 1_200, remaining: 9_800 });
    return { buyer, id };
  }

  it.each(['tappay', 'newebpay'] as const)(
    '%s charges the whole dollars left and the order is paid',
    async (code) => {
      const { buyer, id } = await discountedOrder(code);
      const no = await payAtCashier(buyer, id, code);
      await until(async () => (await orderStatusOf(t, id)) === 3, 'the order paid');
      const attempt = await t.ctx.db
        .selectFrom('payment_attempt')
        .select(['amount', 'status'])
        .where('attempt_no', '=', no)
        .executeTakeFirstOrThrow();
      expect({ amount: Number(attempt.amount), status: attempt.status }).toEqual({
        amount: 9_800,
        status: 'paid',
      });
      expect(await payLogs(id)).toBe(1);
    },
  );
});
