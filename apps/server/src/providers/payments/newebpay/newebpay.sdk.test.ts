import Fastify from 'fastify';
import { NewebpayClient } from 'newebpay-mpg-sdk';
import { describe, expect, it } from 'vitest';
import { defined } from '../../../test/harness';
import { createInjectHttpClient } from '../http-client';
import { createNewebPayChannel } from './newebpay.channel';
import { checkCode, checkValue, decryptAes, encryptAes, httpBuildQuery, tradeSha } from './newebpay.crypto';
import { createNewebPayDemo, NEWEBPAY_SIMULATOR_PREFIX } from './newebpay.demo';
import { newebPaySimulator } from './newebpay.simulator';

/**
 * Independent proof of the wire format: newebpay-mpg-sdk (an implementation we did not write) decrypts what
 * we encrypt and we decrypt what it encrypts; its TradeSha, CheckValue and CheckCode equal ours; a gateway
 * form it builds passes our simulator. Its decryptAESString deletes every byte below 0x21, spaces included
 * (payment-protocols.md §0a), so values crossing that direction carry no raw spaces (a query string never
 * does: http_build_query turns a space into '+').
 */
const KEY = 'Fs5cX1TGqYM2PpdbE14a9H83YQSQF5jn';
const IV = 'C6AcmfqJILwgnhIP';
const sdk = new NewebpayClient({ merchantId: 'MS12345678', hashKey: KEY, hashIV: IV, env: 'sandbox' });

describe('NewebPay wire format against newebpay-mpg-sdk 2.3.6', () => {
  it('the SDK decrypts our TradeInfo and checks our TradeSha', () => {
    const fields = {
      MerchantID: 'MS12345678',
      Amt: 1299,
      ItemDesc: 'Japan 7 days eSIM',
      MerchantOrderNo: 'A_1',
      TimeStamp: 1763880000,
    };
    const ours = encryptAes(httpBuildQuery(fields), KEY, IV);
    const plain = sdk.decryptAESString(ours);
    expect(Object.fromEntries(new URLSearchParams(plain))).toEqual({
      ...fields,
      Amt: '1299',
      TimeStamp: '1763880000',
    });
    expect(sdk.buildTradeSha(ours)).toBe(tradeSha(ours, KEY, IV));
  });

  it('we decrypt the SDK TradeInfo, with its padding, to the same fields', () => {
    const fields = {
      MerchantID: 'MS12345678',
      Amt: '500',
      ItemDesc: 'Two SIM cards',
      Email: 'a.b@example.com',
    };
    const theirs = sdk.buildTradeInfo(fields);
    expect(Object.fromEntries(new URLSearchParams(decryptAes(theirs, KEY, IV)))).toEqual(fields);
    expect(tradeSha(theirs, KEY, IV)).toBe(sdk.buildTradeSha(theirs));
    // with values PHP and WHATWG encode alike, the two ciphertexts are byte-identical
    expect(encryptAes(httpBuildQuery(fields), KEY, IV)).toBe(theirs);
  });

  it('the SDK parses a callback our simulator encrypts with 32-byte blocks (no spaces in it)', () => {
    const body = {
      Status: 'SUCCESS',
      Message: 'ok',
      Result: { MerchantOrderNo: 'A_1', Amt: 1299, PayTime: '2026-11-23' },
    };
    const hex = encryptAes(JSON.stringify(body), KEY, IV, 32);
    expect(sdk.parseTradeInfo(hex)).toEqual(body);
  });

  it('shows why we do not decrypt as the SDK does: it deletes spaces inside values', () => {
    const hex = encryptAes(JSON.stringify({ Message: 'Authorised OK' }), KEY, IV, 32);
    expect(sdk.parseTradeInfo(hex)).toEqual({ Message: 'AuthorisedOK' });
    expect(JSON.parse(decryptAes(hex, KEY, IV))).toEqual({ Message: 'Authorised OK' });
  });

  it('computes CheckValue and CheckCode as the SDK does', () => {
    const p = { Amt: 1299, MerchantID: 'MS12345678', MerchantOrderNo: 'A_1' };
    expect(checkValue(p, KEY, IV)).toBe(sdk.buildCheckValue(p));
    expect(checkCode({ ...p, TradeNo: '26112312345678901' }, KEY, IV)).toBe(
      sdk.buildCheckCode({ ...p, TradeNo: '26112312345678901' }),
    );
  });

  it('our simulator accepts a gateway form the SDK builds, and the SDK reads the form our adapter builds', async () => {
    const app = Fastify();
    const demo = createNewebPayDemo({
      publicUrl: 'http://shop.test',
      http: createInjectHttpClient(() => app),
    });
    await app.register(newebPaySimulator, { prefix: NEWEBPAY_SIMULATOR_PREFIX, ...demo.simulator });
    const theirClient = new NewebpayClient({
      merchantId: demo.channel.merchantId,
      hashKey: demo.channel.hashKey,
      hashIV: demo.channel.hashIV,
      env: 'sandbox',
    });
    const html = theirClient.getPaymentFormHTML({
      MerchantOrderNo: 'SDK_1',
      Amt: 880,
      ItemDesc: 'Korea 5 days',
      NotifyURL: 'http://shop.test/n',
      ReturnURL: 'http://shop.test/r',
      CREDIT: 1,
    } as never);
    const field = (n: string) => defined(new RegExp(`name="${n}" value="([^"]*)"`).exec(html)?.[1], n);
    const page = await app.inject({
      method: 'POST',
      url: `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/mpg_gateway`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        MerchantID: field('MerchantID'),
        TradeInfo: field('TradeInfo'),
        TradeSha: field('TradeSha'),
        Version: field('Version'),
      }).toString(),
    });
    expect(page.body).toContain('Pay NT$880');

    const ours = await createNewebPayChannel(demo.channel).start({
      attemptNo: 'OURS_1',
      orderNo: 'O1',
      amount: 88_000,
      currency: 'TWD',
      description: 'Korea 5 days',
      expiresAt: Date.now() + 600_000,
      client: 'desktop_browser',
      method: 'VACC',
      notifyUrl: 'http://shop.test/n',
      returnUrl: 'http://shop.test/r',
      customerUrl: 'http://shop.test/c',
    });
    if (ours.kind !== 'form') throw new Error('form expected');
    const tradeInfo = defined(ours.fields.TradeInfo, 'TradeInfo');
    const parsed = Object.fromEntries(new URLSearchParams(theirClient.decryptAESString(tradeInfo)));
    expect(parsed).toMatchObject({
      MerchantOrderNo: 'OURS_1',
      Amt: '880',
      ItemDesc: 'Korea 5 days',
      VACC: '1',
      RespondType: 'JSON',
    });
    expect(parsed.ExpireDate).toMatch(/^\d{8}$/);
    expect(theirClient.buildTradeSha(tradeInfo)).toBe(ours.fields.TradeSha);
    await app.close();
  });
});
