import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelUnavailableError,
  ChannelVerificationError,
  type CallbackResult,
  type HttpClient,
  type InboundCallback,
  type PaymentChannel,
  type RefundRequest,
  type StartRequest,
} from '../channel';
import { createInjectHttpClient } from '../http-client';
import { defined } from '../../../test/harness';
import { createAlipayChannel, type AlipayChannelOptions } from './alipay.channel';
import {
  NOTIFY_EXCLUDE,
  decodeForm,
  rawMembers,
  rsa2Sign,
  signContent,
  toYuan,
  fromYuan,
} from './alipay.crypto';
import { buildAlipayDemo, createAlipayDemo, generateAlipayDemoKeys } from './alipay.demo';
import { createAlipaySimulator, type AlipaySimulator, type AlipaySimulatorOptions } from './alipay.simulator';

const BASE = 'http://shop.test';
const GATEWAY = `${BASE}/dev/sim/alipay/gateway.do`;
const NOTIFY = `${BASE}/api/app/order/pay/alipayNotify`;
const RETURN = `${BASE}/pages/pay/alipay-return`;

type Received = { result?: CallbackResult; error?: Error; raw: InboundCallback };

let app: FastifyInstance;
let sim: AlipaySimulator;
let channel: PaymentChannel;
let channelOpts: AlipayChannelOptions;
let simOpts: AlipaySimulatorOptions;
let received: Received[];
let clock: number;

beforeAll(() => {
  // keys are made once per file; app and clock are looked up per call
  const http = createInjectHttpClient(() => app);
  const demo = createAlipayDemo({
    gateway: GATEWAY,
    shopHttp: http,
    simulatorHttp: http,
    now: () => clock,
    retryDelaysMs: [5, 5],
  });
  channelOpts = demo.channel;
  simOpts = demo.simulator;
});

/** A stand-in for the payment core's notify route: raw body in, the adapter's reply out. */
beforeEach(async () => {
  clock = Date.now();
  received = [];
  app = Fastify();
  channel = createAlipayChannel(channelOpts);
  sim = createAlipaySimulator(simOpts);
  await app.register(sim.plugin, { prefix: '/dev/sim/alipay' });
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    shop.post('/api/app/order/pay/alipayNotify', async (req, reply) => {
      const raw: InboundCallback = {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        rawBody: String(req.body ?? ''),
        query: {},
      };
      try {
        const result = await channel.handleCallback('notify', raw);
        received.push({ result, raw });
        return reply.status(result.reply.status).type(result.reply.contentType).send(result.reply.body);
      } catch (error) {
        received.push({ error: error as Error, raw });
        return reply.status(200).type('text/plain').send('fail');
      }
    });
  });
  await app.ready();
});

afterEach(async () => {
  await sim.settled();
  await app.close();
});

const startReq = (over: Partial<StartRequest> = {}): StartRequest => ({
  attemptNo: `A${crypto.randomBytes(8).toString('hex')}`,
  orderNo: 'O20261123000002',
  amount: 12_950,
  currency: 'TWD',
  description: 'Thailand 10 GB / 15 days eSIM',
  expiresAt: clock + 30 * 60_000,
  client: 'desktop_browser',
  notifyUrl: NOTIFY,
  returnUrl: RETURN,
  ...over,
});

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Follows the redirect to the gateway, then presses a cashier button as the buyer would. */
async function cashier(redirectUrl: string, action: 'pay' | 'fail' | 'cancel') {
  const page = await app.inject({ method: 'GET', url: local(redirectUrl) });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  expect(token, page.body).toBeTruthy();
  const res = await app.inject({
    method: 'POST',
    url: '/dev/sim/alipay/cashier',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token!, action }).toString(),
  });
  return res;
}

/** What the core's return route would hand the adapter: the query string, decoded once. */
const returnCallback = (location: string): InboundCallback => ({
  method: 'GET',
  headers: {},
  rawBody: '',
  query: Object.fromEntries(new URL(location).searchParams),
});

async function paid(over: Partial<StartRequest> = {}) {
  const req = startReq(over);
  const started = await channel.start(req);
  if (started.kind !== 'redirect') throw new Error('expected redirect');
  const res = await cashier(started.url, 'pay');
  await sim.settled();
  return { req, res };
}

/** A notification signed with the simulator's (Alipay's) key, encoded as a form in any way we like. */
const signNotify = (fields: Record<string, string>) => ({
  ...fields,
  sign: rsa2Sign(signContent(fields, NOTIFY_EXCLUDE), simOpts.alipayPrivateKey),
});

const baseNotify = (over: Record<string, string> = {}): Record<string, string> => ({
  notify_time: '2026-11-23 16:00:00',
  notify_type: 'trade_status_sync',
  notify_id: 'n1',
  app_id: channelOpts.appId,
  charset: 'utf-8',
  version: '1.0',
  sign_type: 'RSA2',
  trade_no: '2026112322001400000000000001',
  out_trade_no: 'Ahand00000001',
  seller_id: channelOpts.sellerId,
  trade_status: 'TRADE_SUCCESS',
  total_amount: '88.88',
  gmt_payment: '2026-11-23 15:59:59',
  ...over,
});

const formNotify = (body: string): InboundCallback => ({
  method: 'POST',
  headers: {},
  rawBody: body,
  query: {},
});

describe('Alipay through the simulator', () => {
  it('pays on desktop: signed page-pay URL, cashier, verified notification, return as a hint', async () => {
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: req.attemptNo,
      total_amount: '129.50',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });

    const res = await cashier(started.url, 'pay');
    expect(res.statusCode).toBe(302);
    await sim.settled();
    expect(received).toHaveLength(1);
    const result = defined(received[0]?.result, 'the notification outcome');
    expect(result.reply).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(result.payments).toEqual([
      expect.objectContaining({ attemptNo: req.attemptNo, state: 'paid', amount: 12_950, currency: 'TWD' }),
    ]);
    expect(result.payments[0]?.paidAt).toBeGreaterThan(0);
    expect(sim.deliveries.map((d) => d.answer)).toEqual(['success']);

    const location = res.headers.location as string;
    expect(location.startsWith(RETURN)).toBe(true);
    const hint = await channel.handleCallback('return', returnCallback(location));
    expect(hint.payments).toEqual([
      expect.objectContaining({ attemptNo: req.attemptNo, state: 'pending', amount: 12_950 }),
    ]);
    expect(await channel.query(req.attemptNo, req.amount)).toMatchObject({
      state: 'paid',
      amount: 12_950,
      providerTradeNo: result.payments[0]?.providerTradeNo,
    });
  });

  it('simulates the cross-border product: priced in trans_currency, the buyer pays CNY at a fixed rate', async () => {
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    expect(JSON.parse(new URL(started.url).searchParams.get('biz_content')!)).toMatchObject({
      total_amount: '129.50',
      trans_currency: 'TWD',
      settle_currency: 'TWD',
    });
    const page = await app.inject({
      method: 'GET',
      url: new URL(started.url).pathname + new URL(started.url).search,
    });
    expect(page.body).toContain('NT$129.50 (¥28.77)');
    await cashier(started.url, 'pay');
    await sim.settled();
    const paid = defined(received.at(-1)?.result, 'the notification outcome').payments[0];
    expect(paid).toMatchObject({ state: 'paid', amount: 12_950, currency: 'TWD' });
    // NT$129.50 at the simulated 0.2222 CNY per TWD
    expect(paid?.detail).toMatchObject({
      pay_amount: '28.77',
      pay_currency: 'CNY',
      buyer_pay_amount: '28.77',
    });
    expect(await channel.query(req.attemptNo, req.amount)).toMatchObject({ amount: 12_950, currency: 'TWD' });
    await expect(channel.start(startReq({ currency: 'KRW' }))).rejects.toThrow(/cannot charge KRW/);
  });

  it('uses WAP pay on mobile, and cancel sends the buyer to quit_url', async () => {
    const req = startReq({ client: 'mobile_browser' });
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    const url = new URL(started.url);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: `${RETURN}?cancelled=1`,
    });
    const res = await cashier(started.url, 'cancel');
    expect(res.statusCode).toBe(302);
    // our result page, told the payer left the cashier without paying
    expect(res.headers.location).toBe(`${RETURN}?cancelled=1`);
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('pending');
    const failed = await cashier(started.url, 'fail');
    expect(failed.body).toContain('Payment failed');
  });

  it('reports ACQ.TRADE_NOT_EXIST before the cashier opens as pending, and closes', async () => {
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    expect(await channel.query(req.attemptNo, req.amount)).toEqual({
      attemptNo: req.attemptNo,
      state: 'pending',
      amount: null,
      currency: null,
      providerTradeNo: null,
      paidAt: null,
    });
    await channel.close(req.attemptNo); // nothing to close yet: fine
    await app.inject({ method: 'GET', url: local(started.url) });
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('pending');
    await channel.close(req.attemptNo);
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('closed');
    const page = await app.inject({ method: 'GET', url: local(started.url) });
    expect(page.body).toContain('closed');
  });

  it('refuses notifications and returns with a bad signature; the simulator retries', async () => {
    sim.setFaults({ badSignature: true });
    const { res } = await paid();
    expect(received).toHaveLength(3);
    for (const r of received) expect(r.error).toBeInstanceOf(ChannelVerificationError);
    expect(sim.deliveries.map((d) => d.answer)).toEqual(['fail', 'fail', 'fail']);
    await expect(
      channel.handleCallback('return', returnCallback(res.headers.location as string)),
    ).rejects.toThrow(/bad signature/);
    // and a badly signed API answer
    await expect(channel.query('Anything0001', 1)).rejects.toBeInstanceOf(ChannelVerificationError);
  });

  it('reports a tampered amount as Alipay said it, and a tampered signed form fails', async () => {
    sim.setFaults({ tamperAmount: 100 });
    const { req } = await paid();
    expect(received[0]?.result?.payments[0]).toMatchObject({ state: 'paid', amount: req.amount + 100 });

    sim.resetFaults();
    received = [];
    await paid();
    const fields = decodeForm(defined(received[0], 'the notification').raw.rawBody);
    const forged = new URLSearchParams({ ...fields, total_amount: '0.01' }).toString();
    await expect(channel.handleCallback('notify', formNotify(forged))).rejects.toThrow(/bad signature/);
  });

  it('delivers a duplicate notification that decodes to the same outcome twice', async () => {
    sim.setFaults({ duplicateNotify: true });
    await paid();
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first?.result?.payments).toEqual(second?.result?.payments);
    expect(decodeForm(defined(first).raw.rawBody).notify_id).toBe(
      decodeForm(defined(second).raw.rawBody).notify_id,
    );
  });

  it('resolves a return without notification by query', async () => {
    sim.setFaults({ withholdNotify: true });
    const { req, res } = await paid();
    expect(received).toHaveLength(0);
    const hint = await channel.handleCallback('return', returnCallback(res.headers.location as string));
    expect(hint.payments[0]).toMatchObject({ attemptNo: req.attemptNo, state: 'pending' });
    expect(
      await channel.query(defined(hint.payments[0], 'the return hint').attemptNo, req.amount),
    ).toMatchObject({
      state: 'paid',
      amount: req.amount,
      currency: 'TWD',
    });
  });

  it('can notify before the return, or notify without any return', async () => {
    sim.setFaults({ notifyBeforeReturn: true });
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    const res = await cashier(started.url, 'pay');
    // the notification had arrived by the time the browser was sent back
    expect(received).toHaveLength(1);
    expect(res.statusCode).toBe(302);

    sim.setFaults({ notifyBeforeReturn: false, withholdReturn: true });
    received = [];
    const { res: noReturn } = await paid();
    expect(noReturn.statusCode).toBe(200);
    expect(noReturn.body).toContain('Payment successful');
    expect(received[0]?.result?.payments[0]?.state).toBe('paid');
  });

  it('treats TRADE_FINISHED after TRADE_SUCCESS as paid again, not as something new', async () => {
    sim.setFaults({ tradeFinishedAfterSuccess: true });
    const { req } = await paid();
    await sim.settled();
    const states = received.map((r) => decodeForm(r.raw.rawBody).trade_status);
    expect(states).toEqual(['TRADE_SUCCESS', 'TRADE_FINISHED']);
    for (const r of received) {
      expect(r.result?.payments).toEqual([
        expect.objectContaining({ attemptNo: req.attemptNo, state: 'paid', amount: req.amount }),
      ]);
    }
  });

  it('refunds in part and in full; refund notifications are refunds; a repeated number pays once', async () => {
    const { req } = await paid();
    received = [];
    const base: RefundRequest = {
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'R1',
      amount: 2_950,
      total: req.amount,
      currency: 'TWD',
      reason: 'buyer asked',
      notifyUrl: NOTIFY,
    };
    expect(await channel.refund(base)).toEqual({
      refundNo: 'R1',
      state: 'succeeded',
      providerRefundId: null,
    });
    // the same out_request_no again: fund_change N, confirmed by the refund query, no second refund
    expect(await channel.refund(base)).toMatchObject({ refundNo: 'R1', state: 'succeeded' });
    expect(await channel.refund({ ...base, refundNo: 'R2', amount: 10_000 })).toMatchObject({
      state: 'succeeded',
    });
    expect(await channel.refund({ ...base, refundNo: 'R3', amount: 1 })).toMatchObject({ state: 'failed' });
    expect(await channel.queryRefund({ ...base, refundNo: 'R2', amount: 10_000 })).toMatchObject({
      state: 'succeeded',
    });
    expect(await channel.queryRefund({ ...base, refundNo: 'R9' })).toMatchObject({ state: 'failed' });
    await sim.settled();

    const forms = received.map((r) => decodeForm(r.raw.rawBody));
    expect(forms.map((f) => [f.trade_status, f.refund_fee, f.out_biz_no])).toEqual([
      ['TRADE_SUCCESS', '29.50', 'R1'],
      ['TRADE_CLOSED', '129.50', 'R2'],
    ]);
    expect(received.flatMap((r) => r.result!.payments)).toEqual([]);
    expect(received.flatMap((r) => r.result!.refunds)).toEqual([
      { refundNo: 'R1', state: 'succeeded', providerRefundId: null },
      { refundNo: 'R2', state: 'succeeded', providerRefundId: null },
    ]);
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('closed');
  });

  it('decodes a notification once, in the charset it names', async () => {
    const fields = signNotify(baseNotify({ passback_params: '50%+off a%25b', body: 'a=b&c' }));
    const once = await channel.handleCallback('notify', formNotify(new URLSearchParams(fields).toString()));
    expect(once.payments[0]).toMatchObject({ attemptNo: 'Ahand00000001', state: 'paid', amount: 8_888 });

    // GBK: 中文 is D6D0 CEC4; the signature covers the decoded characters
    const gbk = signNotify(baseNotify({ charset: 'gbk', subject: '中文' }));
    const body = Object.entries(gbk)
      .map(([k, v]) => `${k}=${k === 'subject' ? '%D6%D0%CE%C4' : encodeURIComponent(v)}`)
      .join('&');
    expect((await channel.handleCallback('notify', formNotify(body))).payments[0]?.state).toBe('paid');
  });

  it('refuses a notification for another app or seller, or with its signature stripped', async () => {
    const other = signNotify(baseNotify({ app_id: '2021000000009999' }));
    await expect(
      channel.handleCallback('notify', formNotify(new URLSearchParams(other).toString())),
    ).rejects.toThrow(/app_id/);
    const seller = signNotify(baseNotify({ seller_id: '2088999999999999' }));
    await expect(
      channel.handleCallback('notify', formNotify(new URLSearchParams(seller).toString())),
    ).rejects.toThrow(/seller_id/);
    const { sign: _sign, ...unsigned } = signNotify(baseNotify());
    await expect(
      channel.handleCallback('notify', formNotify(new URLSearchParams(unsigned).toString())),
    ).rejects.toThrow(/unsigned/);
  });

  it('gateway refuses requests not signed by our app; an unsigned success is forged', async () => {
    const stranger = createAlipayChannel({
      ...channelOpts,
      appPrivateKey: crypto
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    });
    await expect(stranger.query('Anything0001', 1)).rejects.toThrow(/isv.invalid-signature/);
    await expect(stranger.query('Anything0001', 1)).rejects.toBeInstanceOf(ChannelUnavailableError);
    const started = await stranger.start(startReq());
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    const page = await app.inject({ method: 'GET', url: local(started.url) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('isv.invalid-signature');

    const unsigned: HttpClient = async () => ({
      status: 200,
      headers: {},
      body: '{"alipay_trade_query_response":{"code":"10000","msg":"Success","out_trade_no":"A1","trade_status":"TRADE_SUCCESS","total_amount":"1.00"}}',
    });
    await expect(createAlipayChannel({ ...channelOpts, http: unsigned }).query('A1', 100)).rejects.toThrow(
      /unsigned success/,
    );
  });

  it('still answers when the gateway is slow', async () => {
    sim.setFaults({ slowAnswerMs: 30 });
    const t0 = performance.now();
    expect((await channel.query('Anything0001', 1)).state).toBe('pending');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
  });
});

describe('Alipay amounts and raw answers', () => {
  it('wires demo mode from generated, JSON-kept keys in a few lines', async () => {
    const keys = JSON.parse(JSON.stringify(await generateAlipayDemoKeys()));
    const demoApp = Fastify();
    const http = createInjectHttpClient(() => demoApp);
    const demo = buildAlipayDemo({ gateway: GATEWAY, shopHttp: http, simulatorHttp: http, keys });
    await demoApp.register(demo.simulator.plugin, { prefix: '/dev/sim/alipay' });
    await demoApp.ready();
    expect((await demo.channel.query('Anything0001', 1)).state).toBe('pending');
    await demoApp.close();
  });

  it('converts minor units to yuan strings and back without floats', () => {
    expect([0, 1, 10, 100, 12_950, 1_000_000_001].map(toYuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '1.00',
      '129.50',
      '10000000.01',
    ]);
    expect(['0.01', '129.5', '129.50', '88', '1e3', '-1.00', '1.001'].map(fromYuan)).toEqual([
      1,
      12_950,
      12_950,
      8_800,
      null,
      null,
      null,
    ]);
  });

  it('cuts the exact raw text of each top-level member', () => {
    const raw =
      '{"alipay_trade_query_response":{"code":"10000","msg":"a}\\"b","n":[1,{"x":"}"}]},"sign":"abc=="}';
    const m = rawMembers(raw);
    expect(m.get('alipay_trade_query_response')).toBe('{"code":"10000","msg":"a}\\"b","n":[1,{"x":"}"}]}');
    expect(m.get('sign')).toBe('"abc=="');
  });
});
