import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { findOrder } from '../order';
import type { RetriedJob, ScheduledJob } from '../../jobs/runner';
import type { RefundGateway, RefundOutcome, RefundRequest } from '../../providers/refunds/refund.gateway';
import type { ChannelCode } from '../../providers/payments/channel';
import { postEntry } from '../wallet';
import { isChannelCode } from '../../platform/pay-ways';
import { callbackUrls, S } from './payment.channels';
import { confirmByQuery, PAYMENT_REFUND_JOB } from './payment.service';
import {
  attemptsOfOrder,
  findAttempt,
  findPaymentRefund,
  findPaymentRefundByNo,
  insertPaymentRefund,
  moveAttempt,
  ordersToEarnPoints,
  pointsOnClosedOrders,
  refundedOf,
  settlePaymentRefund,
  staleAttempts,
  type AttemptRow,
  type PaymentRefundRow,
} from './payment.repository';

export const PAYMENT_RECONCILE_JOB = 'payment.reconcile';
const BATCH = 100;

/** Channels first (the money that came from outside), then the wallet, then points. */
const refundOrder = (a: AttemptRow) => (isChannelCode(a.channel) ? 0 : a.channel === 'wallet' ? 1 : 2);

/**
 * Sends one payment refund the core recorded: back through the channel that took the money (our refund
 * number is the provider's idempotency key, so a retry never pays twice), or back to the wallet or points
 * ledger (the ledger key is the refund number). Records the answer; throws to be retried when the channel
 * is unreachable or not configured.
 */
export async function sendPaymentRefund(ctx: AppContext, refund: PaymentRefundRow) {
  if (refund.state === 'succeeded' || refund.state === 'failed') return refund.state;
  const attempt = await findAttempt(ctx.db, Number(refund.attempt_id));
  if (!attempt) throw new Error(`payment refund ${refund.id}: attempt missing`);
  const at = Date.now();
  const amount = Number(refund.amount);
  if (attempt.channel === 'wallet' || attempt.channel === 'points') {
    const kind = attempt.channel;
    const units =
      kind === 'wallet'
        ? amount
        : Math.round(
            (amount * Number(JSON.parse(attempt.detail).points ?? 0)) / Math.max(1, Number(attempt.amount)),
          );
    await ctx.db.transaction().execute(async (trx) => {
      if (units > 0)
        await postEntry(trx, {
          kind,
          userId: Number(attempt.user_id),
          type: 'REFUND',
          amount: units,
          orderId: attempt.order_id === null ? null : Number(attempt.order_id),
          key: `refund:${refund.refund_no}`,
          note: refund.reason,
          at,
        });
      await settlePaymentRefund(trx, Number(refund.id), { state: 'succeeded', provider_refund_id: null }, at);
      await markRefundedWhenWhole(trx, attempt, at);
    });
    return 'succeeded';
  }
  const code = attempt.channel as ChannelCode;
  const ch = ctx.providers.payments[code];
  if (!ch) throw new Error(`payment refund ${refund.id}: channel ${code} not configured`);
  const res = await ch.refund({
    attemptNo: attempt.attempt_no,
    providerTradeNo: attempt.provider_trade_no,
    refundNo: refund.refund_no,
    amount,
    total: Number(attempt.amount),
    currency: attempt.currency,
    reason: refund.reason,
    notifyUrl: callbackUrls(ctx, code, null).notifyUrl,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await settlePaymentRefund(
      trx,
      Number(refund.id),
      { state: res.state, provider_refund_id: res.providerRefundId },
      Date.now(),
    );
    if (res.state === 'succeeded') await markRefundedWhenWhole(trx, attempt, Date.now());
  });
  return res.state;
}

/** An attempt whose money went back in full is `refunded`. */
async function markRefundedWhenWhole(db: Db, attempt: AttemptRow, at: number) {
  const done = await db
    .selectFrom('payment_refund')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)), 'bigint').as('s'))
    .where('attempt_id', '=', Number(attempt.id))
    .where('state', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  if (Number(done.s) >= Number(attempt.amount))
    await moveAttempt(db, Number(attempt.id), ['paid'], 'refunded', {}, at);
}

/** Records a refund of part of an attempt (idempotent by refund number) and returns its row. */
async function recordRefund(
  ctx: AppContext,
  attempt: AttemptRow,
  refundNo: string,
  amount: number,
  reason: string,
  orderRefundId: number | null,
) {
  const at = Date.now();
  const id = await insertPaymentRefund(ctx.db, {
    refund_no: refundNo,
    attempt_id: Number(attempt.id),
    order_refund_id: orderRefundId,
    amount,
    reason,
    state: 'requesting',
    provider_refund_id: null,
    created_at: at,
    updated_at: at,
  });
  return (await findPaymentRefund(ctx.db, id))!;
}

/**
 * The RefundGateway the order module's refund job calls (approved refunds, late payments): the amount is
 * split over the order's paid attempts (channel first, then wallet, then points), each part a payment
 * refund with our own number `R<refundId>A<attemptId>`, so a retried job re-sends the same parts. Partial
 * refunds take what is left of each attempt. An order paid without an attempt (before payments existed)
 * keeps the old answer, `pending_provider`, for an operator.
 */
export function createPaymentRefundGateway(ctx: AppContext): RefundGateway {
  return {
    async refund(req: RefundRequest): Promise<RefundOutcome> {
      const attempts = (await attemptsOfOrder(ctx.db, req.orderId))
        .filter((a) => (a.status === 'paid' || a.status === 'refunded') && Number(a.surplus) === 0)
        .sort((a, b) => refundOrder(a) - refundOrder(b) || Number(a.id) - Number(b.id));
      if (attempts.length === 0) return { state: 'pending_provider', ref: null };
      let left = req.amount;
      const states: string[] = [];
      const refs: string[] = [];
      for (const a of attempts) {
        if (left <= 0) break;
        const refundNo = `R${req.refundId}A${a.id}`;
        let row = await findPaymentRefundByNo(ctx.db, refundNo);
        if (!row) {
          const free = Number(a.amount) - (await refundedOf(ctx.db, Number(a.id)));
          const part = Math.min(left, free);
          if (part <= 0) continue;
          row = await recordRefund(ctx, a, refundNo, part, 'order_refund', req.refundId);
        }
        left -= Number(row.amount);
        refs.push(refundNo);
        states.push(await sendPaymentRefund(ctx, row));
      }
      const state = states.every((s) => s === 'succeeded')
        ? 'succeeded'
        : states.some((s) => s === 'failed')
          ? 'failed'
          : 'processing';
      return { state, ref: refs.join(',') || null };
    },
  };
}

/** The payment core's jobs: reconciliation (scheduled) and the surplus refund (retried). */
export function paymentJobs(ctx: AppContext): {
  reconcile: ScheduledJob;
  refund: RetriedJob<{ paymentRefundId: number }>;
} {
  return {
    reconcile: {
      name: PAYMENT_RECONCILE_JOB,
      everyMs: Math.max(1, ctx.config.reconcile.reconcileSeconds) * 1000,
      run: () => reconcilePayments(ctx),
    },
    refund: {
      kind: PAYMENT_REFUND_JOB,
      maxAttempts: 10,
      async run({ paymentRefundId }) {
        const r = await findPaymentRefund(ctx.db, paymentRefundId);
        if (!r || r.state !== 'requesting') return;
        await sendPaymentRefund(ctx, r);
      },
      async onGiveUp({ paymentRefundId }) {
        // an operator sees `failed` and pays it back by hand
        await settlePaymentRefund(
          ctx.db,
          paymentRefundId,
          { state: 'failed', provider_refund_id: null },
          Date.now(),
        );
      },
    },
  };
}

/**
 * One reconciliation run: pending attempts older than PAY_QUERY_AFTER_MINUTES are asked about with the
 * provider's query and the answer applied like a notification; attempts still open past their order's
 * deadline are closed with the provider (so no late payment lands) and marked closed; points applied to
 * orders that closed unpaid go back. Network calls happen outside transactions, one attempt at a time.
 */
export async function reconcilePayments(ctx: AppContext, now = Date.now()) {
  const out = { queried: 0, applied: 0, closed: 0, pointsReturned: 0, pointsEarned: 0 };
  const before = now - ctx.config.reconcile.queryAfterMinutes * 60_000;
  for (const a of await staleAttempts(ctx.db, before, BATCH)) {
    const ch = ctx.providers.payments[a.channel as ChannelCode];
    if (!ch) continue;
    out.queried += 1;
    const res = await confirmByQuery(ctx, a).catch(() => 'noop' as const);
    if (res === 'applied' || res === 'late' || res === 'surplus') {
      out.applied += 1;
      continue;
    }
    const fresh = await findAttempt(ctx.db, Number(a.id));
    if (!fresh || fresh.status !== 'pending') continue;
    const deadline = await attemptDeadline(ctx, fresh);
    if (deadline === null || deadline > now) continue;
    try {
      await ch.close(fresh.attempt_no);
    } catch {
      continue; // tried again next run
    }
    if (await moveAttempt(ctx.db, Number(fresh.id), ['pending'], 'closed', {}, Date.now())) out.closed += 1;
  }
  for (const a of await pointsOnClosedOrders(ctx.db, BATCH)) {
    const free = Number(a.amount) - (await refundedOf(ctx.db, Number(a.id)));
    if (free <= 0) {
      await moveAttempt(ctx.db, Number(a.id), ['paid'], 'refunded', {}, now);
      continue;
    }
    const row = await recordRefund(ctx, a, `C${a.id}`, free, 'order_closed', null);
    if ((await sendPaymentRefund(ctx, row)) === 'succeeded') out.pointsReturned += 1;
  }
  out.pointsEarned = await earnPoints(ctx, now);
  return out;
}

/** When an attempt stops being payable: its order's deadline (top-ups: created + the order pay window). */
async function attemptDeadline(ctx: AppContext, a: AttemptRow) {
  if (a.order_id === null) return Number(a.created_at) + ctx.config.order.payMinutes * 60_000;
  const o = await findOrder(ctx.db, Number(a.order_id));
  if (!o) return null;
  return Number(o.status) === S.PENDING_PAYMENT ? Number(o.pay_deadline) : 0;
}

/**
 * Points earned on completed orders: POINTS_EARN_PER_UNIT per major unit of money paid (points excluded),
 * once per order (the ledger key `earn:<orderId>`).
 */
export async function earnPoints(ctx: AppContext, now = Date.now()) {
  const per = ctx.config.points.earnPerUnit;
  if (per <= 0) return 0;
  let earned = 0;
  for (const o of await ordersToEarnPoints(ctx.db, BATCH)) {
    const points = Math.floor(Number(o.paid) / 100) * per;
    if (points <= 0) continue;
    await ctx.db.transaction().execute((trx) =>
      postEntry(trx, {
        kind: 'points',
        userId: Number(o.user_id),
        type: 'EARN',
        amount: points,
        orderId: Number(o.id),
        key: `earn:${o.id}`,
        note: o.order_no,
        at: now,
      }),
    );
    earned += 1;
  }
  return earned;
}
