import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelVerificationError,
  type HttpClient,
  type PaymentChannel,
  type PaymentOutcome,
  type StartRequest,
} from '../channel';
import { createInjectHttpClient } from '../http-client';
import { defined } from '../../../test/harness';
import { createTapPayChannel, type TapPayChannelOptions } from './tappay.channel';
import { createTapPayDemo, TAPPAY_SIMULATOR_PREFIX } from './tappay.demo';
import { TAPPAY_TEST_CARDS, tapPaySimulator, type TapPaySimState } from './tappay.simulator';

const ORIGIN = 'http://shop.test';
const P = TAPPAY_SIMULATOR_PREFIX;

type Harness = {
  app: FastifyInstance;
  channel: PaymentChannel;
  opts: TapPayChannelOptions;
  state: TapPaySimState;
  notified: PaymentOutcome[];
  refused: string[];
  /** Every request the adapter sent, for checks on what went over the wire. */
  sent: { url: string; headers: Record<string, string>; body: string }[];
};

/** A shop stand-in: the simulator plus notify/return routes handing the raw request to the adapter. */
async function harness(over: { timeoutMs?: number } = {}): Promise<Harness> {
  const app = Fastify();
  const inject = createInjectHttpClient(() => app);
  const sent: Harness['sent'] = [];
  const spy: HttpClient = (req) => {
    sent.push({ url: req.url, headers: req.headers, body: req.body ?? '' });
    return inject(req);
  };
  const demo = createTapPayDemo({ publicUrl: ORIGIN, http: inject, timeoutMs: over.timeoutMs });
  demo.simulator.retryDelaysMs = [5, 5, 5];
  const opts = { ...demo.channel, http: spy };
  const channel = createTapPayChannel(opts);
  const h: Harness = { app, channel, opts, state: demo.simulator.state!, notified: [], refused: [], sent };
  await app.register(tapPaySimulator, { prefix: P, ...demo.simulator });
  await app.register(async (shop) => {
    // the notify is verified by re-fetching, but we still hand the adapter the bytes as they came
    shop.removeContentTypeParser('application/json');
    shop.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, b, done) => done(null, b));
    shop.post('/shop/tappay/notify', async (req, reply) => {
      try {
        const res = await channel.handleCallback('notify', {
          method: 'POST',
          headers: {},
          rawBody: String(req.body),
          query: {},
        });
        h.notified.push(...res.payments);
        return reply.status(res.reply.status).send(res.reply.body);
      } catch (e) {
        if (!(e instanceof ChannelVerificationError)) throw e;
        h.refused.push(e.message);
        return reply.status(400).send(e.message);
      }
    });
    shop.get('/shop/tappay/return', async (req) => {
      const res = await channel.handleCallback('return', {
        method: 'GET',
        headers: {},
        rawBody: '',
        query: req.query as Record<string, string>,
      });
      return res.payments;
    });
  });
  return h;
}

let seq = 0;
const request = (prime: string, over: Partial<StartRequest> = {}): StartRequest => ({
  attemptNo: `TP${Date.now()}${seq++}`,
  orderNo: 'O2001',
  amount: 59_900,
  currency: 'TWD',
  description: 'Thailand 8 days unlimited',
  expiresAt: Date.now() + 30 * 60_000,
  client: 'desktop_browser',
  prime,
  cardholder: { name: 'Wang Xiaoming', phone: '+886923456789', email: 'ming@example.com' },
  notifyUrl: `${ORIGIN}/shop/tappay/notify`,
  returnUrl: `${ORIGIN}/shop/tappay/return`,
  ...over,
});

/** Gets a prime the way the web SDK stand-in does: the card goes to the simulator's prime endpoint. */
async function primeFor(h: Harness, number: string = TAPPAY_TEST_CARDS.success) {
  const res = await h.app.inject({
    method: 'POST',
    url: `${P}/tpc/prime`,
    payload: { app_id: h.opts.appId, app_key: h.opts.appKey, card: { number, expiry: '1230', ccv: '123' } },
  });
  const body = res.json();
  expect(body.status).toBe(0);
  return body.card.prime as string;
}

describe('TapPay through its simulator', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.state.idle();
    await h.app.close();
  });

  it('gives the client app_id, app_key, server_type and the SDK address, never the partner key', () => {
    const info = h.channel.clientInfo!();
    expect(info).toEqual({
      app_id: h.opts.appId,
      app_key: h.opts.appKey,
      server_type: 'sandbox',
      sdk_url: `${ORIGIN}${P}/sdk.js`,
    });
    expect(JSON.stringify(info)).not.toContain(h.opts.partnerKey);
  });

  it('serves the SDK stand-in as JavaScript exposing TPDirect', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${P}/sdk.js` });
    expect(res.headers['content-type']).toMatch(/javascript/);
    for (const api of ['setupSDK', 'getPrime', 'getTappayFieldsStatus', 'onUpdate', 'window.TPDirect'])
      expect(res.body).toContain(api);
  });

  it('issues primes only to the app and for valid cards', async () => {
    const wrongKey = await h.app.inject({
      method: 'POST',
      url: `${P}/tpc/prime`,
      payload: {
        app_id: h.opts.appId,
        app_key: 'nope',
        card: { number: TAPPAY_TEST_CARDS.success, expiry: '1230', ccv: '123' },
      },
    });
    expect(wrongKey.json().status).not.toBe(0);
    const badLuhn = await h.app.inject({
      method: 'POST',
      url: `${P}/tpc/prime`,
      payload: {
        app_id: h.opts.appId,
        app_key: h.opts.appKey,
        card: { number: '4242424242424241', expiry: '1230', ccv: '123' },
      },
    });
    expect(badLuhn.json().status).not.toBe(0);
    expect(await primeFor(h)).toMatch(/^test_[0-9a-f]{64}$/);
  });

  it('pays by prime without 3-D Secure: a verified paid outcome at once, in minor units', async () => {
    const req = request(await primeFor(h));
    const res = await h.channel.start(req);
    expect(res.kind).toBe('done');
    if (res.kind !== 'done') return;
    expect(res.outcome).toMatchObject({
      attemptNo: req.attemptNo,
      state: 'paid',
      amount: 59_900,
      currency: 'TWD',
    });
    expect(res.outcome.providerTradeNo).toMatch(/^D\d+/);
    expect(res.outcome.detail?.last_four).toBe('4242');
    const sent = defined(h.sent[0], 'the pay-by-prime call');
    const call = JSON.parse(sent.body);
    expect(sent.url).toBe(`${ORIGIN}${P}/tpc/payment/pay-by-prime`);
    expect(sent.headers['x-api-key']).toBe(h.opts.partnerKey);
    expect(call).toMatchObject({
      partner_key: h.opts.partnerKey,
      merchant_id: h.opts.merchantId,
      amount: 599,
      currency: 'TWD',
      bank_transaction_id: req.attemptNo,
      order_number: 'O2001',
      cardholder: { name: 'Wang Xiaoming', phone_number: '+886923456789', email: 'ming@example.com' },
      three_domain_secure: true,
      result_url: { frontend_redirect_url: req.returnUrl, backend_notify_url: req.notifyUrl },
    });
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({
      state: 'paid',
      amount: 59_900,
      providerTradeNo: res.outcome.providerTradeNo,
    });
  });

  it('turns a decline into a failed outcome', async () => {
    const res = await h.channel.start(request(await primeFor(h, TAPPAY_TEST_CARDS.decline)));
    expect(res).toMatchObject({ kind: 'done', outcome: { state: 'failed' } });
    if (res.kind === 'done') expect(res.outcome.detail?.msg).toMatch(/declined/i);
  });

  it('refuses a reused prime and a repeated bank_transaction_id', async () => {
    const prime = await primeFor(h);
    const first = await h.channel.start(request(prime));
    expect(first).toMatchObject({ kind: 'done', outcome: { state: 'paid' } });
    const again = await h.channel.start(request(prime));
    expect(again).toMatchObject({
      kind: 'done',
      outcome: { state: 'failed', detail: { msg: 'Prime is used' } },
    });
    const req = request(await primeFor(h));
    await h.channel.start(req);
    const dup = await h.channel.start({ ...req, prime: await primeFor(h) });
    expect(dup).toMatchObject({
      kind: 'done',
      outcome: { state: 'failed', detail: { msg: 'Duplicate bank_transaction_id' } },
    });
  });

  it('refuses an expired prime, a wrong partner key and a wrong merchant', async () => {
    const prime = await primeFor(h);
    h.state.primes.get(prime)!.expiresAt = Date.now() - 1;
    expect(await h.channel.start(request(prime))).toMatchObject({
      outcome: { state: 'failed', detail: { msg: 'Prime is expired' } },
    });
    const wrongKey = createTapPayChannel({ ...h.opts, partnerKey: 'partner_wrong' });
    expect(await wrongKey.start(request(await primeFor(h)))).toMatchObject({
      outcome: { state: 'failed', detail: { msg: 'Invalid partner_key' } },
    });
    const wrongMerchant = createTapPayChannel({ ...h.opts, merchantId: 'other' });
    expect(await wrongMerchant.start(request(await primeFor(h)))).toMatchObject({
      outcome: { state: 'failed', detail: { msg: 'Invalid merchant_id' } },
    });
  });

  it('on a pay-by-prime timeout asks the Record API instead of retrying the prime', async () => {
    await h.app.close();
    h = await harness({ timeoutMs: 150 });
    h.state.switches.slowMs = 600;
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.slow));
    const res = await h.channel.start(req);
    expect(res).toMatchObject({
      kind: 'done',
      outcome: { attemptNo: req.attemptNo, state: 'paid', amount: 59_900 },
    });
    expect(h.sent.map((s) => new URL(s.url).pathname)).toEqual([
      `${P}/tpc/payment/pay-by-prime`,
      `${P}/tpc/transaction/query`,
    ]);
    expect(JSON.parse(defined(h.sent[1], 'the Record API call').body).filters).toEqual({
      bank_transaction_id: req.attemptNo,
    });
    await new Promise((r) => setTimeout(r, 600)); // let the slow answer land before the app closes
  });

  it('treats a 5xx from pay-by-prime like a timeout: the Record API decides', async () => {
    const prime = await primeFor(h);
    const req = request(prime);
    const failing = createTapPayChannel({
      ...h.opts,
      http: async (r) => {
        const res = await h.opts.http(r);
        return r.url.endsWith('/pay-by-prime') ? { ...res, status: 502, body: 'Bad Gateway' } : res;
      },
    });
    expect(await failing.start(req)).toMatchObject({
      kind: 'done',
      outcome: { state: 'paid', amount: 59_900 },
    });
    const never = request(await primeFor(h));
    const down = createTapPayChannel({
      ...h.opts,
      http: async () => ({ status: 503, headers: {}, body: '' }),
    });
    await expect(down.start(never)).resolves.toMatchObject({ kind: 'done', outcome: { state: 'pending' } });
  });

  it('3-D Secure: redirect, the person pays, the unsigned notify is re-fetched, the browser comes back', async () => {
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    expect(res.kind).toBe('redirect');
    if (res.kind !== 'redirect') return;
    expect(res.url).toMatch(new RegExp(`^${ORIGIN}${P}/3ds/D\\d+$`));
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'pending' });
    const path = new URL(res.url).pathname;
    expect((await h.app.inject({ method: 'GET', url: path })).body).toContain('Verify and pay');
    const done = await h.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(done.statusCode).toBe(302);
    expect(h.notified).toEqual([
      expect.objectContaining({ attemptNo: req.attemptNo, state: 'paid', amount: 59_900 }),
    ]);
    const back = new URL(done.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(req.returnUrl);
    expect(back.searchParams.get('bank_transaction_id')).toBe(req.attemptNo);
    const ret = await h.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(ret.json()[0]).toMatchObject({ attemptNo: req.attemptNo, state: 'paid' });
  });

  it('3-D Secure failed: the notify gives a failed outcome', async () => {
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    if (res.kind !== 'redirect') throw new Error('redirect expected');
    await h.app.inject({
      method: 'POST',
      url: new URL(res.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=fail',
    });
    expect(h.notified).toEqual([expect.objectContaining({ attemptNo: req.attemptNo, state: 'failed' })]);
  });

  it('trusts the Record API, not the notify: forged notifications prove nothing', async () => {
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    if (res.kind !== 'redirect') throw new Error('redirect expected');
    const recTradeId = new URL(res.url).pathname.split('/').pop()!;
    // someone who learnt the trade id claims it was paid: the record still says pending
    const forged = await h.channel.handleCallback('notify', {
      method: 'POST',
      headers: {},
      query: {},
      rawBody: JSON.stringify({
        status: 0,
        rec_trade_id: recTradeId,
        amount: 599,
        bank_transaction_id: req.attemptNo,
      }),
    });
    expect(forged.payments[0]).toMatchObject({ attemptNo: req.attemptNo, state: 'pending' });
    await expect(
      h.channel.handleCallback('notify', {
        method: 'POST',
        headers: {},
        query: {},
        rawBody: JSON.stringify({ status: 0, rec_trade_id: 'D999' }),
      }),
    ).rejects.toBeInstanceOf(ChannelVerificationError);
    await expect(
      h.channel.handleCallback('notify', { method: 'POST', headers: {}, query: {}, rawBody: 'not json' }),
    ).rejects.toBeInstanceOf(ChannelVerificationError);
  });

  it('gives the same outcome for duplicated and out-of-order notifications', async () => {
    h.state.switches.duplicateNotify = true;
    h.state.switches.outOfOrderNotify = true;
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    if (res.kind !== 'redirect') throw new Error('redirect expected');
    await h.app.inject({
      method: 'POST',
      url: new URL(res.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(h.state.deliveries).toHaveLength(3);
    expect(JSON.parse(defined(h.state.deliveries[2], 'the third delivery').body).status).not.toBe(0); // the stale one came last
    expect(h.notified).toHaveLength(3);
    for (const o of h.notified) expect(o).toEqual(h.notified[0]);
    expect(h.notified[0]?.state).toBe('paid');
  });

  it('resolves a redirect without notify by the Record API', async () => {
    h.state.switches.notify = 'none';
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    if (res.kind !== 'redirect') throw new Error('redirect expected');
    await h.app.inject({
      method: 'POST',
      url: new URL(res.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(h.notified).toHaveLength(0);
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid', amount: 59_900 });
  });

  it('sets switches over HTTP, as the demo operator and browser tests do', async () => {
    const set = await h.app.inject({
      method: 'POST',
      url: `${P}/_switches`,
      payload: { notify: 'after_redirect', duplicateNotify: true, bogus: 1 },
    });
    expect(set.json()).toMatchObject({ notify: 'after_redirect', duplicateNotify: true });
    expect(set.json()).not.toHaveProperty('bogus');
    const req = request(await primeFor(h, TAPPAY_TEST_CARDS.threeDS));
    const res = await h.channel.start(req);
    if (res.kind !== 'redirect') throw new Error('redirect expected');
    await h.app.inject({
      method: 'POST',
      url: new URL(res.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    await h.state.idle();
    expect(h.notified.map((o) => o.state)).toEqual(['paid', 'paid']);
  });

  it('shows a tampered amount as a mismatch the core can refuse', async () => {
    h.state.switches.amountMismatch = true;
    const req = request(await primeFor(h));
    const res = await h.channel.start(req);
    if (res.kind !== 'done') throw new Error('done expected');
    expect(res.outcome.amount).toBe(60_000);
    expect(res.outcome.amount).not.toBe(req.amount);
  });

  it('refunds in part, then the remaining balance with amount omitted, never beyond it', async () => {
    const req = request(await primeFor(h));
    const res = await h.channel.start(req);
    if (res.kind !== 'done') throw new Error('done expected');
    const base = {
      attemptNo: req.attemptNo,
      providerTradeNo: res.outcome.providerTradeNo,
      total: req.amount,
      currency: 'TWD',
      reason: 'x',
      notifyUrl: '',
    };
    expect(await h.channel.refund({ ...base, refundNo: 'R1', amount: 10_000 })).toMatchObject({
      refundNo: 'R1',
      state: 'succeeded',
    });
    expect(JSON.parse(h.sent.at(-1)!.body)).toEqual({
      partner_key: h.opts.partnerKey,
      rec_trade_id: res.outcome.providerTradeNo,
      amount: 100,
      bank_refund_id: 'R1',
    });
    const over = await h.channel.refund({ ...base, refundNo: 'R2', amount: 50_000 });
    expect(over).toMatchObject({ state: 'failed' });
    expect(over.reason).toMatch(/remaining 499/);
    expect(await h.channel.refund({ ...base, refundNo: 'R3', amount: 49_900 })).toMatchObject({
      state: 'succeeded',
    });
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({
      state: 'paid',
      detail: { record_status: '3', refunded_amount: '599' },
    });
  });

  it('repeating a refund number never refunds twice', async () => {
    const req = request(await primeFor(h));
    const res = await h.channel.start(req);
    if (res.kind !== 'done') throw new Error('done expected');
    const refund = {
      attemptNo: req.attemptNo,
      providerTradeNo: res.outcome.providerTradeNo,
      refundNo: 'RFD_1',
      amount: 20_000,
      total: req.amount,
      currency: 'TWD',
      reason: 'x',
      notifyUrl: '',
    };
    const first = await h.channel.refund(refund);
    const again = await h.channel.refund(refund);
    expect(again).toEqual(first);
    expect(first.state).toBe('succeeded');
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({
      detail: { record_status: '2', refunded_amount: '200' },
    });
  });

  it('refunds in full with amount omitted, finding the trade by attempt number', async () => {
    const req = request(await primeFor(h));
    await h.channel.start(req);
    const res = await h.channel.refund({
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RF',
      amount: req.amount,
      total: req.amount,
      currency: 'TWD',
      reason: 'x',
      notifyUrl: '',
    });
    expect(res.state).toBe('succeeded');
    expect(res.providerRefundId).toMatch(/^RF\d+/);
    expect(JSON.parse(h.sent.at(-1)!.body)).not.toHaveProperty('amount');
    expect([...h.state.records.values()][0]).toMatchObject({ record_status: 3, refunded_amount: 599 });
  });
});
