import crypto from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpResponse, InboundCallback } from '../channel';
import { createInjectHttpClient } from '../http-client';
import { createAlipayChannel, type AlipayChannelOptions } from './alipay.channel';
import { decodeForm, rawMembers } from './alipay.crypto';
import { createAlipayDemo } from './alipay.demo';
import { createAlipaySimulator, type AlipaySimulator, type AlipaySimulatorOptions } from './alipay.simulator';

/**
 * Independent proof of the Alipay RSA2 wire format: alipay-sdk 4.14.0 accepts what our adapter and
 * simulator sign, and our side accepts what alipay-sdk signs.
 */
const BASE = 'http://shop.test';
const GATEWAY = `${BASE}/dev/sim/alipay/gateway.do`;
const NOTIFY = `${BASE}/notify`;

let app: FastifyInstance;
let sim: AlipaySimulator;
let channelOpts: AlipayChannelOptions;
let simOpts: AlipaySimulatorOptions;
/** The SDK as a shop: signs with the app key, verifies with "Alipay's" public key. */
let shopSdk: AlipaySdk;
/** The SDK in the gateway's seat: verifies request signatures with the app's public key. */
let gatewaySdk: AlipaySdk;
const notifications: InboundCallback[] = [];
const answers: HttpResponse[] = [];

const publicOf = (privatePem: string) =>
  crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }) as string;

beforeAll(async () => {
  app = Fastify();
  const inject = createInjectHttpClient(() => app);
  const recording: HttpClient = async (req) => {
    const res = await inject(req);
    answers.push(res);
    return res;
  };
  const demo = createAlipayDemo({
    gateway: GATEWAY,
    shopHttp: recording,
    simulatorHttp: inject,
    retryDelaysMs: [],
  });
  channelOpts = demo.channel;
  simOpts = demo.simulator;
  sim = createAlipaySimulator(simOpts);
  await app.register(sim.plugin, { prefix: '/dev/sim/alipay' });
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    shop.post('/notify', async (req, reply) => {
      notifications.push({ method: 'POST', headers: {}, rawBody: String(req.body), query: {} });
      return reply.type('text/plain').send('success');
    });
  });
  await app.ready();
  shopSdk = new AlipaySdk({
    appId: channelOpts.appId,
    privateKey: channelOpts.appPrivateKey,
    keyType: 'PKCS8',
    alipayPublicKey: channelOpts.alipayPublicKey,
    gateway: GATEWAY,
  });
  gatewaySdk = new AlipaySdk({
    appId: channelOpts.appId,
    privateKey: simOpts.alipayPrivateKey,
    keyType: 'PKCS8',
    alipayPublicKey: publicOf(channelOpts.appPrivateKey),
  });
});

afterAll(async () => {
  await sim.settled();
  await app.close();
});

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function payAtCashier(url: string) {
  const page = await app.inject({ method: 'GET', url: local(url) });
  expect(page.statusCode, page.body).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)![1];
  const res = await app.inject({
    method: 'POST',
    url: '/dev/sim/alipay/cashier',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${token}&action=pay`,
  });
  await sim.settled();
  return res;
}

describe('Alipay RSA2 wire format against alipay-sdk', () => {
  it('alipay-sdk verifies the page-pay request our adapter signs', async () => {
    const channel = createAlipayChannel(channelOpts);
    const started = await channel.start({
      attemptNo: 'Asdk00000001',
      orderNo: 'O1',
      amount: 8_888,
      currency: 'TWD',
      description: '日本 eSIM 5GB & more',
      expiresAt: Date.now() + 600_000,
      client: 'desktop_browser',
      notifyUrl: NOTIFY,
      returnUrl: `${BASE}/return?x=1`,
    });
    if (started.kind !== 'redirect') throw new Error('expected redirect');
    const params = Object.fromEntries(new URL(started.url).searchParams);
    // request signatures keep sign_type; checkNotifySign tries that form first
    expect(gatewaySdk.checkNotifySignV2(params)).toBe(true);
    expect(gatewaySdk.checkNotifySignV2({ ...params, total_amount: '0.01' })).toBe(false);
  });

  it('our simulator accepts a page-pay URL alipay-sdk signed, and both sides verify its notification', async () => {
    const url = shopSdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: 'Asdk00000002',
        total_amount: '66.00',
        subject: 'SDK trade',
        product_code: 'FAST_INSTANT_TRADE_PAY',
        // the 0a trap: %25 and + survive only a single decode
        passback_params: '50%+off a%25b',
      },
      returnUrl: `${BASE}/return`,
      notifyUrl: NOTIFY,
    });
    const res = await payAtCashier(url);
    expect(res.statusCode).toBe(302);

    const raw = notifications.at(-1)!;
    const fields = decodeForm(raw.rawBody);
    expect(fields.passback_params).toBe('50%+off a%25b');
    expect(shopSdk.checkNotifySignV2(fields)).toBe(true);
    // the older checkNotifySign decodes a second time: here it even throws on the lone `%`
    expect(() => shopSdk.checkNotifySign(fields)).toThrow(URIError);
    const ours = await createAlipayChannel(channelOpts).handleCallback('notify', raw);
    expect(ours.payments[0]).toMatchObject({ attemptNo: 'Asdk00000002', state: 'paid', amount: 6_600 });

    // the signed return parameters verify with the SDK too
    const back = Object.fromEntries(new URL(res.headers.location as string).searchParams);
    expect(shopSdk.checkNotifySignV2(back)).toBe(true);
  });

  it('alipay-sdk verifies our simulator answers over the raw response text, as we do', async () => {
    const channel = createAlipayChannel(channelOpts);
    expect((await channel.query('Asdk00000002', 6_600)).state).toBe('paid');
    const body = answers.at(-1)!.body;
    const members = rawMembers(body);
    const sign = JSON.parse(members.get('sign')!) as string;
    expect(() => shopSdk.checkResponseSign(body, 'alipay_trade_query_response', sign, 'trace')).not.toThrow();
    expect(shopSdk.getSignStr(body, 'alipay_trade_query_response')).toBe(
      members.get('alipay_trade_query_response'),
    );
    const tampered = body.replace('"66.00"', '"0.01"');
    expect(() => shopSdk.checkResponseSign(tampered, 'alipay_trade_query_response', sign, 'trace')).toThrow();
  });

  it('agrees with alipay-sdk on a notification signed outside our code', async () => {
    const fields: Record<string, string> = {
      notify_time: '2026-11-23 16:00:00',
      notify_type: 'trade_status_sync',
      notify_id: 'sdk-n1',
      app_id: channelOpts.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2026112322001400000000000009',
      out_trade_no: 'Asdk00000003',
      seller_id: channelOpts.sellerId,
      trade_status: 'TRADE_FINISHED',
      total_amount: '12.34',
      passback_params: 'a+b%2Bc',
      gmt_payment: '2026-11-23 15:59:59',
    };
    // alipay-sdk has no notification signer, so this vector is built by hand (not by signContent) and
    // both the SDK and our adapter must accept it
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sign = crypto
      .createSign('RSA-SHA256')
      .update(content, 'utf8')
      .sign(simOpts.alipayPrivateKey, 'base64');
    expect(gatewaySdk.rsaCheck(content, sign, 'RSA2')).toBe(false); // gatewaySdk verifies with the app key
    expect(shopSdk.rsaCheck(content, sign, 'RSA2')).toBe(true);
    const signed = { ...fields, sign_type: 'RSA2', sign };
    expect(shopSdk.checkNotifySignV2(signed)).toBe(true);
    const result = await createAlipayChannel(channelOpts).handleCallback('notify', {
      method: 'POST',
      headers: {},
      rawBody: new URLSearchParams(signed).toString(),
      query: {},
    });
    expect(result.payments[0]).toMatchObject({ attemptNo: 'Asdk00000003', state: 'paid', amount: 1_234 });
  });
});
