import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { findOrderLines, markOrderPaid, type OrderRow } from '../order';
import { pointsQuote } from '../points';
import { entryByKey, ledgerBalance, postEntry, type Posting } from '../wallet';
import { amountDue, assertOrderPayWay, openAttempt, payableOrder } from './payment.service';
import { attemptsOfOrder } from './payment.repository';

/** Thrown inside a transaction to roll it back with a business error (the debit is undone with it). */
const rollback = (code: 'WALLET_INSUFFICIENT' | 'POINTS_INSUFFICIENT' | 'ORDER_NOT_PAYABLE'): never => {
  throw new AppError(code);
};

/**
 * Pays what is due on the caller's order from the wallet: in one transaction the conditional debit
 * (`balance >= amount`), the ledger entry, a paid `wallet` attempt and markOrderPaid; any refusal rolls all
 * of it back. One debit per order (the ledger key is the order's), so a retry, or a concurrent twin, answers
 * the first result and never pays twice.
 */
export async function walletPay(ctx: AppContext, userId: number, orderId: number) {
  const key = `pay:${orderId}`;
  const first = await ctx.db
    .selectFrom('ledger_entry')
    .select(['amount', 'balance_after', 'user_id'])
    .where('kind', '=', 'wallet')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (first && Number(first.user_id) === userId)
    return { orderId, paid: true, amount: -Number(first.amount), balance: Number(first.balance_after) };
  const at = Date.now();
  const order = await payableOrder(ctx.db, userId, orderId, at);
  await assertOrderPayWay(ctx, order, 'wallet');
  const amount = await amountDue(ctx.db, order);
  const posting: Posting = {
    kind: 'wallet',
    userId,
    type: 'PAY',
    amount: -amount,
    orderId,
    key,
    note: order.order_no,
    at,
  };
  try {
    const balance = await ctx.db.transaction().execute(async (trx) => {
      const posted =
        amount > 0
          ? await postEntry(trx, posting)
          : { balance: await ledgerBalance(trx, 'wallet', userId), replayed: false };
      if (!posted) return rollback('WALLET_INSUFFICIENT');
      if (posted.replayed) return posted.balance;
      await openAttempt(
        trx,
        { order },
        { userId, channel: 'wallet', amount, currency: order.currency, status: 'paid', at },
      );
      if (!(await markOrderPaid(trx, orderId, { at, amount, note: 'wallet' }))) rollback('ORDER_NOT_PAYABLE');
      return posted.balance;
    });
    return { orderId, paid: true, amount, balance };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // a concurrent twin with the same key committed first: its result is the answer
    const seen = await entryByKey(ctx.db, posting);
    if (!seen) throw err;
    return { orderId, paid: true, amount, balance: seen.balance };
  }
}

// ---------------------------------------------------------------- points

/** Whether every line of the order supports the points discount (snapshotted flag, else the goods now). */
async function orderSupportsPoints(db: Db, order: OrderRow) {
  const lines = await findOrderLines(db, [Number(order.id)]);
  if (lines.length === 0) return false;
  const goodsIds = [...new Set(lines.map((l) => Number(l.goods_id)))];
  const rows = await db
    .selectFrom('goods')
    .select(['id', 'support_point_discount'])
    .where('id', 'in', goodsIds)
    .execute();
  return goodsIds.every((g) =>
    rows.some((r) => Number(r.id) === g && Number(r.support_point_discount) === 1),
  );
}

export async function checkPointSupport(ctx: AppContext, userId: number, orderId: number) {
  const order = await payableOrder(ctx.db, userId, orderId);
  const points = await ledgerBalance(ctx.db, 'points', userId);
  const supported = ctx.config.payWays.includes('points') && (await orderSupportsPoints(ctx.db, order));
  const alreadyUsed = (await attemptsOfOrder(ctx.db, orderId)).some(
    (a) => a.channel === 'points' && a.status === 'paid',
  );
  if (!supported || alreadyUsed)
    return { supported: supported && !alreadyUsed, points, usablePoints: 0, discount: 0 };
  const q = pointsQuote(
    ctx.config.points,
    await amountDue(ctx.db, order),
    Number(order.total_amount),
    points,
  );
  return { supported: true, points, ...q };
}

/**
 * Applies the caller's points to an unpaid order, once per order: in one transaction the conditional points
 * debit, a paid `points` attempt for the discount and, when the points cover all that is due, markOrderPaid.
 * The rest is paid with another pay way; points of an order that closes unpaid come back (reconciliation).
 */
export async function usePoints(ctx: AppContext, userId: number, orderId: number) {
  const key = `pay:${orderId}`;
  const at = Date.now();
  const order = await payableOrder(ctx.db, userId, orderId, at);
  if (!ctx.config.payWays.includes('points') || !(await orderSupportsPoints(ctx.db, order)))
    fail('POINTS_NOT_SUPPORTED');
  const due = await amountDue(ctx.db, order);
  const points = await ledgerBalance(ctx.db, 'points', userId);
  const q = pointsQuote(ctx.config.points, due, Number(order.total_amount), points);
  if (q.usablePoints <= 0) fail('POINTS_INSUFFICIENT');
  const posting: Posting = {
    kind: 'points',
    userId,
    type: 'PAY',
    amount: -q.usablePoints,
    orderId,
    key,
    note: order.order_no,
    at,
  };
  const summary = (pointsUsed: number, discount: number, paid: boolean) => ({
    orderId,
    pointsUsed,
    discount,
    paid,
    remaining: Math.max(0, due - discount),
  });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const posted = await postEntry(trx, posting);
      if (!posted) return rollback('POINTS_INSUFFICIENT');
      if (posted.replayed) return summary(q.usablePoints, q.discount, false);
      await openAttempt(
        trx,
        { order },
        {
          userId,
          channel: 'points',
          amount: q.discount,
          currency: order.currency,
          status: 'paid',
          detail: { points: String(q.usablePoints) },
          at,
        },
      );
      let paid = false;
      if (q.discount >= due) {
        paid = await markOrderPaid(trx, orderId, { at, amount: 0, note: 'points' });
        if (!paid) rollback('ORDER_NOT_PAYABLE');
      }
      return summary(q.usablePoints, q.discount, paid);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const seen = await entryByKey(ctx.db, posting).catch(() => null);
    if (!seen) throw err;
    return summary(q.usablePoints, q.discount, false);
  }
}
