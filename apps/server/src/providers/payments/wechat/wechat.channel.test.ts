import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelVerificationError,
  type CallbackResult,
  type HttpClient,
  type InboundCallback,
  type PaymentChannel,
  type StartRequest,
} from '../channel';
import { createInjectHttpClient } from '../http-client';
import { defined } from '../../../test/harness';
import { createWechatPayChannel, type WechatPayChannelOptions } from './wechat.channel';
import {
  aesGcmEncrypt,
  authorizationHeader,
  randomAlnum,
  responseMessage,
  rsaSign,
  rsaVerify,
} from './wechat.crypto';
import { rsaPair } from '../keys';
import { buildWechatPayDemo, createWechatPayDemo, generateWechatPayDemoKeys } from './wechat.demo';
import {
  createWechatPaySimulator,
  wechatPayDemoCashierUrl,
  type WechatPaySimulator,
  type WechatPaySimulatorOptions,
} from './wechat.simulator';

const BASE = 'http://shop.test';
const SIM = `${BASE}/dev/sim/wechat`;
const NOTIFY = `${BASE}/api/app/order/pay/wxNotify`;

type Received = { result?: CallbackResult; error?: Error; raw: InboundCallback };

let app: FastifyInstance;
let sim: WechatPaySimulator;
let channel: PaymentChannel;
let channelOpts: WechatPayChannelOptions;
let simOpts: WechatPaySimulatorOptions;
let received: Received[];
let clock: number;
/** How long the shop takes to answer its first notification (WeChat gives it 5 s). */
let shopDelayMs = 0;

/** A stand-in for the payment core's notify route: raw body in, the adapter's reply out. */
async function buildShop() {
  app = Fastify();
  channel = createWechatPayChannel(channelOpts);
  sim = createWechatPaySimulator(simOpts);
  await app.register(sim.plugin, { prefix: '/dev/sim/wechat' });
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    shop.post('/api/app/order/pay/wxNotify', async (req, reply) => {
      const raw: InboundCallback = {
        method: req.method,
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
        return reply.status(401).send({ code: 'FAIL', message: 'verification failed' });
      }
    });
  });
  await app.ready();
}

const startReq = (over: Partial<StartRequest> = {}): StartRequest => ({
  attemptNo: `A${crypto.randomBytes(8).toString('hex')}`,
  orderNo: 'O20261123000001',
  amount: 12_900,
  currency: 'TWD',
  description: 'Japan 5 GB / 7 days eSIM',
  expiresAt: clock + 30 * 60_000,
  client: 'desktop_browser',
  notifyUrl: NOTIFY,
  returnUrl: `${BASE}/pages/order/detail`,
  ...over,
});

/** Opens the cashier behind a code_url and presses one of its buttons, as a person would. */
async function cashier(codeUrl: string, action: 'pay' | 'fail' | 'cancel') {
  const page = await app.inject({
    method: 'GET',
    url:
      new URL(wechatPayDemoCashierUrl(SIM, codeUrl)).pathname +
      new URL(wechatPayDemoCashierUrl(SIM, codeUrl)).search,
  });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  expect(token).toBeTruthy();
  const res = await app.inject({
    method: 'POST',
    url: '/dev/sim/wechat/cashier',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token!, action }).toString(),
  });
  expect(res.statusCode).toBe(200);
  await sim.settled();
  return res.body;
}

async function paidNative(over: Partial<StartRequest> = {}) {
  const req = startReq(over);
  const started = await channel.start(req);
  if (started.kind !== 'qr') throw new Error('expected qr');
  await cashier(started.codeUrl, 'pay');
  return req;
}

/** Signs a notification body the way the platform does, with any key and serial. */
function signedNotification(body: string, serial: string, key: string, ts = Math.floor(clock / 1000)) {
  const nonce = randomAlnum(32);
  return {
    method: 'POST',
    headers: {
      'wechatpay-timestamp': String(ts),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': rsaSign(responseMessage(String(ts), nonce, body), key),
      'wechatpay-serial': serial,
    },
    rawBody: body,
    query: {},
  } satisfies InboundCallback;
}

function transactionBody(plain: Record<string, unknown>, apiV3Key: string) {
  const nonce = randomAlnum(12);
  return JSON.stringify({
    id: crypto.randomUUID(),
    create_time: '2026-11-23T16:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: aesGcmEncrypt(JSON.stringify(plain), apiV3Key, nonce, 'transaction'),
      associated_data: 'transaction',
      nonce,
    },
  });
}

beforeAll(() => {
  // keys are made once per file (RSA generation is the slow part); app and clock are looked up per call
  const http = createInjectHttpClient(() => app);
  const demo = createWechatPayDemo({
    baseUrl: SIM,
    shopHttp: http,
    simulatorHttp: http,
    now: () => clock,
    retryDelaysMs: [5, 5],
  });
  channelOpts = demo.channel;
  simOpts = demo.simulator;
});

beforeEach(async () => {
  clock = Date.now();
  shopDelayMs = 0;
  received = [];
  await buildShop();
});

afterEach(async () => {
  await sim.settled();
  await app.close();
});

describe('WeChat Pay v3 through the simulator', () => {
  it('creates a Native QR, pays at the cashier, and the verified notification says paid', async () => {
    const req = startReq();
    const started = await channel.start(req);
    expect(started.kind).toBe('qr');
    if (started.kind !== 'qr') return;
    expect(started.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    expect(await cashier(started.codeUrl, 'pay')).toContain('Payment successful');

    expect(received).toHaveLength(1);
    const { result } = defined(received[0], 'the notification');
    expect(result?.reply).toEqual({ status: 204, contentType: 'text/plain', body: '' });
    expect(result?.payments).toEqual([
      expect.objectContaining({ attemptNo: req.attemptNo, state: 'paid', amount: 12_900, currency: 'TWD' }),
    ]);
    expect(result?.payments[0]?.providerTradeNo).toMatch(/^4200\d+$/);
    expect(result?.payments[0]?.paidAt).toBeGreaterThan(0);
    expect(sim.deliveries.map((d) => d.status)).toEqual([204]);
    // the query agrees with the notification
    expect(await channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid', amount: 12_900 });
  });

  it("shows the order's own currency at the cashier: NT$ for a TWD order, not the same digits in yuan", async () => {
    const started = await channel.start(startReq());
    if (started.kind !== 'qr') throw new Error('expected qr');
    const url = new URL(wechatPayDemoCashierUrl(SIM, started.codeUrl));
    const page = (await app.inject({ method: 'GET', url: url.pathname + url.search })).body;
    expect(page).toContain('<div class="amount">NT$129.00</div>');
    expect(page).not.toContain('¥');
  });

  it('simulates the Global API: charged in the order currency, the buyer pays CNY at a fixed rate', async () => {
    const req = await paidNative();
    const outcome = await channel.query(req.attemptNo, req.amount);
    expect(outcome).toMatchObject({ state: 'paid', amount: 12_900, currency: 'TWD' });
    // NT$129 at the simulated 0.2222 CNY per TWD
    expect(outcome.detail).toEqual({
      payer_total: '2866',
      payer_currency: 'CNY',
      exchange_rate: '22220000',
      exchange_rate_type: 'SETTLEMENT_RATE',
    });
    // an order naming no currency, or one the merchant cannot charge, is refused as WeChat does
    const res = await app.inject({
      method: 'POST',
      url: '/dev/sim/wechat/v3/global/transactions/native',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401); // unsigned: the signature is checked first
    await expect(channel.start(startReq({ currency: 'KRW' }))).rejects.toThrow(/cannot charge KRW/);
  });

  it('leads the QR content to the demo cashier over http', async () => {
    const started = await channel.start(startReq());
    if (started.kind !== 'qr') throw new Error('expected qr');
    const pr = new URL(started.codeUrl.replace('weixin:', 'https:')).searchParams.get('pr');
    const res = await app.inject({ method: 'GET', url: `/dev/sim/wechat/wxpay/bizpayurl?pr=${pr}` });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, `${SIM}/wxpay/bizpayurl`).pathname).toBe(
      '/dev/sim/wechat/cashier',
    );
  });

  it('gives JSAPI bridge parameters and APP client parameters signed with the merchant key', async () => {
    const merchantPublic = crypto
      .createPublicKey(channelOpts.merchantPrivateKey)
      .export({ type: 'spki', format: 'pem' }) as string;
    await expect(channel.start(startReq({ client: 'wechat_browser' }))).rejects.toThrow(/openid/);

    const jsapi = await channel.start(
      startReq({ client: 'wechat_browser', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }),
    );
    if (jsapi.kind !== 'jsapi') throw new Error('expected jsapi');
    const p = jsapi.params;
    expect(p.package).toMatch(/^prepay_id=wx\w+$/);
    expect(p.signType).toBe('RSA');
    expect(
      rsaVerify(
        `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`,
        defined(p.paySign, 'paySign'),
        merchantPublic,
      ),
    ).toBe(true);
    // in demo the WeChat browser's pay sheet is the simulator's cashier, reached from the package
    const sheet = new URL(
      wechatPayDemoCashierUrl(SIM, defined(p.package, 'package'), '/pages/order/detail?id=1'),
    );
    const opened = await app.inject({ method: 'GET', url: `${sheet.pathname}${sheet.search}` });
    expect(opened.body).toContain('Pay NT$129.00');
    expect(opened.body).toContain('value="/pages/order/detail?id=1"');

    const appPay = await channel.start(startReq({ client: 'app' }));
    if (appPay.kind !== 'app') throw new Error('expected app');
    const a = appPay.params;
    expect(a).toMatchObject({
      appid: channelOpts.appAppid,
      partnerid: channelOpts.mchid,
      package: 'Sign=WXPay',
    });
    expect(
      rsaVerify(
        `${a.appid}\n${a.timestamp}\n${a.noncestr}\n${a.prepayid}\n`,
        defined(a.sign, 'sign'),
        merchantPublic,
      ),
    ).toBe(true);
  });

  it('refuses notifications with a bad signature, and the simulator retries them', async () => {
    sim.setFaults({ badSignature: false });
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'qr') throw new Error('expected qr');
    sim.setFaults({ badSignature: true });
    await cashier(started.codeUrl, 'pay');
    // first attempt + 2 compressed retries, each refused
    expect(received).toHaveLength(3);
    for (const r of received) expect(r.error).toBeInstanceOf(ChannelVerificationError);
    expect(received[0]?.error?.message).toMatch(/bad signature/);
    expect(sim.deliveries.map((d) => d.status)).toEqual([401, 401, 401]);
  });

  it('treats an API answer with a bad or missing signature as forged', async () => {
    sim.setFaults({ badSignature: true });
    await expect(channel.start(startReq())).rejects.toBeInstanceOf(ChannelVerificationError);
    const unsigned: HttpClient = async () => ({
      status: 200,
      headers: {},
      body: '{"code_url":"weixin://x"}',
    });
    const forged = createWechatPayChannel({ ...channelOpts, http: unsigned });
    await expect(forged.start(startReq())).rejects.toThrow(/unsigned/);
  });

  it('reports a tampered amount as what the provider said, and a tampered signed body fails', async () => {
    sim.setFaults({ tamperAmount: 1 });
    const req = await paidNative();
    const outcome = received[0]?.result?.payments[0];
    // properly signed but wrong: the core compares with the attempt (12900) and refuses
    expect(outcome).toMatchObject({ state: 'paid', amount: req.amount + 1 });

    sim.resetFaults();
    received = [];
    await paidNative();
    const genuine = defined(received[0], 'the notification').raw;
    const envelope = JSON.parse(genuine.rawBody);
    envelope.summary = 'tampered';
    await expect(
      channel.handleCallback('notify', { ...genuine, rawBody: JSON.stringify(envelope) }),
    ).rejects.toThrow(/bad signature/);
  });

  it('delivers a duplicate notification that decodes to the same outcome twice', async () => {
    sim.setFaults({ duplicateNotify: true });
    await paidNative();
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first?.result?.payments).toEqual(second?.result?.payments);
    expect(JSON.parse(defined(first).raw.rawBody).id).toBe(JSON.parse(defined(second).raw.rawBody).id);
  });

  it('resolves a payment without notification by query, and reports unpaid and failed states', async () => {
    sim.setFaults({ withholdNotify: true });
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'qr') throw new Error('expected qr');
    expect(await channel.query(req.attemptNo, req.amount)).toMatchObject({
      state: 'pending',
      amount: 12_900,
    });
    await cashier(started.codeUrl, 'pay');
    expect(received).toHaveLength(0);
    expect(await channel.query(req.attemptNo, req.amount)).toMatchObject({
      attemptNo: req.attemptNo,
      state: 'paid',
      amount: 12_900,
      currency: 'TWD',
    });

    const failing = startReq();
    const s2 = await channel.start(failing);
    if (s2.kind !== 'qr') throw new Error('expected qr');
    expect(await cashier(s2.codeUrl, 'fail')).toContain('Payment failed');
    expect((await channel.query(failing.attemptNo, failing.amount)).state).toBe('failed');
    expect((await channel.query('Anever0000001', 1)).state).toBe('pending');
  });

  it('closes an unpaid attempt so the cashier refuses it, and refuses to close a paid one', async () => {
    const req = startReq();
    const started = await channel.start(req);
    if (started.kind !== 'qr') throw new Error('expected qr');
    await channel.close(req.attemptNo);
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('closed');
    const page = await app.inject({
      method: 'GET',
      url: `/dev/sim/wechat/cashier?pr=${sim.tokenOf(req.attemptNo)}`,
    });
    expect(page.body).toContain('closed');

    const paid = await paidNative();
    await expect(channel.close(paid.attemptNo)).rejects.toThrow(/ORDERPAID/);
  });

  it('refunds in part and in full with distinct numbers; a repeated number pays once', async () => {
    const req = await paidNative();
    const base = {
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      total: req.amount,
      currency: 'TWD',
      reason: 'buyer asked',
      notifyUrl: NOTIFY,
    };
    received = [];
    const part = await channel.refund({ ...base, refundNo: 'R1', amount: 2_900 });
    expect(part).toMatchObject({ refundNo: 'R1', state: 'succeeded' });
    const again = await channel.refund({ ...base, refundNo: 'R1', amount: 2_900 });
    expect(again.providerRefundId).toBe(part.providerRefundId);
    const rest = await channel.refund({ ...base, refundNo: 'R2', amount: 10_000 });
    expect(rest.state).toBe('succeeded');
    // nothing left to refund: a third number is refused rather than paying twice
    expect(await channel.refund({ ...base, refundNo: 'R3', amount: 1 })).toMatchObject({ state: 'failed' });
    await sim.settled();
    expect(received.flatMap((r) => r.result?.refunds ?? [])).toEqual([
      expect.objectContaining({ refundNo: 'R1', state: 'succeeded' }),
      expect.objectContaining({ refundNo: 'R2', state: 'succeeded' }),
    ]);
    expect(received.flatMap((r) => r.result?.payments ?? [])).toEqual([]);
    expect((await channel.query(req.attemptNo, req.amount)).state).toBe('paid');
  });

  it('reports a refund stuck in PROCESSING, then its notification and query say succeeded', async () => {
    const req = await paidNative();
    sim.setFaults({ refundStuck: true });
    received = [];
    const r = await channel.refund({
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RSTUCK1',
      amount: req.amount,
      total: req.amount,
      currency: 'TWD',
      reason: '',
      notifyUrl: NOTIFY,
    });
    expect(r.state).toBe('processing');
    const stuck = {
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RSTUCK1',
      amount: req.amount,
      total: req.amount,
      currency: 'TWD',
    };
    expect(await channel.queryRefund(stuck)).toMatchObject({ state: 'processing' });
    const done = await app.inject({
      method: 'POST',
      url: '/dev/sim/wechat/control/refunds/RSTUCK1/complete',
    });
    expect(done.statusCode).toBe(200);
    await sim.settled();
    expect(received[0]?.result?.refunds).toEqual([
      { refundNo: 'RSTUCK1', state: 'succeeded', providerRefundId: r.providerRefundId },
    ]);
    expect(await channel.queryRefund(stuck)).toMatchObject({ state: 'succeeded' });
  });

  it('refuses a notification whose GCM tag was flipped', async () => {
    sim.setFaults({ badGcmTag: true });
    await paidNative();
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) expect(r.error?.message).toMatch(/does not decrypt/);
  });

  it('refuses stale, probe and header-stripped notifications', async () => {
    sim.setFaults({ staleTimestamp: true });
    await paidNative();
    expect(received[0]?.error?.message).toMatch(/stale/);

    sim.resetFaults();
    sim.setFaults({ signtestProbe: true });
    received = [];
    await paidNative();
    const probes = received.filter((r) =>
      r.raw.headers['wechatpay-signature']?.startsWith('WECHATPAY/SIGNTEST/'),
    );
    expect(probes).toHaveLength(1);
    expect(probes[0]?.error?.message).toMatch(/probe/);
    expect(received.filter((r) => r.result?.payments[0]?.state === 'paid')).toHaveLength(1);

    const stripped = {
      ...received.find((r) => r.result)!.raw,
      headers: { 'content-type': 'application/json' },
    };
    await expect(channel.handleCallback('notify', stripped)).rejects.toThrow(/unsigned/);
  });

  it('accepts both a certificate serial and a PUB_KEY_ID_ platform key, and no unknown serial', async () => {
    const certKey = rsaPair();
    const certSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
    const both = createWechatPayChannel({
      ...channelOpts,
      platformKeys: { ...channelOpts.platformKeys, [certSerial]: certKey.publicKey },
    });
    const plain = {
      appid: channelOpts.appid,
      mchid: channelOpts.mchid,
      out_trade_no: 'Aserial000001',
      transaction_id: '4200000000000000000000000001',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-23T16:00:00+08:00',
      payer: { openid: 'o1' },
      amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
    };
    const body = transactionBody(plain, channelOpts.apiV3Key);
    const viaCert = await both.handleCallback(
      'notify',
      signedNotification(body, certSerial, certKey.privateKey),
    );
    expect(viaCert.payments[0]).toMatchObject({ state: 'paid', amount: 100 });
    const pubKeyId = defined(Object.keys(channelOpts.platformKeys)[0], 'a platform public key id');
    expect(pubKeyId).toMatch(/^PUB_KEY_ID_/);
    const viaPubKey = await both.handleCallback(
      'notify',
      signedNotification(body, pubKeyId, simOpts.platformPrivateKey),
    );
    expect(viaPubKey.payments).toEqual(viaCert.payments);
    await expect(
      channel.handleCallback('notify', signedNotification(body, certSerial, certKey.privateKey)),
    ).rejects.toThrow(/unknown platform serial/);
    // another merchant's notification, genuinely signed, is not ours
    const foreign = transactionBody({ ...plain, mchid: '1230000109' }, channelOpts.apiV3Key);
    await expect(
      both.handleCallback('notify', signedNotification(foreign, certSerial, certKey.privateKey)),
    ).rejects.toThrow(/mchid/);
  });

  it('simulator answers 401 to a bad request signature, an unknown serial and a stale timestamp', async () => {
    const body = JSON.stringify({ mchid: channelOpts.mchid });
    const path = '/dev/sim/wechat/v3/global/transactions/out-trade-no/Anever0000001/close';
    const send = (auth: Parameters<typeof authorizationHeader>[0]) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: authorizationHeader(auth), 'content-type': 'application/json' },
        payload: body,
      });
    const ts = String(Math.floor(clock / 1000));
    const nonce = randomAlnum(32);
    const good = rsaSign(`POST\n${path}\n${ts}\n${nonce}\n${body}\n`, channelOpts.merchantPrivateKey);
    const base = {
      mchid: channelOpts.mchid,
      nonce_str: nonce,
      timestamp: ts,
      serial_no: channelOpts.merchantSerial,
      signature: good,
    };
    expect((await send(base)).statusCode).toBe(404); // verified; the order just does not exist
    const badSig = await send({ ...base, signature: rsaSign('other', channelOpts.merchantPrivateKey) });
    expect(badSig.statusCode).toBe(401);
    expect(JSON.parse(badSig.body).code).toBe('SIGN_ERROR');
    expect(badSig.headers['wechatpay-signature']).toBeTruthy();
    expect((await send({ ...base, serial_no: 'ABCDEF' })).statusCode).toBe(401);
    const oldTs = String(Math.floor(clock / 1000) - 301);
    const stale = rsaSign(`POST\n${path}\n${oldTs}\n${nonce}\n${body}\n`, channelOpts.merchantPrivateKey);
    expect((await send({ ...base, timestamp: oldTs, signature: stale })).statusCode).toBe(401);
  });

  it('still answers when the simulator is slow', async () => {
    sim.setFaults({ slowAnswerMs: 30 });
    const t0 = performance.now();
    const started = await channel.start(startReq());
    expect(started.kind).toBe('qr');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it('counts a notification answered too slowly as failed, and retries it', async () => {
    await sim.settled();
    await app.close();
    received = [];
    // rebuilt with a short answer deadline standing in for WeChat's 5 s
    app = Fastify();
    const fast = createWechatPaySimulator({ ...simOpts, notifyTimeoutMs: 200 });
    sim = fast;
    channel = createWechatPayChannel(channelOpts);
    await app.register(fast.plugin, { prefix: '/dev/sim/wechat' });
    await app.register(async (shop) => {
      shop.removeAllContentTypeParsers();
      shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      shop.post('/api/app/order/pay/wxNotify', async (req, reply) => {
        // only the first delivery is slow
        const delay = shopDelayMs;
        shopDelayMs = 0;
        if (delay) await new Promise((r) => setTimeout(r, delay));
        received.push({ raw: { method: 'POST', headers: {}, rawBody: String(req.body), query: {} } });
        return reply.status(204).send();
      });
    });
    await app.ready();
    shopDelayMs = 400;
    const started = await channel.start(startReq());
    if (started.kind !== 'qr') throw new Error('expected qr');
    await cashier(started.codeUrl, 'pay');
    expect(fast.deliveries[0]?.answer).toBe('timeout');
    expect(fast.deliveries.at(-1)?.status).toBe(204);
  });

  it('wires demo mode from generated, JSON-kept keys in a few lines', async () => {
    const keys = JSON.parse(JSON.stringify(await generateWechatPayDemoKeys()));
    const demoApp = Fastify();
    const http = createInjectHttpClient(() => demoApp);
    const demo = buildWechatPayDemo({ baseUrl: SIM, shopHttp: http, simulatorHttp: http, keys });
    await demoApp.register(demo.simulator.plugin, { prefix: '/dev/sim/wechat' });
    await demoApp.ready();
    const started = await demo.channel.start(startReq());
    expect(started.kind).toBe('qr');
    expect(demo.keys.platformSerial).toMatch(/^PUB_KEY_ID_\d+$/);
    await demoApp.close();
  });
});
