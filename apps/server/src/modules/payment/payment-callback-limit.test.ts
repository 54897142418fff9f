import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, orderStatusOf, type Buyer } from '../order/order.fixtures';
import { fakeChannel, paidBody, type FakeChannel } from './payment.fixtures';
import { PartnerVerificationError, type PlanPartner } from '../../providers/plan-partner/plan-partner';

/**
 * Issue 26, fault 8: provider callbacks have their own budget, decided after the signature check. With
 * RATE_LIMIT_MAX=50, 60 verified WeChat notifications from one address gave 10 x 429; eSIM webhooks in a
 * burst were refused the same way.
 */
let t: TestApp;
let wechat: FakeChannel;
const REFUSED_MAX = 5;
beforeAll(async () => {
  wechat = fakeChannel('wechat');
  // a partner whose webhook verifies on `x-fake-signature: good`; nothing else is called here
  const partner = new Proxy({} as PlanPartner, {
    get: (_t, name) =>
      name === 'verifyWebhook'
        ? (req: { headers: Record<string, string | undefined>; rawBody: string }) => {
            if (req.headers['x-fake-signature'] !== 'good')
              throw new PartnerVerificationError('bad signature');
            return {
              eventId: 'evt',
              type: 'order.completed',
              sentAt: Date.now(),
              order: { ...(JSON.parse(req.rawBody) as object), state: 'pending', sims: [] },
            };
          }
        : undefined,
  });
  t = await createTestApp({
    env: {
      ORDER_SWEEP_SECONDS: '0',
      PAY_RECONCILE_SECONDS: '0',
      PARTNER_SYNC_MINUTES: '0',
      SIM_USAGE_REFRESH_MINUTES: '0',
      RATE_LIMIT_MAX: '50',
      CALLBACK_REFUSED_MAX: String(REFUSED_MAX),
    },
    providers: {
      // a channel whose every callback fails on our side (a database outage, say), not on its signature
      payments: {
        wechat: wechat.ch,
        tappay: {
          ...fakeChannel('tappay').ch,
          handleCallback: () => Promise.reject(new Error('our own failure')),
        },
      },
      planPartner: partner,
    },
  });
});
afterAll(async () => t.close());

const notify = (body: string, remoteAddress: string, signature = 'good') =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/order/pay/wxNotify',
    payload: body,
    remoteAddress,
    headers: { 'content-type': 'application/json', 'x-fake-signature': signature },
  });
const webhook = (reference: string, remoteAddress: string, signature = 'good') =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/billion/webhook/partner',
    payload: JSON.stringify({ reference, orderNo: `P-${reference}` }),
    remoteAddress,
    headers: { 'content-type': 'application/json', 'x-fake-signature': signature },
  });

async function attemptOf(buyer: Buyer) {
  const g = await goodsFixture(t.ctx, { specs: [{ price: 1000, stock: 5 }], payWays: ['wechat'] });
  const id = (await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wechat' })).data.id as number;
  const res = await call(t.app, 'POST', 'app/order/pay/orderPay', {
    token: buyer.token,
    body: { orderId: id, payWay: 'wechat', client: 'desktop_browser' },
  });
  expect(res.code, res.message).toBe(1000);
  return { id, no: res.data.attemptNo as string };
}

describe('payment notifications: their own budget (issue 26, fault 8)', () => {
  it('70 verified notifications from one address at RATE_LIMIT_MAX=50 are all answered 204', async () => {
    const buyer = await createUser(t.ctx);
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await attemptOf(buyer));
    const addr = '203.0.113.10';
    // the provider delivers each notification 14 times (retries, duplicates), all from one address
    const replies = [];
    for (let i = 0; i < 14; i++)
      replies.push(...(await Promise.all(orders.map((o) => notify(paidBody(o.no, 1000), addr)))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(70).fill(204));
    for (const o of orders) expect(await orderStatusOf(t, o.id)).toBe(3);
    // and the callbacks did not use the API budget of that address
    const api = await t.app.inject({ method: 'GET', url: '/api/app/base/comm/payList', remoteAddress: addr });
    expect(api.statusCode).toBe(200);
  });

  it('forged notifications: refused 401 up to the cap, then 429 unverified; the provider is not refused', async () => {
    const buyer = await createUser(t.ctx);
    const o = await attemptOf(buyer);
    const forger = '198.51.100.7';
    const seen = wechat.callbacks.length;
    const forged = [];
    for (let i = 0; i < REFUSED_MAX + 10; i++) forged.push(await notify(paidBody(o.no, 1000), forger, 'bad'));
    expect(forged.map((r) => r.statusCode)).toEqual([
      ...Array(REFUSED_MAX).fill(401),
      ...Array(10).fill(429),
    ]);
    expect(forged.at(-1)!.json()).toMatchObject({ code: 1004 });
    // past the cap the body is not even handed to the adapter (cheap)
    expect(wechat.callbacks.length - seen).toBe(REFUSED_MAX);
    expect(await orderStatusOf(t, o.id)).toBe(0);
    // the provider, from its own address, still gets through
    expect((await notify(paidBody(o.no, 1000), '203.0.113.11')).statusCode).toBe(204);
    expect(await orderStatusOf(t, o.id)).toBe(3);
  });
});

describe('partner webhooks: their own budget (issue 26, fault 8)', () => {
  it('a burst of 120 verified webhooks from one address at RATE_LIMIT_MAX=50 is all received', async () => {
    const addr = '203.0.113.20';
    const replies = await Promise.all(Array.from({ length: 120 }, (_, i) => webhook(`line-x${i}`, addr)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(120).fill(200));
    expect(replies.every((r) => r.json().data.received === true)).toBe(true);
  });

  it('forged webhooks: 401 up to the cap, then 429', async () => {
    const forger = '198.51.100.8';
    const codes = [];
    for (let i = 0; i < REFUSED_MAX + 5; i++) codes.push((await webhook(`f${i}`, forger, 'bad')).statusCode);
    expect(codes).toEqual([...Array(REFUSED_MAX).fill(401), ...Array(5).fill(429)]);
    expect((await webhook('ok-1', '203.0.113.21')).statusCode).toBe(200);
  });

  it('a failure of ours does not use the sender\u2019s allowance', async () => {
    const addr = '203.0.113.22';
    const codes = [];
    for (let i = 0; i < REFUSED_MAX + 3; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/app/order/tappay/notify',
            payload: '{}',
            remoteAddress: addr,
            headers: { 'content-type': 'application/json', 'x-fake-signature': 'good' },
          })
        ).statusCode,
      );
    expect(codes).toEqual(Array(REFUSED_MAX + 3).fill(500));
  });
});
