import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelVerificationError,
  type PaymentChannel,
  type PaymentOutcome,
  type StartRequest,
} from '../channel';
import { createInjectHttpClient } from '../http-client';
import { defined } from '../../../test/harness';
import { createNewebPayChannel, type NewebPayChannelOptions } from './newebpay.channel';
import { createNewebPayDemo, NEWEBPAY_SIMULATOR_PREFIX } from './newebpay.demo';
import { newebPaySimulator, type NewebPaySimState } from './newebpay.simulator';

const ORIGIN = 'http://shop.test';
const SIM = `${ORIGIN}${NEWEBPAY_SIMULATOR_PREFIX}`;

type Harness = {
  app: FastifyInstance;
  channel: PaymentChannel;
  state: NewebPaySimState;
  opts: NewebPayChannelOptions;
  /** Outcomes our notify route accepted, and callbacks it refused. */
  notified: PaymentOutcome[];
  refused: string[];
};

/** A shop stand-in: the simulator plus notify/return/customer routes that hand the raw body to the adapter. */
async function harness(): Promise<Harness> {
  const app = Fastify();
  const http = createInjectHttpClient(() => app);
  const demo = createNewebPayDemo({ publicUrl: ORIGIN, http });
  demo.simulator.retryDelaysMs = [5, 5, 5];
  const channel = createNewebPayChannel(demo.channel);
  const h: Harness = {
    app,
    channel,
    state: demo.simulator.state!,
    opts: demo.channel,
    notified: [],
    refused: [],
  };
  await app.register(newebPaySimulator, { prefix: NEWEBPAY_SIMULATOR_PREFIX, ...demo.simulator });
  await app.register(async (shop) => {
    shop.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, b, done) =>
      done(null, b),
    );
    for (const kind of ['notify', 'return', 'customer'] as const)
      shop.post(`/shop/newebpay/${kind}`, async (req, reply) => {
        try {
          const res = await channel.handleCallback(kind, {
            method: 'POST',
            headers: {},
            rawBody: String(req.body),
            query: {},
          });
          if (kind === 'notify') h.notified.push(...res.payments);
          return reply
            .status(res.reply.status)
            .type(res.reply.contentType)
            .send(JSON.stringify(res.payments));
        } catch (e) {
          if (!(e instanceof ChannelVerificationError)) throw e;
          h.refused.push(`${kind}: ${e.message}`);
          return reply.status(400).send(e.message);
        }
      });
  });
  return h;
}

let seq = 0;
const request = (over: Partial<StartRequest> = {}): StartRequest => ({
  attemptNo: `NP${Date.now()}${seq++}`,
  orderNo: 'O1001',
  amount: 129_900,
  currency: 'TWD',
  description: 'Japan 7 days 10 GB eSIM',
  expiresAt: Date.now() + 30 * 60_000,
  client: 'mobile_browser',
  method: 'CREDIT',
  notifyUrl: `${ORIGIN}/shop/newebpay/notify`,
  returnUrl: `${ORIGIN}/shop/newebpay/return`,
  customerUrl: `${ORIGIN}/shop/newebpay/customer`,
  ...over,
});

/** The first form of an HTML page: its action and fields, as a browser would submit them. */
function formIn(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  // both groups are mandatory in the pattern, so the defaults never apply
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    fields[name] = value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  return { action, fields };
}

const post = (app: FastifyInstance, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: url.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** Starts a payment and opens the gateway's cashier page; returns its session field. */
async function openCashier(h: Harness, req: StartRequest) {
  const start = await h.channel.start(req);
  if (start.kind !== 'form') throw new Error('expected a form');
  const gateway = await post(h.app, start.action, start.fields);
  expect(gateway.statusCode).toBe(200);
  const session = /name="session" value="([^"]+)"/.exec(gateway.body)?.[1];
  return { start, gateway, session: session ?? '' };
}

async function choose(h: Harness, session: string, choice: string) {
  const res = await post(h.app, `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/cashier`, { session, choice });
  expect(res.statusCode).toBe(200);
  return formIn(res.body);
}

describe('NewebPay MPG through its simulator', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.state.idle();
    await h.app.close();
  });

  it('builds the gateway form: MerchantID, TradeInfo, TradeSha, Version to /MPG/mpg_gateway', async () => {
    const start = await h.channel.start(request());
    expect(start.kind).toBe('form');
    if (start.kind !== 'form') return;
    expect(start.action).toBe(`${SIM}/MPG/mpg_gateway`);
    expect(Object.keys(start.fields).sort()).toEqual(['MerchantID', 'TradeInfo', 'TradeSha', 'Version']);
    expect(start.fields.TradeInfo).toMatch(/^[0-9a-f]+$/);
    expect(start.fields.TradeSha).toMatch(/^[0-9A-F]{64}$/);
  });

  it('card: cashier pay sends Notify that becomes a paid outcome, and Return agrees', async () => {
    const req = request();
    const { session, gateway } = await openCashier(h, req);
    expect(gateway.body).toContain('Pay NT$1299');
    const ret = await choose(h, session, 'card_pay');
    expect(h.notified).toHaveLength(1);
    expect(h.notified[0]).toMatchObject({
      attemptNo: req.attemptNo,
      state: 'paid',
      amount: 129_900,
      currency: 'TWD',
    });
    expect(h.notified[0]?.providerTradeNo).toMatch(/^\d{17}$/);
    expect(h.notified[0]?.detail).toMatchObject({ PaymentType: 'CREDIT', Card4No: '1111' });
    expect(ret.action).toBe(req.returnUrl);
    const back = await post(h.app, ret.action, ret.fields);
    expect(back.statusCode).toBe(200);
    expect(JSON.parse(back.body)[0]).toMatchObject({
      attemptNo: req.attemptNo,
      state: 'paid',
      amount: 129_900,
    });
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({
      state: 'paid',
      amount: 129_900,
    });
  });

  it('refuses a callback with a bad TradeSha', async () => {
    h.state.switches.badTradeSha = true;
    const { session } = await openCashier(h, request());
    const ret = await choose(h, session, 'card_pay');
    expect(h.notified).toHaveLength(0);
    expect(h.refused[0]).toMatch(/TradeSha mismatch/);
    const back = await post(h.app, ret.action, ret.fields);
    expect(back.statusCode).toBe(400);
  });

  it('refuses a TradeInfo altered in transit, and a forged gateway form', async () => {
    const { session } = await openCashier(h, request());
    h.state.switches.notify = 'none';
    const ret = await choose(h, session, 'card_pay');
    const tradeInfo = defined(ret.fields.TradeInfo, 'TradeInfo');
    const flipped = tradeInfo.slice(0, -1) + (tradeInfo.endsWith('0') ? '1' : '0');
    await expect(
      h.channel.handleCallback('return', {
        method: 'POST',
        headers: {},
        query: {},
        rawBody: new URLSearchParams({ ...ret.fields, TradeInfo: flipped }).toString(),
      }),
    ).rejects.toBeInstanceOf(ChannelVerificationError);

    const start = await h.channel.start(request());
    if (start.kind !== 'form') throw new Error('form expected');
    const forged = await post(h.app, start.action, { ...start.fields, TradeSha: 'A'.repeat(64) });
    expect(forged.body).toContain('MPG03009');
  });

  it('shows a tampered amount as a mismatch the core can refuse', async () => {
    h.state.switches.amtMismatch = true;
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    expect(h.notified[0]?.state).toBe('paid');
    expect(h.notified[0]?.amount).toBe(req.amount + 100);
    expect(h.notified[0]?.amount).not.toBe(req.amount);
  });

  it('gives the same outcome for a duplicated Notify (the core dedups)', async () => {
    h.state.switches.duplicateNotify = true;
    const { session } = await openCashier(h, request());
    await choose(h, session, 'card_pay');
    expect(h.notified).toHaveLength(2);
    expect(h.notified[1]).toEqual(h.notified[0]);
  });

  it('delivers Notify after Return when told to', async () => {
    h.state.switches.notify = 'after_return';
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    await h.state.idle();
    expect(h.notified.map((o) => o.state)).toEqual(['paid']);
  });

  it('resolves a Return without Notify by QueryTradeInfo', async () => {
    h.state.switches.notify = 'none';
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    expect(h.notified).toHaveLength(0);
    const q = await h.channel.query(req.attemptNo, req.amount);
    expect(q).toMatchObject({ attemptNo: req.attemptNo, state: 'paid', amount: 129_900, currency: 'TWD' });
    expect(q.detail).toMatchObject({ PaymentType: 'CREDIT', TradeStatus: '1' });
  });

  it('refuses a QueryTradeInfo answer whose CheckCode does not match', async () => {
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    const inner = createInjectHttpClient(() => h.app);
    const tampering = createNewebPayChannel({
      ...h.opts,
      http: async (r) => {
        const res = await inner(r);
        const body = JSON.parse(res.body);
        body.Result.Amt = 1;
        return { ...res, body: JSON.stringify(body) };
      },
    });
    await expect(tampering.query(req.attemptNo, req.amount)).rejects.toThrow(/CheckCode/);
  });

  it('refuses a reused MerchantOrderNo and a stale TimeStamp at the gateway', async () => {
    const req = request();
    const first = await h.channel.start(req);
    const second = await h.channel.start(req);
    if (first.kind !== 'form' || second.kind !== 'form') throw new Error('form expected');
    expect((await post(h.app, first.action, first.fields)).body).toContain('Pay NT$');
    expect((await post(h.app, second.action, second.fields)).body).toContain('MPG03010');

    const stale = createNewebPayChannel({ ...h.opts, now: () => Date.now() - 10 * 60_000 });
    const old = await stale.start(request());
    if (old.kind !== 'form') throw new Error('form expected');
    expect((await post(h.app, old.action, old.fields)).body).toContain('MPG01011');
  });

  it('turns a failed Status into a failed outcome', async () => {
    h.state.switches.failedStatus = true;
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    expect(h.notified[0]).toMatchObject({ attemptNo: req.attemptNo, state: 'failed' });
    expect(h.notified[0]?.detail?.Status).toBe('MPG03008');
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'failed' });
  });

  it('ATM: the customer callback carries the transfer account, then Notify says paid', async () => {
    const req = request({ method: 'VACC' });
    const { session, gateway } = await openCashier(h, req);
    expect(gateway.body).not.toContain('Credit card');
    const cust = await choose(h, session, 'vacc');
    expect(cust.action).toBe(req.customerUrl);
    const res = await post(h.app, cust.action, cust.fields);
    const code = defined((JSON.parse(res.body) as PaymentOutcome[])[0], 'the payment code');
    expect(code).toMatchObject({ attemptNo: req.attemptNo, state: 'awaiting_offline', amount: 129_900 });
    expect(code.detail).toMatchObject({ PaymentType: 'VACC', BankCode: '012' });
    expect(code.detail?.CodeNo).toMatch(/^\d{14}$/);
    expect(code.detail?.ExpireDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the order waits until the code expires: the end of its day in Taipei
    expect(code.payBy).toBe(Date.parse(`${code.detail?.ExpireDate}T23:59:59+08:00`));
    expect(h.notified).toHaveLength(0);
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'awaiting_offline' });

    const list = await h.app.inject({ method: 'GET', url: `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/offline` });
    expect(list.body).toContain(defined(code.detail?.CodeNo, 'CodeNo'));
    await post(h.app, `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/offline/pay`, { MerchantOrderNo: req.attemptNo });
    expect(h.notified).toHaveLength(1);
    expect(h.notified[0]).toMatchObject({ attemptNo: req.attemptNo, state: 'paid', amount: 129_900 });
    expect(h.notified[0]?.detail?.PaymentType).toBe('VACC');
  });

  it('CVS: a store code, sent with ExpireDate as YYYYMMDD', async () => {
    const req = request({ method: 'CVS', amount: 50_000 });
    const { session } = await openCashier(h, req);
    const cust = await choose(h, session, 'cvs');
    const code = defined(
      (JSON.parse((await post(h.app, cust.action, cust.fields)).body) as PaymentOutcome[])[0],
      'the store code',
    );
    expect(code.state).toBe('awaiting_offline');
    expect(code.detail?.CodeNo).toMatch(/^LLL\d{11}$/);
    expect(h.state.trades.get(req.attemptNo)?.expireDate).toMatch(/^\d{8}$/);
  });

  it('refunds a card in part, then the rest, and never beyond the balance', async () => {
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    const refund = {
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      total: req.amount,
      currency: 'TWD',
      reason: 'test',
      notifyUrl: '',
    };
    expect(await h.channel.refund({ ...refund, refundNo: 'R1', amount: 29_900 })).toMatchObject({
      refundNo: 'R1',
      state: 'succeeded',
    });
    expect(h.state.trades.get(req.attemptNo)?.backBalance).toBe(1000);
    // later refunds say what our earlier ones took back, so the adapter can read BackBalance
    const over = await h.channel.refund({
      ...refund,
      refundNo: 'R2',
      amount: 100_100,
      refundedBefore: 29_900,
    });
    expect(over.state).toBe('failed');
    expect(over.reason).toMatch(/remaining/);
    expect(
      await h.channel.refund({ ...refund, refundNo: 'R3', amount: 100_000, refundedBefore: 29_900 }),
    ).toMatchObject({
      state: 'succeeded',
    });
    expect((await h.channel.query(req.attemptNo, req.amount)).detail).toMatchObject({
      TradeStatus: '6',
      BackBalance: '0',
    });
  });

  it('refunds the full amount of a card payment in one go', async () => {
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    const res = await h.channel.refund({
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RF',
      amount: req.amount,
      total: req.amount,
      currency: 'TWD',
      reason: 'cancel',
      notifyUrl: '',
    });
    expect(res.state).toBe('succeeded');
    expect(h.state.trades.get(req.attemptNo)?.backBalance).toBe(0);
  });

  it('a card refund whose answer was lost after NewebPay applied it, retried, refunds once (BackBalance)', async () => {
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    // the shop's side of the wire: the first CreditCard/Close reaches NewebPay, its answer never comes back
    const inner = createInjectHttpClient(() => h.app);
    let lose = 1;
    const closes: string[] = [];
    const channel = createNewebPayChannel({
      ...h.opts,
      http: async (r) => {
        const res = await inner(r);
        if (r.url.endsWith('/API/CreditCard/Close')) {
          closes.push(r.url);
          if (lose-- > 0) throw new Error('socket hang up (timeout)');
        }
        return res;
      },
    });
    const refund = {
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RT1',
      amount: 29_900,
      total: req.amount,
      currency: 'TWD',
      reason: 'test',
      notifyUrl: '',
      refundedBefore: 0,
    };
    await expect(channel.refund(refund)).rejects.toThrow(/timeout/);
    const trade = h.state.trades.get(req.attemptNo)!;
    expect(trade.refunds).toHaveLength(1);
    // the job's retry: BackBalance already shows this refund, so Close is not sent again
    expect(await channel.refund(refund)).toMatchObject({ refundNo: 'RT1', state: 'succeeded' });
    expect(trade.refunds.map((r) => r.amt)).toEqual([299]);
    expect(closes).toHaveLength(1);
    // and the refund job's query settles it without sending anything
    expect(await channel.queryRefund(refund)).toMatchObject({ refundNo: 'RT1', state: 'succeeded' });
    expect(trade.backBalance).toBe(1_000);
    const detail = (await channel.query(req.attemptNo, req.amount)).detail;
    // accepted, waiting for the nightly batch (BackStatus 1), then done (3)
    expect(detail).toMatchObject({ BackBalance: '1000', BackStatus: '1' });
    await post(h.app, `${NEWEBPAY_SIMULATOR_PREFIX}/_batch`, {});
    expect((await channel.query(req.attemptNo, req.amount)).detail).toMatchObject({ BackStatus: '3' });

    // a second refund of the same trade, told what the first took back, is sent; a refund never sent is
    // reported failed by the query; one nobody can explain is held, not sent
    const second = { ...refund, refundNo: 'RT2', amount: 50_000, refundedBefore: 29_900 };
    expect(await channel.queryRefund(second)).toMatchObject({ state: 'failed' });
    expect(await channel.refund(second)).toMatchObject({ state: 'succeeded' });
    expect(trade.refunds.map((r) => r.amt)).toEqual([299, 500]);
    const unknown = { ...refund, refundNo: 'RT3', amount: 10_000, refundedBefore: undefined };
    expect(await channel.refund(unknown)).toMatchObject({ state: 'processing' });
    expect(closes).toHaveLength(2);
    expect(trade.backBalance).toBe(500);
  });

  it('reports an ATM refund as failed with a reason for operators', async () => {
    const req = request({ method: 'VACC' });
    const { session } = await openCashier(h, req);
    await choose(h, session, 'vacc');
    await post(h.app, `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/offline/pay`, { MerchantOrderNo: req.attemptNo });
    const res = await h.channel.refund({
      attemptNo: req.attemptNo,
      providerTradeNo: null,
      refundNo: 'RA',
      amount: req.amount,
      total: req.amount,
      currency: 'TWD',
      reason: 'x',
      notifyUrl: '',
    });
    expect(res.state).toBe('failed');
    expect(res.reason).toMatch(/no refund API for VACC/);
  });

  it('sets switches over HTTP, and a slow answer still resolves the query', async () => {
    const set = await h.app.inject({
      method: 'POST',
      url: `${NEWEBPAY_SIMULATOR_PREFIX}/_switches`,
      payload: { notify: 'none', slowMs: 60, bogus: 1 },
    });
    expect(set.json()).toMatchObject({ notify: 'none', slowMs: 60 });
    expect(set.json()).not.toHaveProperty('bogus');
    const req = request();
    const { session } = await openCashier(h, req);
    await choose(h, session, 'card_pay');
    expect(h.notified).toHaveLength(0);
    const t0 = Date.now();
    expect(await h.channel.query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(55);
  });

  it('answers a query for an attempt the gateway never saw as pending', async () => {
    expect(await h.channel.query('NEVERSEEN1', 10_000)).toMatchObject({ state: 'pending', amount: null });
  });

  it('retries Notify until the shop answers 200', async () => {
    let calls = 0;
    const app = Fastify();
    const demo = createNewebPayDemo({ publicUrl: ORIGIN, http: createInjectHttpClient(() => app) });
    demo.simulator.retryDelaysMs = [1, 1, 1];
    await app.register(newebPaySimulator, { prefix: NEWEBPAY_SIMULATOR_PREFIX, ...demo.simulator });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, b, done) =>
      done(null, b),
    );
    app.post('/shop/newebpay/notify', async (_req, reply) => reply.status(++calls < 3 ? 500 : 200).send(''));
    const channel = createNewebPayChannel(demo.channel);
    const start = await channel.start(request());
    if (start.kind !== 'form') throw new Error('form expected');
    const page = await app.inject({
      method: 'POST',
      url: start.action.slice(ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(start.fields).toString(),
    });
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1];
    await app.inject({
      method: 'POST',
      url: `${NEWEBPAY_SIMULATOR_PREFIX}/MPG/cashier`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `session=${session}&choice=card_pay`,
    });
    await demo.simulator.state!.idle();
    expect(demo.simulator.state!.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    await app.close();
  });
});
