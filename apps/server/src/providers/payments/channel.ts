/**
 * The contract between the payment core (modules/payment) and one payment provider's adapter
 * (providers/payments/<channel>/). An adapter speaks its provider's real wire protocol and cryptography
 * (../shared/docs/payment-protocols.md); in demo mode and in tests it talks to that provider's local
 * simulator. Adapters are built from config in providers/index.ts and reached through `ctx.providers`.
 *
 * Amounts crossing this interface are integer minor units (1/100) of the attempt's currency, which is
 * the shop currency (TWD: 1 dollar = 100); each adapter charges in that currency, converting only the
 * unit (WeChat Global integer minor units, Alipay cross-border decimal string in `trans_currency`, TapPay
 * and NewebPay whole dollars), never the currency: an answer in another currency is reported as it came,
 * for the core to refuse as a mismatch (payment-protocols.md 0b). Each adapter declares the currencies it
 * can charge (currencies.ts). An adapter never touches the database: the core keeps attempts, applies
 * outcomes with guarded updates and decides what a verified outcome means for the order.
 */

/** The external channels; wallet, points and transfer are internal and have no adapter. */
export type ChannelCode = 'wechat' | 'alipay' | 'tappay' | 'newebpay';

/** Where the buyer pays from; picks WeChat JSAPI/Native/APP and Alipay page/WAP. */
export type ClientKind = 'wechat_browser' | 'mobile_browser' | 'desktop_browser' | 'app';

export type StartRequest = {
  /** Our number for this attempt, unique forever, [A-Za-z0-9_], at most 30 characters: out_trade_no,
   *  MerchantOrderNo, bank_transaction_id. A new attempt for the same order gets a new number. */
  attemptNo: string;
  orderNo: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Short text shown by the provider (goods titles); the adapter trims it to the provider's limit. */
  description: string;
  /** Epoch ms after which the provider must refuse payment (the order's pay deadline). */
  expiresAt: number;
  client: ClientKind;
  /** Channel-specific sub-method: NewebPay 'CREDIT' | 'VACC' | 'CVS'; others ignore it. */
  method?: string;
  /** WeChat JSAPI: the payer's openid. */
  openid?: string;
  /** WeChat H5: the buyer's IP as our server saw it (scene_info.payer_client_ip). */
  payerIp?: string;
  /** TapPay: the single-use prime from the card form, and the cardholder. */
  prime?: string;
  cardholder?: { name: string; phone: string; email: string };
  /** Absolute URLs of our callbacks for this channel, and of the page the browser comes back to. */
  notifyUrl: string;
  returnUrl: string;
  /** NewebPay: where the browser is sent when an ATM/CVS code is issued. */
  customerUrl?: string;
};

/** What the buyer's client must do next to pay. */
export type StartResult =
  /**
   * WeChat Native: show `codeUrl` as a QR code and poll our backend. Demo mode adds `demoUrl`, the
   * simulator's cashier behind the code, since no phone can scan a `weixin://` code of the simulator.
   */
  | { kind: 'qr'; codeUrl: string; demoUrl?: string }
  /** WeChat JSAPI: WeixinJSBridge.invoke('getBrandWCPayRequest', params). */
  | { kind: 'jsapi'; params: Record<string, string> }
  /** WeChat APP: the signed parameters the app SDK takes. */
  | { kind: 'app'; params: Record<string, string> }
  /** Send the browser to `url` (Alipay page/WAP pay as a GET URL, WeChat H5's h5_url, TapPay 3-D Secure
   *  or LINE Pay / JKO Pay payment_url). */
  | { kind: 'redirect'; url: string }
  /** Auto-submit a form POST (NewebPay MPG; Alipay may use it too). */
  | { kind: 'form'; action: string; fields: Record<string, string> }
  /** Settled synchronously (TapPay without 3-D Secure): the outcome, already verified. */
  | { kind: 'done'; outcome: PaymentOutcome };

export type PaymentState =
  | 'paid'
  | 'pending'
  | 'failed'
  | 'closed'
  /** An ATM/CVS code was issued; money comes later (NewebPay). Not a payment. */
  | 'awaiting_offline';

/** A provider's verified word on one attempt. `amount`/`currency` are what the provider says was paid,
 *  converted to minor units; the core compares them with the attempt before acting. */
export type PaymentOutcome = {
  attemptNo: string;
  state: PaymentState;
  amount: number | null;
  currency: string | null;
  providerTradeNo: string | null;
  paidAt: number | null;
  /** Shown to the buyer or operator: ATM bank code and account, CVS code, expiry, card last four. */
  detail?: Record<string, string>;
  /** `awaiting_offline`: until when the issued ATM or store code can be paid (epoch ms); the order waits. */
  payBy?: number;
};

/** A provider's word on an attempt it has not seen, or not settled, yet: pending, nothing paid. */
export const pendingOutcome = (attemptNo: string, detail?: Record<string, string>): PaymentOutcome => ({
  attemptNo,
  state: 'pending',
  amount: null,
  currency: null,
  providerTradeNo: null,
  paidAt: null,
  ...(detail ? { detail } : {}),
});

export type RefundState = 'succeeded' | 'processing' | 'failed';

export type RefundRequest = {
  attemptNo: string;
  providerTradeNo: string | null;
  /** Our refund number: the provider's idempotency key (out_refund_no, out_request_no). */
  refundNo: string;
  /** Minor units: this refund, and the attempt's full amount. */
  amount: number;
  total: number;
  currency: string;
  reason: string;
  notifyUrl: string;
  /**
   * Minor units of this attempt that our other refunds have already taken back (those settled
   * `succeeded`), this one excluded. NewebPay card refunds carry no refund number, so its adapter
   * tells from the trade's BackBalance whether this refund already landed; refunds of one attempt are
   * sent one at a time. Unset: unknown, and a NewebPay trade that already shows a refund is left
   * `processing` rather than risk a second payout.
   */
  refundedBefore?: number;
};

/** Which refund `queryRefund` asks about: the same fields its `refund` call carried. */
export type RefundQuery = {
  attemptNo: string;
  refundNo: string;
  providerTradeNo: string | null;
  /** Minor units of `currency`: this refund, and the attempt's full amount. */
  amount: number;
  total: number;
  currency: string;
  /** As in RefundRequest (NewebPay only). */
  refundedBefore?: number;
};

export type RefundResult = {
  refundNo: string;
  state: RefundState;
  providerRefundId: string | null;
  /** Why a refund failed, for operators to act on (e.g. NewebPay ATM/CVS payments have no refund API). */
  reason?: string;
};

/**
 * Whether one of our refunds already landed, judged from what the provider shows as refunded on the trade
 * (minor units) when the provider keys refunds by trade rather than by our refund number (NewebPay
 * BackBalance, TapPay refunded_amount): 'landed' when exactly this refund's amount is refunded beyond our
 * other refunds, 'absent' when nothing is, 'unclear' otherwise (then nothing may be sent).
 */
export function refundLanded(
  refundedAtProvider: number,
  refundedBefore: number | undefined,
  amount: number,
): 'landed' | 'absent' | 'unclear' {
  if (refundedAtProvider <= 0) return 'absent';
  if (refundedBefore === undefined) return 'unclear';
  const unexplained = refundedAtProvider - refundedBefore;
  if (unexplained <= 0) return 'absent';
  return unexplained === amount ? 'landed' : 'unclear';
}

/** A callback as it arrived: the raw body is kept byte-exact, since signatures cover it. */
export type InboundCallback = {
  method: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
  query: Record<string, string>;
};

export type CallbackKind = 'notify' | 'return' | 'customer';

export type CallbackResult = {
  /** Verified payment outcomes (usually one). Browser returns are hints: the core confirms them by query. */
  payments: PaymentOutcome[];
  /** Verified refund outcomes (WeChat refund notifications, Alipay partial-refund notifications). */
  refunds: RefundResult[];
  /** The exact answer the provider expects (WeChat 204, Alipay `success`, NewebPay 200). */
  reply: { status: number; contentType: string; body: string };
};

/** Thrown by an adapter when a callback or answer fails verification (signature, merchant, stale, probe). */
export class ChannelVerificationError extends Error {
  constructor(
    readonly channel: ChannelCode,
    reason: string,
  ) {
    super(`${channel}: ${reason}`);
  }
}

/**
 * Builds an adapter's `required(value, what)`: a field every well-formed provider message carries.
 * Its absence means the message is malformed, which the adapter reports as a verification failure.
 */
export const requiredOf =
  (channel: ChannelCode) =>
  <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ChannelVerificationError(channel, `${what} is missing`);
    return value;
  };

/** Thrown when the provider could not be reached or answered an error; the core may retry later. */
export class ChannelUnavailableError extends Error {
  constructor(
    readonly channel: ChannelCode,
    reason: string,
  ) {
    super(`${channel}: ${reason}`);
  }
}

export interface PaymentChannel {
  readonly code: ChannelCode;
  /** Opens a payment with the provider and says what the client does next. */
  start(req: StartRequest): Promise<StartResult>;
  /** Verifies and decodes a provider callback; throws ChannelVerificationError when it is forged. */
  handleCallback(kind: CallbackKind, req: InboundCallback): Promise<CallbackResult>;
  /** Asks the provider for the attempt's state (reconciliation, returns without notification). */
  query(attemptNo: string, amount: number): Promise<PaymentOutcome>;
  /** Closes an unpaid attempt so no late payment can land on it. */
  close(attemptNo: string): Promise<void>;
  /** Refunds all or part of a paid attempt; repeating the same refundNo never pays twice. */
  refund(req: RefundRequest): Promise<RefundResult>;
  /**
   * The provider's current word on one of our refunds (to settle one left 'processing', or one whose
   * answer was lost); never sends money. 'failed' means the provider has no such refund or refused it.
   * Throws ChannelUnavailableError when the provider cannot be asked now.
   */
  queryRefund(req: RefundQuery): Promise<RefundResult>;
  /** ISO 4217 codes this channel can charge (currencies.ts); start-up refuses a shop currency not here. */
  readonly currencies: readonly string[];
  /** Public values the client needs (TapPay app_id, app_key, server_type); never secrets. */
  clientInfo?(): Record<string, string>;
}

/** How an adapter reaches its provider: real fetch in production; in demo mode and tests the same HTTP
 *  requests may be answered in process by the simulator. Bodies are strings, byte-exact. */
export type HttpRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type HttpResponse = { status: number; headers: Record<string, string>; body: string };
export type HttpClient = (req: HttpRequest) => Promise<HttpResponse>;
