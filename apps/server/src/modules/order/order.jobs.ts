import type { AppContext } from '../../context';
import type { ScheduledJob } from '../../jobs/runner';
import { ORDER_STATUS } from '@simshop/contracts';
import { AppError } from '../../platform/errors';
import { invalidateGoods } from '../catalogue';
import { closeOrder, logEntry, SYSTEM } from './order-status.service';
import { dueOrders, findOrder, insertOrderLog, moveOrderStatus } from './order.repository';
import { ORDER_SWEEP_JOB } from './order.refunds';

const S = ORDER_STATUS;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- the sweeper

const SWEEP_BATCH = 200;

/** Closes unpaid orders past their deadline (0 -> 7), returning stock and coupons; returns how many closed. */
export async function closeExpiredOrders(ctx: AppContext, now = Date.now()) {
  let closed = 0;
  for (;;) {
    const ids = await dueOrders(ctx.db, S.PENDING_PAYMENT, 'pay_deadline', now, SWEEP_BATCH);
    let progressed = 0;
    for (const id of ids) {
      const goodsIds = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const order = await findOrder(trx, id);
          // paid or cancelled since it was listed: nothing to do
          if (!order || Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) > now)
            return null;
          return closeOrder(trx, order, 'expired', SYSTEM, now);
        })
        .catch((err: unknown) => {
          // paid between the read and the guarded update: the payment won, the order stays open
          if (err instanceof AppError && err.codeName === 'ORDER_STATUS_INVALID') return null;
          throw err;
        });
      if (goodsIds) {
        closed += 1;
        progressed += 1;
        for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
      }
    }
    if (ids.length < SWEEP_BATCH || progressed === 0) return closed;
  }
}

/** Moves orders whose time has come: 2 -> 3 N days after shipment, 3 -> 4 M days after receipt. */
export async function advanceOrders(ctx: AppContext, now = Date.now()) {
  const { autoReceiveDays, autoCompleteDays } = ctx.config.order;
  const steps = [
    {
      from: S.PENDING_RECEIPT,
      to: S.PENDING_REVIEW,
      column: 'shipped_at' as const,
      days: autoReceiveDays,
      action: 'auto_receive',
    },
    {
      from: S.PENDING_REVIEW,
      to: S.COMPLETED,
      column: 'received_at' as const,
      days: autoCompleteDays,
      action: 'auto_complete',
    },
  ];
  const moved = { received: 0, completed: 0 };
  for (const step of steps) {
    for (;;) {
      const ids = await dueOrders(ctx.db, step.from, step.column, now - step.days * DAY_MS, SWEEP_BATCH);
      for (const id of ids) {
        const ok = await ctx.db.transaction().execute(async (trx) => {
          const done = await moveOrderStatus(trx, id, step.from, step.to, {
            updated_at: now,
            ...(step.to === S.PENDING_REVIEW ? { received_at: now } : { completed_at: now }),
          });
          if (done)
            await insertOrderLog(trx, logEntry(id, step.from, step.to, step.action, SYSTEM, null, now));
          return done;
        });
        if (ok) moved[step.to === S.PENDING_REVIEW ? 'received' : 'completed'] += 1;
      }
      if (ids.length < SWEEP_BATCH) break;
    }
  }
  return moved;
}

/** One run of the order timer: deadlines, then automatic receipt and completion. */
export async function sweepOrders(ctx: AppContext, now = Date.now()) {
  const closed = await closeExpiredOrders(ctx, now);
  return { closed, ...(await advanceOrders(ctx, now)) };
}

// ---------------------------------------------------------------- the jobs

/** The order module's job: the sweep (scheduled). Refunds are sent by flows/order-refund. */
export function orderJobs(ctx: AppContext): { sweep: ScheduledJob } {
  return {
    sweep: {
      name: ORDER_SWEEP_JOB,
      everyMs: ctx.config.order.sweepSeconds * 1000,
      run: () => sweepOrders(ctx),
    },
  };
}
