import type { FastifyInstance } from 'fastify';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import WxPay from 'wechatpay-node-v3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest, InboundCallback } from '../channel';
import { defined } from '../../../test/harness';
import { wechatpayNodeSdk, wechatSdkRig } from './wechat.fixtures';
import { createWechatPayChannel, type WechatPayChannelOptions } from './wechat.channel';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  randomAlnum,
  requestMessage,
  responseMessage,
  rsaSign,
} from './wechat.crypto';
import type { WechatPaySimulator, WechatPaySimulatorOptions } from './wechat.simulator';

/**
 * Independent proof of the WeChat Pay v3 wire format: vectors our code produces are accepted by
 * wechatpay-node-v3 2.2.1 and wechatpay-axios-plugin 0.9.6, and vectors they produce are accepted by ours.
 */
const NOTIFY = 'http://shop.test/notify';

let app: FastifyInstance;
let sim: WechatPaySimulator;
let channelOpts: WechatPayChannelOptions;
let simOpts: WechatPaySimulatorOptions;
let sdk: WxPay;
let sent: HttpRequest[];
const notifications: InboundCallback[] = [];

beforeAll(async () => {
  ({ app, sim, sent, channelOpts, simOpts } = await wechatSdkRig());
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    shop.post('/notify', async (req, reply) => {
      notifications.push({
        method: 'POST',
        headers: req.headers as Record<string, string>,
        rawBody: String(req.body),
        query: {},
      });
      return reply.status(204).send();
    });
  });
  await app.ready();
  sdk = wechatpayNodeSdk(channelOpts);
  // the SDK looks platform keys up in a static table by serial; PUB_KEY_ID_ ids work the same way
  (WxPay as unknown as { certificates: Record<string, string> }).certificates[simOpts.platformSerial] =
    defined(Object.values(channelOpts.platformKeys)[0], 'a platform key');
});

afterAll(async () => {
  await sim.settled();
  await app.close();
});

describe('WeChat Pay v3 wire format against the SDKs', () => {
  it('signs requests exactly as wechatpay-node-v3 and wechatpay-axios-plugin do', () => {
    const body = JSON.stringify({ mchid: channelOpts.mchid, out_trade_no: 'A123456', amount: { total: 1 } });
    const ts = '1763884800';
    const nonce = randomAlnum(32);
    const path = '/v3/pay/transactions/native';
    // RSASSA-PKCS1-v1_5 is deterministic: equal signatures mean equal signed messages
    const ours = rsaSign(requestMessage('POST', path, ts, nonce, body), channelOpts.merchantPrivateKey);
    expect(sdk.getSignature('POST', nonce, ts, path, body)).toBe(ours);
    expect(Formatter.request('POST', path, ts, nonce, body)).toBe(
      requestMessage('POST', path, ts, nonce, body),
    );
    const getPath = '/v3/pay/transactions/out-trade-no/A123456?mchid=1900000109';
    expect(sdk.getSignature('GET', nonce, ts, getPath, '')).toBe(
      rsaSign(requestMessage('GET', getPath, ts, nonce, ''), channelOpts.merchantPrivateKey),
    );
  });

  it('our simulator accepts requests the SDKs signed, in either header field order', async () => {
    const path =
      '/dev/sim/wechat/v3/global/transactions/out-trade-no/Anever0000001?mchid=' + channelOpts.mchid;
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomAlnum(32);
    const viaNodeV3 = sdk.getAuthorization(nonce, ts, sdk.getSignature('GET', nonce, ts, path, ''));
    const signature = Rsa.sign(Formatter.request('GET', path, ts, nonce), channelOpts.merchantPrivateKey);
    const viaAxios = Formatter.authorization(
      channelOpts.mchid,
      nonce,
      signature,
      ts,
      channelOpts.merchantSerial,
    );
    for (const authorization of [viaNodeV3, viaAxios]) {
      const res = await app.inject({ method: 'GET', url: path, headers: { authorization } });
      // verified, then "no such order": a bad signature would be 401 SIGN_ERROR
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body).code).toBe('ORDER_NOT_EXIST');
    }
  });

  it('the SDKs verify and decrypt our notifications and the order request we signed', async () => {
    const channel = createWechatPayChannel(channelOpts);
    const started = await channel.start({
      attemptNo: 'Asdk00000001',
      orderNo: 'O1',
      amount: 100,
      currency: 'TWD',
      description: 'SDK check',
      expiresAt: Date.now() + 600_000,
      client: 'desktop_browser',
      notifyUrl: NOTIFY,
      returnUrl: 'http://shop.test/',
    });
    expect(started.kind).toBe('qr');
    const res = await app.inject({
      method: 'GET',
      url: `/dev/sim/wechat/cashier?pr=${sim.tokenOf('Asdk00000001')}`,
    });
    const token = /name="token" value="([^"]+)"/.exec(res.body)![1];
    await app.inject({
      method: 'POST',
      url: '/dev/sim/wechat/cashier',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&action=pay`,
    });
    await sim.settled();
    const n = notifications.at(-1)!;
    const h = n.headers as Record<string, string | undefined>;
    const header = (name: string) => defined(h[name], name);
    expect(
      await sdk.verifySign({
        timestamp: header('wechatpay-timestamp'),
        nonce: header('wechatpay-nonce'),
        body: n.rawBody,
        serial: header('wechatpay-serial'),
        signature: header('wechatpay-signature'),
      }),
    ).toBe(true);
    const platformPublic = defined(Object.values(channelOpts.platformKeys)[0], 'a platform key');
    expect(
      Rsa.verify(
        Formatter.response(header('wechatpay-timestamp'), header('wechatpay-nonce'), n.rawBody),
        header('wechatpay-signature'),
        platformPublic,
      ),
    ).toBe(true);
    const { resource } = JSON.parse(n.rawBody);
    const viaNodeV3 = sdk.decipher_gcm<Record<string, unknown>>(
      resource.ciphertext,
      resource.associated_data,
      resource.nonce,
    );
    expect(viaNodeV3).toMatchObject({
      out_trade_no: 'Asdk00000001',
      trade_state: 'SUCCESS',
      amount: { total: 100 },
    });
    expect(
      JSON.parse(
        Aes.AesGcm.decrypt(
          resource.ciphertext,
          channelOpts.apiV3Key,
          resource.nonce,
          resource.associated_data,
        ),
      ),
    ).toEqual(viaNodeV3);

    // and the order request we sent carries the signature the SDK computes over its exact bytes
    const order = sent.find((r) => r.url.endsWith('/v3/global/transactions/native'))!;
    const fields = Object.fromEntries(
      [...defined(order.headers.Authorization, 'Authorization').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(
      sdk.getSignature('POST', fields.nonce_str, fields.timestamp, new URL(order.url).pathname, order.body),
    ).toBe(fields.signature);
  });

  it('our adapter accepts a notification signed and encrypted by the SDKs', async () => {
    const plain = JSON.stringify({
      appid: channelOpts.appid,
      mchid: channelOpts.mchid,
      out_trade_no: 'Asdk00000002',
      transaction_id: '4200000000000000000000000002',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-23T16:00:00+08:00',
      payer: { openid: 'o1' },
      amount: { total: 321, payer_total: 321, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomAlnum(12);
    const body = JSON.stringify({
      id: 'EV-1',
      create_time: '2026-11-23T16:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(plain, channelOpts.apiV3Key, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const sigNonce = randomAlnum(32);
    // the SDK's SHA256withRSA signer, playing the platform's side (its sign() is protected)
    const platformSdk = new (class extends WxPay {
      signAsPlatform(message: string) {
        return this.sign(message);
      }
    })({
      appid: channelOpts.appid,
      mchid: channelOpts.mchid,
      serial_no: simOpts.platformSerial,
      publicKey: Buffer.from('unused'),
      privateKey: Buffer.from(simOpts.platformPrivateKey),
    });
    const signature = platformSdk.signAsPlatform(`${ts}\n${sigNonce}\n${body}\n`);
    const channel = createWechatPayChannel(channelOpts);
    const result = await channel.handleCallback('notify', {
      method: 'POST',
      headers: {
        'Wechatpay-Timestamp': ts,
        'Wechatpay-Nonce': sigNonce,
        'Wechatpay-Signature': signature,
        'Wechatpay-Serial': simOpts.platformSerial,
      },
      rawBody: body,
      query: {},
    });
    expect(result.payments).toEqual([
      expect.objectContaining({ attemptNo: 'Asdk00000002', state: 'paid', amount: 321 }),
    ]);
    expect(Rsa.sign(Formatter.response(ts, sigNonce, body), simOpts.platformPrivateKey)).toBe(signature);
    expect(responseMessage(ts, sigNonce, body)).toBe(Formatter.response(ts, sigNonce, body));
  });

  it('refuses a flipped GCM tag that wechatpay-node-v3 would accept', () => {
    const nonce = randomAlnum(12);
    const ct = aesGcmEncrypt('{"trade_state":"SUCCESS"}', channelOpts.apiV3Key, nonce, 'transaction');
    const bytes = Buffer.from(ct, 'base64');
    const last = bytes.length - 1; // never negative: GCM output ends in a 16-byte tag
    bytes.writeUInt8(bytes.readUInt8(last) ^ 0x01, last);
    const flipped = bytes.toString('base64');
    // the trap of payment-protocols.md 0a: decipher_gcm never calls final(), so the tag is not checked
    expect(sdk.decipher_gcm(flipped, 'transaction', nonce)).toEqual({ trade_state: 'SUCCESS' });
    expect(() => Aes.AesGcm.decrypt(flipped, channelOpts.apiV3Key, nonce, 'transaction')).toThrow();
    expect(() => aesGcmDecrypt(flipped, channelOpts.apiV3Key, nonce, 'transaction')).toThrow();
    expect(aesGcmDecrypt(ct, channelOpts.apiV3Key, nonce, 'transaction')).toBe('{"trade_state":"SUCCESS"}');
  });
});
