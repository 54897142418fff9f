import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { form, simulatedChannels, simulatedChannelsApp, until } from './channels.fixtures';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { orderStatusOf, type Buyer } from '../order/order.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';

// Paying like a local (issue 27), each through its simulator speaking the provider's protocol and the one
// payment core: WeChat Pay H5 from a phone browser outside WeChat, Apple Pay and Google Pay primes paid at
// once through TapPay, LINE Pay and JKO Pay through TapPay's payment_url page and its unsigned notify.

let t: TestApp;
beforeAll(async () => {
  t = await simulatedChannelsApp();
});
afterAll(async () => t.close());
const { pathOf, order } = simulatedChannels(() => t);

const attempt = (attemptNo: string) =>
  t.ctx.db
    .selectFrom('payment_attempt')
    .select(['channel', 'method', 'status'])
    .where('attempt_no', '=', attemptNo)
    .executeTakeFirstOrThrow();

/** A wallet's prime as TapPay's SDK gets it (TPDirect.paymentRequestApi / googlePay / linePay / jkoPay). */
async function walletPrime(wallet: string) {
  const info = t.ctx.providers.payments.tappay!.clientInfo!();
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/sim/tappay/tpc/wallet-prime',
    payload: { app_id: info.app_id, app_key: info.app_key, wallet },
  });
  expect(res.json().status).toBe(0);
  return String(res.json().prime);
}

describe('WeChat Pay on a phone browser outside WeChat', () => {
  it('starts an H5 payment whose h5_url leads to WeChat and back; the notification pays the order', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const res = await call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId: id, payWay: 'wechat', client: 'mobile_browser' },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('redirect');
    const h5 = new URL(res.data.start.url as string);
    expect(h5.pathname).toBe('/dev/sim/wechat/cgi-bin/mmpayweb-bin/checkmweb');
    expect(h5.searchParams.get('prepay_id')).toMatch(/^wx/);
    // back to the shop's result page for this order once WeChat is done (a hint: the core queries)
    expect(new URL(h5.searchParams.get('redirect_url')!).pathname).toBe('/pages/simpay/viewback');
    const open = await t.app.inject({ method: 'GET', url: pathOf(h5.toString()) });
    expect(open.statusCode).toBe(302);
    const cashierUrl = new URL(String(open.headers.location), `${t.config.publicUrl}${h5.pathname}`);
    const page = await t.app.inject({ method: 'GET', url: `${cashierUrl.pathname}${cashierUrl.search}` });
    expect(page.body).toContain('WeChat Pay');
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const back = /name="back" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
    expect(back).toBe(`/pages/simpay/viewback?orderId=${id}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/wechat/cashier',
      ...form({ token, back, action: 'pay' }),
    });
    expect(paid.body).toContain('Back to the shop');
    await until(async () => (await orderStatusOf(t, id)) === 3, 'the order paid');
    expect(await attempt(res.data.attemptNo as string)).toMatchObject({ channel: 'wechat', status: 'paid' });
  });

  it('a desktop browser still gets the Native QR code', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const res = await call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId: id, payWay: 'wechat', client: 'desktop_browser' },
    });
    expect(res.data.start.kind).toBe('qr');
  });
});

describe('WeChat Pay inside WeChat (JSAPI)', () => {
  const attemptsOf = (orderId: number) =>
    t.ctx.db.selectFrom('payment_attempt').select('id').where('order_id', '=', orderId).execute();

  /** The silent snsapi_base authorisation as WeChat does it for the person using it: straight back with a code. */
  async function throughWechat(url: string, who = 'Alice Chen') {
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${t.config.publicUrl}/sim/wechat/connect/oauth2/authorize`);
    expect(u.hash).toBe('#wechat_redirect');
    const res = await t.app.inject({
      method: 'GET',
      url: `${u.pathname}${u.search}`,
      headers: { cookie: `sim_wechat_user=${encodeURIComponent(who)}` },
    });
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    return { back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  /** What the WeChat client answers getBrandWCPayRequest (the fake WeixinJSBridge posts the same). */
  const bridge = async (params: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/dev/sim/wechat/jsapi/getBrandWCPayRequest',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(params),
      })
    ).json<{ err_msg: string; err_desc?: string }>();

  /** Back from WeChat with `code` and `state`: the page asks the shop to pay by JSAPI. */
  const jsapi = (buyer: Buyer, body: { orderId: number; code: string; state: string }, language?: string) =>
    call(t.app, 'POST', 'app/order/pay/wechatJsapi', {
      token: buyer.token,
      body,
      ...(language ? { language } : {}),
    });

  const orderPay = (buyer: Buyer, orderId: number, language?: string) =>
    call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId, payWay: 'wechat', client: 'wechat_browser' },
      ...(language ? { language } : {}),
    });

  it('asks WeChat who pays (snsapi_base), pays by JSAPI as that openid, and remembers the payer', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const first = await orderPay(buyer, id);
    expect(first.code, first.message).toBe(1000);
    expect(first.data).toMatchObject({ orderId: id, attemptNo: null, start: { kind: 'redirect' } });
    const authorize = new URL(first.data.start.url as string);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: t.config.wechat.appId,
      redirect_uri: `${t.config.publicUrl}/pages/simpay/wechat?orderId=${id}`,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(await attemptsOf(id)).toEqual([]); // nothing opened before WeChat named the payer
    const { back, code, state } = await throughWechat(first.data.start.url as string);
    expect(`${back.pathname}`).toBe('/pages/simpay/wechat');
    expect(back.searchParams.get('orderId')).toBe(String(id));

    const res = await jsapi(buyer, { orderId: id, code, state });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('jsapi');
    const p = res.data.start.params as Record<string, string>;
    expect(p).toMatchObject({ appId: t.config.wechat.appId, signType: 'RSA' });
    expect(p.package).toMatch(/^prepay_id=wx/);
    // the WeChat client refuses parameters whose paySign does not verify, and pays the genuine ones
    const forged = { ...p, nonceStr: `${p.nonceStr}x` };
    expect(await bridge(forged)).toMatchObject({ err_msg: 'get_brand_wcpay_request:fail' });
    expect(await bridge(p)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    await until(async () => (await orderStatusOf(t, id)) === 3, 'the order paid');
    expect(await attempt(res.data.attemptNo as string)).toMatchObject({ channel: 'wechat', status: 'paid' });

    // the state was spent: the same return cannot open another payment
    const again = await jsapi(buyer, { orderId: id, code, state }, 'zh-Hant');
    expect(again.code).toBe(8401);
    expect(again.message).toBe('微信未能確認付款人，請再按一次付款');

    // a returning buyer inside WeChat goes straight to JSAPI: the payer was kept
    const next = await order(buyer, 'wechat');
    const direct = await orderPay(buyer, next);
    expect(direct.code, direct.message).toBe(1000);
    expect(direct.data.start.kind).toBe('jsapi');
  });

  it("refuses another buyer's or another order's authorisation, with nothing opened", async () => {
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const elsewhere = await order(buyer, 'wechat');
    const { code, state } = await throughWechat((await orderPay(buyer, id)).data.start.url as string);
    const foreign = await jsapi(other, { orderId: id, code, state }, 'es');
    expect(foreign.code).toBe(8401);
    expect(foreign.message).toMatch(/WeChat no pudo confirmar/);
    const wrongOrder = await jsapi(buyer, { orderId: elsewhere, code, state });
    expect(wrongOrder.code).toBe(8401);
    const madeUp = await jsapi(buyer, { orderId: id, code: 'not-a-code', state });
    expect(madeUp.code).toBe(8401);
    expect(await attemptsOf(id)).toEqual([]);
    expect(await attemptsOf(elsewhere)).toEqual([]);
    // the real return still works: refused attempts did not spend the state
    const ok = await jsapi(buyer, { orderId: id, code, state });
    expect(ok.code, ok.message).toBe(1000);
  });

  it('spends a state once: of two racing returns with it, one opens the payment', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const url = (await orderPay(buyer, id)).data.start.url as string;
    // WeChat gives a code per authorisation: two of the same state, as a replayed return would carry
    const a = await throughWechat(url);
    const b = await throughWechat(url, 'Demo Traveller');
    expect(a.state).toBe(b.state);
    const results = await Promise.all(
      [a, b].map((r) => jsapi(buyer, { orderId: id, code: r.code, state: r.state })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([1000, 8401]);
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('refuses an order that cannot be paid before going to WeChat', async () => {
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const id = await order(buyer, 'wechat');
    const res = await orderPay(other, id, 'fr');
    expect(res.code).not.toBe(1000);
    expect(
      await t.ctx.db.selectFrom('wechat_pay_state').select('state_hash').where('order_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('Apple Pay, Google Pay, LINE Pay and JKO Pay through TapPay', () => {
  it.each(['apple_pay', 'google_pay'])('%s: the wallet prime is charged at once', async (wallet) => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'tappay');
    const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      body: { orderId: id, prime: await walletPrime(wallet), method: wallet },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start).toMatchObject({ kind: 'done', outcome: { state: 'paid', amount: 12_900 } });
    expect(await orderStatusOf(t, id)).toBe(3);
    expect(await attempt(res.data.attemptNo as string)).toMatchObject({ method: wallet, status: 'paid' });
  });

  it.each(['line_pay', 'jko_pay'])(
    '%s: payment_url, the buyer pays on the wallet page, the notify is re-fetched',
    async (wallet) => {
      const buyer = await createUser(t.ctx);
      const id = await order(buyer, 'tappay');
      const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
        token: buyer.token,
        body: { orderId: id, prime: await walletPrime(wallet), method: wallet },
      });
      expect(res.code, res.message).toBe(1000);
      expect(res.data.start.kind).toBe('redirect');
      const page = pathOf(res.data.start.url as string);
      expect(page).toMatch(/^\/dev\/sim\/tappay\/wallet\//);
      expect(await orderStatusOf(t, id)).toBe(0);
      const shown = await t.app.inject({ method: 'GET', url: page });
      expect(shown.body).toContain(wallet === 'line_pay' ? 'LINE Pay' : 'JKO Pay');
      const done = await t.app.inject({ method: 'POST', url: page, ...form({ choice: 'pay' }) });
      expect(done.statusCode).toBe(302);
      await until(async () => (await orderStatusOf(t, id)) === 3, 'the order paid');
      expect(await attempt(res.data.attemptNo as string)).toMatchObject({ method: wallet, status: 'paid' });
    },
  );

  it('a LINE Pay payment the buyer fails on the wallet page leaves the order payable', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'tappay');
    const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      body: { orderId: id, prime: await walletPrime('line_pay'), method: 'line_pay' },
    });
    const page = pathOf(res.data.start.url as string);
    await t.app.inject({ method: 'POST', url: page, ...form({ choice: 'fail' }) });
    await until(async () => (await attempt(res.data.attemptNo as string)).status === 'failed', 'failed');
    expect(await orderStatusOf(t, id)).toBe(0);
  });

  it('refuses an unknown wallet with a clear error, before anything is written', async () => {
    const buyer = await createUser(t.ctx);
    const id = await order(buyer, 'tappay');
    const res = await call(t.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      body: { orderId: id, prime: 'x', method: 'paypal' },
    });
    expect(res.code).not.toBe(1000);
    expect(
      await t.ctx.db.selectFrom('payment_attempt').select('id').where('order_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('a TapPay wallet the shop does not offer', () => {
  let only: TestApp;
  beforeAll(async () => {
    only = await createTestApp({
      env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0', TAPPAY_WALLETS: 'line_pay' },
      seed: false,
    });
  });
  afterAll(async () => only.close());
  const ofOnly = simulatedChannels(() => only);

  it('is refused before any attempt, even from a hand-made call with a genuine prime', async () => {
    const buyer = await createUser(only.ctx);
    const id = await ofOnly.order(buyer, 'tappay');
    const res = await call(only.app, 'POST', 'app/order/tappay/pay', {
      token: buyer.token,
      language: 'zh-Hant',
      body: { orderId: id, prime: await walletPrime('apple_pay'), method: 'apple_pay' },
    });
    expect(res.code).toBe(ErrorCode.PAY_CHANNEL_UNAVAILABLE);
    expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    const opened = await only.ctx.db
      .selectFrom('payment_attempt')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    expect(opened).toEqual([]);
    expect(await orderStatusOf(only, id)).toBe(0);
  });
});

describe('checkout says how many points it uses', () => {
  it('quotes the points the discount takes, the fewest worth it', async () => {
    const buyer = await createUser(t.ctx);
    await t.ctx.db.transaction().execute((trx) =>
      postEntry(trx, {
        kind: 'points',
        userId: buyer.id,
        type: 'ADJUST',
        amount: 123,
        key: `pay-local-points-${buyer.id}`,
        at: Date.now(),
      }),
    );
    const g = await goodsFixture(t.ctx, {
      specs: [{ price: 12_900, stock: 5 }],
      payWays: ['wechat', 'points'],
      supportPointDiscount: 1,
    });
    const quote = await call(t.app, 'POST', 'app/order/info/quote', {
      token: buyer.token,
      body: { buyNow: { specId: g.specIds[0]!, quantity: 1 }, usePoints: true },
    });
    expect(quote.code, quote.message).toBe(1000);
    // 123 points at 10 a dollar, whole dollars only: 12 dollars for 120 points
    expect(quote.data).toMatchObject({ pointsDiscount: 1_200, pointsUsed: 120 });
  });
});

describe("a destination's from price", () => {
  it('is the cheapest plan a traveller can buy there, not a top-up of a card they would need', async () => {
    const esim = await goodsFixture(t.ctx, { specs: [{ price: 29_200, stock: 5 }] });
    const topUp = await goodsFixture(t.ctx, { specs: [{ price: 12_900, stock: 5 }], needFillCard: 1 });
    const onlyTopUp = await goodsFixture(t.ctx, { specs: [{ price: 9_900, stock: 5 }], needFillCard: 1 });
    await t.ctx.db
      .insertInto('goods_destination')
      .values([
        { goods_id: esim.goodsId, code: 'ZW' },
        { goods_id: topUp.goodsId, code: 'ZW' },
        { goods_id: onlyTopUp.goodsId, code: 'ZM' },
      ])
      .execute();
    const res = await call(t.app, 'GET', 'app/goods/destinations');
    expect(res.code, res.message).toBe(1000);
    const offer = (code: string) =>
      (res.data as { code: string; minPrice: number }[]).find((d) => d.code === code);
    expect(offer('ZW')).toMatchObject({ minPrice: 29_200 });
    expect(offer('ZM')).toMatchObject({ minPrice: 9_900 });
  });
});
