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
  type PaymentState,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type StartRequest,
  type StartResult,
} from '../channel';
import { CHANNEL_CURRENCIES } from '../currencies';

export type TapPayChannelOptions = {
  /** Secret: authenticates every backend call (x-api-key header and body). Never sent to a browser. */
  partnerKey: string;
  merchantId: string;
  /** Public, for the web SDK's setupSDK(appId, appKey, serverType). */
  appId: string;
  appKey: string;
  serverType: 'sandbox' | 'production';
  /** https://sandbox.tappaysdk.com, https://prod.tappaysdk.com, or the simulator's base URL. */
  baseUrl: string;
  /** Where the web card form loads the TapPay SDK from (the simulator's stand-in in demo mode). */
  sdkUrl?: string;
  http: HttpClient;
  now?: () => number;
  /** TapPay asks for a 30 s deadline, since banks are slow at peak hours. */
  timeoutMs?: number;
  /** Ask for 3-D Secure; cards enrolled in it then come back with a payment_url. */
  threeDomainSecure?: boolean;
};

/** The TapPay web SDK (TPDirect), version as of this writing [verify before production]. */
export const TAPPAY_WEB_SDK_URL = 'https://js.tappaysdk.com/sdk/tpdirect/v5.18.0';

type TapPayAnswer = { status?: number; msg?: string; [k: string]: unknown };
type TradeRecord = {
  rec_trade_id: string;
  bank_transaction_id: string;
  record_status: number;
  amount: number;
  refunded_amount?: number;
  currency?: string;
  time?: number;
  transaction_time_millis?: number;
  card_info?: { last_four?: string; bin_code?: string };
  [k: string]: unknown;
};

/** No definite answer (timeout, transport error, 5xx): the call may or may not have taken effect. */
class UnknownOutcome extends Error {}

const REFUND_KEY = /^[A-Za-z0-9_-]{1,20}$/;

/** Wallets whose prime TapPay charges by pay-by-prime (contracts' tappayWallet), and those among them that
 *  answer a payment_url the buyer must visit (LINE Pay, JKO Pay) rather than settling at once. */
export const TAPPAY_WALLETS: readonly string[] = ['apple_pay', 'google_pay', 'line_pay', 'jko_pay'];
export const REDIRECT_WALLETS: readonly string[] = ['line_pay', 'jko_pay'];

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The TapPay Pay-by-Prime adapter (payment-protocols.md §3 with §0a). There is no message signing: the
 * secret partner key over TLS authenticates our calls, and TapPay's backend notify is unsigned, so a
 * notification is only a trigger to fetch the trade from the Record API, whose answer is the truth.
 */
export function createTapPayChannel(opts: TapPayChannelOptions): PaymentChannel {
  const now = opts.now ?? Date.now;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const fail = (reason: string) => new ChannelVerificationError('tappay', reason);

  /** TapPay takes TWD in whole dollars and other currencies in cents (×100), i.e. their minor units. */
  function toTapPay(minor: number, currency: string): number {
    if (currency !== 'TWD') return minor;
    if (!Number.isInteger(minor) || minor % 100 !== 0) throw fail(`amount ${minor} is not whole TWD dollars`);
    return minor / 100;
  }
  const fromTapPay = (amount: unknown, currency: string) => {
    const n = Number(amount);
    if (!Number.isFinite(n)) return null;
    return currency === 'TWD' ? n * 100 : n;
  };

  /** One JSON call with the partner key; rejects with UnknownOutcome when it may or may not have landed. */
  async function call(path: string, body: Record<string, unknown>): Promise<TapPayAnswer> {
    let timer: NodeJS.Timeout | undefined;
    const request = opts.http({
      method: 'POST',
      url: `${base}${path}`,
      headers: { 'content-type': 'application/json', 'x-api-key': opts.partnerKey },
      body: JSON.stringify({ partner_key: opts.partnerKey, ...body }),
    });
    request.catch(() => undefined); // the late answer of a timed-out call is dropped
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UnknownOutcome(`${path}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const res = await Promise.race([request, deadline]);
      if (res.status >= 500) throw new UnknownOutcome(`${path}: HTTP ${res.status}`);
      if (res.status !== 200) throw new ChannelUnavailableError('tappay', `${path}: HTTP ${res.status}`);
      return JSON.parse(res.body) as TapPayAnswer;
    } catch (e) {
      if (e instanceof UnknownOutcome || e instanceof ChannelUnavailableError) throw e;
      if (e instanceof SyntaxError)
        throw new ChannelUnavailableError('tappay', `${path}: answer is not JSON`);
      // a transport error after sending may still have charged: same handling as a timeout
      throw new UnknownOutcome(`${path}: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async function findRecord(filters: Record<string, string>): Promise<TradeRecord | null> {
    let res: TapPayAnswer;
    try {
      res = await call('/tpc/transaction/query', { records_per_page: 50, page: 0, filters });
    } catch (e) {
      if (e instanceof UnknownOutcome) throw new ChannelUnavailableError('tappay', e.message);
      throw e;
    }
    if (res.status !== 0) {
      // "no data" comes back as a non-zero status on some versions, an empty list on others
      if (Array.isArray(res.trade_records) || res.status === 2) return null;
      throw new ChannelUnavailableError('tappay', `Record API: ${str(res.status)} ${str(res.msg)}`);
    }
    const records = (res.trade_records as TradeRecord[] | undefined) ?? [];
    // callers filter on one field: the record must carry the same value in it
    const [filter] = Object.entries(filters);
    if (!filter) return null;
    const [key, value] = filter;
    return records.find((r) => str(r[key]) === value) ?? null;
  }

  /** record_status: -1 error, 0 authorised, 1 captured, 2 partly refunded, 3 refunded, 4 pending (3DS), 5 cancelled. */
  function stateOf(recordStatus: number): PaymentState {
    if (recordStatus >= 0 && recordStatus <= 3) return 'paid';
    if (recordStatus === 4) return 'pending';
    if (recordStatus === 5) return 'closed';
    return 'failed';
  }

  function outcomeOfRecord(r: TradeRecord): PaymentOutcome {
    const currency = str(r.currency) || 'TWD';
    const state = stateOf(Number(r.record_status));
    const detail: Record<string, string> = { record_status: str(r.record_status) };
    if (r.card_info?.last_four) detail.last_four = r.card_info.last_four;
    if (r.refunded_amount) detail.refunded_amount = str(r.refunded_amount);
    return {
      attemptNo: r.bank_transaction_id,
      state,
      amount: fromTapPay(r.amount, currency),
      currency,
      providerTradeNo: r.rec_trade_id,
      paidAt: state === 'paid' ? Number(r.transaction_time_millis ?? r.time ?? now()) : null,
      detail,
    };
  }

  return {
    code: 'tappay',
    currencies: CHANNEL_CURRENCIES.tappay,

    /**
     * TapPay's Record API shows what has been refunded on a trade (refunded_amount), not per refund: the
     * refund landed when exactly its amount is refunded beyond our other refunds (`refundedBefore`).
     */
    async queryRefund(req: RefundQuery): Promise<RefundResult> {
      const record = req.providerTradeNo
        ? await findRecord({ rec_trade_id: req.providerTradeNo })
        : await findRecord({ bank_transaction_id: req.attemptNo });
      const none = (reason: string): RefundResult => ({
        refundNo: req.refundNo,
        state: 'failed',
        providerRefundId: null,
        reason,
      });
      if (!record) return none(`TapPay has no trade for ${req.attemptNo}`);
      const refunded = fromTapPay(record.refunded_amount ?? 0, str(record.currency) || req.currency) ?? 0;
      const landed = refundLanded(refunded, req.refundedBefore, req.amount);
      if (landed === 'landed') return { refundNo: req.refundNo, state: 'succeeded', providerRefundId: null };
      if (landed === 'absent') return none('TapPay shows no such refund on the trade');
      return {
        refundNo: req.refundNo,
        state: 'processing',
        providerRefundId: null,
        reason: `TapPay shows ${str(record.refunded_amount)} refunded, which our settled refunds do not explain`,
      };
    },

    clientInfo: () => ({
      app_id: opts.appId,
      app_key: opts.appKey,
      server_type: opts.serverType,
      sdk_url: opts.sdkUrl ?? TAPPAY_WEB_SDK_URL,
    }),

    async start(req: StartRequest): Promise<StartResult> {
      if (!req.prime) throw fail('pay by prime needs a prime from the card form or a wallet');
      const wallet = req.method && TAPPAY_WALLETS.includes(req.method) ? req.method : null;
      if (req.method && !wallet) throw fail(`unknown TapPay method ${req.method}`);
      // a wallet authenticates the buyer itself (Apple Pay, Google Pay) or on its own page (LINE Pay, JKO
      // Pay, reached by payment_url through result_url, which every pay-by-prime here carries)
      const threeDS = wallet ? false : (opts.threeDomainSecure ?? true);
      const body = {
        prime: req.prime,
        merchant_id: opts.merchantId,
        amount: toTapPay(req.amount, req.currency),
        currency: req.currency,
        details: Array.from(req.description).slice(0, 100).join('') || req.orderNo,
        cardholder: {
          phone_number: req.cardholder?.phone ?? '',
          name: req.cardholder?.name ?? '',
          email: req.cardholder?.email ?? '',
        },
        order_number: req.orderNo,
        // TapPay refuses a repeated bank_transaction_id, so one attempt can never be charged twice
        bank_transaction_id: req.attemptNo,
        remember: false,
        three_domain_secure: threeDS,
        result_url: { frontend_redirect_url: req.returnUrl, backend_notify_url: req.notifyUrl },
      };
      let res: TapPayAnswer;
      try {
        res = await call('/tpc/payment/pay-by-prime', body);
      } catch (e) {
        if (!(e instanceof UnknownOutcome)) throw e;
        // the prime is spent whether or not the charge landed: never retry it, ask the Record API
        const record = await findRecord({ bank_transaction_id: req.attemptNo }).catch(() => null);
        return {
          kind: 'done',
          outcome: record
            ? outcomeOfRecord(record)
            : pendingOutcome(req.attemptNo, { reason: 'timeout; not yet in the Record API' }),
        };
      }
      if (res.status !== 0)
        return {
          kind: 'done',
          outcome: {
            attemptNo: req.attemptNo,
            state: 'failed',
            amount: null,
            currency: null,
            providerTradeNo: str(res.rec_trade_id) || null,
            paidAt: null,
            detail: {
              status: str(res.status),
              msg: str(res.msg),
              bank_result_code: str(res.bank_result_code),
            },
          },
        };
      if (str(res.bank_transaction_id) && str(res.bank_transaction_id) !== req.attemptNo)
        throw fail('pay-by-prime answered for another bank_transaction_id');
      // with 3-D Secure, status 0 only means "send the buyer to payment_url"
      if (typeof res.payment_url === 'string' && res.payment_url)
        return { kind: 'redirect', url: res.payment_url };
      if (wallet && REDIRECT_WALLETS.includes(wallet))
        throw new ChannelUnavailableError('tappay', `${wallet} answered without payment_url`);
      const currency = str(res.currency) || req.currency;
      const card = (res.card_info ?? {}) as { last_four?: string };
      return {
        kind: 'done',
        outcome: {
          attemptNo: req.attemptNo,
          state: 'paid',
          amount: fromTapPay(res.amount, currency),
          currency,
          providerTradeNo: str(res.rec_trade_id) || null,
          paidAt: Number(res.transaction_time_millis ?? now()),
          detail: {
            auth_code: str(res.auth_code),
            ...(card.last_four ? { last_four: card.last_four } : {}),
            ...(wallet ? { wallet } : {}),
          },
        },
      };
    },

    async handleCallback(kind: CallbackKind, req: InboundCallback): Promise<CallbackResult> {
      // backend notify: an unsigned JSON POST; frontend redirect: a browser GET with the ids in the query
      let recTradeId = req.query.rec_trade_id ?? '';
      if (kind === 'notify') {
        let body: unknown;
        try {
          body = JSON.parse(req.rawBody);
        } catch {
          throw fail('notify body is not JSON');
        }
        // `null`, a number or a list is JSON too, but no notification
        if (!body || typeof body !== 'object' || Array.isArray(body))
          throw fail('notify body is not an object');
        recTradeId = str((body as Record<string, unknown>).rec_trade_id);
      }
      if (!/^[A-Za-z0-9]{1,64}$/.test(recTradeId)) throw fail('callback has no rec_trade_id');
      const record = await findRecord({ rec_trade_id: recTradeId });
      if (!record) throw fail(`no trade ${recTradeId} in the Record API`);
      return {
        payments: [outcomeOfRecord(record)],
        refunds: [],
        reply: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' },
      };
    },

    async query(attemptNo: string): Promise<PaymentOutcome> {
      const record = await findRecord({ bank_transaction_id: attemptNo });
      return record
        ? outcomeOfRecord(record)
        : pendingOutcome(attemptNo, { reason: 'not in the Record API' });
    },

    // a prime is charged at once or not at all; an unfinished 3-D Secure page expires at TapPay, and a late
    // completion arrives as a notify the core treats as a late payment
    async close(): Promise<void> {},

    async refund(req: RefundRequest): Promise<RefundResult> {
      const failed = (reason: string): RefundResult => ({
        refundNo: req.refundNo,
        state: 'failed',
        providerRefundId: null,
        reason,
      });
      const recTradeId =
        req.providerTradeNo ?? (await findRecord({ bank_transaction_id: req.attemptNo }))?.rec_trade_id;
      if (!recTradeId) return failed(`TapPay has no trade for ${req.attemptNo}`);
      const body: Record<string, unknown> = { rec_trade_id: recTradeId };
      // omitting amount refunds what remains
      if (req.amount !== req.total) body.amount = toTapPay(req.amount, req.currency);
      // our refund number as TapPay's at-most-once key, so a retry after a timeout cannot refund twice
      // [verify: field and its limit of 20 characters come from an integration, not TapPay's public page];
      // a longer number is left out, and then the core must check refunded_amount before retrying
      if (REFUND_KEY.test(req.refundNo)) body.bank_refund_id = req.refundNo;
      let res: TapPayAnswer;
      try {
        res = await call('/tpc/transaction/refund', body);
      } catch (e) {
        if (e instanceof UnknownOutcome)
          return { refundNo: req.refundNo, state: 'processing', providerRefundId: null };
        throw e;
      }
      if (res.status !== 0) return failed(`TapPay refused the refund: ${str(res.status)} ${str(res.msg)}`);
      return { refundNo: req.refundNo, state: 'succeeded', providerRefundId: str(res.refund_id) || null };
    },
  };
}
