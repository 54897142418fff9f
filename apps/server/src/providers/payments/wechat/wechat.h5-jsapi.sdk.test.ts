import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import WxPay from 'wechatpay-node-v3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest, StartRequest } from '../channel';
import { defined } from '../../../test/harness';
import { wechatpayNodeSdk, wechatSdkRig } from './wechat.fixtures';
import { createWechatPayChannel, type WechatPayChannelOptions } from './wechat.channel';
import { rsaSign } from './wechat.crypto';
import type { WechatPaySimulator } from './wechat.simulator';

/**
 * WeChat Pay for a phone (issue 27): the H5 order our adapter sends has the shape wechatpay-node-v3 2.2.1
 * builds for `transactions_h5` (plus the Global API's trade_type), and the JSAPI parameters it hands
 * WeixinJSBridge's getBrandWCPayRequest are signed over the string wechatpay-node-v3's
 * `transactions_jsapi` signs, and verify with wechatpay-axios-plugin 0.9.6.
 */
let app: FastifyInstance;
let sim: WechatPaySimulator;
let channelOpts: WechatPayChannelOptions;
let sdk: WxPay;
let sent: HttpRequest[];
/** What the SDK would have sent, captured by its own pluggable HTTP service. */
const sdkSent: { url: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  ({ app, sim, sent, channelOpts } = await wechatSdkRig());
  await app.ready();
  sdk = wechatpayNodeSdk(channelOpts);
  sdk.createHttp({
    post: async (url: string, body: Record<string, unknown>) => {
      sdkSent.push({ url, body });
      return { status: 200, data: { prepay_id: 'wx28051500000000000000000000000000' } };
    },
    get: async () => ({ status: 404, data: {} }),
  } as unknown as Parameters<WxPay['createHttp']>[0]);
});

afterAll(async () => {
  await sim.settled();
  await app.close();
});

let seq = 0;
const request = (client: StartRequest['client'], over: Partial<StartRequest> = {}): StartRequest => ({
  attemptNo: `Ah5${Date.now()}${seq++}`,
  orderNo: 'O27',
  amount: 12_900,
  currency: 'TWD',
  description: 'Japan 5 days 3GB',
  expiresAt: Date.now() + 600_000,
  client,
  notifyUrl: 'http://shop.test/notify',
  returnUrl: 'http://shop.test/pages/simpay/viewback?orderId=1',
  ...over,
});

/** A JSAPI order through our adapter: the parameters it hands getBrandWCPayRequest. */
async function jsapiParams() {
  const started = await createWechatPayChannel(channelOpts).start(
    request('wechat_browser', { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }),
  );
  if (started.kind !== 'jsapi') throw new Error(`expected jsapi, got ${started.kind}`);
  return started.params;
}

describe('WeChat Pay H5 and JSAPI against wechatpay-node-v3', () => {
  it('sends the H5 order the SDK builds, with the payer IP, and answers h5_url with redirect_url', async () => {
    const channel = createWechatPayChannel(channelOpts);
    const req = request('mobile_browser', { payerIp: '203.0.113.7' });
    const started = await channel.start(req);
    if (started.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.kind}`);
    const url = new URL(started.url);
    expect(url.pathname).toBe('/dev/sim/wechat/cgi-bin/mmpayweb-bin/checkmweb');
    expect(url.searchParams.get('redirect_url')).toBe(req.returnUrl);

    const ours = defined(
      sent.find((r) => r.url.endsWith('/v3/global/transactions/h5')),
      'our H5 order',
    );
    const body = JSON.parse(defined(ours.body, 'a body')) as Record<string, unknown>;
    expect(body.scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    const { trade_type, appid: _a, mchid: _m, ...fields } = body;
    expect(trade_type).toBe('H5'); // the Global API names the trade type; the domestic one has none
    await sdk.transactions_h5(fields as unknown as Parameters<WxPay['transactions_h5']>[0]);
    const theirs = defined(sdkSent.at(-1), "the SDK's H5 order");
    expect(theirs.url).toMatch(/\/transactions\/h5$/);
    expect({ ...body, trade_type: undefined }).toEqual({ ...theirs.body, trade_type: undefined });
  });

  it('will not start H5 without the payer IP WeChat checks', async () => {
    const channel = createWechatPayChannel(channelOpts);
    await expect(channel.start(request('mobile_browser'))).rejects.toThrow(/payer IP/);
  });

  it('signs getBrandWCPayRequest as the SDK does, verifiable with the merchant public key', async () => {
    const p = await jsapiParams();
    const sdkAnswer = (await sdk.transactions_jsapi({
      description: 'x',
      out_trade_no: 'Ajsapi000001',
      notify_url: 'http://shop.test/notify',
      amount: { total: 1 },
      payer: { openid: 'o1' },
    } as unknown as Parameters<WxPay['transactions_jsapi']>[0])) as unknown as {
      data: Record<string, string>;
    };
    const s = sdkAnswer.data;
    // the same parameters, and the same signed string: RSA PKCS#1 v1.5 is deterministic
    expect(Object.keys(p).sort()).toEqual(Object.keys(s).sort());
    expect(p.signType).toBe(s.signType);
    expect(p.package).toMatch(/^prepay_id=wx/);
    expect(
      rsaSign(`${s.appId}\n${s.timeStamp}\n${s.nonceStr}\n${s.package}\n`, channelOpts.merchantPrivateKey),
    ).toBe(s.paySign);
    const merchantPublic = crypto.createPublicKey(channelOpts.merchantPrivateKey);
    expect(
      Rsa.verify(
        Formatter.joinedByLineFeed(
          defined(p.appId),
          defined(p.timeStamp),
          defined(p.nonceStr),
          defined(p.package),
        ),
        defined(p.paySign),
        merchantPublic,
      ),
    ).toBe(true);
  });

  it("the simulated WeChat client pays only parameters whose paySign the merchant's key made", async () => {
    const p = await jsapiParams();
    const bridge = async (params: Record<string, string>) =>
      (
        await app.inject({
          method: 'POST',
          url: '/dev/sim/wechat/jsapi/getBrandWCPayRequest',
          payload: JSON.stringify(params),
          headers: { 'content-type': 'application/json' },
        })
      ).json<{ err_msg: string }>();
    // signed over the same four lines by another key: refused, as wechatpay-axios-plugin refuses it too
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const message = Formatter.joinedByLineFeed(
      defined(p.appId),
      defined(p.timeStamp),
      defined(p.nonceStr),
      defined(p.package),
    );
    const forged = { ...p, paySign: Rsa.sign(message, other.privateKey) };
    expect(
      Rsa.verify(message, defined(forged.paySign), crypto.createPublicKey(channelOpts.merchantPrivateKey)),
    ).toBe(false);
    expect((await bridge(forged)).err_msg).toBe('get_brand_wcpay_request:fail');
    expect((await bridge({ ...p, signType: 'HMAC-SHA256' })).err_msg).toBe('get_brand_wcpay_request:fail');
    expect(await bridge(p)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    // paid once: the same parameters cannot pay again
    expect((await bridge(p)).err_msg).toBe('get_brand_wcpay_request:fail');
  });
});
