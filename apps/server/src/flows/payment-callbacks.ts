import type { AppContext } from '../context';

import {
  ChannelVerificationError,
  type CallbackKind,
  type ChannelCode,
  type InboundCallback,
  type PaymentOutcome,
} from '../providers/payments/channel';
import { findAttemptByNo, recordCallbackEvent } from '../modules/payment/commands';
import { settleRefundFromProvider } from './order-refund';
import { confirmByQuery, receiveOutcome, type ApplyResult } from './order-payment';

// Provider callbacks: kept raw, verified by the adapter, each verified outcome received by order-payment.
export type CallbackAnswer = {
  /** The answer the provider expects (null when the channel is not configured). */
  reply: { status: number; contentType: string; body: string };
  /** What happened to each outcome (tests and logs). */
  results: ApplyResult[];
  /** The first attempt's order, for browser returns that redirect to a result page. */
  orderId: number | null;
  /** The first attempt's wallet top-up, when it pays one (its result page is the recharge page). */
  topupId: number | null;
  verified: boolean;
};

const HEADERS_KEPT = 40;

/**
 * One provider callback, in order: kept raw (headers and byte-exact body) in `payment_event`; verified and
 * decoded by the channel's adapter (a ChannelVerificationError is answered as a refusal and changes
 * nothing); each verified outcome received. Browser returns and customer pages are hints: a `paid` from them
 * is confirmed with the provider's query before it counts; non-payment states (an ATM/CVS code issued, a
 * failure) apply directly, as they move no money. Refund outcomes settle their refund parts.
 */
export async function handleCallback(
  ctx: AppContext,
  code: ChannelCode,
  kind: CallbackKind,
  req: InboundCallback,
): Promise<CallbackAnswer> {
  const at = Date.now();
  const headers = JSON.stringify(Object.fromEntries(Object.entries(req.headers).slice(0, HEADERS_KEPT)));
  const ch = ctx.providers.payments[code];
  const event = (over: {
    attempt_no?: string | null;
    verified: 0 | 1;
    result: string;
    error?: string | null;
  }) => {
    // counted as kept: simshop_payment_callbacks_total{channel, kind, result} on GET /metrics
    ctx.telemetry.callback(code, kind, over.result);
    return recordCallbackEvent(ctx.db, {
      channel: code,
      kind,
      attempt_no: over.attempt_no ?? null,
      headers,
      body: req.rawBody,
      verified: over.verified,
      result: over.result,
      error: over.error?.slice(0, 400) ?? null,
      created_at: at,
    });
  };
  if (!ch) {
    await event({ verified: 0, result: 'unconfigured' });
    return {
      reply: { status: 404, contentType: 'text/plain', body: 'unknown channel' },
      results: [],
      orderId: null,
      topupId: null,
      verified: false,
    };
  }
  let decoded;
  try {
    decoded = await ch.handleCallback(kind, req);
  } catch (err) {
    const refused = err instanceof ChannelVerificationError;
    await event({
      verified: 0,
      result: refused ? 'refused' : 'error',
      error: String((err as Error)?.message ?? err),
    });
    if (!refused) throw err;
    return { reply: refusal(code), results: [], orderId: null, topupId: null, verified: false };
  }
  const results: ApplyResult[] = [];
  let orderId: number | null = null;
  let topupId: number | null = null;
  let seen = false;
  for (const outcome of decoded.payments) {
    const r = await applyVerified(ctx, code, kind, outcome);
    results.push(r);
    await event({ attempt_no: outcome.attemptNo, verified: 1, result: r });
    if (!seen) {
      seen = true;
      const a = await findAttemptByNo(ctx.db, outcome.attemptNo);
      orderId = a?.order_id == null ? null : Number(a.order_id);
      topupId = a?.topup_id == null ? null : Number(a.topup_id);
    }
  }
  for (const refund of decoded.refunds) {
    await event({ attempt_no: null, verified: 1, result: `refund_${refund.state}` });
    await settleRefundFromProvider(ctx, refund);
  }
  if (decoded.payments.length === 0 && decoded.refunds.length === 0)
    await event({ verified: 1, result: 'empty' });
  return { reply: decoded.reply, results, orderId, topupId, verified: true };
}

async function applyVerified(
  ctx: AppContext,
  code: ChannelCode,
  kind: CallbackKind,
  outcome: PaymentOutcome,
): Promise<ApplyResult> {
  if (kind === 'notify' || outcome.state !== 'paid') return receiveOutcome(ctx, code, outcome);
  // a browser's word that it paid: only the provider's query is truth
  const attempt = await findAttemptByNo(ctx.db, outcome.attemptNo);
  if (!attempt || attempt.channel !== code) return 'unknown_attempt';
  return confirmByQuery(ctx, attempt).catch((): ApplyResult => 'noop');
}

/** How each provider expects a refused notification to be answered (it retries later). */
function refusal(code: ChannelCode) {
  switch (code) {
    case 'wechat':
      return {
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: 'signature verification failed' }),
      };
    case 'alipay':
      return { status: 200, contentType: 'text/plain', body: 'fail' };
    default:
      return { status: 400, contentType: 'text/plain', body: 'invalid' };
  }
}
