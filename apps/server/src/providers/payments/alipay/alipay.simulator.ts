import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '../../../platform/money';
import type { HttpClient } from '../channel';
import {
  Deliverer,
  cashierPage,
  corruptSignature,
  createFaults,
  compressSchedule,
  escapeHtml,
  formFields,
  sleep,
  type DeliveryRecord,
  SIM_CNY_RATES,
  simPayerAmount,
} from '../sim-support';
import {
  NOTIFY_EXCLUDE,
  REQUEST_EXCLUDE,
  alipayTime,
  decodeForm,
  fromYuan,
  parseAlipayTime,
  rsa2Sign,
  rsa2Verify,
  signContent,
  toYuan,
} from './alipay.crypto';

/**
 * A local Alipay Open Platform gateway for demo mode and tests (payment-protocols.md 2.3): one
 * gateway.do that takes page/WAP pay as GET or form POST and the API methods as form POSTs, verifies the
 * app's RSA2 signature, signs its answers over the raw `xxx_response` JSON with its own key, and runs a
 * cashier where the payer picks pay, fail or cancel. Payment sends the browser to return_url with signed
 * parameters and POSTs the notification to notify_url until the shop answers `success`. Switches
 * (`faults`) reproduce what the real one does on a bad day. State is in memory.
 */

/** Alipay's notification retries after the first attempt: 4m, 10m, 10m, 1h, 2h, 6h, 15h (8 in all). */
export const ALIPAY_RETRY_SECONDS = [240, 600, 600, 3600, 7200, 21600, 54000];

export type AlipayFaults = {
  /** Deliver every notification twice (same notify_id). */
  duplicateNotify: boolean;
  /** Never deliver notifications: the browser return is all the shop gets. */
  withholdNotify: boolean;
  /** Deliver the notification (first attempt) before sending the browser back. */
  notifyBeforeReturn: boolean;
  /** Do not send the browser back after payment (the buyer closed the tab). */
  withholdReturn: boolean;
  /** Add this many fen to total_amount in notifications and returns (signed properly). */
  tamperAmount: number;
  /** Corrupt the signature of notifications, returns and API answers. */
  badSignature: boolean;
  /** Answer API calls after this many ms. */
  slowAnswerMs: number;
  /** After TRADE_SUCCESS is delivered, finish the trade and notify TRADE_FINISHED. */
  tradeFinishedAfterSuccess: boolean;
  /** Notify refunds (partial: TRADE_SUCCESS with refund_fee; full: TRADE_CLOSED). On by default. */
  notifyRefunds: boolean;
};

const DEFAULT_FAULTS: AlipayFaults = {
  duplicateNotify: false,
  withholdNotify: false,
  notifyBeforeReturn: false,
  withholdReturn: false,
  tamperAmount: 0,
  badSignature: false,
  slowAnswerMs: 0,
  tradeFinishedAfterSuccess: false,
  notifyRefunds: true,
};

export type AlipaySimulatorOptions = {
  appId: string;
  sellerId: string;
  /** The app's public key: what our request signatures are checked against. */
  appPublicKey: string;
  /** Alipay's own key pair: answers, notifications and returns are signed with the private half. */
  alipayPrivateKey: string;
  /** How notifications reach the shop (in process in demo and tests). */
  http: HttpClient;
  now?: () => number;
  /** Retry delays in ms; default: Alipay's schedule scaled down 10000x. */
  retryDelaysMs?: number[];
  notifyTimeoutMs?: number;
};

type Trade = {
  outTradeNo: string;
  tradeNo: string;
  /** Minor units of `currency` (trans_currency); the buyer pays CNY at SIM_CNY_RATES. */
  total: number;
  currency: string;
  settleCurrency: string;
  subject: string;
  method: string;
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string;
  passback: string;
  expiresAt: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  token: string;
  createdAt: number;
  paidAt: number | null;
  buyerId: string;
  notifyId: string;
  refunds: Map<string, { amount: number; at: number }>;
};

export type AlipaySimulator = {
  /** Mount under /dev/sim/alipay; the gateway is then `${publicUrl}/dev/sim/alipay/gateway.do`. */
  plugin: FastifyPluginAsync;
  faults: AlipayFaults;
  setFaults(patch: Partial<AlipayFaults>): void;
  resetFaults(): void;
  deliveries: DeliveryRecord[];
  settled(): Promise<void>;
  stop(): void;
};

type Biz = Record<string, any>;
const SUCCESS = { code: '10000', msg: 'Success' };
const business = (sub_code: string, sub_msg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code,
  sub_msg,
});

export function createAlipaySimulator(opts: AlipaySimulatorOptions): AlipaySimulator {
  const now = opts.now ?? Date.now;
  const control = createFaults<AlipayFaults>(DEFAULT_FAULTS);
  const faults = control.faults;
  const trades = new Map<string, Trade>();
  const byToken = new Map<string, Trade>();
  const deliveries: DeliveryRecord[] = [];
  const deliverer = new Deliverer({
    http: opts.http,
    retryDelaysMs: opts.retryDelaysMs ?? compressSchedule(ALIPAY_RETRY_SECONDS, 1 / 10_000),
    timeoutMs: opts.notifyTimeoutMs ?? 5000,
    // only the seven characters `success` stop the retries
    accepted: (res) => res.status === 200 && res.body.trim() === 'success',
    log: deliveries,
  });

  const sign = (content: string) => {
    const sig = rsa2Sign(content, opts.alipayPrivateKey);
    return faults.badSignature ? corruptSignature(sig) : sig;
  };

  /** `{"<method>_response":{...},"sign":"..."}`, the signature over exactly the bytes of the inner JSON. */
  async function answer(reply: FastifyReply, method: string, response: Record<string, unknown>) {
    if (faults.slowAnswerMs > 0) await sleep(faults.slowAnswerMs);
    const inner = JSON.stringify(response);
    const key = `${method.replace(/\./g, '_')}_response`;
    return reply
      .type('application/json;charset=utf-8')
      .send(`{"${key}":${inner},"sign":${JSON.stringify(sign(inner))}}`);
  }

  /** Gateway-level refusals come back unsigned, as some real ones do. */
  const gatewayError = (reply: FastifyReply, sub_code: string, sub_msg: string) =>
    reply
      .type('application/json;charset=utf-8')
      .send(
        JSON.stringify({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg } }),
      );

  function paramsOf(req: FastifyRequest): Record<string, string> {
    const fromQuery = { ...(req.query as Record<string, string>) };
    if (req.method !== 'POST' || typeof req.body !== 'string' || !req.body) return fromQuery;
    return { ...fromQuery, ...decodeForm(req.body) };
  }

  /** Returns a problem when the request is not signed by our app as the gateway demands. */
  function checkRequest(p: Record<string, string>, api: boolean): string | null {
    if (p.app_id !== opts.appId) return 'isv.invalid-app-id';
    if (p.sign_type !== 'RSA2') return 'isv.invalid-signature-type';
    if (!p.sign || !rsa2Verify(signContent(p, REQUEST_EXCLUDE), p.sign, opts.appPublicKey)) {
      return 'isv.invalid-signature';
    }
    const ts = parseAlipayTime(p.timestamp);
    // API calls must be fresh; a page-pay URL may be opened a little later by the buyer
    if (ts === null || (api && Math.abs(now() - ts) > 15 * 60_000)) return 'isv.invalid-timestamp';
    return null;
  }

  function bizOf(p: Record<string, string>): Biz | null {
    try {
      const b = JSON.parse(p.biz_content ?? '') as unknown;
      return b && typeof b === 'object' ? (b as Biz) : null;
    } catch {
      return null;
    }
  }

  const isExpired = (t: Trade) => t.status === 'WAIT_BUYER_PAY' && now() > t.expiresAt;
  const statusOf = (t: Trade) => (isExpired(t) ? 'TRADE_CLOSED' : t.status);
  const refunded = (t: Trade) => [...t.refunds.values()].reduce((s, r) => s + r.amount, 0);

  /** The cross-border amounts: the price in trans_currency, what the buyer pays in CNY, and the rates. */
  function crossBorder(t: Trade, total: number): Record<string, string> {
    if (t.currency === 'CNY') return {};
    const payer = simPayerAmount(total, t.currency).payerTotal;
    const settle = t.settleCurrency === t.currency ? total : payer / (SIM_CNY_RATES[t.settleCurrency] ?? 1);
    return {
      trans_currency: t.currency,
      settle_currency: t.settleCurrency,
      settle_amount: toYuan(Math.round(settle)),
      pay_currency: 'CNY',
      pay_amount: toYuan(payer),
      trans_pay_rate: (SIM_CNY_RATES[t.currency] ?? 1).toFixed(8),
    };
  }
  const buyerPays = (t: Trade, total: number) =>
    t.currency === 'CNY' ? toYuan(total) : toYuan(simPayerAmount(total, t.currency).payerTotal);

  /** The fields shared by notifications and returns for a trade, before signing. */
  function notifyFields(t: Trade, extra: Record<string, string>): Record<string, string> {
    const total = toYuan(t.total + faults.tamperAmount);
    return {
      notify_time: alipayTime(now()),
      notify_type: 'trade_status_sync',
      notify_id: t.notifyId,
      app_id: opts.appId,
      auth_app_id: opts.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_id: t.buyerId,
      buyer_logon_id: 'dem***@example.com',
      seller_id: opts.sellerId,
      trade_status: statusOf(t),
      total_amount: total,
      receipt_amount: total,
      invoice_amount: total,
      buyer_pay_amount: buyerPays(t, t.total + faults.tamperAmount),
      point_amount: '0.00',
      ...crossBorder(t, t.total + faults.tamperAmount),
      subject: t.subject,
      gmt_create: alipayTime(t.createdAt),
      ...(t.paidAt ? { gmt_payment: alipayTime(t.paidAt) } : {}),
      fund_bill_list: JSON.stringify([
        { amount: buyerPays(t, t.total + faults.tamperAmount), fundChannel: 'ALIPAYACCOUNT' },
      ]),
      ...(t.passback ? { passback_params: t.passback } : {}),
      ...extra,
    };
  }

  function signFields(fields: Record<string, string>) {
    return { ...fields, sign: sign(signContent(fields, NOTIFY_EXCLUDE)) };
  }

  /** Delivers one notification; resolves after its first attempt (so "before the return" can wait). */
  function notify(t: Trade, extra: Record<string, string> = {}): Promise<void> {
    if (faults.withholdNotify || !t.notifyUrl) return Promise.resolve();
    const body = new URLSearchParams(signFields(notifyFields(t, extra))).toString();
    const build = () => ({
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        'User-Agent': 'Mozilla/4.0',
      },
      body,
    });
    const first = deliverer.send(t.notifyUrl, build);
    if (faults.duplicateNotify) void deliverer.send(t.notifyUrl, build);
    return first;
  }

  function returnUrlFor(t: Trade): string {
    const fields: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: t.outTradeNo,
      method: `${t.method}.return`,
      total_amount: toYuan(t.total + faults.tamperAmount),
      ...(t.currency === 'CNY' ? {} : { trans_currency: t.currency }),
      trade_no: t.tradeNo,
      auth_app_id: opts.appId,
      version: '1.0',
      app_id: opts.appId,
      sign_type: 'RSA2',
      seller_id: opts.sellerId,
      timestamp: alipayTime(now()),
    };
    const url = new URL(t.returnUrl);
    for (const [k, v] of Object.entries(signFields(fields))) url.searchParams.set(k, v);
    return url.toString();
  }

  /** page/wap pay: the trade comes into being when the buyer opens the cashier, as on Alipay. */
  function openTrade(p: Record<string, string>, method: string): Trade | string {
    const b = bizOf(p);
    if (!b) return 'biz_content is not JSON';
    const no = typeof b.out_trade_no === 'string' ? b.out_trade_no : '';
    if (!/^[A-Za-z0-9_]{1,64}$/.test(no)) return 'out_trade_no is invalid';
    const total = fromYuan(b.total_amount);
    if (total === null || total < 1 || total > 10_000_000_000) return 'total_amount is invalid';
    const wantProduct = p.method === 'alipay.trade.wap.pay' ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY';
    if (b.product_code !== wantProduct) return `product_code must be ${wantProduct}`;
    // the simulated merchant is outside mainland China: a price in another currency is converted for the
    // buyer; without trans_currency it is CNY, as on Alipay
    const currency = b.trans_currency === undefined ? 'CNY' : String(b.trans_currency);
    if (!SIM_CNY_RATES[currency]) return `trans_currency ${currency} is not supported`;
    const settleCurrency = b.settle_currency === undefined ? currency : String(b.settle_currency);
    if (!SIM_CNY_RATES[settleCurrency]) return `settle_currency ${settleCurrency} is not supported`;
    if (!b.subject) return 'subject is required';
    const existing = trades.get(no);
    if (existing)
      return existing.total === total && existing.currency === currency
        ? existing
        : 'ACQ.CONTEXT_INCONSISTENT: trade reused with another amount';
    const expiresAt = parseAlipayTime(b.time_expire) ?? now() + 24 * 3600_000;
    const t: Trade = {
      outTradeNo: no,
      tradeNo: `${alipayTime(now()).replace(/\D/g, '').slice(0, 8)}22001${String(crypto.randomInt(1e9)).padStart(9, '0')}${String(crypto.randomInt(1e6)).padStart(6, '0')}`,
      total,
      currency,
      settleCurrency,
      subject: String(b.subject),
      method,
      notifyUrl: p.notify_url ?? '',
      returnUrl: p.return_url ?? '',
      quitUrl: typeof b.quit_url === 'string' ? b.quit_url : '',
      passback: typeof b.passback_params === 'string' ? b.passback_params : '',
      expiresAt,
      status: 'WAIT_BUYER_PAY',
      token: crypto.randomBytes(12).toString('hex'),
      createdAt: now(),
      paidAt: null,
      buyerId: `2088${String(crypto.randomInt(1e9)).padStart(12, '0')}`,
      notifyId: crypto.randomBytes(16).toString('hex'),
      refunds: new Map(),
    };
    trades.set(no, t);
    byToken.set(t.token, t);
    return t;
  }

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(cashierPage('Alipay (demo)', '#1463c4', body));

  /** The price in the trade's currency, and the CNY the buyer pays for it. */
  function money(t: Trade) {
    const price = formatMoney('zh-Hans', t.currency, t.total);
    return t.currency === 'CNY' ? price : `${price} (¥${buyerPays(t, t.total)})`;
  }

  function cashierHtml(t: Trade) {
    return `<div class="card">
<h1>Alipay cashier</h1>
<p class="demo">Demo cashier: no real money moves. Choose what the payer does.</p>
<div class="amount">${escapeHtml(money(t))}</div>
<dl><dt>Item</dt><dd>${escapeHtml(t.subject)}</dd><dt>Order</dt><dd>${escapeHtml(t.outTradeNo)}</dd></dl>
<form method="post" action="cashier">
<input type="hidden" name="token" value="${escapeHtml(t.token)}">
<div class="actions">
<button class="pay" name="action" value="pay" type="submit">Pay ${escapeHtml(money(t))}</button>
<button class="fail" name="action" value="fail" type="submit">Payment fails</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel</button>
</div></form></div>`;
  }

  async function pay(t: Trade): Promise<void> {
    t.status = 'TRADE_SUCCESS';
    t.paidAt = now();
    const delivered = notify(t);
    if (faults.tradeFinishedAfterSuccess) {
      void delivered.then(() => {
        t.status = 'TRADE_FINISHED';
        void notify(t, { gmt_close: alipayTime(now()) });
      });
    }
    if (faults.notifyBeforeReturn) await delivered;
  }

  function apiQuery(b: Biz) {
    const t =
      trades.get(String(b.out_trade_no ?? '')) ?? [...trades.values()].find((x) => x.tradeNo === b.trade_no);
    if (!t) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const total = toYuan(t.total);
    return {
      ...SUCCESS,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'dem***@example.com',
      trade_status: statusOf(t),
      total_amount: total,
      ...crossBorder(t, t.total),
      ...(t.paidAt
        ? {
            buyer_pay_amount: buyerPays(t, t.total),
            point_amount: '0.00',
            invoice_amount: total,
            receipt_amount: total,
            send_pay_date: alipayTime(t.paidAt),
          }
        : {}),
      buyer_user_id: t.buyerId,
    };
  }

  function apiClose(b: Biz) {
    const t = trades.get(String(b.out_trade_no ?? ''));
    if (!t) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED') {
      return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    }
    t.status = 'TRADE_CLOSED';
    return { ...SUCCESS, trade_no: t.tradeNo, out_trade_no: t.outTradeNo };
  }

  function apiRefund(b: Biz) {
    const t = b.trade_no
      ? [...trades.values()].find((x) => x.tradeNo === b.trade_no)
      : trades.get(String(b.out_trade_no ?? ''));
    if (!t) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const amount = fromYuan(b.refund_amount);
    if (amount === null || amount <= 0)
      return {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-parameter',
        sub_msg: 'refund_amount',
      };
    // a refund is in the trade's own currency
    if (b.refund_currency !== undefined && b.refund_currency !== t.currency)
      return business('ACQ.REFUND_CURRENCY_ERROR', '退款币种与交易币种不一致');
    // without out_request_no a refund is keyed by the trade, so only a full refund makes sense
    const requestNo =
      typeof b.out_request_no === 'string' && b.out_request_no ? b.out_request_no : t.outTradeNo;
    const done = (fundChange: 'Y' | 'N') => ({
      ...SUCCESS,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'dem***@example.com',
      fund_change: fundChange,
      refund_fee: toYuan(refunded(t)),
      gmt_refund_pay: alipayTime(t.refunds.get(requestNo)?.at ?? now()),
      buyer_user_id: t.buyerId,
    });
    const repeat = t.refunds.get(requestNo);
    if (repeat) {
      // the same request number again: nothing moves (fund_change N), or a conflict if it differs
      return repeat.amount === amount
        ? done('N')
        : business('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
    }
    const status = statusOf(t);
    if (status === 'TRADE_FINISHED') return business('ACQ.TRADE_STATUS_ERROR', '交易已完结，不允许退款');
    if (status !== 'TRADE_SUCCESS') return business('ACQ.TRADE_HAS_CLOSE', '交易已关闭');
    if (refunded(t) + amount > t.total) return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    const at = now();
    t.refunds.set(requestNo, { amount, at });
    const full = refunded(t) === t.total;
    if (full) t.status = 'TRADE_CLOSED';
    if (faults.notifyRefunds) {
      void notify(t, {
        notify_id: crypto.randomBytes(16).toString('hex'),
        out_biz_no: requestNo,
        refund_fee: toYuan(refunded(t)),
        gmt_refund: `${alipayTime(at)}.000`,
        ...(full ? { gmt_close: alipayTime(at) } : {}),
      });
    }
    return done('Y');
  }

  function apiRefundQuery(b: Biz) {
    const t =
      trades.get(String(b.out_trade_no ?? '')) ?? [...trades.values()].find((x) => x.tradeNo === b.trade_no);
    if (!t) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const r = t.refunds.get(String(b.out_request_no ?? ''));
    // an unknown request number answers success without refund_amount: no such refund
    if (!r) return { ...SUCCESS, trade_no: t.tradeNo, out_trade_no: t.outTradeNo };
    return {
      ...SUCCESS,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      out_request_no: b.out_request_no,
      total_amount: toYuan(t.total),
      refund_amount: toYuan(r.amount),
      ...(t.currency === 'CNY' ? {} : { refund_currency: t.currency }),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: alipayTime(r.at),
    };
  }

  const API: Record<string, (b: Biz) => Record<string, unknown>> = {
    'alipay.trade.query': apiQuery,
    'alipay.trade.close': apiClose,
    'alipay.trade.refund': apiRefund,
    'alipay.trade.fastpay.refund.query': apiRefundQuery,
  };

  async function gateway(req: FastifyRequest, reply: FastifyReply) {
    let p: Record<string, string>;
    try {
      p = paramsOf(req);
    } catch {
      return gatewayError(reply, 'isv.invalid-charset', 'undecodable form');
    }
    const { method } = p;
    if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
      const problem = checkRequest(p, false);
      if (problem)
        return page(
          reply,
          400,
          `<div class="card"><h1>Payment request refused</h1><p>${escapeHtml(problem)}</p></div>`,
        );
      const t = openTrade(p, method);
      if (typeof t === 'string')
        return page(
          reply,
          400,
          `<div class="card"><h1>Payment request refused</h1><p>${escapeHtml(t)}</p></div>`,
        );
      const status = statusOf(t);
      if (status !== 'WAIT_BUYER_PAY') {
        return page(
          reply,
          200,
          `<div class="card"><h1>${status === 'TRADE_CLOSED' ? 'This trade is closed' : 'This trade is already paid'}</h1></div>`,
        );
      }
      return page(reply, 200, cashierHtml(t));
    }
    const handler = method === undefined ? undefined : API[method];
    if (method === undefined || !handler)
      return gatewayError(reply, 'isv.invalid-method', `unknown method ${method}`);
    const problem = checkRequest(p, true);
    if (problem) return gatewayError(reply, problem, problem);
    const b = bizOf(p);
    if (!b) return gatewayError(reply, 'isv.invalid-parameter', 'biz_content is not JSON');
    return answer(reply, method, handler(b));
  }

  const plugin: FastifyPluginAsync = async (sim) => {
    // signatures cover the form as sent: decode it ourselves, once, in its charset
    sim.removeAllContentTypeParsers();
    sim.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    sim.addHook('onClose', async () => deliverer.stop());

    sim.get('/gateway.do', { schema: { hide: true } }, gateway);
    sim.post('/gateway.do', { schema: { hide: true } }, gateway);

    sim.post('/cashier', { schema: { hide: true } }, async (req, reply) => {
      const f = formFields(req.body);
      const t = f.token ? byToken.get(f.token) : undefined;
      if (!t) return page(reply, 404, '<div class="card"><h1>Trade not found</h1></div>');
      if (statusOf(t) !== 'WAIT_BUYER_PAY') {
        return page(reply, 409, '<div class="card"><h1>This trade can no longer be paid</h1></div>');
      }
      if (f.action === 'pay') {
        await pay(t);
        if (faults.withholdReturn || !t.returnUrl) {
          return page(
            reply,
            200,
            `<div class="card"><h1>Payment successful</h1><div class="amount">${escapeHtml(money(t))}</div></div>`,
          );
        }
        return reply.redirect(returnUrlFor(t), 302);
      }
      if (f.action === 'fail') {
        // Alipay does not notify a failed attempt; the trade stays open for another try
        return page(
          reply,
          200,
          `<div class="card"><h1>Payment failed</h1><p>The payment did not go through. Go back to the shop to try again.</p></div>`,
        );
      }
      if (t.quitUrl) return reply.redirect(t.quitUrl, 302);
      return page(
        reply,
        200,
        '<div class="card"><h1>Payment cancelled</h1><p>You may close this page.</p></div>',
      );
    });

    control.routes(sim, () => deliveries.length);
  };

  return {
    plugin,
    faults,
    setFaults: control.set,
    resetFaults: control.reset,
    deliveries,
    settled: () => deliverer.settled(),
    stop: () => deliverer.stop(),
  };
}
