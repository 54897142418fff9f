import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../channel';
import { defined } from '../../../test/harness';
import { createInjectHttpClient } from '../http-client';
import { createTapPayChannel } from './tappay.channel';
import { createTapPayDemo, TAPPAY_SIMULATOR_PREFIX } from './tappay.demo';
import { TAPPAY_TEST_CARDS, tapPaySimulator } from './tappay.simulator';

/**
 * Independent proof of the pay-by-prime wire format with tappay-nodejs 2.0.11, TapPay's own backend SDK.
 * Its client is pointed at a capture server on 127.0.0.1, which records each request as it arrived and
 * hands it to our simulator. The SDK's requests pass our simulator, and ours have the SDK's shape: path,
 * x-api-key header, JSON body with partner_key.
 */
const require = createRequire(import.meta.url);
type Sdk = {
  initialize(c: { partner_key: string; env: string }): void;
  payByPrime(d: Record<string, unknown>): Promise<any>;
  refund(d: Record<string, unknown>): Promise<any>;
  getRecords(d: Record<string, unknown>): Promise<any>;
};
const TapPay = require('tappay-nodejs') as Sdk;
// the SDK keeps its own axios; rewriting the base URL there is the only way to aim it at 127.0.0.1
const sdkAxios = require(
  require.resolve('axios', { paths: [path.dirname(require.resolve('tappay-nodejs'))] }),
) as {
  interceptors: { request: { use(f: (c: { baseURL?: string }) => unknown): void } };
};

type Captured = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

describe('TapPay wire format against tappay-nodejs 2.0.11', () => {
  let app: FastifyInstance;
  let server: http.Server;
  const captured: Captured[] = [];
  let demo: ReturnType<typeof createTapPayDemo>;

  beforeAll(async () => {
    app = Fastify();
    demo = createTapPayDemo({ publicUrl: 'http://shop.test', http: createInjectHttpClient(() => app) });
    await app.register(tapPaySimulator, { prefix: TAPPAY_SIMULATOR_PREFIX, ...demo.simulator });
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        captured.push({ method: req.method!, path: req.url!, headers: req.headers, body });
        // a relay that fails answers 500, so the SDK call under test fails instead of hanging
        app
          .inject({
            method: req.method as 'POST',
            url: `${TAPPAY_SIMULATOR_PREFIX}${req.url}`,
            headers: {
              'content-type': 'application/json',
              'x-api-key': String(req.headers['x-api-key'] ?? ''),
            },
            payload: body,
          })
          .then(
            (out) => res.writeHead(out.statusCode, { 'content-type': 'application/json' }).end(out.body),
            (err: unknown) => res.writeHead(500).end(String(err)),
          );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    sdkAxios.interceptors.request.use((c) => ({ ...c, baseURL: `http://127.0.0.1:${port}` }));
    TapPay.initialize({ partner_key: demo.channel.partnerKey, env: 'sandbox' });
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await app.close();
  });

  const prime = async () =>
    (
      await app.inject({
        method: 'POST',
        url: `${TAPPAY_SIMULATOR_PREFIX}/_prime`,
        payload: { number: TAPPAY_TEST_CARDS.success },
      })
    ).json().prime as string;

  it('the SDK pays by prime, reads the record and refunds against our simulator', async () => {
    const paid = await TapPay.payByPrime({
      prime: await prime(),
      merchant_id: demo.channel.merchantId,
      amount: 100,
      currency: 'TWD',
      details: 'SIM card',
      cardholder: { phone_number: '+886923456789', name: 'Wang', email: 'w@example.com' },
      bank_transaction_id: 'SDK1',
    });
    expect(paid).toMatchObject({ status: 0, amount: 100, bank_transaction_id: 'SDK1' });
    const records = await TapPay.getRecords({
      records_per_page: 10,
      page: 0,
      filters: { rec_trade_id: paid.rec_trade_id },
    });
    expect(records.trade_records[0]).toMatchObject({
      rec_trade_id: paid.rec_trade_id,
      record_status: 1,
      amount: 100,
    });
    expect(await TapPay.refund({ rec_trade_id: paid.rec_trade_id, amount: 40 })).toMatchObject({
      status: 0,
      refund_amount: 40,
    });
  });

  it('our pay-by-prime request has the shape the SDK sends', async () => {
    const ours: { headers: Record<string, string>; url: string; body: string }[] = [];
    const relay: HttpClient = async (req) => {
      ours.push({ headers: req.headers, url: req.url, body: req.body ?? '' });
      return createInjectHttpClient(() => app)(req);
    };
    const channel = createTapPayChannel({ ...demo.channel, http: relay });
    const res = await channel.start({
      attemptNo: 'OURS1',
      orderNo: 'O1',
      amount: 25_000,
      currency: 'TWD',
      description: 'eSIM',
      expiresAt: Date.now() + 60_000,
      client: 'desktop_browser',
      prime: await prime(),
      cardholder: { name: 'Wang', phone: '+886923456789', email: 'w@example.com' },
      notifyUrl: 'http://shop.test/n',
      returnUrl: 'http://shop.test/r',
    });
    expect(res).toMatchObject({ kind: 'done', outcome: { state: 'paid', amount: 25_000 } });
    const ourReq = defined(ours[0], 'our request');
    const ourBody = JSON.parse(ourReq.body);

    // the SDK sends the same payment, without partner_key (it adds that itself)
    const { partner_key: _pk, ...payment } = ourBody;
    const before = captured.length;
    const theirs = await TapPay.payByPrime({ ...payment, prime: await prime(), bank_transaction_id: 'SDK2' });
    expect(theirs.status).toBe(0);
    const sdkReq = defined(captured[before], "the SDK's request");
    expect(sdkReq.method).toBe('POST');
    expect(new URL(ourReq.url).pathname).toBe(`${TAPPAY_SIMULATOR_PREFIX}${sdkReq.path}`);
    expect(sdkReq.path).toBe('/tpc/payment/pay-by-prime');
    expect(ourReq.headers['x-api-key']).toBe(sdkReq.headers['x-api-key']);
    expect(sdkReq.headers['content-type']).toMatch(/^application\/json/);
    expect(ourReq.headers['content-type']).toMatch(/^application\/json/);
    const sdkBody = JSON.parse(sdkReq.body);
    expect({ ...ourBody, prime: '', bank_transaction_id: '' }).toEqual({
      ...sdkBody,
      prime: '',
      bank_transaction_id: '',
    });
    expect(sdkBody.partner_key).toBe(demo.channel.partnerKey);
  });

  it('the SDK pays a LINE Pay prime with result_url and gets the payment_url our adapter redirects to', async () => {
    const walletPrime = async (wallet: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `${TAPPAY_SIMULATOR_PREFIX}/tpc/wallet-prime`,
          payload: { app_id: demo.channel.appId, app_key: demo.channel.appKey, wallet },
        })
      ).json().prime as string;
    const resultUrl = {
      frontend_redirect_url: 'http://shop.test/r',
      backend_notify_url: 'http://shop.test/n',
    };
    const theirs = await TapPay.payByPrime({
      prime: await walletPrime('line_pay'),
      merchant_id: demo.channel.merchantId,
      amount: 129,
      currency: 'TWD',
      details: 'eSIM',
      cardholder: { phone_number: '+886923456789', name: 'Wang', email: 'w@example.com' },
      bank_transaction_id: 'SDKLINE1',
      result_url: resultUrl,
    });
    expect(theirs).toMatchObject({ status: 0, payment_method: 'line_pay' });
    expect(String(theirs.payment_url)).toMatch(/\/wallet\/D\d+$/);
    // without result_url TapPay cannot send the buyer back: refused
    const bare = await TapPay.payByPrime({
      prime: await walletPrime('jko_pay'),
      merchant_id: demo.channel.merchantId,
      amount: 129,
      details: 'eSIM',
      cardholder: { phone_number: '+886923456789', name: 'Wang', email: 'w@example.com' },
      bank_transaction_id: 'SDKJKO1',
    });
    expect(bare.status).not.toBe(0);

    const channel = createTapPayChannel(demo.channel);
    const ours = await channel.start({
      attemptNo: 'OURLINE1',
      orderNo: 'O1',
      amount: 12_900,
      currency: 'TWD',
      description: 'eSIM',
      expiresAt: Date.now() + 60_000,
      client: 'mobile_browser',
      method: 'line_pay',
      prime: await walletPrime('line_pay'),
      notifyUrl: resultUrl.backend_notify_url,
      returnUrl: resultUrl.frontend_redirect_url,
    });
    expect(ours).toMatchObject({ kind: 'redirect', url: expect.stringMatching(/\/wallet\/D\d+$/) });
    const applePay = await channel.start({
      attemptNo: 'OURAPPLE1',
      orderNo: 'O1',
      amount: 12_900,
      currency: 'TWD',
      description: 'eSIM',
      expiresAt: Date.now() + 60_000,
      client: 'mobile_browser',
      method: 'apple_pay',
      prime: await walletPrime('apple_pay'),
      notifyUrl: resultUrl.backend_notify_url,
      returnUrl: resultUrl.frontend_redirect_url,
    });
    expect(applePay).toMatchObject({
      kind: 'done',
      outcome: { state: 'paid', detail: { wallet: 'apple_pay' } },
    });
  });
});
