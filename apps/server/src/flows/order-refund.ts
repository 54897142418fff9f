import type { AppContext } from '../context';
import type { RetriedJob } from '../jobs/runner';
import { enqueueJob } from '../jobs/runner';
import type { Db } from '../platform/db';
import { isChannelCode } from '../platform/pay-ways';
import type { RefundResult } from '../providers/payments/channel';
import { settleOrderRefund } from '../modules/order/commands';
import {
  attemptDetail,
  attemptsOfOrder,
  callbackUrls,
  findAttempt,
  findPaymentRefund,
  findPaymentRefundByNo,
  insertPaymentRefund,
  markRefundedWhenWhole,
  moveAttempt,
  paidOnClosedOrders,
  refundedOf,
  refundPartsOf,
  refundSum,
  settlePaymentRefund,
  unsettledRefunds,
  type AttemptRow,
  type PaymentRefundRow,
} from '../modules/payment/commands';
import { returnOnInvoice } from '../modules/invoice/commands';
import { postEntry } from '../modules/wallet/commands';

// The one refund pipeline. Every refund the shop decides (an operator's approval, a late payment, a surplus
// or excess payment, money that arrived in another amount or currency, points and money on an order that
// closed unpaid) becomes payment_refund rows, one per attempt that took the money, written in the
// transaction that decided it, and sent by one retried job (REFUND_JOB). The job also asks the provider
// about a refund it left `processing` until it settles, and rolls the parts up onto the order's refund.
//
// States of a part: requesting -> succeeded | processing | failed | manual; processing -> succeeded | failed.
// `manual`: no automatic way back (a bank transfer): operators pay it by hand; the money stays owed until
// they mark it done. `failed`: the provider refused, or the job gave up: operators see it, money owed.

/** The kind of the one refund job: sends (or, once processing, queries) one payment_refund row. */
export const REFUND_JOB = 'refund.send';
/** Attempts before a refund that could not be sent is marked `failed` for an operator (about 36 hours). */
export const REFUND_MAX_ATTEMPTS = 48;
const BATCH = 100;

/** Thrown to retry later: the provider has the refund and has not settled it yet. */
class StillProcessing extends Error {
  constructor(refundNo: string) {
    super(`refund ${refundNo} is still processing at the provider`);
  }
}

/** Channels first (the money that came from outside), then the wallet, then points, then transfers. */
const refundOrderOf = (a: AttemptRow) =>
  isChannelCode(a.channel) ? 0 : a.channel === 'wallet' ? 1 : a.channel === 'points' ? 2 : 3;

/**
 * Records one refund part of an attempt (idempotent by its number: a repeat finds the first) and puts it on
 * the refund job, inside the caller's transaction. Returns the job id.
 */
export async function refundAttemptPart(
  trx: Db,
  attempt: AttemptRow,
  part: { refundNo: string; amount: number; reason: string; orderRefundId?: number | null; at: number },
) {
  const id = await insertPaymentRefund(trx, {
    refund_no: part.refundNo,
    attempt_id: Number(attempt.id),
    order_refund_id: part.orderRefundId ?? null,
    amount: part.amount,
    reason: part.reason,
    state: 'requesting',
    provider_refund_id: null,
    created_at: part.at,
    updated_at: part.at,
  });
  return enqueueJob(trx, REFUND_JOB, { paymentRefundId: id }, { key: `${REFUND_JOB}:${id}`, at: part.at });
}

/**
 * Splits an approved order refund over the attempts that paid the order (channels first, then wallet, then
 * points), each part what is left of that attempt, numbered `R<refundId>A<attemptId>`; inside the deciding
 * transaction. Returns the job ids. An order paid with no attempt (before payments existed) leaves the
 * refund `manual` for an operator.
 */
export async function splitOrderRefund(
  trx: Db,
  orderId: number,
  refund: { id: number; amount: number; reason: string },
  at: number,
) {
  const attempts = (await attemptsOfOrder(trx, orderId))
    .filter((a) => (a.status === 'paid' || a.status === 'refunded') && Number(a.surplus) === 0)
    .sort((a, b) => refundOrderOf(a) - refundOrderOf(b) || Number(a.id) - Number(b.id));
  let left = refund.amount;
  const jobs: number[] = [];
  for (const a of attempts) {
    if (left <= 0) break;
    const free = Number(a.amount) - (await refundedOf(trx, Number(a.id)));
    const part = Math.min(left, free);
    if (part <= 0) continue;
    jobs.push(
      await refundAttemptPart(trx, a, {
        refundNo: `R${refund.id}A${a.id}`,
        amount: part,
        reason: refund.reason,
        orderRefundId: refund.id,
        at,
      }),
    );
    left -= part;
  }
  if (jobs.length === 0)
    await settleOrderRefund(trx, refund.id, { provider_state: 'manual', provider_ref: null });
  // the order's e-invoice follows the money: a void or an allowance (折讓) of what is refunded (issue 28)
  const invoiceJob = await returnOnInvoice(trx, orderId, { key: `R${refund.id}`, amount: refund.amount }, at);
  if (invoiceJob !== null) jobs.push(invoiceJob);
  return jobs;
}

/** First try of freshly decided refunds, right after their commit; the runner retries what fails. */
export async function runNow(ctx: AppContext, jobIds: number[]) {
  for (const id of jobIds) await ctx.jobs.runJob(id);
}

/**
 * The order refund's money state from its parts: succeeded when every part did; failed when one failed;
 * manual when one waits for an operator; otherwise processing.
 */
async function rollUp(db: Db, orderRefundId: number | null) {
  if (orderRefundId === null) return;
  const parts = await refundPartsOf(db, orderRefundId);
  if (parts.length === 0) return;
  const states = parts.map((p) => p.state);
  // the most pressing state of any part, in this order; succeeded only when all are
  const state = states.every((s) => s === 'succeeded')
    ? 'succeeded'
    : (['failed', 'manual', 'processing'].find((s) => states.includes(s)) ?? 'requesting');
  await settleOrderRefund(db, orderRefundId, {
    provider_state: state,
    provider_ref: parts.map((p) => p.refund_no).join(','),
  });
}

/**
 * Records a part's new state, the attempt's refunded mark and the order refund's roll-up, in one
 * transaction; `first` runs at its start (the ledger entry of a wallet or points refund).
 */
async function settlePart(
  ctx: AppContext,
  refund: PaymentRefundRow,
  attempt: AttemptRow,
  res: { state: string; providerRefundId: string | null },
  first?: (trx: Db, at: number) => Promise<unknown>,
) {
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await first?.(trx, at);
    await settlePaymentRefund(
      trx,
      Number(refund.id),
      { state: res.state, provider_refund_id: res.providerRefundId },
      at,
    );
    if (res.state === 'succeeded') await markRefundedWhenWhole(trx, attempt, at);
    await rollUp(trx, refund.order_refund_id === null ? null : Number(refund.order_refund_id));
  });
}

/** What a refund goes back against: what the provider took (another amount or currency when it mismatched). */
function chargedOf(attempt: AttemptRow) {
  const d = attemptDetail(attempt);
  return {
    total: d.receivedAmount ? Number(d.receivedAmount) : Number(attempt.amount),
    currency: d.receivedCurrency ?? attempt.currency,
    points: Number(d.points ?? 0),
  };
}

/**
 * Sends one part, or asks about one the provider left processing, and records the answer. Wallet and points
 * go back to their ledger (keyed by the refund number, so a repeat moves nothing); a channel gets our refund
 * number as its idempotency key; a bank transfer waits for an operator (`manual`). Throws to be retried:
 * when the channel cannot be reached, and while the refund is still processing.
 */
export async function sendRefundPart(ctx: AppContext, refund: PaymentRefundRow) {
  if (!['requesting', 'processing'].includes(refund.state)) return refund.state;
  const attempt = await findAttempt(ctx.db, Number(refund.attempt_id));
  if (!attempt) throw new Error(`payment refund ${refund.id}: attempt missing`);
  const amount = Number(refund.amount);
  const charged = chargedOf(attempt);
  if (attempt.channel === 'wallet' || attempt.channel === 'points') {
    const kind = attempt.channel;
    const units =
      kind === 'wallet'
        ? amount
        : Math.round((amount * charged.points) / Math.max(1, Number(attempt.amount)));
    await settlePart(ctx, refund, attempt, { state: 'succeeded', providerRefundId: null }, (trx, at) =>
      units > 0
        ? postEntry(trx, {
            kind,
            userId: Number(attempt.user_id),
            type: 'REFUND',
            amount: units,
            orderId: attempt.order_id === null ? null : Number(attempt.order_id),
            key: `refund:${refund.refund_no}`,
            note: refund.reason,
            at,
          })
        : Promise.resolve(),
    );
    return 'succeeded';
  }
  const code = attempt.channel;
  if (!isChannelCode(code)) {
    await settlePart(ctx, refund, attempt, { state: 'manual', providerRefundId: null });
    return 'manual';
  }
  const ch = ctx.providers.payments[code];
  if (!ch) throw new Error(`payment refund ${refund.id}: channel ${code} not configured`);
  const which = {
    attemptNo: attempt.attempt_no,
    providerTradeNo: attempt.provider_trade_no,
    refundNo: refund.refund_no,
    amount,
    total: charged.total,
    currency: charged.currency,
    // NewebPay and TapPay key refunds by trade, not by our number: they read the trade's refunded
    // balance against this to tell whether this refund already landed
    refundedBefore: await refundSum(ctx.db, Number(attempt.id), 'succeeded', Number(refund.id)),
  };
  let res: RefundResult | null = null;
  if (refund.state === 'processing') res = await ch.queryRefund(which);
  // a part the provider holds no trace of (its request never arrived) is sent, under the same number:
  // every adapter makes a repeated refund number safe (out_refund_no, out_request_no, bank_refund_id,
  // NewebPay's BackBalance)
  if (!res || res.state === 'failed')
    res = await ch.refund({
      ...which,
      reason: refund.reason,
      notifyUrl: callbackUrls(ctx, code, null).notifyUrl,
    });
  if (res.state !== refund.state) await settlePart(ctx, refund, attempt, res);
  if (res.state === 'processing') throw new StillProcessing(refund.refund_no);
  return res.state;
}

/** A provider's verified word on a refund (WeChat and Alipay refund notifications): settles the part. */
export async function settleRefundFromProvider(ctx: AppContext, result: RefundResult) {
  const refund = await findPaymentRefundByNo(ctx.db, result.refundNo);
  if (!refund || !['requesting', 'processing'].includes(refund.state)) return;
  const attempt = await findAttempt(ctx.db, Number(refund.attempt_id));
  if (!attempt) return;
  await settlePart(ctx, refund, attempt, result);
}

/**
 * Money still held for orders that closed unpaid (points applied before a cancel or the deadline, a payment
 * that landed on the closed order): each paid attempt's unrefunded rest goes back, numbered `C<attemptId>`.
 * Also re-queues refunds left unsettled for a day (a job lost with its database, say). Run by the
 * reconciliation; returns how many parts it queued.
 */
export async function refundHeldMoney(ctx: AppContext, now = Date.now()) {
  const jobs: number[] = [];
  for (const a of await paidOnClosedOrders(ctx.db, BATCH)) {
    const free = Number(a.amount) - (await refundedOf(ctx.db, Number(a.id)));
    if (free <= 0) {
      await moveAttempt(ctx.db, Number(a.id), ['paid'], 'refunded', {}, now);
      continue;
    }
    if (await findPaymentRefundByNo(ctx.db, `C${a.id}`)) continue;
    jobs.push(
      await ctx.db
        .transaction()
        .execute((trx) =>
          refundAttemptPart(trx, a, { refundNo: `C${a.id}`, amount: free, reason: 'order_closed', at: now }),
        ),
    );
  }
  for (const r of await unsettledRefunds(ctx.db, now - 24 * 3_600_000, BATCH))
    jobs.push(
      await enqueueJob(
        ctx.db,
        REFUND_JOB,
        { paymentRefundId: Number(r.id) },
        { key: `${REFUND_JOB}:${r.id}:requeue:${Math.floor(now / 86_400_000)}`, at: now },
      ),
    );
  await runNow(ctx, jobs);
  return jobs.length;
}

/** The one refund job: sends a part, or queries it while processing; retried with backoff up to an hour. */
export function refundJob(ctx: AppContext): RetriedJob<{ paymentRefundId: number }> {
  return {
    kind: REFUND_JOB,
    maxAttempts: REFUND_MAX_ATTEMPTS,
    backoffMs: (attempt) => Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1)),
    async run({ paymentRefundId }) {
      const r = await findPaymentRefund(ctx.db, paymentRefundId);
      if (!r) return;
      await sendRefundPart(ctx, r);
    },
    async onGiveUp({ paymentRefundId }) {
      const r = await findPaymentRefund(ctx.db, paymentRefundId);
      // never sent: operators see `failed` and pay it back by hand; a processing one stays processing (the
      // provider has it) and the daily re-queue asks again
      if (!r || r.state !== 'requesting') return;
      const attempt = await findAttempt(ctx.db, Number(r.attempt_id));
      if (attempt) await settlePart(ctx, r, attempt, { state: 'failed', providerRefundId: null });
    },
  };
}
