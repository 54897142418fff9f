import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../context';
import type { ScheduledJob } from '../jobs/runner';
import { isChannelCode } from '../platform/pay-ways';
import { findOrder } from '../modules/order';
import {
  findAttempt,
  moveAttempt,
  ordersToEarnPoints,
  staleAttempts,
  type AttemptRow,
} from '../modules/payment/commands';
import { postEntry } from '../modules/wallet/commands';
import { refundHeldMoney } from './order-refund';
import { confirmByQuery, type ApplyResult } from './order-payment';

const S = ORDER_STATUS;

export const PAYMENT_RECONCILE_JOB = 'payment.reconcile';
const BATCH = 100;

/**
 * One reconciliation run: pending attempts older than PAY_QUERY_AFTER_MINUTES are asked about with the
 * provider's query and the answer received like a notification; attempts still open past their order's
 * deadline are closed with the provider (so no late payment lands) and marked closed; money held on orders
 * that closed unpaid goes back; points are earned on completed orders. Network calls happen outside
 * transactions, one attempt at a time.
 */
export async function reconcilePayments(ctx: AppContext, now = Date.now()) {
  const out = { queried: 0, applied: 0, closed: 0, pointsReturned: 0, pointsEarned: 0 };
  const before = now - ctx.config.reconcile.queryAfterMinutes * 60_000;
  for (const a of await staleAttempts(ctx.db, before, BATCH)) {
    const ch = isChannelCode(a.channel) ? ctx.providers.payments[a.channel] : undefined;
    if (!ch) continue;
    out.queried += 1;
    const res = await confirmByQuery(ctx, a).catch((): ApplyResult => 'noop');
    if (res === 'applied' || res === 'late' || res === 'surplus' || res === 'mismatch') {
      out.applied += 1;
      continue;
    }
    const fresh = await findAttempt(ctx.db, Number(a.id));
    if (!fresh || (fresh.status !== 'pending' && fresh.status !== 'awaiting_offline')) continue;
    const deadline = await attemptDeadline(ctx, fresh);
    if (deadline === null || deadline > now) continue;
    try {
      await ch.close(fresh.attempt_no);
    } catch {
      continue; // tried again next run
    }
    if (
      await moveAttempt(ctx.db, Number(fresh.id), ['pending', 'awaiting_offline'], 'closed', {}, Date.now())
    )
      out.closed += 1;
  }
  out.pointsReturned = await refundHeldMoney(ctx, now);
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

/** The scheduled reconciliation. */
export const reconcileJob = (ctx: AppContext): ScheduledJob => ({
  name: PAYMENT_RECONCILE_JOB,
  everyMs: Math.max(1, ctx.config.reconcile.reconcileSeconds) * 1000,
  run: () => reconcilePayments(ctx),
});
