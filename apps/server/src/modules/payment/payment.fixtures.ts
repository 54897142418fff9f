import type { TestApp } from '../../test/harness';
import {
  ChannelUnavailableError,
  ChannelVerificationError,
  type CallbackKind,
  type ChannelCode,
  type InboundCallback,
  type PaymentChannel,
  type PaymentOutcome,
  type RefundRequest,
  type StartRequest,
} from '../../providers/payments/channel';

/**
 * A fake channel that behaves per the contract, for the payment core's tests. Callbacks are JSON
 * `{ attemptNo, state, amount, currency, detail? }` signed by the header `x-fake-signature: good`; anything
 * else throws ChannelVerificationError. `provider` is what the fake provider knows (its query answer).
 */
export function fakeChannel(code: ChannelCode, o: { startFails?: boolean; done?: boolean } = {}) {
  const started: StartRequest[] = [];
  const callbacks: { kind: CallbackKind; req: InboundCallback }[] = [];
  const refunds: RefundRequest[] = [];
  const closed: string[] = [];
  const provider = new Map<string, PaymentOutcome>();
  /** What the provider answers to a refund: `processing` keeps it there until `settleRefund`. */
  const steer: { refundState: 'succeeded' | 'processing' | 'failed' } = { refundState: 'succeeded' };
  const refundStates = new Map<string, 'succeeded' | 'processing' | 'failed'>();
  const refundQueries: string[] = [];
  const settleRefund = (refundNo: string, state: 'succeeded' | 'failed' = 'succeeded') =>
    refundStates.set(refundNo, state);
  const ch: PaymentChannel = {
    code,
    async start(req) {
      started.push(req);
      if (o.startFails) throw new ChannelUnavailableError(code, 'timeout');
      if (o.done) {
        const outcome: PaymentOutcome = {
          attemptNo: req.attemptNo,
          state: 'paid',
          amount: req.amount,
          currency: req.currency,
          providerTradeNo: `T${req.attemptNo}`,
          paidAt: Date.now(),
          detail: { last4: '4242' },
        };
        provider.set(req.attemptNo, outcome);
        return { kind: 'done', outcome };
      }
      if (code === 'wechat') return { kind: 'qr', codeUrl: `weixin://wxpay/bizpayurl?pr=${req.attemptNo}` };
      if (code === 'newebpay')
        return {
          kind: 'form',
          action: 'https://ccore.example/MPG/mpg_gateway',
          fields: { TradeInfo: req.attemptNo },
        };
      return { kind: 'redirect', url: `https://pay.example/${code}?no=${req.attemptNo}` };
    },
    async handleCallback(kind, req) {
      callbacks.push({ kind, req });
      if (req.headers['x-fake-signature'] !== 'good')
        throw new ChannelVerificationError(code, 'bad signature');
      const b = JSON.parse(req.rawBody) as {
        attemptNo: string;
        state: PaymentOutcome['state'];
        amount: number;
        currency: string;
        detail?: Record<string, string>;
        payBy?: number;
      };
      return {
        payments: [
          {
            attemptNo: b.attemptNo,
            state: b.state,
            amount: b.amount,
            currency: b.currency,
            providerTradeNo: `T${b.attemptNo}`,
            paidAt: b.state === 'paid' ? Date.now() : null,
            detail: b.detail,
            ...(b.payBy === undefined ? {} : { payBy: b.payBy }),
          },
        ],
        refunds: [],
        reply: {
          status: code === 'wechat' ? 204 : 200,
          contentType: 'text/plain',
          body: code === 'alipay' ? 'success' : '',
        },
      };
    },
    async query(attemptNo, amount) {
      return (
        provider.get(attemptNo) ?? {
          attemptNo,
          state: 'pending',
          amount,
          currency: 'TWD',
          providerTradeNo: null,
          paidAt: null,
        }
      );
    },
    async close(attemptNo) {
      closed.push(attemptNo);
    },
    async refund(req) {
      refunds.push(req);
      const state = steer.refundState;
      refundStates.set(req.refundNo, state);
      return { refundNo: req.refundNo, state, providerRefundId: `PR${req.refundNo}` };
    },
    async queryRefund({ refundNo }) {
      refundQueries.push(refundNo);
      return { refundNo, state: refundStates.get(refundNo) ?? 'failed', providerRefundId: `PR${refundNo}` };
    },
    currencies: ['TWD'],
    clientInfo: () => ({ appId: '12348', appKey: 'app_pub_key', serverType: 'sandbox' }),
  };
  /** The fake provider takes the money for an attempt (what its query will say from now on). */
  const pay = (attemptNo: string, amount: number, currency = 'TWD') =>
    provider.set(attemptNo, {
      attemptNo,
      state: 'paid',
      amount,
      currency,
      providerTradeNo: `T${attemptNo}`,
      paidAt: Date.now(),
    });
  return { ch, started, callbacks, refunds, closed, provider, pay, steer, refundQueries, settleRefund };
}
export type FakeChannel = ReturnType<typeof fakeChannel>;

/** Posts a provider callback as the provider would: a raw body and its signature header. */
export const postCallback = (
  t: TestApp,
  path: string,
  body: string,
  o: { signature?: string; contentType?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: {
      'content-type': o.contentType ?? 'application/json',
      'x-fake-signature': o.signature ?? 'good',
    },
  });

export const paidBody = (attemptNo: string, amount: number, currency = 'TWD', state = 'paid') =>
  JSON.stringify({ attemptNo, state, amount, currency });
