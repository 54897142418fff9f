import {
  ChannelUnavailableError,
  ChannelVerificationError,
  pendingOutcome,
  refundLanded,
  type CallbackKind,
  type CallbackResult,
  type HttpClient,
  type InboundCallback,
  type PaymentChannel,
  type PaymentOutcome,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type StartRequest,
  type StartResult,
} from '../channel';
import { CHANNEL_CURRENCIES } from '../currencies';
import {
  checkCode,
  checkValue,
  decryptAes,
  encryptAes,
  httpBuildQuery,
  parseForm,
  parseTaipeiTime,
  sameDigest,
  taipeiParts,
  tradeSha,
} from './newebpay.crypto';

export type NewebPayChannelOptions = {
  merchantId: string;
  /** 32 ASCII characters. */
  hashKey: string;
  /** 16 ASCII characters. */
  hashIV: string;
  /** https://ccore.newebpay.com (test), https://core.newebpay.com (production), or the simulator's base URL. */
  baseUrl: string;
  http: HttpClient;
  now?: () => number;
  /** MPG Version sent with TradeInfo; "2.0" is what the SDKs send. */
  mpgVersion?: string;
  /** LangType on the gateway page: zh-tw, en, jp. */
  langType?: string;
};

export const NEWEBPAY_METHODS = ['CREDIT', 'VACC', 'CVS'] as const;
export type NewebPayMethod = (typeof NEWEBPAY_METHODS)[number];
/** NewebPay refuses Amt outside these bounds for convenience-store codes. */
const CVS_MIN_TWD = 30;
const CVS_MAX_TWD = 20_000;
const ITEM_DESC_MAX = 50;
/** Offline methods: a code is issued first and money arrives later; none has a refund API. */
const OFFLINE_TYPES = new Set(['VACC', 'WEBATM', 'CVS', 'BARCODE']);

type ResultFields = Record<string, string | number | undefined>;
type Envelope = { Status?: string; Message?: string; Result?: ResultFields | string };

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The NewebPay MPG adapter (payment-protocols.md §4 with §0a): builds the auto-submitted gateway form,
 * verifies and decrypts notify/return/customer callbacks, queries QueryTradeInfo and refunds cards through
 * CreditCard/Close. NewebPay works in whole TWD; we convert from minor units at the edge.
 */
export function createNewebPayChannel(opts: NewebPayChannelOptions): PaymentChannel {
  const now = opts.now ?? Date.now;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const version = opts.mpgVersion ?? '2.0';
  const fail = (reason: string) => new ChannelVerificationError('newebpay', reason);

  function toTwd(minor: number, currency: string): number {
    if (currency !== 'TWD') throw fail(`NewebPay takes TWD only, not ${currency}`);
    if (!Number.isInteger(minor) || minor <= 0 || minor % 100 !== 0)
      throw fail(`amount ${minor} is not a whole number of TWD dollars`);
    return minor / 100;
  }
  const toMinor = (amt: unknown): number | null => {
    const n = Number(amt);
    return Number.isInteger(n) ? n * 100 : null;
  };

  async function post(path: string, form: Record<string, string>): Promise<Envelope> {
    let res;
    try {
      res = await opts.http({
        method: 'POST',
        url: `${base}${path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    } catch (e) {
      throw new ChannelUnavailableError('newebpay', `${path}: ${(e as Error).message}`);
    }
    if (res.status !== 200) throw new ChannelUnavailableError('newebpay', `${path}: HTTP ${res.status}`);
    try {
      return JSON.parse(res.body) as Envelope;
    } catch {
      throw new ChannelUnavailableError('newebpay', `${path}: answer is not JSON`);
    }
  }

  /** Verifies one callback's outer form and returns its decrypted {Status, Message, Result}. */
  function openCallback(raw: string): { status: string; message: string; result: ResultFields } {
    const outer = parseForm(raw);
    const { TradeInfo, TradeSha } = outer;
    if (!TradeInfo || !TradeSha) throw fail('callback lacks TradeInfo or TradeSha');
    if (outer.MerchantID !== undefined && outer.MerchantID !== opts.merchantId)
      throw fail('MerchantID differs');
    if (!sameDigest(tradeSha(TradeInfo, opts.hashKey, opts.hashIV), TradeSha))
      throw fail('TradeSha mismatch');
    let env: Envelope;
    try {
      env = JSON.parse(decryptAes(TradeInfo, opts.hashKey, opts.hashIV)) as Envelope;
    } catch {
      throw fail('TradeInfo does not decrypt to JSON');
    }
    // some versions nest Result as a JSON string
    const result = typeof env.Result === 'string' ? (JSON.parse(env.Result) as ResultFields) : env.Result;
    if (!result || typeof result !== 'object') throw fail('TradeInfo has no Result');
    if (str(result.MerchantID) !== opts.merchantId) throw fail('Result.MerchantID differs');
    if (!str(result.MerchantOrderNo)) throw fail('Result has no MerchantOrderNo');
    return { status: str(env.Status), message: str(env.Message), result };
  }

  function detailOf(r: ResultFields, keys: string[]): Record<string, string> {
    const detail: Record<string, string> = {};
    for (const k of keys) if (r[k] !== undefined && r[k] !== '') detail[k] = str(r[k]);
    return detail;
  }

  const CODE_FIELDS = [
    'PaymentType',
    'BankCode',
    'CodeNo',
    'ExpireDate',
    'ExpireTime',
    'Barcode_1',
    'Barcode_2',
    'Barcode_3',
    'StoreType',
  ];
  const PAY_FIELDS = [
    'PaymentType',
    'Card6No',
    'Card4No',
    'Auth',
    'AuthBank',
    'RespondCode',
    'PayBankCode',
    'PayerAccount5Code',
    'CodeNo',
    'StoreType',
  ];

  function outcomeOf(kind: CallbackKind, v: ReturnType<typeof openCallback>): PaymentOutcome {
    const r = v.result;
    const base = {
      attemptNo: str(r.MerchantOrderNo),
      amount: toMinor(r.Amt),
      currency: 'TWD',
      providerTradeNo: str(r.TradeNo) || null,
    };
    if (v.status !== 'SUCCESS')
      return { ...base, state: 'failed', paidAt: null, detail: { Status: v.status, Message: v.message } };
    if (kind === 'customer') {
      // a code is payable until the end of its ExpireDate (Taipei time) unless NewebPay names a time
      const payBy = parseTaipeiTime(`${str(r.ExpireDate)} ${str(r.ExpireTime) || '23:59:59'}`);
      return {
        ...base,
        state: 'awaiting_offline',
        paidAt: null,
        detail: detailOf(r, CODE_FIELDS),
        ...(payBy === null ? {} : { payBy }),
      };
    }
    return {
      ...base,
      state: 'paid',
      paidAt: parseTaipeiTime(str(r.PayTime)) ?? now(),
      detail: detailOf(r, PAY_FIELDS),
    };
  }

  async function queryTrade(attemptNo: string, amt: number) {
    const env = await post('/API/QueryTradeInfo', {
      MerchantID: opts.merchantId,
      Version: '1.3',
      RespondType: 'JSON',
      CheckValue: checkValue(
        { Amt: amt, MerchantID: opts.merchantId, MerchantOrderNo: attemptNo },
        opts.hashKey,
        opts.hashIV,
      ),
      TimeStamp: String(Math.floor(now() / 1000)),
      MerchantOrderNo: attemptNo,
      Amt: String(amt),
    });
    const r = (typeof env.Result === 'object' && env.Result) || null;
    if (env.Status !== 'SUCCESS' || !r)
      return { found: false as const, status: str(env.Status), message: str(env.Message) };
    const expected = checkCode(
      {
        Amt: str(r.Amt),
        MerchantID: str(r.MerchantID),
        MerchantOrderNo: str(r.MerchantOrderNo),
        TradeNo: str(r.TradeNo),
      },
      opts.hashKey,
      opts.hashIV,
    );
    if (!sameDigest(expected, str(r.CheckCode))) throw fail('QueryTradeInfo CheckCode mismatch');
    if (str(r.MerchantID) !== opts.merchantId || str(r.MerchantOrderNo) !== attemptNo)
      throw fail('QueryTradeInfo answered for another trade');
    return { found: true as const, result: r };
  }

  /**
   * What NewebPay shows of a card trade's refunds: BackBalance is what can still be refunded (whole TWD),
   * so total - BackBalance is what refunds have taken back, whether their batch ran (BackStatus 3) or not
   * yet (1, 2). NewebPay's Close carries no refund number; this is how a retry knows its refund landed.
   */
  function refundedOn(r: ResultFields, totalMinor: number): number {
    const balance = toMinor(r.BackBalance);
    // no BackBalance: no refund was ever applied (BackStatus 0), or the trade is not a captured card
    if (balance === null || str(r.BackBalance) === '') return 0;
    return Math.max(0, totalMinor - balance);
  }

  type Checked =
    | { ok: true; result: ResultFields; landed: 'landed' | 'absent' | 'unclear' }
    | { ok: false; answer: RefundResult };

  /** The trade as NewebPay has it, and whether this refund is already in its BackBalance. */
  async function checkRefund(req: RefundQuery): Promise<Checked> {
    const failed = (reason: string): Checked => ({
      ok: false,
      answer: { refundNo: req.refundNo, state: 'failed', providerRefundId: null, reason },
    });
    const q = await queryTrade(req.attemptNo, toTwd(req.total, req.currency));
    if (!q.found) return failed(`NewebPay has no trade ${req.attemptNo} (${q.status} ${q.message})`);
    const type = str(q.result.PaymentType);
    if (type !== 'CREDIT')
      return failed(
        `NewebPay has no refund API for ${type || 'this'} payments: refund ${toTwd(req.amount, req.currency)} TWD to the buyer by bank transfer and record it`,
      );
    if (str(q.result.TradeStatus) !== '1' && str(q.result.TradeStatus) !== '6')
      return failed(`trade is not paid (TradeStatus ${str(q.result.TradeStatus)})`);
    const landed = refundLanded(refundedOn(q.result, req.total), req.refundedBefore, req.amount);
    return { ok: true, result: q.result, landed };
  }

  /** A refund NewebPay accepted (it pays it out in its nightly batch; it gives no refund id of its own). */
  const landed = (refundNo: string, r: ResultFields): RefundResult => ({
    refundNo,
    state: 'succeeded',
    providerRefundId: str(r.TradeNo) || null,
  });

  const unclear = (req: RefundQuery, r: ResultFields): RefundResult => ({
    refundNo: req.refundNo,
    state: 'processing',
    providerRefundId: null,
    reason: `NewebPay shows ${str(r.BackBalance)} TWD of ${toTwd(req.total, req.currency)} left to refund (BackStatus ${str(r.BackStatus)}), which our settled refunds do not explain: not sent again; check the trade in NewebPay's back office`,
  });

  return {
    code: 'newebpay',
    currencies: CHANNEL_CURRENCIES.newebpay,

    async start(req: StartRequest): Promise<StartResult> {
      const method = (req.method ?? 'CREDIT') as NewebPayMethod;
      if (!NEWEBPAY_METHODS.includes(method)) throw fail(`unknown NewebPay method ${req.method}`);
      const amt = toTwd(req.amount, req.currency);
      if (method === 'CVS' && (amt < CVS_MIN_TWD || amt > CVS_MAX_TWD))
        throw fail(`convenience-store codes take ${CVS_MIN_TWD}..${CVS_MAX_TWD} TWD`);
      const at = now();
      const secondsLeft = Math.floor((req.expiresAt - at) / 1000);
      const fields: Record<string, string | number | undefined> = {
        MerchantID: opts.merchantId,
        RespondType: 'JSON',
        TimeStamp: Math.floor(at / 1000),
        Version: version,
        LangType: opts.langType,
        MerchantOrderNo: req.attemptNo,
        Amt: amt,
        ItemDesc: Array.from(req.description).slice(0, ITEM_DESC_MAX).join('') || req.orderNo,
        // the gateway page closes itself after TradeLimit seconds (60..900), so a card cannot be charged long
        // after the order's deadline
        TradeLimit: method === 'CREDIT' ? Math.min(900, Math.max(60, secondsLeft)) : undefined,
        // codes are valid to the end of this Taiwan day; a payment after our deadline arrives as a late notify
        ExpireDate: method === 'CREDIT' ? undefined : taipeiParts(req.expiresAt).compactDate,
        ReturnURL: req.returnUrl,
        NotifyURL: req.notifyUrl,
        CustomerURL: req.customerUrl,
        Email: req.cardholder?.email || undefined,
        EmailModify: req.cardholder?.email ? 0 : undefined,
        LoginType: 0,
        [method]: 1,
      };
      const tradeInfo = encryptAes(httpBuildQuery(fields), opts.hashKey, opts.hashIV);
      return {
        kind: 'form',
        action: `${base}/MPG/mpg_gateway`,
        fields: {
          MerchantID: opts.merchantId,
          TradeInfo: tradeInfo,
          TradeSha: tradeSha(tradeInfo, opts.hashKey, opts.hashIV),
          Version: version,
        },
      };
    },

    async handleCallback(kind: CallbackKind, req: InboundCallback): Promise<CallbackResult> {
      const opened = openCallback(req.rawBody);
      return {
        payments: [outcomeOf(kind, opened)],
        refunds: [],
        // NewebPay only looks at the status; anything but 200 counts as a failed delivery and is retried
        reply: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'SUCCESS' },
      };
    },

    async query(attemptNo: string, amount: number): Promise<PaymentOutcome> {
      const q = await queryTrade(attemptNo, toTwd(amount, 'TWD'));
      if (!q.found) return pendingOutcome(attemptNo, { Status: q.status, Message: q.message });
      const r = q.result;
      const type = str(r.PaymentType);
      const ts = str(r.TradeStatus);
      // TradeStatus: 0 unpaid, 1 paid, 2 failed, 3 cancelled, 6 refunded (a refunded trade was paid)
      const state =
        ts === '1' || ts === '6'
          ? 'paid'
          : ts === '2'
            ? 'failed'
            : ts === '3'
              ? 'closed'
              : OFFLINE_TYPES.has(type)
                ? 'awaiting_offline'
                : 'pending';
      return {
        attemptNo,
        state,
        amount: toMinor(r.Amt),
        currency: 'TWD',
        providerTradeNo: str(r.TradeNo) || null,
        paidAt: state === 'paid' ? (parseTaipeiTime(str(r.PayTime)) ?? now()) : null,
        detail: detailOf(r, [
          'PaymentType',
          'TradeStatus',
          'CloseStatus',
          'BackStatus',
          'BackBalance',
          'PayTime',
        ]),
      };
    },

    // MPG has no call to close an unpaid trade: TradeLimit and ExpireDate bound it, and a late payment arrives
    // as a notify that the core refunds or flags
    async close(): Promise<void> {},

    async refund(req: RefundRequest): Promise<RefundResult> {
      const failed = (reason: string): RefundResult => ({
        refundNo: req.refundNo,
        state: 'failed',
        providerRefundId: null,
        reason,
      });
      const amt = toTwd(req.amount, req.currency);
      // first ask: a retry after an answer that never came must not refund twice (Close has no refund key)
      const c = await checkRefund(req);
      if (!c.ok) return c.answer;
      if (c.landed === 'landed') return landed(req.refundNo, c.result);
      if (c.landed === 'unclear') return unclear(req, c.result);
      // a card refund needs a completed capture; captures run in NewebPay's nightly batch (~21:00)
      if (c.result.CloseStatus !== undefined && str(c.result.CloseStatus) !== '3')
        throw new ChannelUnavailableError(
          'newebpay',
          'capture not completed yet; retry after the nightly batch',
        );
      const env = await post('/API/CreditCard/Close', {
        MerchantID_: opts.merchantId,
        PostData_: encryptAes(
          httpBuildQuery({
            RespondType: 'JSON',
            Version: '1.1',
            Amt: amt,
            MerchantOrderNo: req.attemptNo,
            IndexType: 1,
            TimeStamp: Math.floor(now() / 1000),
            CloseType: 2,
          }),
          opts.hashKey,
          opts.hashIV,
        ),
      });
      const r = (typeof env.Result === 'object' && env.Result) || {};
      if (env.Status !== 'SUCCESS')
        return failed(`NewebPay refused the refund: ${str(env.Status)} ${str(env.Message)}`);
      // accepted refunds are paid out in the nightly batch; NewebPay gives no separate refund id
      return landed(req.refundNo, r);
    },

    /**
     * Settles a refund by the trade's BackBalance: landed -> succeeded (accepted; NewebPay's batch pays it
     * out, BackStatus 1/2 until then, 3 after); nothing refunded beyond our others -> failed (never
     * accepted; the caller may send it again); anything else -> processing, for an operator.
     */
    async queryRefund(req: RefundQuery): Promise<RefundResult> {
      const c = await checkRefund(req);
      if (!c.ok) return c.answer;
      if (c.landed === 'landed') return landed(req.refundNo, c.result);
      if (c.landed === 'absent')
        return {
          refundNo: req.refundNo,
          state: 'failed',
          providerRefundId: null,
          reason: 'NewebPay shows no such refund on the trade',
        };
      return unclear(req, c.result);
    },
  };
}
