import {
  ChannelUnavailableError,
  ChannelVerificationError,
  pendingOutcome,
  type CallbackKind,
  type CallbackResult,
  type HttpClient,
  type HttpResponse,
  type InboundCallback,
  type PaymentChannel,
  type PaymentOutcome,
  type PaymentState,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type RefundState,
  type StartRequest,
  type StartResult,
} from '../channel';
import { CHANNEL_CURRENCIES, channelCharges } from '../currencies';
import { headerOf } from '../http-client';
import {
  WECHATPAY_MAX_SKEW_S,
  WECHATPAY_SIGNTEST_PREFIX,
  aesGcmDecrypt,
  authorizationHeader,
  randomAlnum,
  requestMessage,
  responseMessage,
  rfc3339Cst,
  rsaSign,
  rsaVerify,
} from './wechat.crypto';

/**
 * WeChat Pay cross-border ("Global") API v3 adapter for a merchant outside mainland China, in common
 * (direct merchant) mode: JSAPI (in WeChat), H5 (other phone browsers), Native QR (desktop), APP; query, close, refund, refund query, notifications, as in
 * shared/docs/payment-protocols.md sections 0b, 1 and 0a. Built from plain options so production (real
 * host, fetch) and demo/tests (simulator, in-process client) share every line.
 *
 * Amounts: the order is placed in the attempt's own currency, `amount{total, currency}` in integer minor
 * units of that currency; the buyer pays CNY at WeChat's rate. Answers and notifications carry
 * `amount{total, currency, payer_total, payer_currency}` and `exchange_rate{type, rate}`: total and
 * currency are reported exactly as WeChat gave them (never relabelled; the core refuses a mismatch), the
 * payer's CNY amount and the rate go into the outcome's detail for the receipt.
 */
export const WECHATPAY_API_BASE = 'https://apihk.mch.weixin.qq.com/v3/global';

export type WechatPayChannelOptions = {
  mchid: string;
  /** The Official Account appid (JSAPI, Native). */
  appid: string;
  /** The mobile app's appid (APP pay); defaults to `appid`. */
  appAppid?: string;
  /** Serial of the merchant API certificate, sent as serial_no in Authorization. */
  merchantSerial: string;
  merchantPrivateKey: string;
  /** 32 ASCII characters; the AES-256-GCM key of notifications. */
  apiV3Key: string;
  /** Platform keys by `Wechatpay-Serial`: certificate serials and/or `PUB_KEY_ID_...` ids, PEM public keys. */
  platformKeys: Record<string, string>;
  /** https://apihk.mch.weixin.qq.com/v3/global (or https://api.mch.weixin.qq.com/hk/v3), or the
   *  simulator's `<mount>/v3/global`: the paths below it are /transactions/... and /refunds/... */
  baseUrl: string;
  http: HttpClient;
  /** Epoch ms; tests move it. */
  now?: () => number;
  /** merchant_category_code sent with each order, when the merchant's contract names one [verify]. */
  merchantCategoryCode?: string;
};

type Json = Record<string, any>;

const TRADE_STATES: Record<string, PaymentState> = {
  SUCCESS: 'paid',
  // a refunded trade was still paid; the refund is reported on its own
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

const REFUND_STATES: Record<string, RefundState> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'processing',
  ABNORMAL: 'failed',
  CLOSED: 'failed',
};

/** WeChat counts description in characters (max 127); cut on code points so no surrogate is split. */
const trimChars = (s: string, max: number) => Array.from(s).slice(0, max).join('');

export function createWechatPayChannel(opts: WechatPayChannelOptions): PaymentChannel {
  const now = opts.now ?? Date.now;
  const base = opts.baseUrl.replace(/\/$/, '');
  const appAppid = opts.appAppid ?? opts.appid;
  const fail = (reason: string) => new ChannelVerificationError('wechat', reason);
  const down = (reason: string) => new ChannelUnavailableError('wechat', reason);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  function chargeable(currency: string) {
    if (!channelCharges('wechat', currency)) throw fail(`WeChat Pay Global cannot charge ${currency}`);
    return currency;
  }

  /** Checks `ts\nnonce\nbody\n` against the platform key the serial names; throws when it does not hold. */
  function signatureHeaders(headers: Record<string, string | undefined>, what: string) {
    const ts = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    // proxies that strip Wechatpay-* headers make a forgery indistinguishable from the real thing
    if (!ts || !nonce || !signature || !serial) throw fail(`${what}: unsigned`);
    return { ts, nonce, signature, serial };
  }

  function checkSignature(parts: ReturnType<typeof signatureHeaders>, body: string, what: string) {
    const key = opts.platformKeys[parts.serial];
    if (!key) throw fail(`${what}: unknown platform serial ${parts.serial}`);
    if (!rsaVerify(responseMessage(parts.ts, parts.nonce, body), parts.signature, key)) {
      throw fail(`${what}: bad signature`);
    }
  }

  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<HttpResponse> {
    const url = `${base}${path}`;
    const u = new URL(url);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = randomAlnum(32);
    const signature = rsaSign(
      requestMessage(method, `${u.pathname}${u.search}`, timestamp, nonce, text),
      opts.merchantPrivateKey,
    );
    const headers: Record<string, string> = {
      Authorization: authorizationHeader({
        mchid: opts.mchid,
        nonce_str: nonce,
        signature,
        timestamp,
        serial_no: opts.merchantSerial,
      }),
      Accept: 'application/json',
      'User-Agent': 'SimShop-WechatPay/1.0',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: HttpResponse;
    try {
      res = await opts.http({ method, url, headers, body: body === undefined ? undefined : text });
    } catch (err) {
      throw down(`${method} ${path}: ${(err as Error).message}`);
    }
    const ok = res.status >= 200 && res.status < 300;
    const hasSignature = headerOf(res.headers, 'wechatpay-signature') !== undefined;
    // a 2xx must be signed (else it is forged); an error answer is checked when signed, and only ever
    // leads to an error, so an unsigned one cannot make us believe anything
    if (ok || hasSignature) checkSignature(signatureHeaders(res.headers, path), res.body, path);
    return res;
  }

  const errorOf = (res: HttpResponse): { code: string; message: string } => {
    try {
      const j = JSON.parse(res.body) as Json;
      return { code: String(j.code ?? ''), message: String(j.message ?? '') };
    } catch {
      return { code: '', message: res.body.slice(0, 200) };
    }
  };

  const parseJson = (text: string, what: string): Json => {
    try {
      const j = JSON.parse(text) as unknown;
      if (j && typeof j === 'object') return j as Json;
    } catch {
      // fall through
    }
    throw down(`${what}: not JSON`);
  };

  function outcomeOf(tx: Json, attemptNo: string): PaymentOutcome {
    const state = TRADE_STATES[String(tx.trade_state)] ?? 'pending';
    const amount = (tx.amount ?? {}) as Json;
    const total = amount.total;
    // what the buyer paid in their currency, and WeChat's rate (times 10^8): for the receipt, not matched
    const detail: Record<string, string> = {};
    if (Number.isSafeInteger(amount.payer_total)) detail.payer_total = String(amount.payer_total);
    if (str(amount.payer_currency)) detail.payer_currency = String(amount.payer_currency);
    const rate = (tx.exchange_rate ?? {}) as Json;
    if (rate.rate !== undefined) detail.exchange_rate = String(rate.rate);
    if (str(rate.type)) detail.exchange_rate_type = String(rate.type);
    return {
      attemptNo,
      state,
      amount: Number.isSafeInteger(total) ? total : null,
      // exactly as WeChat says: an answer in another currency than the attempt's is a mismatch
      currency: str(amount.currency),
      providerTradeNo: str(tx.transaction_id),
      paidAt: state === 'paid' && tx.success_time ? Date.parse(tx.success_time) : null,
      ...(Object.keys(detail).length ? { detail } : {}),
    };
  }

  const refundOf = (r: Json): RefundResult => ({
    refundNo: String(r.out_refund_no),
    state: REFUND_STATES[String(r.status ?? r.refund_status)] ?? 'processing',
    providerRefundId: str(r.refund_id),
  });

  /** A refund answer for our refund: its number, and (when stated) its currency, must be ours. */
  function ourRefund(r: Json, refundNo: string, currency: string, what: string): RefundResult {
    if (r.out_refund_no !== refundNo) throw fail(`${what}: answer for another refund`);
    const c = str((r.amount as Json | undefined)?.currency);
    if (c !== null && c !== currency) throw fail(`${what}: refund in ${c}, not ${currency}`);
    return refundOf(r);
  }

  async function order(kind: 'jsapi' | 'native' | 'app' | 'h5', req: StartRequest): Promise<Json> {
    const body: Json = {
      appid: kind === 'app' ? appAppid : opts.appid,
      mchid: opts.mchid,
      description: trimChars(req.description || req.orderNo, 127),
      out_trade_no: req.attemptNo,
      time_expire: rfc3339Cst(req.expiresAt),
      attach: req.orderNo.slice(0, 128),
      notify_url: req.notifyUrl,
      trade_type: kind.toUpperCase(),
      ...(opts.merchantCategoryCode ? { merchant_category_code: opts.merchantCategoryCode } : {}),
      amount: { total: req.amount, currency: chargeable(req.currency) },
    };
    if (kind === 'jsapi') body.payer = { openid: req.openid };
    // H5: WeChat checks that the page asking is the payer's, by IP; 'Wap' is a phone web page
    if (kind === 'h5') body.scene_info = { payer_client_ip: req.payerIp, h5_info: { type: 'Wap' } };
    const res = await call('POST', `/transactions/${kind}`, body);
    if (res.status !== 200) {
      const e = errorOf(res);
      throw down(`order ${req.attemptNo}: ${res.status} ${e.code} ${e.message}`);
    }
    return parseJson(res.body, 'order');
  }

  async function start(req: StartRequest): Promise<StartResult> {
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError('amount must be positive');
    if (req.client === 'wechat_browser') {
      // JSAPI pays as a known WeChat user; the core must obtain the openid (OAuth snsapi_base) first
      if (!req.openid) throw new TypeError('WeChat JSAPI needs the payer openid');
      const { prepay_id } = await order('jsapi', req);
      const timeStamp = String(Math.floor(now() / 1000));
      const nonceStr = randomAlnum(32);
      const pkg = `prepay_id=${prepay_id}`;
      // signType is sent but not signed
      const paySign = rsaSign(`${opts.appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, opts.merchantPrivateKey);
      return {
        kind: 'jsapi',
        params: { appId: opts.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
      };
    }
    if (req.client === 'app') {
      const { prepay_id } = await order('app', req);
      const timestamp = String(Math.floor(now() / 1000));
      const noncestr = randomAlnum(32);
      const sign = rsaSign(`${appAppid}\n${timestamp}\n${noncestr}\n${prepay_id}\n`, opts.merchantPrivateKey);
      return {
        kind: 'app',
        params: {
          appid: appAppid,
          partnerid: opts.mchid,
          prepayid: String(prepay_id),
          package: 'Sign=WXPay',
          noncestr,
          timestamp,
          sign,
        },
      };
    }
    if (req.client === 'mobile_browser') {
      // a phone browser outside WeChat: H5 payment opens WeChat on this phone (no second phone to scan
      // with); redirect_url brings the browser back, which is only a hint: the core confirms by query
      if (!req.payerIp) throw new TypeError('WeChat H5 needs the payer IP');
      const { h5_url } = await order('h5', req);
      if (typeof h5_url !== 'string' || !h5_url) throw down('h5 order without h5_url');
      const url = new URL(h5_url);
      url.searchParams.set('redirect_url', req.returnUrl);
      return { kind: 'redirect', url: url.toString() };
    }
    // desktop browsers: a QR code the payer scans with WeChat; no return path exists
    const { code_url } = await order('native', req);
    if (typeof code_url !== 'string') throw down('native order without code_url');
    return { kind: 'qr', codeUrl: code_url };
  }

  function decodeNotification(req: InboundCallback): CallbackResult {
    const parts = signatureHeaders(req.headers, 'notification');
    const ts = Number(parts.ts);
    if (!Number.isFinite(ts) || Math.abs(now() / 1000 - ts) > WECHATPAY_MAX_SKEW_S) {
      throw fail('notification: stale timestamp');
    }
    if (parts.signature.startsWith(WECHATPAY_SIGNTEST_PREFIX)) throw fail('notification: signature probe');
    checkSignature(parts, req.rawBody, 'notification');

    let envelope: Json;
    try {
      envelope = JSON.parse(req.rawBody) as Json;
    } catch {
      throw fail('notification: not JSON');
    }
    const r = envelope.resource as Json | undefined;
    if (!r || r.algorithm !== 'AEAD_AES_256_GCM') throw fail('notification: unknown resource algorithm');
    let plain: Json;
    try {
      plain = JSON.parse(
        aesGcmDecrypt(String(r.ciphertext), opts.apiV3Key, String(r.nonce), String(r.associated_data ?? '')),
      ) as Json;
    } catch {
      throw fail('notification: resource does not decrypt');
    }
    if (plain.mchid !== opts.mchid) throw fail('notification: mchid is not ours');

    const reply = { status: 204, contentType: 'text/plain', body: '' };
    const eventType = String(envelope.event_type ?? '');
    if (r.original_type === 'refund' || eventType.startsWith('REFUND.')) {
      return { payments: [], refunds: [refundOf(plain)], reply };
    }
    if (plain.appid !== opts.appid && plain.appid !== appAppid) throw fail('notification: appid is not ours');
    if (typeof plain.out_trade_no !== 'string') throw fail('notification: no out_trade_no');
    return { payments: [outcomeOf(plain, plain.out_trade_no)], refunds: [], reply };
  }

  async function queryRefund(req: RefundQuery): Promise<RefundResult> {
    const res = await call(
      'GET',
      `/refunds/out-refund-no/${encodeURIComponent(req.refundNo)}?mchid=${encodeURIComponent(opts.mchid)}`,
    );
    // never accepted: WeChat holds no refund under this number
    if (res.status === 404) return { refundNo: req.refundNo, state: 'failed', providerRefundId: null };
    if (res.status !== 200) {
      const e = errorOf(res);
      throw down(`refund query ${req.refundNo}: ${res.status} ${e.code} ${e.message}`);
    }
    return ourRefund(parseJson(res.body, 'refund query'), req.refundNo, req.currency, 'refund query');
  }

  return {
    code: 'wechat',
    currencies: CHANNEL_CURRENCIES.wechat,
    start,
    async handleCallback(kind: CallbackKind, req: InboundCallback): Promise<CallbackResult> {
      if (kind === 'notify') return decodeNotification(req);
      // JSAPI/APP "ok" results and page returns carry nothing signed: the core must query
      return { payments: [], refunds: [], reply: { status: 204, contentType: 'text/plain', body: '' } };
    },
    async query(attemptNo: string): Promise<PaymentOutcome> {
      const res = await call(
        'GET',
        `/transactions/out-trade-no/${encodeURIComponent(attemptNo)}?mchid=${encodeURIComponent(opts.mchid)}`,
      );
      if (res.status === 404 && errorOf(res).code === 'ORDER_NOT_EXIST') {
        // the order call may have failed in flight: nothing was paid on this number
        return pendingOutcome(attemptNo);
      }
      if (res.status !== 200) {
        const e = errorOf(res);
        throw down(`query ${attemptNo}: ${res.status} ${e.code} ${e.message}`);
      }
      const tx = parseJson(res.body, 'query');
      if (tx.mchid !== opts.mchid || tx.out_trade_no !== attemptNo)
        throw fail('query: answer for another trade');
      return outcomeOf(tx, attemptNo);
    },
    async close(attemptNo: string): Promise<void> {
      const res = await call('POST', `/transactions/out-trade-no/${encodeURIComponent(attemptNo)}/close`, {
        mchid: opts.mchid,
      });
      if (res.status === 204) return;
      const e = errorOf(res);
      throw down(`close ${attemptNo}: ${res.status} ${e.code} ${e.message}`);
    },
    async refund(req: RefundRequest): Promise<RefundResult> {
      const res = await call('POST', '/refunds', {
        mchid: opts.mchid,
        appid: opts.appid,
        ...(req.providerTradeNo ? { transaction_id: req.providerTradeNo } : { out_trade_no: req.attemptNo }),
        out_refund_no: req.refundNo,
        reason: trimChars(req.reason, 80) || undefined,
        notify_url: req.notifyUrl,
        // the refund is in the order's currency (WeChat refuses any other); the buyer gets CNY back
        amount: { refund: req.amount, total: req.total, currency: chargeable(req.currency) },
      });
      if (res.status === 200)
        return ourRefund(parseJson(res.body, 'refund'), req.refundNo, req.currency, 'refund');
      // business refusals (amount exceeds what is left, trade unpaid) will not change by retrying;
      // signature, rate-limit and system errors may
      if (res.status === 400 || res.status === 403 || res.status === 404) {
        return { refundNo: req.refundNo, state: 'failed', providerRefundId: null };
      }
      const e = errorOf(res);
      throw down(`refund ${req.refundNo}: ${res.status} ${e.code} ${e.message}`);
    },
    queryRefund,
  };
}
