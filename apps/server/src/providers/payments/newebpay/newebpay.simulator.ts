import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HttpClient } from '../channel';
import { randomDigits as digits } from '../keys';
import { createInflight, escapeHtml, sendWithRetries, sleep } from '../sim-support';
import {
  checkCode,
  checkValue,
  decryptAes,
  encryptAes,
  parseForm,
  sameDigest,
  taipeiParts,
  tradeSha,
} from './newebpay.crypto';

/**
 * A local stand-in for NewebPay MPG (payment-protocols.md §4.6), mounted in demo mode under
 * /dev/sim/newebpay. It speaks the real wire format with the real cryptography: the gateway verifies
 * TradeSha, decrypts and validates TradeInfo and lets the person paying pick card, ATM or convenience store;
 * callbacks are encrypted with the legacy 32-byte-block padding, so the adapter's tolerant decryption runs
 * on every demo payment. Switches make it misbehave the ways tests need. State lives in memory (demo mode
 * runs one process); the error codes are the simulator's own and the adapter relies only on "SUCCESS".
 */

export type NewebPaySwitches = {
  /** When the server Notify goes out relative to the browser Return: before it, after it, or not at all. */
  notify: 'before_return' | 'after_return' | 'none';
  duplicateNotify: boolean;
  /** Callbacks report Amt + 1 (correctly signed): the core must see the mismatch. */
  amtMismatch: boolean;
  /** Callbacks carry a wrong TradeSha: the adapter must refuse them. */
  badTradeSha: boolean;
  /** A card payment comes back with a failed Status whatever the person chose. */
  failedStatus: boolean;
  /** Delay (ms) before API answers and Notify deliveries. */
  slowMs: number;
};

export type NewebPaySimTrade = {
  merchantOrderNo: string;
  tradeNo: string;
  amt: number;
  itemDesc: string;
  notifyUrl: string;
  returnUrl: string;
  customerUrl: string;
  methods: string[];
  expireDate: string;
  createdAt: number;
  status: 'new' | 'code_issued' | 'paid' | 'failed' | 'cancelled';
  paymentType: string;
  payTime: number | null;
  codes: Record<string, string>;
  /** What can still be refunded (whole TWD): lowered as soon as a refund is accepted, as on NewebPay. */
  backBalance: number;
  /** Accepted refunds; `batched` once the nightly batch has sent them to the acquirer. */
  refunds: { amt: number; at: number; batched: boolean }[];
};

export type NewebPaySimState = {
  switches: NewebPaySwitches;
  trades: Map<string, NewebPaySimTrade>;
  /** Every Notify delivery attempt, for tests and the demo log. */
  deliveries: { merchantOrderNo: string; url: string; status: number | 'error'; at: number }[];
  /** Resolves once every Notify in flight (retries included) has been delivered or given up. */
  idle(): Promise<void>;
  track(p: Promise<unknown>): void;
};

export const DEFAULT_NEWEBPAY_SWITCHES: NewebPaySwitches = {
  notify: 'before_return',
  duplicateNotify: false,
  amtMismatch: false,
  badTradeSha: false,
  failedStatus: false,
  slowMs: 0,
};

export function createNewebPaySimState(): NewebPaySimState {
  return {
    switches: { ...DEFAULT_NEWEBPAY_SWITCHES },
    trades: new Map(),
    deliveries: [],
    ...createInflight(),
  };
}

export type NewebPaySimulatorOptions = {
  merchantId: string;
  hashKey: string;
  hashIV: string;
  /** Delivers Notify to the shop (in process in demo mode and tests). */
  http: HttpClient;
  now?: () => number;
  state?: NewebPaySimState;
  /** Waits before each Notify retry; NewebPay retries a few times, then alerts the merchant by e-mail. */
  retryDelaysMs?: number[];
  /** Accepted clock skew of TimeStamp, in seconds. */
  timestampWindowSeconds?: number;
};

const FORM = 'application/x-www-form-urlencoded';

export async function newebPaySimulator(app: FastifyInstance, opts: NewebPaySimulatorOptions) {
  const state = opts.state ?? createNewebPaySimState();
  const now = opts.now ?? Date.now;
  const retryDelays = opts.retryDelaysMs ?? [5_000, 60_000, 300_000];
  const window = opts.timestampWindowSeconds ?? 120;
  const { hashKey, hashIV } = opts;
  /** Gateway page sessions: a trade waiting for the person's choice. */
  const sessions = new Map<string, string>();

  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const formOf = (body: unknown) => parseForm(typeof body === 'string' ? body : '');

  const page = (reply: FastifyReply, title: string, body: string) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f2f4f7;color:#1d2939}
main{max-width:440px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:12px}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:0 0 8px}.demo{font-size:13px;color:#475467}button{font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;width:100%;margin-top:8px;background:#1570ef;color:#fff}
button.alt{background:#eaecf0;color:#1d2939}input{font:inherit;padding:8px;width:100%;box-sizing:border-box;border:1px solid #d0d5dd;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#475467}dd{margin:0;font-weight:600}</style></head>
<body><main><p class="demo">NewebPay simulator (demo): no real money moves.</p>${body}</main></body></html>`);

  const hidden = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
  /** The browser leg of Return and Customer: a form POST the page submits by itself, as NewebPay does. */
  const autoPost = (reply: FastifyReply, action: string, fields: Record<string, string>) =>
    page(
      reply,
      'Returning to the shop',
      `<div class="card"><form method="post" action="${escapeHtml(action)}">${hidden(fields)}
<p>Returning to the shop…</p><button type="submit">Continue</button></form></div>
<script>document.forms[0].submit()</script>`,
    );
  const errorPage = (reply: FastifyReply, code: string, message: string) =>
    page(
      reply,
      'Payment error',
      `<div class="card"><h1>${escapeHtml(code)}</h1><p>${escapeHtml(message)}</p></div>`,
    );

  /** The outer form of a callback, encrypted with 32-byte blocks as the legacy sample pads. */
  function callbackForm(
    t: NewebPaySimTrade,
    status: string,
    message: string,
    result: Record<string, unknown>,
  ) {
    const sw = state.switches;
    const full = {
      MerchantID: opts.merchantId,
      Amt: sw.amtMismatch ? t.amt + 1 : t.amt,
      TradeNo: t.tradeNo,
      MerchantOrderNo: t.merchantOrderNo,
      ...result,
    };
    const info = encryptAes(
      JSON.stringify({ Status: status, Message: message, Result: full }),
      hashKey,
      hashIV,
      32,
    );
    const sha = sw.badTradeSha
      ? tradeSha(info, hashKey, `${hashIV.slice(1)}x`)
      : tradeSha(info, hashKey, hashIV);
    return { Status: status, MerchantID: opts.merchantId, Version: '2.0', TradeInfo: info, TradeSha: sha };
  }

  async function deliverOnce(t: NewebPaySimTrade, form: Record<string, string>): Promise<boolean> {
    let status: number | 'error' = 'error';
    try {
      const res = await opts.http({
        method: 'POST',
        url: t.notifyUrl,
        headers: { 'content-type': FORM },
        body: new URLSearchParams(form).toString(),
      });
      status = res.status;
    } catch {
      // unreachable shop: retried below
    }
    state.deliveries.push({ merchantOrderNo: t.merchantOrderNo, url: t.notifyUrl, status, at: now() });
    return status === 200;
  }

  /** Sends Notify, then retries on anything but HTTP 200; the first attempt is awaited by the caller. */
  async function notify(t: NewebPaySimTrade, form: Record<string, string>) {
    if (state.switches.slowMs) await sleep(state.switches.slowMs);
    const copies = state.switches.duplicateNotify ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      await sendWithRetries(() => deliverOnce(t, form), retryDelays, state.track);
    }
  }

  function payResult(t: NewebPaySimTrade): Record<string, unknown> {
    const paid = taipeiParts(t.payTime ?? now());
    const common = {
      PaymentType: t.paymentType,
      PayTime: `${paid.date} ${paid.time}`,
      IP: '127.0.0.1',
      EscrowBank: 'HNCB',
    };
    if (t.paymentType === 'CREDIT')
      return {
        ...common,
        RespondCode: '00',
        Auth: digits(6),
        Card6No: '400022',
        Card4No: '1111',
        ECI: '',
        AuthBank: 'KGI',
        Inst: 0,
        InstFirst: 0,
        InstEach: 0,
        PaymentMethod: 'CREDIT',
      };
    if (t.paymentType === 'VACC')
      return { ...common, PayBankCode: t.codes.BankCode, PayerAccount5Code: '12345' };
    return { ...common, CodeNo: t.codes.CodeNo, StoreType: '1', StoreID: 'SIM001' };
  }

  function validate(inner: Record<string, string>, outerMerchant: string): [string, string] | null {
    const at = Math.floor(now() / 1000);
    const { Amt = '', MerchantOrderNo = '' } = inner;
    if (inner.MerchantID !== outerMerchant) return ['MPG03002', 'MerchantID inside TradeInfo differs'];
    if (!/^[1-9]\d*$/.test(Amt)) return ['MPG01005', 'Amt must be a positive integer'];
    if (!/^[A-Za-z0-9_]{1,30}$/.test(MerchantOrderNo)) return ['MPG01006', 'MerchantOrderNo format'];
    if (state.trades.has(MerchantOrderNo)) return ['MPG03010', 'MerchantOrderNo already used'];
    const ts = Number(inner.TimeStamp);
    if (!Number.isInteger(ts) || Math.abs(at - ts) > window)
      return ['MPG01011', 'TimeStamp outside the allowed window'];
    if (!inner.ItemDesc || Array.from(inner.ItemDesc).length > 50)
      return ['MPG01012', 'ItemDesc missing or over 50 characters'];
    if (inner.RespondType !== 'JSON' && inner.RespondType !== 'String') return ['MPG01001', 'RespondType'];
    if (!inner.NotifyURL || !inner.ReturnURL) return ['MPG01013', 'NotifyURL and ReturnURL are required'];
    if (inner.NotifyURL === inner.ReturnURL) return ['MPG01014', 'NotifyURL and ReturnURL must differ'];
    if (!['CREDIT', 'VACC', 'CVS'].some((m) => inner[m] === '1'))
      return ['MPG01015', 'no payment method enabled'];
    if (inner.CVS === '1' && (+Amt < 30 || +Amt > 20_000)) return ['MPG01016', 'CVS takes 30..20000 TWD'];
    return null;
  }

  function cashier(reply: FastifyReply, session: string, t: NewebPaySimTrade) {
    const s = `<input type="hidden" name="session" value="${escapeHtml(session)}">`;
    const card = t.methods.includes('CREDIT')
      ? `<div class="card"><h2>Credit card</h2><form method="post" action="cashier">${s}
<label>Card number <input name="cardNo" value="4000 2211 1111 1111" inputmode="numeric" autocomplete="off"></label>
<button name="choice" value="card_pay">Pay NT$${t.amt}</button><button class="alt" name="choice" value="card_fail">Decline the card</button></form></div>`
      : '';
    const atm = t.methods.includes('VACC')
      ? `<div class="card"><h2>ATM transfer</h2><form method="post" action="cashier">${s}<button name="choice" value="vacc">Get a transfer account</button></form></div>`
      : '';
    const cvs = t.methods.includes('CVS')
      ? `<div class="card"><h2>Convenience store</h2><form method="post" action="cashier">${s}<button name="choice" value="cvs">Get a payment code</button></form></div>`
      : '';
    return page(
      reply,
      'NewebPay checkout',
      `<div class="card"><h1>Pay NT$${t.amt}</h1><dl><dt>Order</dt><dd>${escapeHtml(t.merchantOrderNo)}</dd><dt>Item</dt><dd>${escapeHtml(t.itemDesc)}</dd></dl></div>${card}${atm}${cvs}
<div class="card"><form method="post" action="cashier">${s}<button class="alt" name="choice" value="cancel">Cancel payment</button></form></div>`,
    );
  }

  app.post('/MPG/mpg_gateway', { schema: { hide: true } }, async (req, reply) => {
    const f = formOf(req.body);
    if (f.MerchantID !== opts.merchantId) return errorPage(reply, 'MPG03001', 'Unknown MerchantID');
    if (!f.TradeInfo || !f.TradeSha || !sameDigest(tradeSha(f.TradeInfo, hashKey, hashIV), f.TradeSha))
      return errorPage(reply, 'MPG03009', 'TradeSha check failed');
    let inner: Record<string, string>;
    try {
      inner = parseForm(decryptAes(f.TradeInfo, hashKey, hashIV));
    } catch {
      return errorPage(reply, 'MPG03003', 'TradeInfo does not decrypt');
    }
    const problem = validate(inner, f.MerchantID);
    if (problem) return errorPage(reply, problem[0], problem[1]);
    // validate() refused the trade if any of these is missing or empty, so the defaults never apply
    const { MerchantOrderNo = '', Amt = '', ItemDesc = '', NotifyURL = '', ReturnURL = '' } = inner;
    const t: NewebPaySimTrade = {
      merchantOrderNo: MerchantOrderNo,
      tradeNo: `${taipeiParts(now()).compactDate.slice(2)}${digits(11)}`,
      amt: Number(Amt),
      itemDesc: ItemDesc,
      notifyUrl: NotifyURL,
      returnUrl: ReturnURL,
      customerUrl: inner.CustomerURL ?? '',
      methods: ['CREDIT', 'VACC', 'CVS'].filter((m) => inner[m] === '1'),
      expireDate: inner.ExpireDate ?? '',
      createdAt: now(),
      status: 'new',
      paymentType: '',
      payTime: null,
      codes: {},
      backBalance: 0,
      refunds: [],
    };
    state.trades.set(t.merchantOrderNo, t);
    const session = crypto.randomBytes(16).toString('hex');
    sessions.set(session, t.merchantOrderNo);
    return cashier(reply, session, t);
  });

  app.post('/MPG/cashier', { schema: { hide: true } }, async (req, reply) => {
    const f = formOf(req.body);
    const { session = '' } = f;
    const t = state.trades.get(sessions.get(session) ?? '');
    if (!t || t.status !== 'new') return errorPage(reply, 'MPG02001', 'This payment page has expired');
    sessions.delete(session);
    if (f.choice === 'cancel') {
      t.status = 'cancelled';
      return page(
        reply,
        'Cancelled',
        '<div class="card"><h1>Payment cancelled</h1><p>You can close this page and return to the shop.</p></div>',
      );
    }
    if (f.choice === 'card_pay' || f.choice === 'card_fail') {
      t.paymentType = 'CREDIT';
      const ok = f.choice === 'card_pay' && !state.switches.failedStatus;
      let form: Record<string, string>;
      if (ok) {
        t.status = 'paid';
        t.payTime = now();
        t.backBalance = t.amt;
        form = callbackForm(t, 'SUCCESS', '授權成功', payResult(t));
      } else {
        t.status = 'failed';
        form = callbackForm(t, 'MPG03008', '授權失敗 (declined by the issuer)', {
          PaymentType: 'CREDIT',
          RespondCode: '05',
        });
      }
      const mode = state.switches.notify;
      if (mode === 'before_return') await notify(t, form);
      else if (mode === 'after_return') state.track(sleep(1).then(() => notify(t, form)));
      return autoPost(reply, t.returnUrl, form);
    }
    if (f.choice === 'vacc' || f.choice === 'cvs') {
      const vacc = f.choice === 'vacc';
      const expire = t.expireDate
        ? `${t.expireDate.slice(0, 4)}-${t.expireDate.slice(4, 6)}-${t.expireDate.slice(6, 8)}`
        : taipeiParts(now() + 3 * 86_400_000).date;
      t.status = 'code_issued';
      t.paymentType = vacc ? 'VACC' : 'CVS';
      t.codes = vacc
        ? { BankCode: '012', CodeNo: `8${digits(13)}`, ExpireDate: expire, ExpireTime: '23:59:59' }
        : { CodeNo: `LLL${digits(11)}`, StoreType: '1', ExpireDate: expire, ExpireTime: '23:59:59' };
      const form = callbackForm(t, 'SUCCESS', '取號成功', { PaymentType: t.paymentType, ...t.codes });
      if (t.customerUrl) return autoPost(reply, t.customerUrl, form);
      return page(
        reply,
        'Payment code',
        `<div class="card"><h1>Your payment code</h1><dl>${Object.entries(t.codes)
          .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`)
          .join('')}</dl></div>`,
      );
    }
    return errorPage(reply, 'MPG02002', 'Unknown choice');
  });

  /** Where the person "goes to the ATM or the store": every issued code with a button that pays it. */
  app.get('/MPG/offline', { schema: { hide: true } }, async (_req, reply) => {
    const waiting = [...state.trades.values()].filter((t) => t.status === 'code_issued');
    const rows = waiting
      .map(
        (
          t,
        ) => `<div class="card"><dl><dt>Order</dt><dd>${escapeHtml(t.merchantOrderNo)}</dd><dt>${t.paymentType === 'VACC' ? 'Bank / account' : 'Store code'}</dt>
<dd>${escapeHtml([t.codes.BankCode, t.codes.CodeNo].filter(Boolean).join(' / '))}</dd><dt>Amount</dt><dd>NT$${t.amt}</dd></dl>
<form method="post" action="offline/pay"><input type="hidden" name="MerchantOrderNo" value="${escapeHtml(t.merchantOrderNo)}"><button>Customer paid</button></form></div>`,
      )
      .join('');
    return page(
      reply,
      'ATM and store payments',
      `<h1>ATM and store payments</h1>${rows || '<div class="card">No codes waiting.</div>'}`,
    );
  });

  /** The "customer paid" control: money reached the bank or store, NewebPay sends Notify (never Return). */
  app.post('/MPG/offline/pay', { schema: { hide: true } }, async (req, reply) => {
    const f = formOf(req.body);
    const t = state.trades.get(f.MerchantOrderNo ?? '');
    if (!t || t.status !== 'code_issued')
      return errorPage(reply, 'MPG02003', 'No code waiting for this order');
    t.status = 'paid';
    t.payTime = now();
    t.backBalance = t.amt;
    if (state.switches.notify !== 'none')
      await notify(t, callbackForm(t, 'SUCCESS', '付款成功', payResult(t)));
    return page(
      reply,
      'Paid',
      `<div class="card"><h1>Paid</h1><p>NT$${t.amt} for ${escapeHtml(t.merchantOrderNo)}; the shop has been notified.</p></div>`,
    );
  });

  const tradeStatus = (t: NewebPaySimTrade) =>
    t.status === 'paid'
      ? t.backBalance === 0 && t.refunds.length
        ? '6'
        : '1'
      : t.status === 'failed'
        ? '2'
        : t.status === 'cancelled'
          ? '3'
          : '0';

  const backStatus = (t: NewebPaySimTrade) =>
    t.refunds.length === 0 ? '0' : t.refunds.every((r) => r.batched) ? '3' : '1';

  app.post('/API/QueryTradeInfo', { schema: { hide: true } }, async (req, reply) => {
    if (state.switches.slowMs) await sleep(state.switches.slowMs);
    const f = formOf(req.body);
    const answer = (Status: string, Message: string, Result: unknown = []) =>
      reply.send({ Status, Message, Result });
    if (f.MerchantID !== opts.merchantId) return answer('TRA10001', 'unknown MerchantID');
    if (
      !f.CheckValue ||
      !sameDigest(
        checkValue(
          { Amt: f.Amt ?? '', MerchantID: f.MerchantID, MerchantOrderNo: f.MerchantOrderNo ?? '' },
          hashKey,
          hashIV,
        ),
        f.CheckValue,
      )
    )
      return answer('TRA10035', 'CheckValue check failed');
    const t = state.trades.get(f.MerchantOrderNo ?? '');
    if (!t) return answer('TRA10021', '查無此筆交易 (no such trade)');
    if (Number(f.Amt) !== t.amt) return answer('TRA10022', 'Amt differs from the trade');
    const created = taipeiParts(t.createdAt);
    const paid = t.payTime ? taipeiParts(t.payTime) : null;
    const r: Record<string, unknown> = {
      MerchantID: opts.merchantId,
      Amt: t.amt,
      TradeNo: t.tradeNo,
      MerchantOrderNo: t.merchantOrderNo,
      TradeStatus: tradeStatus(t),
      PaymentType: t.paymentType,
      CreateTime: `${created.date} ${created.time}`,
      PayTime: paid ? `${paid.date} ${paid.time}` : '0000-00-00 00:00:00',
      FundTime: '0000-00-00',
      CheckCode: checkCode(
        { Amt: t.amt, MerchantID: opts.merchantId, MerchantOrderNo: t.merchantOrderNo, TradeNo: t.tradeNo },
        hashKey,
        hashIV,
      ),
    };
    if (t.paymentType === 'CREDIT')
      Object.assign(r, {
        RespondCode: t.status === 'paid' ? '00' : '05',
        // captures are done at once here; the real gateway batches them at night
        CloseAmt: t.status === 'paid' ? t.amt : 0,
        CloseStatus: t.status === 'paid' ? '3' : '0',
        BackBalance: t.backBalance,
        // 0 no refund, 1 waiting for the nightly batch, 2 being processed, 3 done
        BackStatus: backStatus(t),
      });
    else if (t.status === 'code_issued')
      Object.assign(r, { PayInfo: t.codes.CodeNo, ExpireDate: t.codes.ExpireDate });
    return answer('SUCCESS', '查詢成功', r);
  });

  app.post('/API/CreditCard/Close', { schema: { hide: true } }, async (req, reply) => {
    if (state.switches.slowMs) await sleep(state.switches.slowMs);
    const f = formOf(req.body);
    const answer = (Status: string, Message: string, Result: unknown = {}) =>
      reply.send({ Status, Message, Result });
    if (f.MerchantID_ !== opts.merchantId) return answer('TRA10001', 'unknown MerchantID_');
    let p: Record<string, string>;
    try {
      p = parseForm(decryptAes(f.PostData_ ?? '', hashKey, hashIV));
    } catch {
      return answer('TRA10003', 'PostData_ does not decrypt');
    }
    if (Math.abs(Math.floor(now() / 1000) - Number(p.TimeStamp)) > window)
      return answer('TRA10004', 'TimeStamp outside the window');
    const t =
      p.IndexType === '2'
        ? [...state.trades.values()].find((x) => x.tradeNo === p.TradeNo)
        : state.trades.get(p.MerchantOrderNo ?? '');
    if (!t) return answer('TRA10021', 'no such trade');
    if (p.CloseType !== '2')
      return answer('TRA10040', 'the simulator captures at once; only refunds (CloseType=2) apply');
    if (t.paymentType !== 'CREDIT' || t.status !== 'paid')
      return answer('TRA10041', 'only paid card trades can be refunded');
    const amt = Number(p.Amt);
    if (!Number.isInteger(amt) || amt <= 0) return answer('TRA10042', 'Amt must be a positive integer');
    if (amt > t.backBalance) return answer('TRA10043', `refund exceeds the remaining ${t.backBalance}`);
    t.backBalance -= amt;
    t.refunds.push({ amt, at: now(), batched: false });
    return answer('SUCCESS', '退款資料新增成功', {
      MerchantID: opts.merchantId,
      Amt: amt,
      MerchantOrderNo: t.merchantOrderNo,
      TradeNo: t.tradeNo,
    });
  });

  /** The nightly batch: accepted refunds go to the acquirer (BackStatus 1 -> 3). */
  app.post('/_batch', { schema: { hide: true } }, async () => {
    let refunds = 0;
    for (const t of state.trades.values())
      for (const r of t.refunds)
        if (!r.batched) {
          r.batched = true;
          refunds += 1;
        }
    return { refunds };
  });

  /** The switches, readable and settable by tests and the demo's operator. */
  app.get('/_switches', { schema: { hide: true } }, async () => state.switches);
  app.post('/_switches', { schema: { hide: true } }, async (req) => {
    const body = (req.body ?? {}) as Partial<NewebPaySwitches>;
    for (const k of Object.keys(DEFAULT_NEWEBPAY_SWITCHES) as (keyof NewebPaySwitches)[])
      if (k in body) (state.switches as Record<string, unknown>)[k] = body[k];
    return state.switches;
  });
}
