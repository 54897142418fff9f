import {
  ChannelUnavailableError,
  ChannelVerificationError,
  pendingOutcome,
  requiredOf,
  type CallbackKind,
  type CallbackResult,
  type HttpClient,
  type InboundCallback,
  type PaymentChannel,
  type PaymentOutcome,
  type PaymentState,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type StartRequest,
  type StartResult,
} from '../channel';
import { CHANNEL_CURRENCIES, channelCharges } from '../currencies';
import {
  NOTIFY_EXCLUDE,
  REQUEST_EXCLUDE,
  alipayTime,
  decodeForm,
  fromYuan,
  parseAlipayTime,
  rawMembers,
  rsa2Sign,
  rsa2Verify,
  signContent,
  toYuan,
} from './alipay.crypto';

/**
 * Alipay Open Platform adapter (page pay, WAP pay, query, close, refund, notifications and returns) in
 * RSA2 public-key mode, as in shared/docs/payment-protocols.md section 2 and 0a.
 *
 * Currency: the cross-border online payment for a merchant outside mainland China (payment-protocols.md
 * 0b): the price is stated in the attempt's currency (`trans_currency`, `total_amount` a decimal string of
 * it), the merchant is settled in `settle_currency`, and the buyer pays CNY at Alipay's rate. Answers and
 * notifications are reported in the currency Alipay names (`trans_currency`; none named means CNY, the
 * domestic default), never relabelled: the core refuses a mismatch. The buyer's CNY amount and the rates
 * go into the outcome's detail. Refunds are in the trade's currency (`refund_currency`).
 *
 * [verify] the cross-border contract's product code: page and WAP pay keep FAST_INSTANT_TRADE_PAY and
 * QUICK_WAP_WAY here (the older MAPI create_forex_trade used NEW_OVERSEAS_SELLER).
 */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export type AlipayChannelOptions = {
  appId: string;
  /** The merchant's PID (2088...), which notifications name as seller_id. */
  sellerId: string;
  appPrivateKey: string;
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, the sandbox, or the simulator's gateway.do. */
  gateway: string;
  http: HttpClient;
  now?: () => number;
  /** The merchant's settlement currency (`settle_currency`); unset: the currency of each order. */
  settleCurrency?: string;
};

type Json = Record<string, any>;

const TRADE_STATES: Record<string, PaymentState> = {
  TRADE_SUCCESS: 'paid',
  // a trade that can no longer be refunded; for some products the first and only notification
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'closed',
};

export function createAlipayChannel(opts: AlipayChannelOptions): PaymentChannel {
  const now = opts.now ?? Date.now;
  /** The currency Alipay states an amount in: trans_currency, or CNY when it names none. */
  const currencyOf = (f: Json) => (typeof f.trans_currency === 'string' && f.trans_currency) || 'CNY';
  function chargeable(currency: string) {
    if (!channelCharges('alipay', currency)) throw fail(`Alipay cross-border cannot charge ${currency}`);
    return currency;
  }
  /** The buyer's side and the rates, for the receipt (not matched). */
  function detailOf(f: Json): Record<string, string> | undefined {
    const detail: Record<string, string> = {};
    for (const k of [
      'pay_amount',
      'pay_currency',
      'trans_pay_rate',
      'settle_amount',
      'settle_currency',
      'settle_trans_rate',
      'buyer_pay_amount',
    ])
      if (f[k] !== undefined && f[k] !== '') detail[k] = String(f[k]);
    return Object.keys(detail).length ? detail : undefined;
  }
  const fail = (reason: string) => new ChannelVerificationError('alipay', reason);
  const required = requiredOf('alipay');
  const down = (reason: string) => new ChannelUnavailableError('alipay', reason);

  /** The common parameters plus biz_content, signed: ready to become a URL or a form. */
  function signedParams(
    method: string,
    biz: Json,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: opts.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(signContent(params, REQUEST_EXCLUDE), opts.appPrivateKey);
    return params;
  }

  /** Calls an API method and returns its verified `xxx_response` object. */
  async function call(method: string, biz: Json): Promise<Json> {
    const body = new URLSearchParams(signedParams(method, biz)).toString();
    let res;
    try {
      res = await opts.http({
        method: 'POST',
        url: opts.gateway,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
          Accept: 'application/json',
        },
        body,
      });
    } catch (err) {
      throw down(`${method}: ${(err as Error).message}`);
    }
    if (res.status !== 200) throw down(`${method}: HTTP ${res.status}`);
    const key = `${method.replace(/\./g, '_')}_response`;
    const members = rawMembers(res.body);
    const rawResponse = members.get(key) ?? members.get('error_response');
    if (!rawResponse) throw down(`${method}: no ${key} in answer`);
    let response: Json;
    let sign: unknown;
    try {
      response = JSON.parse(rawResponse) as Json;
      sign = members.has('sign') ? JSON.parse(members.get('sign')!) : undefined;
    } catch {
      throw down(`${method}: answer is not JSON`);
    }
    if (typeof sign === 'string') {
      // over the exact bytes Alipay sent: re-serialising would reorder or re-escape them
      if (!rsa2Verify(rawResponse, sign, opts.alipayPublicKey)) throw fail(`${method}: bad signature`);
    } else if (response.code === '10000') {
      throw fail(`${method}: unsigned success`);
    }
    // unsigned error answers exist (gateway errors); they can only ever make a call fail
    return response;
  }

  const businessError = (r: Json) => `${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg ?? ''}`.trim();

  async function start(req: StartRequest): Promise<StartResult> {
    const wap = req.client !== 'desktop_browser';
    const biz: Json = {
      out_trade_no: req.attemptNo,
      // the price in the order's own currency; the buyer pays CNY at Alipay's rate
      total_amount: toYuan(req.amount),
      trans_currency: chargeable(req.currency),
      settle_currency: opts.settleCurrency ?? req.currency,
      subject: Array.from(req.description || req.orderNo)
        .slice(0, 256)
        .join(''),
      product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
      time_expire: alipayTime(req.expiresAt),
    };
    // quit_url is where Alipay sends a payer who leaves the cashier without paying: our result page, told so
    if (wap) {
      const quit = new URL(req.returnUrl);
      quit.searchParams.set('cancelled', '1');
      biz.quit_url = quit.toString();
    }
    const params = signedParams(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', biz, {
      notify_url: req.notifyUrl,
      return_url: req.returnUrl,
    });
    return { kind: 'redirect', url: `${opts.gateway}?${new URLSearchParams(params).toString()}` };
  }

  /** Verifies notify or return parameters: sign and sign_type removed, sorted, RSA2; then our app. */
  function verifyCallback(fields: Record<string, string>, what: string) {
    if (!fields.sign) throw fail(`${what}: unsigned`);
    if (fields.sign_type && fields.sign_type !== 'RSA2') throw fail(`${what}: sign_type ${fields.sign_type}`);
    if (!rsa2Verify(signContent(fields, NOTIFY_EXCLUDE), fields.sign, opts.alipayPublicKey)) {
      throw fail(`${what}: bad signature`);
    }
    if (fields.app_id !== opts.appId) throw fail(`${what}: app_id is not ours`);
    if (fields.seller_id !== undefined && fields.seller_id !== opts.sellerId) {
      throw fail(`${what}: seller_id is not ours`);
    }
    if (!fields.out_trade_no) throw fail(`${what}: no out_trade_no`);
  }

  function decodeNotification(req: InboundCallback): CallbackResult {
    let fields: Record<string, string>;
    try {
      fields = decodeForm(req.rawBody);
    } catch {
      throw fail('notification: undecodable form');
    }
    verifyCallback(fields, 'notification');
    // notifications always name the seller; a missing one is not ours either
    if (fields.seller_id !== opts.sellerId) throw fail('notification: seller_id is not ours');
    const reply = { status: 200, contentType: 'text/plain', body: 'success' };
    // refunds arrive on the trade's notify_url with refund_fee/gmt_refund set (partial: still
    // TRADE_SUCCESS; full: TRADE_CLOSED). They are refund outcomes, never new payments.
    if (fields.gmt_refund || fields.out_biz_no || (fromYuan(fields.refund_fee) ?? 0) > 0) {
      const refunds: RefundResult[] = fields.out_biz_no
        ? [{ refundNo: fields.out_biz_no, state: 'succeeded', providerRefundId: null }]
        : [];
      return { payments: [], refunds, reply };
    }
    const state = (fields.trade_status && TRADE_STATES[fields.trade_status]) || 'pending';
    const detail = detailOf(fields);
    return {
      payments: [
        {
          attemptNo: required(fields.out_trade_no, 'notification: out_trade_no'),
          state,
          amount: fromYuan(fields.total_amount),
          currency: currencyOf(fields),
          providerTradeNo: fields.trade_no || null,
          paidAt: state === 'paid' ? parseAlipayTime(fields.gmt_payment) : null,
          ...(detail ? { detail } : {}),
        },
      ],
      refunds: [],
      reply,
    };
  }

  function decodeReturn(req: InboundCallback): CallbackResult {
    const fields = { ...req.query };
    verifyCallback(fields, 'return');
    // the browser's word proves nothing about payment: a hint naming the attempt, for the core to query
    return {
      payments: [
        {
          attemptNo: required(fields.out_trade_no, 'return: out_trade_no'),
          state: 'pending',
          amount: fromYuan(fields.total_amount),
          currency: currencyOf(fields),
          providerTradeNo: fields.trade_no || null,
          paidAt: null,
        },
      ],
      refunds: [],
      reply: { status: 200, contentType: 'text/plain', body: '' },
    };
  }

  async function queryRefund(req: RefundQuery): Promise<RefundResult> {
    const { refundNo } = req;
    const r = await call('alipay.trade.fastpay.refund.query', {
      ...(req.providerTradeNo ? { trade_no: req.providerTradeNo } : { out_trade_no: req.attemptNo }),
      out_request_no: refundNo,
    });
    if (r.code !== '10000') {
      if (r.code === '40004') return { refundNo, state: 'failed', providerRefundId: null };
      throw down(`refund query ${refundNo}: ${businessError(r)}`);
    }
    // no refund_amount: Alipay has no such refund
    if (!r.refund_amount) return { refundNo, state: 'failed', providerRefundId: null };
    if (r.refund_currency && r.refund_currency !== req.currency)
      throw fail(`refund query ${refundNo}: refund in ${String(r.refund_currency)}, not ${req.currency}`);
    const done = !r.refund_status || r.refund_status === 'REFUND_SUCCESS';
    return { refundNo, state: done ? 'succeeded' : 'processing', providerRefundId: null };
  }

  return {
    code: 'alipay',
    currencies: CHANNEL_CURRENCIES.alipay,
    start,
    async handleCallback(kind: CallbackKind, req: InboundCallback): Promise<CallbackResult> {
      if (kind === 'notify') return decodeNotification(req);
      return decodeReturn(req);
    },
    async query(attemptNo: string): Promise<PaymentOutcome> {
      const r = await call('alipay.trade.query', { out_trade_no: attemptNo });
      if (r.code !== '10000') {
        // the trade exists only once the buyer opens the cashier: not an error, just not paid yet
        if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') {
          return pendingOutcome(attemptNo);
        }
        throw down(`query ${attemptNo}: ${businessError(r)}`);
      }
      if (r.out_trade_no !== attemptNo) throw fail('query: answer for another trade');
      const state = TRADE_STATES[String(r.trade_status)] ?? 'pending';
      const detail = detailOf(r);
      return {
        attemptNo,
        state,
        amount: fromYuan(String(r.total_amount ?? '')),
        currency: currencyOf(r),
        providerTradeNo: typeof r.trade_no === 'string' ? r.trade_no : null,
        paidAt: state === 'paid' ? parseAlipayTime(r.send_pay_date) : null,
        ...(detail ? { detail } : {}),
      };
    },
    async close(attemptNo: string): Promise<void> {
      const r = await call('alipay.trade.close', { out_trade_no: attemptNo });
      // a trade never opened does not exist; time_expire keeps it from being paid later
      if (r.code === '10000' || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw down(`close ${attemptNo}: ${businessError(r)}`);
    },
    async refund(req: RefundRequest): Promise<RefundResult> {
      const r = await call('alipay.trade.refund', {
        ...(req.providerTradeNo ? { trade_no: req.providerTradeNo } : { out_trade_no: req.attemptNo }),
        // in the trade's own currency, as it was charged
        refund_amount: toYuan(req.amount),
        refund_currency: chargeable(req.currency),
        out_request_no: req.refundNo,
        refund_reason: Array.from(req.reason).slice(0, 256).join('') || undefined,
      });
      if (r.code === '10000') {
        // fund_change N: this out_request_no was refunded before (a repeat), or the money has not
        // moved yet; the refund query tells which
        if (r.fund_change === 'Y')
          return { refundNo: req.refundNo, state: 'succeeded', providerRefundId: null };
        return queryRefund(req);
      }
      // business refusals (amount exceeds, trade finished) will not change by retrying
      if (r.code === '40004') return { refundNo: req.refundNo, state: 'failed', providerRefundId: null };
      throw down(`refund ${req.refundNo}: ${businessError(r)}`);
    },
    queryRefund,
  };
}
