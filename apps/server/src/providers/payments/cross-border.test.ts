import crypto from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { goodsFixture } from '../../modules/cart/cart.fixtures';
import { buyNow, orderStatusOf } from '../../modules/order/order.fixtures';
import { reconcilePayments } from '../../flows';
import { createUser } from '../../test/fixtures';
import { call, createTestApp, PRODUCTION_ENV } from '../../test/harness';
import { ChannelVerificationError, type PaymentChannel, type StartRequest } from './channel';
import { productionPaymentChannels } from './channels';
import { createFetchHttpClient } from './http-client';
import { rsaPair } from './keys';

/**
 * Issue 25 defect 1: in production (APP_MODE=production, CURRENCY=TWD) WeChat Pay and Alipay charge a
 * NT$129 order as NT$129 through their cross-border APIs, refund it in TWD, and an answer in another
 * currency is reported as that currency (a mismatch the core refuses), never relabelled TWD. The providers
 * are a local stand-in on 127.0.0.1 that checks our signatures with the providers' own SDKs
 * (wechatpay-axios-plugin, alipay-sdk) and records what each provider receives.
 */
const wechatMerchant = rsaPair();
const wechatPlatform = rsaPair();
const alipayApp = rsaPair();
const alipayKeys = rsaPair();
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000001';
const ALIPAY_APP_ID = '2021000000000001';
const ALIPAY_SELLER_ID = '2088000000000001';

type Received = { method: string; path: string; body: Record<string, any> };
let standIn: FastifyInstance;
let base = '';
const received: Received[] = [];
/** What the stand-in answers next: WeChat's transaction and refund amounts, Alipay's query fields. */
let wechatAmount: Record<string, unknown> = {};
/** The currency WeChat's refund answers name; unset: the one the request named. */
let wechatRefundCurrency: string | undefined;
let alipayQuery: Record<string, string> = {};
/** The SDK in Alipay's seat: checks our request signatures with the app's public key. */
const gatewaySdk = new AlipaySdk({
  appId: ALIPAY_APP_ID,
  privateKey: alipayKeys.privateKey,
  keyType: 'PKCS8',
  alipayPublicKey: alipayApp.publicKey,
});

function wechatAnswer(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  return {
    status,
    text,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      // wechatpay-axios-plugin signs as WeChat Pay does: ts\nnonce\nbody\n with the platform key
      'wechatpay-signature': Rsa.sign(Formatter.response(ts, nonce, text), wechatPlatform.privateKey),
    },
  };
}

function alipayAnswer(method: string, response: Record<string, unknown>) {
  const raw = JSON.stringify(response);
  const sign = crypto.createSign('RSA-SHA256').update(raw, 'utf8').sign(alipayKeys.privateKey, 'base64');
  return `{"${method.replace(/\./g, '_')}_response":${raw},"sign":${JSON.stringify(sign)}}`;
}

beforeAll(async () => {
  standIn = Fastify();
  standIn.removeAllContentTypeParsers();
  standIn.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // WeChat Pay Global: every request must carry our merchant signature, checked by the SDK
  standIn.route({
    method: ['GET', 'POST'],
    url: '/v3/global/*',
    handler: async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const auth = String(req.headers.authorization ?? '');
      const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(auth)?.[1] ?? '';
      const signed = Rsa.verify(
        Formatter.request(req.method, req.url, field('timestamp'), field('nonce_str'), body),
        field('signature'),
        wechatMerchant.publicKey,
      );
      const send = (a: ReturnType<typeof wechatAnswer>) =>
        reply.status(a.status).headers(a.headers).send(a.text);
      if (!signed || field('mchid') !== MCHID || field('serial_no') !== MERCHANT_SERIAL)
        return send(wechatAnswer(401, { code: 'SIGN_ERROR', message: 'signature' }));
      const path = req.url.split('?')[0]!;
      const json = body ? (JSON.parse(body) as Record<string, any>) : {};
      received.push({ method: req.method, path, body: json });
      if (path === '/v3/global/transactions/native')
        return send(wechatAnswer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=abc' }));
      const no = /^\/v3\/global\/transactions\/out-trade-no\/([^/]+)$/.exec(path)?.[1];
      if (no)
        return send(
          wechatAnswer(200, {
            appid: APPID,
            mchid: MCHID,
            out_trade_no: no,
            transaction_id: '4200000000202611280000000001',
            trade_type: 'NATIVE',
            trade_state: 'SUCCESS',
            success_time: '2026-11-28T10:00:00+08:00',
            amount: wechatAmount,
            exchange_rate: { type: 'SETTLEMENT_RATE', rate: 22220000 },
          }),
        );
      const refund = (outRefundNo: string, amount: Record<string, any>) =>
        wechatAnswer(200, {
          refund_id: '50000000000000000000000001',
          out_refund_no: outRefundNo,
          status: 'SUCCESS',
          amount: {
            refund: amount.refund,
            total: amount.total,
            currency: wechatRefundCurrency ?? amount.currency,
            payer_refund: Math.round(Number(amount.refund) * 0.2222),
            payer_currency: 'CNY',
          },
        });
      if (path === '/v3/global/refunds') return send(refund(json.out_refund_no, json.amount));
      const refundNo = /^\/v3\/global\/refunds\/out-refund-no\/([^/]+)$/.exec(path)?.[1];
      if (refundNo) return send(refund(refundNo, { refund: 12_900, total: 12_900, currency: 'TWD' }));
      return send(wechatAnswer(404, { code: 'NOT_FOUND', message: path }));
    },
  });
  // Alipay's gateway: the SDK checks the request signature; biz_content is what Alipay receives
  standIn.post('/gateway.do', async (req, reply) => {
    const params = Object.fromEntries(new URLSearchParams(String(req.body)));
    if (!gatewaySdk.checkNotifySignV2(params)) return reply.status(400).send('bad sign');
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, any>;
    received.push({ method: params.method ?? '', path: '/gateway.do', body: biz });
    const method = params.method ?? '';
    const ok = { code: '10000', msg: 'Success' };
    const answer =
      method === 'alipay.trade.query'
        ? { ...ok, out_trade_no: biz.out_trade_no, trade_no: '2026112822001400000000000001', ...alipayQuery }
        : method === 'alipay.trade.refund'
          ? { ...ok, out_trade_no: biz.out_trade_no, fund_change: 'Y', refund_fee: biz.refund_amount }
          : { ...ok };
    return reply.type('application/json').send(alipayAnswer(method, answer));
  });
  await standIn.listen({ host: '127.0.0.1', port: 0 });
  const address = standIn.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  received.length = 0;
  wechatRefundCurrency = undefined;
});

/** The production environment with CURRENCY left at its default (TWD), both channels offered. */
const productionEnv = (env: Record<string, string> = {}): Record<string, string> => ({
  ...PRODUCTION_ENV,
  PAY_WAYS: 'wechat,alipay,wallet',
  WECHATPAY_MCHID: MCHID,
  WECHATPAY_APPID: APPID,
  WECHAT_APP_ID: APPID,
  WECHATPAY_MERCHANT_SERIAL: MERCHANT_SERIAL,
  WECHATPAY_PRIVATE_KEY: wechatMerchant.privateKey,
  WECHATPAY_APIV3_KEY: 'k'.repeat(32),
  WECHATPAY_PLATFORM_KEYS: JSON.stringify({ [PLATFORM_SERIAL]: wechatPlatform.publicKey }),
  WECHATPAY_API_BASE: `${base}/v3/global`,
  ALIPAY_APP_ID: ALIPAY_APP_ID,
  ALIPAY_SELLER_ID: ALIPAY_SELLER_ID,
  ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
  ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
  ALIPAY_GATEWAY: `${base}/gateway.do`,
  ...env,
});

function productionChannels(env: Record<string, string> = {}) {
  const config = loadConfig(productionEnv(env));
  const channels = productionPaymentChannels(config.payments, createFetchHttpClient({ timeoutMs: 5_000 }));
  return { config, wechat: channels.wechat as PaymentChannel, alipay: channels.alipay as PaymentChannel };
}

let seq = 0;
/** A NT$129 order (12900 minor units of TWD), as the core starts it. */
const order = (client: StartRequest['client']): StartRequest => ({
  attemptNo: `A${Date.now()}${seq++}`,
  orderNo: 'O202611280001',
  amount: 12_900,
  currency: 'TWD',
  description: 'Japan 7 days 10 GB eSIM',
  expiresAt: Date.now() + 30 * 60_000,
  client,
  notifyUrl: 'https://shop.example/api/pay/wechat/notify',
  returnUrl: 'https://shop.example/pay/result',
});

const refundOf = (attemptNo: string) => ({
  attemptNo,
  providerTradeNo: null,
  refundNo: 'R1A1',
  amount: 12_900,
  total: 12_900,
  currency: 'TWD',
  reason: 'cancelled',
  notifyUrl: 'https://shop.example/api/pay/wechat/notify',
});

describe('WeChat Pay in production: the cross-border (Global) API in the order currency', () => {
  it('orders, reads and refunds a NT$129 order as 12900 TWD, never as CNY', async () => {
    const { wechat, config } = productionChannels();
    expect([config.mode, config.currency]).toEqual(['production', 'TWD']);
    const req = order('desktop_browser');
    expect(await wechat.start(req)).toMatchObject({ kind: 'qr' });
    const placed = received.find((r) => r.path === '/v3/global/transactions/native');
    expect(placed?.body).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: req.attemptNo,
      trade_type: 'NATIVE',
      amount: { total: 12_900, currency: 'TWD' },
    });

    wechatAmount = { total: 12_900, currency: 'TWD', payer_total: 2_866, payer_currency: 'CNY' };
    const outcome = await wechat.query(req.attemptNo, req.amount);
    expect(received.at(-1)?.path).toBe(`/v3/global/transactions/out-trade-no/${req.attemptNo}`);
    expect(outcome).toMatchObject({ state: 'paid', amount: 12_900, currency: 'TWD' });
    // what the buyer paid in CNY, and the rate, for the receipt
    expect(outcome.detail).toEqual({
      payer_total: '2866',
      payer_currency: 'CNY',
      exchange_rate: '22220000',
      exchange_rate_type: 'SETTLEMENT_RATE',
    });

    const refunded = await wechat.refund(refundOf(req.attemptNo));
    expect(refunded.state).toBe('succeeded');
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/global/refunds',
      body: {
        mchid: MCHID,
        out_refund_no: 'R1A1',
        amount: { refund: 12_900, total: 12_900, currency: 'TWD' },
      },
    });
    expect(await wechat.queryRefund(refundOf(req.attemptNo))).toMatchObject({ state: 'succeeded' });
    expect(received.at(-1)?.path).toBe('/v3/global/refunds/out-refund-no/R1A1');
    expect(received.map((r) => JSON.stringify(r.body))).not.toContain('"CNY"');
  });

  it('reports an answer in CNY as CNY (a mismatch for a TWD attempt), never relabelled TWD', async () => {
    const { wechat } = productionChannels();
    const req = order('desktop_browser');
    await wechat.start(req);
    wechatAmount = { total: 12_900, currency: 'CNY', payer_total: 12_900, payer_currency: 'CNY' };
    const outcome = await wechat.query(req.attemptNo, req.amount);
    expect(outcome.currency).toBe('CNY');
    expect(outcome.currency).not.toBe(req.currency);
    // a refund answered in another currency is refused outright
    wechatRefundCurrency = 'CNY';
    await expect(wechat.refund(refundOf(req.attemptNo))).rejects.toBeInstanceOf(ChannelVerificationError);
  });
});

describe('Alipay in production: the cross-border product, priced in trans_currency', () => {
  it('prices, reads and refunds a NT$129 order as "129.00" TWD with TWD settlement', async () => {
    const { alipay } = productionChannels();
    const req = order('desktop_browser');
    const started = await alipay.start(req);
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    // the browser carries this to Alipay: the SDK checks our signature, the price is in TWD
    const params = Object.fromEntries(new URL(started.url).searchParams);
    expect(started.url.startsWith(`${base}/gateway.do?`)).toBe(true);
    expect(gatewaySdk.checkNotifySignV2(params)).toBe(true);
    expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({
      out_trade_no: req.attemptNo,
      total_amount: '129.00',
      trans_currency: 'TWD',
      settle_currency: 'TWD',
    });

    alipayQuery = {
      trade_status: 'TRADE_SUCCESS',
      total_amount: '129.00',
      trans_currency: 'TWD',
      settle_currency: 'TWD',
      pay_currency: 'CNY',
      pay_amount: '28.66',
      trans_pay_rate: '0.22220000',
      send_pay_date: '2026-11-28 10:00:00',
    };
    const outcome = await alipay.query(req.attemptNo, req.amount);
    expect(outcome).toMatchObject({ state: 'paid', amount: 12_900, currency: 'TWD' });
    expect(outcome.detail).toMatchObject({
      pay_amount: '28.66',
      pay_currency: 'CNY',
      trans_pay_rate: '0.22220000',
    });

    expect((await alipay.refund(refundOf(req.attemptNo))).state).toBe('succeeded');
    expect(received.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      body: {
        out_trade_no: req.attemptNo,
        refund_amount: '129.00',
        refund_currency: 'TWD',
        out_request_no: 'R1A1',
      },
    });
  });

  it('reads an answer naming no trans_currency as CNY (a mismatch), never relabelled TWD', async () => {
    const { alipay } = productionChannels({ ALIPAY_SETTLE_CURRENCY: 'USD' });
    const req = order('mobile_browser');
    const started = await alipay.start(req);
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const biz = JSON.parse(new URL(started.url).searchParams.get('biz_content') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(biz).toMatchObject({ total_amount: '129.00', trans_currency: 'TWD', settle_currency: 'USD' });
    alipayQuery = {
      trade_status: 'TRADE_SUCCESS',
      total_amount: '129.00',
      send_pay_date: '2026-11-28 10:00:00',
    };
    const outcome = await alipay.query(req.attemptNo, req.amount);
    expect(outcome).toMatchObject({ amount: 12_900, currency: 'CNY' });
  });
});

describe('the payment core in production, against the stand-in', () => {
  it.each(['wechat', 'alipay'] as const)(
    '%s: an answer of 129.00 CNY for a 129 TWD order is a mismatch, refunded as taken; 129.00 TWD pays',
    async (code) => {
      const t = await createTestApp({
        seed: false,
        env: productionEnv({ ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' }),
      });
      /** A 129 TWD order and its payment started with the provider; the order's id and attempt number. */
      const ordered = async () => {
        const buyer = await createUser(t.ctx);
        const g = await goodsFixture(t.ctx, { specs: [{ price: 12_900, stock: 10 }], payWays: [code] });
        const created = await buyNow(t, buyer, g.specIds[0]!, { payWay: code });
        expect(created.code, created.message).toBe(1000);
        const id = created.data.id as number;
        received.length = 0;
        const pay = await call(t.app, 'POST', 'app/order/pay/orderPay', {
          token: buyer.token,
          body: { orderId: id, payWay: code, client: 'desktop_browser' },
        });
        expect(pay.code, pay.message).toBe(1000);
        if (code === 'wechat')
          expect(received.find((r) => r.path === '/v3/global/transactions/native')?.body.amount).toEqual({
            total: 12_900,
            currency: 'TWD',
          });
        else
          expect(
            JSON.parse(new URL(pay.data.start.url as string).searchParams.get('biz_content')!),
          ).toMatchObject({ total_amount: '129.00', trans_currency: 'TWD' });
        return { id, attemptNo: pay.data.attemptNo as string };
      };
      const later = () => Date.now() + 10 * 60_000;
      try {
        // the provider says 129.00 paid, in CNY: the same digits in another currency are not this order's price
        const a = await ordered();
        wechatAmount = { total: 12_900, currency: 'CNY', payer_total: 12_900, payer_currency: 'CNY' };
        alipayQuery = {
          trade_status: 'TRADE_SUCCESS',
          total_amount: '129.00',
          send_pay_date: '2026-11-28 10:00:00',
        };
        received.length = 0;
        await reconcilePayments(t.ctx, later());
        expect(await orderStatusOf(t, a.id)).toBe(0);
        const attempt = await t.ctx.db
          .selectFrom('payment_attempt')
          .select(['currency', 'detail', 'surplus'])
          .where('attempt_no', '=', a.attemptNo)
          .executeTakeFirstOrThrow();
        expect(attempt.currency).toBe('TWD');
        expect(Number(attempt.surplus)).toBe(1);
        expect(JSON.parse(attempt.detail)).toMatchObject({
          receivedAmount: '12900',
          receivedCurrency: 'CNY',
        });
        // the money goes back as it was taken: 129.00 CNY, not relabelled
        await t.ctx.jobs.tick(Date.now());
        const refund = received.find(
          (r) => r.path === '/v3/global/refunds' || r.method === 'alipay.trade.refund',
        );
        if (code === 'wechat') expect(refund?.body.amount).toMatchObject({ refund: 12_900, currency: 'CNY' });
        else expect(refund?.body).toMatchObject({ refund_amount: '129.00', refund_currency: 'CNY' });

        // the same amount in TWD is this order's price: paid
        const b = await ordered();
        wechatAmount = { total: 12_900, currency: 'TWD', payer_total: 2_866, payer_currency: 'CNY' };
        alipayQuery = { ...alipayQuery, trans_currency: 'TWD', pay_amount: '28.66', pay_currency: 'CNY' };
        await reconcilePayments(t.ctx, later());
        expect(await orderStatusOf(t, b.id)).toBe(3);
      } finally {
        await t.close();
      }
    },
  );
});

describe('start-up in production', () => {
  const problems = (env: Record<string, string>) => {
    try {
      productionChannels(env);
      return '';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses a channel that cannot charge the shop currency, naming both', () => {
    expect(problems({})).toBe('');
    expect(problems({ CURRENCY: 'KRW' })).toContain('PAY_WAYS: wechat cannot charge KRW');
    expect(problems({ CURRENCY: 'KRW' })).toContain('PAY_WAYS: alipay cannot charge KRW');
    const env = {
      PAY_WAYS: 'tappay,newebpay,wallet',
      CURRENCY: 'HKD',
      TAPPAY_PARTNER_KEY: 'partner_x',
      TAPPAY_MERCHANT_ID: 'shop_CTBC',
      TAPPAY_APP_ID: '12345',
      TAPPAY_APP_KEY: 'app_x',
      NEWEBPAY_MERCHANT_ID: 'MS123456789',
      NEWEBPAY_HASH_KEY: 'k'.repeat(32),
      NEWEBPAY_HASH_IV: 'v'.repeat(16),
    };
    const message = problems(env);
    expect(message).toContain('PAY_WAYS: tappay cannot charge HKD');
    expect(message).toContain('PAY_WAYS: newebpay cannot charge HKD');
    // wallet, points and transfer charge any currency; HKD is fine for WeChat and Alipay
    expect(problems({ CURRENCY: 'HKD' })).toBe('');
  });
});
