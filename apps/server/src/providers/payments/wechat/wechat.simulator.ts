import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '../../../platform/money';
import {
  Deliverer,
  SIM_CNY_RATES,
  simPayerAmount,
  cashierPage,
  corruptSignature,
  createFaults,
  compressSchedule,
  escapeHtml,
  formFields,
  sleep,
  type DeliveryRecord,
} from '../sim-support';
import {
  WECHATPAY_MAX_SKEW_S,
  WECHATPAY_SIGNTEST_PREFIX,
  aesGcmEncrypt,
  parseAuthorization,
  randomAlnum,
  requestMessage,
  responseMessage,
  rfc3339Cst,
  rsaSign,
  rsaVerify,
} from './wechat.crypto';

/**
 * A local WeChat Pay cross-border (Global) API v3 for demo mode and tests (payment-protocols.md 0b, 1.5):
 * the same paths (/v3/global/...), JSON fields, error codes and cryptography as apihk.mch.weixin.qq.com,
 * with its own platform key. Orders are charged in the currency they name; the simulated buyer pays CNY
 * at a fixed simulated rate (SIM_CNY_RATES), reported as payer_total/payer_currency and exchange_rate. It verifies
 * our Authorization exactly, signs every answer, and delivers encrypted, signed notifications with
 * WeChat's retry schedule (compressed). A cashier page stands in for the WeChat app: the payer picks
 * pay, fail or cancel. Switches (`faults`) make it misbehave the ways the real one can. State is in
 * memory: demo mode runs one process.
 */

/** WeChat's notification retries after a failed delivery: 15s,15s,30s,3m,10m,20m,30m,30m,30m,60m,3h,3h,3h,6h,6h. */
import {
  ERR,
  NO_FAULTS,
  WECHATPAY_RETRY_SECONDS,
  isApiError,
  type ApiError,
  type Refund,
  type Trade,
  type WechatPayFaults,
  type WechatPaySimulator,
  type WechatPaySimulatorOptions,
} from './wechat.simulator-model';
import { jsapiBridgeRoute } from './wechat.simulator-jsapi';
export {
  WECHATPAY_RETRY_SECONDS,
  type WechatPayFaults,
  type WechatPaySimulator,
  type WechatPaySimulatorOptions,
} from './wechat.simulator-model';

export function createWechatPaySimulator(opts: WechatPaySimulatorOptions): WechatPaySimulator {
  const now = opts.now ?? Date.now;
  const control = createFaults<WechatPayFaults>(NO_FAULTS);
  const faults = control.faults;
  const trades = new Map<string, Trade>();
  const byToken = new Map<string, Trade>();
  const byPrepay = new Map<string, Trade>();
  const refunds = new Map<string, Refund>();
  const deliveries: DeliveryRecord[] = [];
  const deliverer = new Deliverer({
    http: opts.http,
    retryDelaysMs: opts.retryDelaysMs ?? compressSchedule(WECHATPAY_RETRY_SECONDS, 1 / 1000),
    timeoutMs: opts.notifyTimeoutMs ?? 5000,
    // 200 or 204 mean received; anything else (4xx/5xx with {"code":"FAIL"}) is retried
    accepted: (res) => res.status === 200 || res.status === 204,
    log: deliveries,
  });

  const sign = (message: string) => {
    const sig = rsaSign(message, opts.platformPrivateKey);
    return faults.badSignature ? corruptSignature(sig) : sig;
  };

  /** Every answer is signed, errors included, as the real platform does. */
  async function answer(reply: FastifyReply, status: number, body: unknown) {
    if (faults.slowAnswerMs > 0) await sleep(faults.slowAnswerMs);
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(now() / 1000));
    const nonce = randomAlnum(32);
    reply
      .status(status)
      .header('Wechatpay-Timestamp', ts)
      .header('Wechatpay-Nonce', nonce)
      .header('Wechatpay-Signature', sign(responseMessage(ts, nonce, text)))
      .header('Wechatpay-Serial', opts.platformSerial)
      .header('Request-ID', crypto.randomUUID());
    if (text) reply.type('application/json; charset=utf-8');
    return reply.send(text);
  }

  const error = (reply: FastifyReply, e: ApiError) =>
    answer(reply, e.status, { code: e.code, message: e.message });

  /** Verifies Authorization as the platform does: scheme, merchant, serial, clock window, signature. */
  function checkAuthorization(req: FastifyRequest): ApiError | null {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) return ERR.sign('Authorization 格式错误 (malformed Authorization)');
    if (auth.mchid !== opts.mchid) return ERR.sign('商户号不存在 (unknown mchid)');
    if (auth.serial_no !== opts.merchantSerial) return ERR.sign('证书序列号错误 (unknown serial_no)');
    const ts = Number(auth.timestamp);
    if (!Number.isFinite(ts) || Math.abs(now() / 1000 - ts) > WECHATPAY_MAX_SKEW_S) {
      return ERR.sign('请求时间戳过期 (stale timestamp)');
    }
    const body = typeof req.body === 'string' ? req.body : '';
    const message = requestMessage(req.method, req.url, auth.timestamp, auth.nonce_str, body);
    if (!rsaVerify(message, auth.signature, opts.merchantPublicKey))
      return ERR.sign('签名错误 (bad signature)');
    return null;
  }

  const bodyJson = (req: FastifyRequest): Record<string, any> | ApiError => {
    try {
      const j = JSON.parse(String(req.body ?? '')) as unknown;
      if (j && typeof j === 'object') return j as Record<string, any>;
    } catch {
      // fall through
    }
    return ERR.param('请求体不是合法的JSON (body is not JSON)');
  };

  const isExpired = (t: Trade) => t.state === 'NOTPAY' && now() > t.expiresAt;
  const stateOf = (t: Trade) => (isExpired(t) ? 'CLOSED' : t.state);

  function transactionJson(t: Trade, tamper = 0): Record<string, unknown> {
    const state = stateOf(t);
    const paid = state === 'SUCCESS' || state === 'REFUND';
    const payer = simPayerAmount(t.total + tamper, t.currency);
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.outTradeNo,
      ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
      trade_type: t.tradeType,
      trade_state: state,
      trade_state_desc: {
        SUCCESS: '支付成功',
        REFUND: '转入退款',
        NOTPAY: '未支付',
        CLOSED: '已关闭',
        PAYERROR: '支付失败',
      }[state],
      bank_type: paid ? 'OTHERS' : '',
      attach: t.attach,
      ...(t.successTime ? { success_time: rfc3339Cst(t.successTime) } : {}),
      payer: { openid: t.openid },
      amount: paid
        ? {
            total: t.total + tamper,
            currency: t.currency,
            payer_total: payer.payerTotal,
            payer_currency: 'CNY',
          }
        : { total: t.total, currency: t.currency },
      ...(paid ? { exchange_rate: { type: 'SETTLEMENT_RATE', rate: payer.rate } } : {}),
    };
  }

  function refundJson(r: Refund) {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: r.trade.transactionId,
      out_trade_no: r.trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.successTime ? { success_time: rfc3339Cst(r.successTime) } : {}),
      create_time: rfc3339Cst(r.createdAt),
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: r.trade.total,
        refund: r.refund,
        currency: r.trade.currency,
        payer_total: simPayerAmount(r.trade.total, r.trade.currency).payerTotal,
        payer_refund: simPayerAmount(r.refund, r.trade.currency).payerTotal,
        payer_currency: 'CNY',
      },
    };
  }

  /** Encrypts, signs and delivers one notification (with the active faults applied). */
  function notify(url: string, eventType: string, originalType: string, summary: string, plain: unknown) {
    if (faults.withholdNotify) return;
    const f = { ...faults };
    const nonce = randomAlnum(12);
    let ciphertext = aesGcmEncrypt(JSON.stringify(plain), opts.apiV3Key, nonce, originalType);
    if (f.badGcmTag) {
      const bytes = Buffer.from(ciphertext, 'base64');
      const last = bytes.length - 1; // never negative: GCM output ends in a 16-byte tag
      bytes.writeUInt8(bytes.readUInt8(last) ^ 0x01, last);
      ciphertext = bytes.toString('base64');
    }
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: rfc3339Cst(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: originalType,
        nonce,
      },
    });
    const headersFor = (signature?: string) => {
      const ts = String(Math.floor(now() / 1000) - (f.staleTimestamp ? 600 : 0));
      const n = randomAlnum(32);
      return {
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Mozilla/4.0',
          'Wechatpay-Timestamp': ts,
          'Wechatpay-Nonce': n,
          'Wechatpay-Signature': signature ?? sign(responseMessage(ts, n, body)),
          'Wechatpay-Serial': opts.platformSerial,
        },
        body,
      };
    };
    if (f.signtestProbe) {
      // probes are single shots: WeChat only wants to see that the merchant refuses them
      void deliverer.send(
        url,
        () => headersFor(`${WECHATPAY_SIGNTEST_PREFIX}${crypto.randomBytes(32).toString('base64')}`),
        false,
      );
    }
    void deliverer.send(url, () => headersFor());
    if (f.duplicateNotify) void deliverer.send(url, () => headersFor());
  }

  function notifyPaid(t: Trade) {
    notify(
      t.notifyUrl,
      'TRANSACTION.SUCCESS',
      'transaction',
      '支付成功',
      transactionJson(t, faults.tamperAmount),
    );
  }

  function notifyRefund(r: Refund) {
    if (!r.notifyUrl) return;
    const event = { SUCCESS: 'REFUND.SUCCESS', ABNORMAL: 'REFUND.ABNORMAL', CLOSED: 'REFUND.CLOSED' }[
      r.status as 'SUCCESS'
    ];
    if (!event) return;
    notify(r.notifyUrl, event, 'refund', '退款成功', {
      mchid: r.trade.mchid,
      out_trade_no: r.trade.outTradeNo,
      transaction_id: r.trade.transactionId,
      out_refund_no: r.outRefundNo,
      refund_id: r.refundId,
      refund_status: r.status,
      ...(r.successTime ? { success_time: rfc3339Cst(r.successTime) } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: r.trade.total,
        refund: r.refund,
        currency: r.trade.currency,
        payer_total: simPayerAmount(r.trade.total, r.trade.currency).payerTotal,
        payer_refund: simPayerAmount(r.refund, r.trade.currency).payerTotal,
        payer_currency: 'CNY',
      },
    });
  }

  function createTrade(kind: 'jsapi' | 'app' | 'native' | 'h5', b: Record<string, any>): Trade | ApiError {
    if (b.mchid !== opts.mchid) return ERR.param('mchid与请求商户号不一致 (mchid mismatch)');
    if (!opts.appids.includes(b.appid)) return ERR.param('appid和mch_id不匹配 (appid not bound to mchid)');
    const desc = typeof b.description === 'string' ? b.description : '';
    if (!desc || Array.from(desc).length > 127) return ERR.param('description 长度应为 1-127');
    const no = typeof b.out_trade_no === 'string' ? b.out_trade_no : '';
    if (!/^[A-Za-z0-9_*|-]{6,32}$/.test(no)) return ERR.param('out_trade_no 格式错误');
    const total = b.amount?.total;
    if (!Number.isSafeInteger(total) || total <= 0)
      return ERR.param('amount.total 应为正整数 (minor units of amount.currency)');
    // the Global API has no default currency: the order names it, and the merchant must be able to charge it
    const currency = typeof b.amount?.currency === 'string' ? b.amount.currency : '';
    if (!SIM_CNY_RATES[currency]) return ERR.param(`amount.currency 不支持 (${currency || 'missing'})`);
    if (b.trade_type !== kind.toUpperCase()) return ERR.param('trade_type 与下单接口不一致');
    let notifyUrl: URL;
    try {
      notifyUrl = new URL(String(b.notify_url));
    } catch {
      return ERR.param('notify_url 格式错误');
    }
    // the real platform also insists on https; demo mode serves plain http, so only the query rule stays
    if (notifyUrl.search) return ERR.param('notify_url 不能携带参数 (no query string)');
    if (kind === 'jsapi' && !b.payer?.openid) return ERR.param('JSAPI 下单 payer.openid 必填');
    if (kind === 'h5' && (!b.scene_info?.payer_client_ip || !b.scene_info?.h5_info?.type))
      return ERR.param('H5 下单 scene_info.payer_client_ip 与 scene_info.h5_info.type 必填');
    const expiresAt = b.time_expire ? Date.parse(String(b.time_expire)) : now() + 2 * 3600_000;
    if (!Number.isFinite(expiresAt)) return ERR.param('time_expire 格式错误');

    const existing = trades.get(no);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND')
        return ERR.paid('该订单已支付 (already paid)');
      if (
        existing.total !== total ||
        existing.currency !== currency ||
        existing.description !== desc ||
        existing.tradeType !== kind.toUpperCase()
      ) {
        return ERR.invalid('201 商户订单号重复 (out_trade_no reused with other parameters)');
      }
      return existing;
    }
    const t: Trade = {
      appid: b.appid,
      mchid: b.mchid,
      tradeType: kind.toUpperCase() as Trade['tradeType'],
      outTradeNo: no,
      description: desc,
      attach: typeof b.attach === 'string' ? b.attach : '',
      notifyUrl: notifyUrl.toString(),
      total,
      currency,
      expiresAt,
      openid: kind === 'jsapi' ? String(b.payer.openid) : `o${randomAlnum(27)}`,
      prepayId: `wx${rfc3339Cst(now()).replace(/\D/g, '').slice(0, 14)}${randomAlnum(18)}`,
      token: randomAlnum(20),
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
    };
    trades.set(no, t);
    byToken.set(t.token, t);
    byPrepay.set(t.prepayId, t);
    return t;
  }

  function pay(t: Trade) {
    t.state = 'SUCCESS';
    t.successTime = now();
    t.transactionId = `4200${rfc3339Cst(now()).replace(/\D/g, '').slice(0, 8)}${String(crypto.randomInt(1e9)).padStart(9, '0')}${String(crypto.randomInt(1e5)).padStart(5, '0')}`;
    notifyPaid(t);
  }

  function createRefund(b: Record<string, any>): Refund | ApiError {
    const outRefundNo = typeof b.out_refund_no === 'string' ? b.out_refund_no : '';
    if (!/^[A-Za-z0-9_*|@-]{1,64}$/.test(outRefundNo)) return ERR.param('out_refund_no 格式错误');
    const repeat = refunds.get(outRefundNo);
    // the refund number is the idempotency key: a repeat returns the refund already made
    if (repeat) return repeat;
    const t = b.transaction_id
      ? [...trades.values()].find((x) => x.transactionId === b.transaction_id)
      : trades.get(String(b.out_trade_no ?? ''));
    if (!t || t.mchid !== opts.mchid) return ERR.refundNotFound('订单不存在 (trade not found)');
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return ERR.invalid('订单未支付 (trade not paid)');
    const refund = b.amount?.refund;
    if (!Number.isSafeInteger(refund) || refund <= 0) return ERR.param('amount.refund 应为正整数');
    if (b.amount?.total !== t.total) return ERR.param('amount.total 与原订单金额不一致 (total mismatch)');
    if (b.mchid !== undefined && b.mchid !== opts.mchid) return ERR.param('mchid 参数错误');
    // refunds are in the order's currency, never another
    if (b.amount?.currency !== t.currency) return ERR.param('amount.currency 与原订单币种不一致');
    const refunded = [...refunds.values()]
      .filter((r) => r.trade === t && r.status !== 'ABNORMAL' && r.status !== 'CLOSED')
      .reduce((s, r) => s + r.refund, 0);
    if (refunded + refund > t.total) return ERR.invalid('申请退款金额超过订单可退金额 (exceeds refundable)');
    const r: Refund = {
      outRefundNo,
      refundId: `50${String(crypto.randomInt(1e9)).padStart(9, '0')}${String(crypto.randomInt(1e9)).padStart(9, '0')}`,
      trade: t,
      refund,
      notifyUrl: typeof b.notify_url === 'string' ? b.notify_url : '',
      status: faults.refundStuck ? 'PROCESSING' : 'SUCCESS',
      createdAt: now(),
      successTime: faults.refundStuck ? null : now(),
    };
    refunds.set(outRefundNo, r);
    t.state = 'REFUND';
    if (r.status === 'SUCCESS') notifyRefund(r);
    return r;
  }

  const tradeForCashier = (q: Record<string, string | undefined>) =>
    (q.pr && byToken.get(q.pr)) || (q.prepay_id && byPrepay.get(q.prepay_id)) || undefined;

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(cashierPage('WeChat Pay (demo)', '#057a3a', body));

  /** The trade's amount in its own currency (an NT$ order shows NT$, a CNY one ¥), as WeChat's cashier does. */
  const money = (t: { total: number; currency: string }) => formatMoney('zh-Hans', t.currency, t.total);

  const plugin: FastifyPluginAsync = async (sim) => {
    // signatures cover the exact bytes: keep every body as the string that arrived
    sim.removeAllContentTypeParsers();
    sim.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    sim.addHook('onClose', async () => deliverer.stop());

    const api = (
      handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    ): ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
      return async (req, reply) => {
        const denied = checkAuthorization(req);
        if (denied) return error(reply, denied);
        return handler(req, reply);
      };
    };

    for (const kind of ['jsapi', 'app', 'native', 'h5'] as const) {
      sim.post(
        `/v3/global/transactions/${kind}`,
        { schema: { hide: true } },
        api(async (req, reply) => {
          const b = bodyJson(req);
          if (isApiError(b)) return error(reply, b);
          const t = createTrade(kind, b);
          if (isApiError(t)) return error(reply, t);
          if (kind === 'native')
            return answer(reply, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${t.token}` });
          if (kind === 'h5') {
            const q = new URLSearchParams({ prepay_id: t.prepayId, package: t.token });
            return answer(reply, 200, {
              h5_url: `${opts.publicBaseUrl ?? ''}/cgi-bin/mmpayweb-bin/checkmweb?${q}`,
            });
          }
          return answer(reply, 200, { prepay_id: t.prepayId });
        }),
      );
    }

    sim.get(
      '/v3/global/transactions/out-trade-no/:no',
      { schema: { hide: true } },
      api(async (req, reply) => {
        const { no } = req.params as { no: string };
        const { mchid } = req.query as { mchid?: string };
        if (mchid !== opts.mchid) return error(reply, ERR.param('mchid 参数错误'));
        const t = trades.get(no);
        if (!t) return error(reply, ERR.notFound('订单不存在'));
        return answer(reply, 200, transactionJson(t));
      }),
    );

    sim.post(
      '/v3/global/transactions/out-trade-no/:no/close',
      { schema: { hide: true } },
      api(async (req, reply) => {
        const { no } = req.params as { no: string };
        const b = bodyJson(req);
        if (isApiError(b)) return error(reply, b);
        if (b.mchid !== opts.mchid) return error(reply, ERR.param('mchid 参数错误'));
        const t = trades.get(no);
        if (!t) return error(reply, ERR.notFound('订单不存在'));
        if (t.state === 'SUCCESS' || t.state === 'REFUND')
          return error(reply, ERR.paid('订单已支付，不能关闭'));
        t.state = 'CLOSED';
        return answer(reply, 204, undefined);
      }),
    );

    sim.post(
      '/v3/global/refunds',
      { schema: { hide: true } },
      api(async (req, reply) => {
        const b = bodyJson(req);
        if (isApiError(b)) return error(reply, b);
        const r = createRefund(b);
        if (isApiError(r)) return error(reply, r);
        return answer(reply, 200, refundJson(r));
      }),
    );

    sim.get(
      '/v3/global/refunds/out-refund-no/:no',
      { schema: { hide: true } },
      api(async (req, reply) => {
        const { mchid } = req.query as { mchid?: string };
        if (mchid !== opts.mchid) return error(reply, ERR.param('mchid 参数错误'));
        const r = refunds.get((req.params as { no: string }).no);
        if (!r) return error(reply, ERR.refundNotFound('退款单不存在'));
        return answer(reply, 200, refundJson(r));
      }),
    );

    // The page behind code_url (weixin://wxpay/bizpayurl?pr=...), at the same path on http, so a QR code
    // made from it in demo mode leads a phone here.
    sim.get('/wxpay/bizpayurl', { schema: { hide: true } }, async (req, reply) =>
      reply.redirect(`../cashier?pr=${encodeURIComponent((req.query as { pr?: string }).pr ?? '')}`, 302),
    );

    // H5's h5_url: on a phone it opens WeChat to pay, then the browser goes to redirect_url; in demo mode
    // the cashier stands in for WeChat and links back to redirect_url's path on this site
    sim.get('/cgi-bin/mmpayweb-bin/checkmweb', { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      let back = '';
      try {
        const u = new URL(q.redirect_url ?? '', 'http://x');
        back = `${u.pathname}${u.search}`;
      } catch {
        // no way back: the cashier shows none
      }
      const to = new URLSearchParams({ prepay_id: q.prepay_id ?? '', ...(back ? { back } : {}) });
      return reply.redirect(`../../cashier?${to}`, 302);
    });

    sim.get('/cashier', { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const t = tradeForCashier(q);
      if (!t) return page(reply, 404, '<div class="card"><h1>Order not found</h1></div>');
      const state = stateOf(t);
      if (state !== 'NOTPAY') {
        return page(
          reply,
          200,
          `<div class="card"><h1>${state === 'CLOSED' ? 'This order is closed' : 'This order is already settled'}</h1><p>${escapeHtml(state)}</p></div>`,
        );
      }
      const back = q.back?.startsWith('/') && !q.back.startsWith('//') ? q.back : '';
      return page(
        reply,
        200,
        `<div class="card">
<h1>WeChat Pay</h1>
<p class="demo">Demo cashier: no real money moves. Choose what the payer does.</p>
<div class="amount">${escapeHtml(money(t))}</div>
<dl><dt>Merchant</dt><dd>${escapeHtml(t.mchid)}</dd><dt>Item</dt><dd>${escapeHtml(t.description)}</dd><dt>Order</dt><dd>${escapeHtml(t.outTradeNo)}</dd></dl>
<form method="post" action="cashier">
<input type="hidden" name="token" value="${escapeHtml(t.token)}"><input type="hidden" name="back" value="${escapeHtml(back)}">
<div class="actions">
<button class="pay" name="action" value="pay" type="submit">Pay ${escapeHtml(money(t))}</button>
<button class="fail" name="action" value="fail" type="submit">Payment fails</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel</button>
</div></form></div>`,
      );
    });

    sim.post('/cashier', { schema: { hide: true } }, async (req, reply) => {
      const f = formFields(req.body);
      const t = f.token ? byToken.get(f.token) : undefined;
      if (!t) return page(reply, 404, '<div class="card"><h1>Order not found</h1></div>');
      const backLink =
        f.back?.startsWith('/') && !f.back.startsWith('//')
          ? `<p><a href="${escapeHtml(f.back)}">Back to the shop</a></p>`
          : '';
      if (stateOf(t) !== 'NOTPAY') {
        return page(
          reply,
          409,
          `<div class="card"><h1>This order can no longer be paid</h1>${backLink}</div>`,
        );
      }
      if (f.action === 'pay') {
        pay(t);
        return page(
          reply,
          200,
          `<div class="card"><h1>Payment successful</h1><div class="amount">${escapeHtml(money(t))}</div>${backLink}</div>`,
        );
      }
      if (f.action === 'fail') {
        t.state = 'PAYERROR';
        return page(
          reply,
          200,
          `<div class="card"><h1>Payment failed</h1><p>The bank declined the payment.</p>${backLink}</div>`,
        );
      }
      // cancel: the payer closes the sheet; the order stays payable until it expires
      return page(reply, 200, `<div class="card"><h1>Payment cancelled</h1>${backLink}</div>`);
    });

    jsapiBridgeRoute(sim, {
      appids: opts.appids,
      merchantPublicKey: opts.merchantPublicKey,
      tradeOfPrepay: (id) => byPrepay.get(id),
      stateOf,
      pay,
      fail: (t) => {
        t.state = 'PAYERROR';
      },
    });
    // Control switches for tests and the demo: GET shows them, POST patches them, /reset clears them.
    control.routes(sim, () => deliveries.length);
    sim.post('/control/refunds/:no/complete', { schema: { hide: true } }, async (req, reply) => {
      const r = refunds.get((req.params as { no: string }).no);
      if (!r) return reply.status(404).send({ message: 'no such refund' });
      await completeRefund(r.outRefundNo);
      return refundJson(r);
    });
  };

  async function completeRefund(outRefundNo: string) {
    const r = refunds.get(outRefundNo);
    if (!r || r.status !== 'PROCESSING') return;
    r.status = 'SUCCESS';
    r.successTime = now();
    notifyRefund(r);
  }

  return {
    plugin,
    faults,
    setFaults: control.set,
    resetFaults: control.reset,
    deliveries,
    settled: () => deliverer.settled(),
    completeRefund,
    tokenOf: (no) => trades.get(no)?.token,
    stop: () => deliverer.stop(),
  };
}

/**
 * The demo cashier URL standing in for the WeChat app, under the simulator's public mount point: for a
 * Native code_url (`weixin://wxpay/bizpayurl?pr=...`) or a JSAPI/APP package (`prepay_id=...`), since a
 * demo browser has neither WeChat nor WeixinJSBridge. `back` is a same-site path the result page links to.
 */
export function wechatPayDemoCashierUrl(
  simulatorBase: string,
  codeUrlOrPackage: string,
  back?: string,
): string {
  const base = `${simulatorBase.replace(/\/$/, '')}/cashier`;
  const q = new URLSearchParams();
  if (codeUrlOrPackage.startsWith('prepay_id='))
    q.set('prepay_id', codeUrlOrPackage.slice('prepay_id='.length));
  else q.set('pr', new URL(codeUrlOrPackage.replace(/^weixin:/, 'https:')).searchParams.get('pr') ?? '');
  if (back) q.set('back', back);
  return `${base}?${q.toString()}`;
}
