import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpClient } from '../channel';
import { randomDigits as digits } from '../keys';
import { createInflight, escapeHtml, sendWithRetries, sleep } from '../sim-support';
import { TAPPAY_SDK_STANDIN } from './tappay.sdk-standin';

/**
 * A local stand-in for TapPay (payment-protocols.md §3 and §0a), mounted in demo mode under
 * /dev/sim/tappay: the web SDK stand-in (sdk.js) and its prime endpoint, pay-by-prime, the 3-D Secure page,
 * the unsigned backend notify, the Record API and refunds. It checks the partner key (x-api-key and body)
 * and merchant id, binds primes to the app (90 s, single use) and refuses a repeated bank_transaction_id.
 * Test cards pick the path; switches make it misbehave. State lives in memory. Non-zero status codes are
 * the simulator's own: the adapter relies only on status 0.
 */

/** Card numbers the simulator understands (all pass Luhn); any other valid number succeeds. */
export const TAPPAY_TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDS: '4000000000003220',
  /** Succeeds, but pay-by-prime answers only after `slowMs`: the adapter times out and asks the Record API. */
  slow: '4000000000000259',
} as const;

export type TapPaySwitches = {
  /** When the backend notify goes out relative to the browser redirect after 3-D Secure. */
  notify: 'before_redirect' | 'after_redirect' | 'none';
  duplicateNotify: boolean;
  /** A stale notify (the pending state, status non-zero) arrives after the final one. */
  outOfOrderNotify: boolean;
  /** The trade is recorded with amount + 1: the core must see the mismatch. */
  amountMismatch: boolean;
  /** How long the slow test card keeps pay-by-prime waiting (ms). */
  slowMs: number;
  /** Extra delay before every API answer (ms). */
  delayMs: number;
};

export const DEFAULT_TAPPAY_SWITCHES: TapPaySwitches = {
  notify: 'before_redirect',
  duplicateNotify: false,
  outOfOrderNotify: false,
  amountMismatch: false,
  slowMs: 35_000,
  delayMs: 0,
};

export type TapPaySimRecord = {
  rec_trade_id: string;
  bank_transaction_id: string;
  order_number: string;
  merchant_id: string;
  amount: number;
  refunded_amount: number;
  currency: string;
  record_status: number;
  time: number;
  transaction_time_millis: number;
  auth_code: string;
  details: string;
  card_info: {
    bin_code: string;
    last_four: string;
    issuer: string;
    funding: number;
    type: number;
    level: string;
    country: string;
    country_code: string;
  };
  cardholder: Record<string, string>;
  acquirer: string;
  bank_result_code: string;
  bank_result_msg: string;
  /** direct_pay (card form) or the wallet the prime came from. */
  payment_method: string;
  result_url: { frontend_redirect_url: string; backend_notify_url: string } | null;
  /** Answers already given per bank_refund_id: a repeated key gets the same answer and moves no money. */
  refunds: Map<string, Record<string, unknown>>;
};

/** A prime from the card form (`wallet` null) or from a wallet: the card behind it decides the path. */
type Prime = { appId: string; number: string; expiresAt: number; used: boolean; wallet: string | null };

/** The wallets whose primes the simulator issues, and those paid on their own page (payment_url). */
export const TAPPAY_SIM_WALLETS = ['apple_pay', 'google_pay', 'line_pay', 'jko_pay'] as const;
const PAGE_WALLETS: Record<string, string> = { line_pay: 'LINE Pay', jko_pay: 'JKO Pay' };

export type TapPaySimState = {
  switches: TapPaySwitches;
  records: Map<string, TapPaySimRecord>;
  primes: Map<string, Prime>;
  deliveries: { rec_trade_id: string; status: number | 'error'; body: string }[];
  idle(): Promise<void>;
  track(p: Promise<unknown>): void;
};

export function createTapPaySimState(): TapPaySimState {
  return {
    switches: { ...DEFAULT_TAPPAY_SWITCHES },
    records: new Map(),
    primes: new Map(),
    deliveries: [],
    ...createInflight(),
  };
}

export type TapPaySimulatorOptions = {
  partnerKey: string;
  merchantId: string;
  appId: string;
  appKey: string;
  /** The simulator's absolute public URL (e.g. http://localhost:3000/dev/sim/tappay), for payment_url. */
  publicBaseUrl: string;
  /** Delivers the backend notify to the shop. */
  http: HttpClient;
  now?: () => number;
  state?: TapPaySimState;
  primeTtlMs?: number;
  retryDelaysMs?: number[];
};

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const FORM = 'application/x-www-form-urlencoded';

function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return n.length >= 13 && sum % 10 === 0;
}

export async function tapPaySimulator(app: FastifyInstance, opts: TapPaySimulatorOptions) {
  const state = opts.state ?? createTapPaySimState();
  const now = opts.now ?? Date.now;
  const ttl = opts.primeTtlMs ?? 90_000;
  const retryDelays = opts.retryDelaysMs ?? [10_000, 60_000, 300_000];
  const publicBase = opts.publicBaseUrl.replace(/\/+$/, '');

  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const answer = async (reply: FastifyReply, body: Record<string, unknown>) => {
    if (state.switches.delayMs) await sleep(state.switches.delayMs);
    return reply.type('application/json').send(body);
  };
  /** Every backend call carries the partner key twice: in x-api-key and in the body. */
  const authorised = (req: FastifyRequest) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return req.headers['x-api-key'] === opts.partnerKey && body.partner_key === opts.partnerKey;
  };

  app.get('/sdk.js', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(TAPPAY_SDK_STANDIN),
  );

  /** What the real SDK does behind getPrime: the card goes to TapPay, the page gets a prime back. */
  app.post('/tpc/prime', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as {
      app_id?: unknown;
      app_key?: unknown;
      card?: { number?: unknown; expiry?: unknown; ccv?: unknown };
    };
    if (str(b.app_id) !== opts.appId || str(b.app_key) !== opts.appKey)
      return answer(reply, { status: 10001, msg: 'Invalid app_id or app_key' });
    const number = str(b.card?.number).replace(/\D/g, '');
    if (!luhn(number)) return answer(reply, { status: 10002, msg: 'Invalid card number' });
    if (!/^\d{4}$/.test(str(b.card?.expiry)) || !/^\d{3,4}$/.test(str(b.card?.ccv)))
      return answer(reply, { status: 10003, msg: 'Invalid expiry or ccv' });
    const prime = `test_${crypto.randomBytes(32).toString('hex')}`;
    for (const [k, p] of state.primes) if (p.expiresAt < now() - 3600_000) state.primes.delete(k);
    state.primes.set(prime, { appId: opts.appId, number, expiresAt: now() + ttl, used: false, wallet: null });
    return answer(reply, {
      status: 0,
      msg: '',
      card: {
        prime,
        bincode: number.slice(0, 6),
        lastfour: number.slice(-4),
        issuer: 'SIMULATED BANK',
        funding: 0,
        type: 1,
        level: '',
        country: 'TAIWAN',
        countrycode: 'TW',
      },
      clientip: req.ip,
    });
  });

  /** Issues a prime without a browser (tests and scripts), as the SDK would for this card or wallet. */
  app.post('/_prime', { schema: { hide: true } }, async (req) => {
    const b = (req.body ?? {}) as { number?: unknown; wallet?: unknown };
    const number = str(b.number) || TAPPAY_TEST_CARDS.success;
    const wallet = (TAPPAY_SIM_WALLETS as readonly string[]).includes(str(b.wallet)) ? str(b.wallet) : null;
    const prime = `test_${crypto.randomBytes(32).toString('hex')}`;
    state.primes.set(prime, { appId: opts.appId, number, expiresAt: now() + ttl, used: false, wallet });
    return { prime };
  });

  /**
   * What the SDK's wallet calls do behind getPrime (paymentRequestApi, googlePay, linePay, jkoPay): the
   * buyer approves in the wallet's own sheet, which the demo skips, and the page gets a prime for it.
   */
  app.post('/tpc/wallet-prime', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as { app_id?: unknown; app_key?: unknown; wallet?: unknown };
    if (str(b.app_id) !== opts.appId || str(b.app_key) !== opts.appKey)
      return answer(reply, { status: 10001, msg: 'Invalid app_id or app_key' });
    const wallet = str(b.wallet);
    if (!(TAPPAY_SIM_WALLETS as readonly string[]).includes(wallet))
      return answer(reply, { status: 10015, msg: 'Unknown wallet' });
    const prime = `${wallet.split('_')[0]}_${crypto.randomBytes(32).toString('hex')}`;
    const number = TAPPAY_TEST_CARDS.success;
    state.primes.set(prime, { appId: opts.appId, number, expiresAt: now() + ttl, used: false, wallet });
    return answer(reply, { status: 0, msg: '', prime });
  });

  function notifyBody(r: TapPaySimRecord, status: number, msg: string) {
    return JSON.stringify({
      status,
      msg,
      rec_trade_id: r.rec_trade_id,
      bank_transaction_id: r.bank_transaction_id,
      order_number: r.order_number,
      amount: r.amount,
      currency: r.currency,
      auth_code: r.auth_code,
      acquirer: r.acquirer,
      card_info: r.card_info,
      transaction_time_millis: r.transaction_time_millis,
      bank_result_code: r.bank_result_code,
      bank_result_msg: r.bank_result_msg,
    });
  }

  async function deliverOnce(r: TapPaySimRecord, body: string): Promise<boolean> {
    let status: number | 'error' = 'error';
    try {
      const res = await opts.http({
        method: 'POST',
        url: r.result_url!.backend_notify_url,
        headers: { 'content-type': 'application/json' },
        body,
      });
      status = res.status;
    } catch {
      // retried below
    }
    state.deliveries.push({ rec_trade_id: r.rec_trade_id, status, body });
    return status === 200;
  }

  /** The unsigned backend notify, with retries on anything but HTTP 200. */
  async function notify(r: TapPaySimRecord) {
    const ok = r.record_status !== -1;
    const first = notifyBody(r, ok ? 0 : 10009, ok ? 'Success' : 'Failed');
    const bodies = [first];
    if (state.switches.duplicateNotify) bodies.push(first);
    if (state.switches.outOfOrderNotify)
      bodies.push(notifyBody({ ...r }, 10100, 'Pending: 3-D Secure not finished'));
    for (const body of bodies) {
      await sendWithRetries(() => deliverOnce(r, body), retryDelays, state.track);
    }
  }

  app.post('/tpc/payment/pay-by-prime', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, any>;
    if (!authorised(req)) return answer(reply, { status: 10004, msg: 'Invalid partner_key' });
    if (b.merchant_id !== opts.merchantId)
      return answer(reply, { status: 10005, msg: 'Invalid merchant_id' });
    const prime = state.primes.get(str(b.prime));
    if (!prime || prime.appId !== opts.appId) return answer(reply, { status: 10006, msg: 'Invalid prime' });
    if (prime.used) return answer(reply, { status: 10007, msg: 'Prime is used' });
    if (prime.expiresAt < now()) return answer(reply, { status: 10008, msg: 'Prime is expired' });
    prime.used = true; // spent by any attempt, even one that fails later
    if (!Number.isInteger(b.amount) || b.amount <= 0)
      return answer(reply, { status: 10010, msg: 'Invalid amount' });
    if (b.currency !== undefined && b.currency !== 'TWD')
      return answer(reply, { status: 10011, msg: 'Unsupported currency' });
    const btid = str(b.bank_transaction_id);
    if (btid && [...state.records.values()].some((r) => r.bank_transaction_id === btid))
      return answer(reply, { status: 10012, msg: 'Duplicate bank_transaction_id' });
    const threeDS = b.three_domain_secure === true;
    const resultUrl = b.result_url as TapPaySimRecord['result_url'];
    const onPage = prime.wallet !== null && PAGE_WALLETS[prime.wallet] !== undefined;
    if ((threeDS || onPage) && (!resultUrl?.frontend_redirect_url || !resultUrl?.backend_notify_url))
      return answer(reply, { status: 10013, msg: 'result_url is required with 3-D Secure and LINE/JKO Pay' });

    const at = now();
    const r: TapPaySimRecord = {
      rec_trade_id: `D${new Date(at).toISOString().slice(2, 10).replace(/-/g, '')}${digits(12)}`,
      bank_transaction_id: btid || `TP${digits(16)}`,
      order_number: str(b.order_number),
      merchant_id: opts.merchantId,
      amount: b.amount + (state.switches.amountMismatch ? 1 : 0),
      refunded_amount: 0,
      currency: 'TWD',
      record_status: 1,
      time: at,
      transaction_time_millis: at,
      auth_code: digits(6),
      details: str(b.details),
      card_info: {
        bin_code: prime.number.slice(0, 6),
        last_four: prime.number.slice(-4),
        issuer: 'SIMULATED BANK',
        funding: 0,
        type: 1,
        level: '',
        country: 'TAIWAN',
        country_code: 'TW',
      },
      cardholder: (b.cardholder ?? {}) as Record<string, string>,
      acquirer: 'TW_SIMBANK',
      bank_result_code: '00',
      bank_result_msg: 'Approved',
      payment_method: prime.wallet ?? 'direct_pay',
      result_url: resultUrl ?? null,
      refunds: new Map(),
    };
    const reply0 = (extra: Record<string, unknown> = {}) => ({
      status: 0,
      msg: 'Success',
      rec_trade_id: r.rec_trade_id,
      bank_transaction_id: r.bank_transaction_id,
      order_number: r.order_number,
      auth_code: r.auth_code,
      amount: r.amount,
      currency: r.currency,
      card_info: r.card_info,
      acquirer: r.acquirer,
      transaction_time_millis: r.transaction_time_millis,
      bank_transaction_time: { start_time_millis: String(at), end_time_millis: String(at) },
      bank_result_code: r.bank_result_code,
      bank_result_msg: r.bank_result_msg,
      payment_method: r.payment_method,
      ...extra,
    });

    if (onPage) {
      // LINE Pay / JKO Pay: the buyer confirms on the wallet's page, then comes back like 3-D Secure
      Object.assign(r, { record_status: 4, auth_code: '' });
      state.records.set(r.rec_trade_id, r);
      return answer(reply, reply0({ payment_url: `${publicBase}/wallet/${r.rec_trade_id}` }));
    }
    if (prime.number === TAPPAY_TEST_CARDS.decline) {
      Object.assign(r, {
        record_status: -1,
        auth_code: '',
        bank_result_code: '05',
        bank_result_msg: 'Do not honour',
      });
      state.records.set(r.rec_trade_id, r);
      return answer(reply, {
        status: 10009,
        msg: 'Bank declined: do not honour',
        rec_trade_id: r.rec_trade_id,
        bank_transaction_id: r.bank_transaction_id,
        bank_result_code: '05',
        bank_result_msg: 'Do not honour',
      });
    }
    if (prime.number === TAPPAY_TEST_CARDS.threeDS) {
      if (!threeDS) {
        Object.assign(r, { record_status: -1, auth_code: '' });
        state.records.set(r.rec_trade_id, r);
        return answer(reply, {
          status: 10014,
          msg: 'Card requires 3-D Secure',
          rec_trade_id: r.rec_trade_id,
        });
      }
      Object.assign(r, { record_status: 4, auth_code: '' });
      state.records.set(r.rec_trade_id, r);
      return answer(reply, reply0({ payment_url: `${publicBase}/3ds/${r.rec_trade_id}` }));
    }
    // every other card settles at once: the simulator treats it as not enrolled (frictionless) in 3-D Secure
    state.records.set(r.rec_trade_id, r);
    if (prime.number === TAPPAY_TEST_CARDS.slow) await sleep(state.switches.slowMs);
    return answer(reply, reply0());
  });

  const page = (reply: FastifyReply, title: string, body: string) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f2f4f7;color:#1d2939}main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px}h1{font-size:20px;margin:0 0 8px}.demo{font-size:13px;color:#475467}
button{font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;width:100%;margin-top:8px;background:#1570ef;color:#fff}button.alt{background:#eaecf0;color:#1d2939}</style></head>
<body><main><p class="demo">TapPay 3-D Secure simulator (demo): no real card is charged.</p>${body}</main></body></html>`);

  const verifyPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const r = state.records.get((req.params as { id: string }).id);
    if (!r || r.record_status !== 4)
      return page(reply, 'Expired', '<div class="card"><h1>This verification has expired</h1></div>');
    const wallet = PAGE_WALLETS[r.payment_method];
    if (wallet)
      return page(
        reply,
        wallet,
        `<div class="card"><h1>${escapeHtml(wallet)} (demo)</h1><p>Pay NT$${r.amount} to the shop.</p>
<form method="post"><button name="choice" value="pay">Pay with ${escapeHtml(wallet)}</button><button class="alt" name="choice" value="fail">Payment fails</button></form></div>`,
      );
    return page(
      reply,
      'Verify your card',
      `<div class="card"><h1>Verify your payment</h1><p>NT$${r.amount} with the card ending ${escapeHtml(r.card_info.last_four)}.</p>
<form method="post"><button name="choice" value="pay">Verify and pay</button><button class="alt" name="choice" value="fail">Fail verification</button></form></div>`,
    );
  };
  app.get('/3ds/:id', { schema: { hide: true } }, verifyPage);
  app.get('/wallet/:id', { schema: { hide: true } }, verifyPage);

  /** The person finished 3-D Secure or the wallet's page: TapPay notifies the shop's backend and sends the
   *  browser back. */
  const finishPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const r = state.records.get((req.params as { id: string }).id);
    if (!r || r.record_status !== 4 || !r.result_url)
      return page(reply, 'Expired', '<div class="card"><h1>This verification has expired</h1></div>');
    const pay = (req.body as { choice?: string } | undefined)?.choice === 'pay';
    Object.assign(
      r,
      pay
        ? { record_status: 1, auth_code: digits(6), transaction_time_millis: now() }
        : { record_status: -1, bank_result_code: 'N7', bank_result_msg: '3-D Secure failed' },
    );
    const back = new URL(r.result_url.frontend_redirect_url);
    back.searchParams.set('rec_trade_id', r.rec_trade_id);
    back.searchParams.set('order_number', r.order_number);
    back.searchParams.set('bank_transaction_id', r.bank_transaction_id);
    back.searchParams.set('status', pay ? '0' : '10009');
    if (state.switches.notify === 'before_redirect') await notify(r);
    else if (state.switches.notify === 'after_redirect') state.track(sleep(1).then(() => notify(r)));
    return reply.redirect(back.toString(), 302);
  };
  app.post('/3ds/:id', { schema: { hide: true } }, finishPage);
  app.post('/wallet/:id', { schema: { hide: true } }, finishPage);

  app.post('/tpc/transaction/query', { schema: { hide: true } }, async (req, reply) => {
    if (!authorised(req)) return answer(reply, { status: 10004, msg: 'Invalid partner_key' });
    const b = (req.body ?? {}) as {
      records_per_page?: number;
      page?: number;
      filters?: Record<string, unknown>;
    };
    const f = b.filters ?? {};
    const perPage = Math.min(Math.max(Number(b.records_per_page) || 50, 1), 200);
    const pageNo = Math.max(Number(b.page) || 0, 0);
    const matches = [...state.records.values()].filter(
      (r) =>
        (f.rec_trade_id === undefined || r.rec_trade_id === f.rec_trade_id) &&
        (f.bank_transaction_id === undefined || r.bank_transaction_id === f.bank_transaction_id) &&
        (f.order_number === undefined || r.order_number === f.order_number),
    );
    const records = matches
      .slice(pageNo * perPage, (pageNo + 1) * perPage)
      .map(({ result_url: _u, details: _d, refunds: _r, ...rest }) => rest);
    return answer(reply, {
      status: 0,
      msg: 'Success',
      records_per_page: perPage,
      page: pageNo,
      total_page_count: Math.max(1, Math.ceil(matches.length / perPage)),
      number_of_transactions: matches.length,
      trade_records: records,
    });
  });

  app.post('/tpc/transaction/refund', { schema: { hide: true } }, async (req, reply) => {
    if (!authorised(req)) return answer(reply, { status: 10004, msg: 'Invalid partner_key' });
    const b = (req.body ?? {}) as { rec_trade_id?: string; amount?: unknown; bank_refund_id?: unknown };
    const r = state.records.get(str(b.rec_trade_id));
    if (!r) return answer(reply, { status: 10020, msg: 'Trade not found' });
    const key = str(b.bank_refund_id);
    const replay = key ? r.refunds.get(key) : undefined;
    if (replay) return answer(reply, replay);
    if (![0, 1, 2].includes(r.record_status))
      return answer(reply, { status: 10021, msg: 'Trade cannot be refunded' });
    const remaining = r.amount - r.refunded_amount;
    const amt = b.amount === undefined ? remaining : b.amount;
    if (typeof amt !== 'number' || !Number.isInteger(amt) || amt <= 0)
      return answer(reply, { status: 10022, msg: 'Invalid amount' });
    if (amt > remaining)
      return answer(reply, { status: 10023, msg: `Refund exceeds the remaining ${remaining}` });
    r.refunded_amount += amt;
    r.record_status = r.refunded_amount === r.amount ? 3 : 2;
    const result = {
      status: 0,
      msg: 'Success',
      refund_amount: amt,
      is_captured: true,
      refund_id: `RF${digits(16)}`,
      currency: r.currency,
    };
    if (key) r.refunds.set(key, result);
    return answer(reply, result);
  });

  app.get('/_switches', { schema: { hide: true } }, async () => state.switches);
  app.post('/_switches', { schema: { hide: true } }, async (req) => {
    const body = (req.body ?? {}) as Partial<TapPaySwitches>;
    for (const k of Object.keys(DEFAULT_TAPPAY_SWITCHES) as (keyof TapPaySwitches)[])
      if (k in body) (state.switches as Record<string, unknown>)[k] = body[k];
    return state.switches;
  });
}
