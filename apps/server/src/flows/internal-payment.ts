import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../context';
import { requirePermission } from '../platform/auth';
import type { Db } from '../platform/db';
import { AppError, fail } from '../platform/errors';
import { findOrder, type OrderRow } from '../modules/order';
import { lockOrder } from '../modules/order/commands';
import { amountDue, assertOrderPayWay, orderSupportsPoints, payableOrder } from '../modules/payment';
import { attemptDetail, attemptsOfOrder, openAttempt } from '../modules/payment/commands';
import { pointsQuote } from '../modules/points';
import { adminTransferOf } from '../modules/transfer';
import { findTransferOfOrder, moveTransfer } from '../modules/transfer/commands';
import { findEntryByKey, ledgerBalance } from '../modules/wallet';
import { postEntry, type Posting } from '../modules/wallet/commands';
import { rollback, settleArrival } from './order-payment';

// The internal pay ways: the wallet, points and a verified bank transfer, each one transaction that locks
// the order first and settles the arrival with order-payment's one policy.

const S = ORDER_STATUS;

// ---------------------------------------------------------------- wallet, points, transfer

/**
 * Pays what is due on the caller's order from the wallet: in one transaction, after locking the order, the
 * due is read, the conditional debit (`balance >= due`) posted, a paid `wallet` attempt recorded and the
 * arrival settled; any refusal rolls all of it back. One debit per order (the ledger key is the order's), so
 * a retry or a concurrent twin answers the first result and never pays twice.
 */
export async function walletPay(ctx: AppContext, userId: number, orderId: number) {
  const first = await firstWalletPay(ctx.db, userId, orderId);
  if (first) return first;
  try {
    const seenOrder = await payableOrder(ctx.db, userId, orderId);
    await assertOrderPayWay(ctx, seenOrder, 'wallet');
    return await chargeWallet(ctx, userId, seenOrder);
  } catch (err) {
    // a twin paid it between our first look and now: its result is the answer
    const twin =
      err instanceof AppError && err.codeName === 'ORDER_NOT_PAYABLE'
        ? await firstWalletPay(ctx.db, userId, orderId)
        : null;
    if (twin) return twin;
    throw err;
  }
}

/** walletPay's transaction, for an order whose pay ways were checked (and for test fixtures). */
export async function chargeWallet(ctx: AppContext, userId: number, seenOrder: OrderRow) {
  const orderId = Number(seenOrder.id);
  const at = Date.now();
  let amount = 0;
  try {
    const balance = await ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, ctx.engine, orderId);
      // a twin that held the lock first paid it: its result is the answer
      const twin = await firstWalletPay(trx, userId, orderId);
      if (twin) {
        amount = twin.amount;
        return twin.balance;
      }
      if (!order || Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) <= at)
        return rollback('ORDER_NOT_PAYABLE');
      amount = await amountDue(trx, order);
      const posted =
        amount > 0
          ? await postEntry(trx, walletPosting(userId, order, amount, at))
          : { balance: await ledgerBalance(trx, 'wallet', userId), replayed: false };
      if (!posted) return rollback('WALLET_INSUFFICIENT');
      if (posted.replayed) return posted.balance;
      const attempt = await openAttempt(
        trx,
        { order },
        { userId, channel: 'wallet', amount, currency: order.currency, status: 'paid', at },
      );
      if ((await settleArrival(ctx, trx, attempt, at)) !== 'applied') rollback('ORDER_NOT_PAYABLE');
      return posted.balance;
    });
    return { orderId, paid: true, amount, balance };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // a concurrent twin with the same key committed first: its result is the answer
    const twin = await firstWalletPay(ctx.db, userId, orderId);
    if (!twin) throw err;
    return twin;
  }
}

/** The wallet payment of this order by this buyer, if one was made (the ledger key is the order's). */
async function firstWalletPay(db: Db, userId: number, orderId: number) {
  const first = await findEntryByKey(db, 'wallet', `pay:${orderId}`);
  if (!first || Number(first.user_id) !== userId) return null;
  return { orderId, paid: true, amount: -Number(first.amount), balance: Number(first.balance_after) };
}

const walletPosting = (userId: number, order: OrderRow, amount: number, at: number): Posting => ({
  kind: 'wallet',
  userId,
  type: 'PAY',
  amount: -amount,
  orderId: Number(order.id),
  key: `pay:${order.id}`,
  note: order.order_no,
  at,
});

/**
 * Applies the caller's points to an unpaid order, once per order: in one transaction, after locking the
 * order, the quote on what is due now, the conditional points debit, a paid `points` attempt for the
 * discount, and the arrival settled (the order is paid when the points cover it all). An open bank transfer
 * then asks for the lower rest. Points of an order that closes unpaid come back (refundHeldMoney).
 */
export async function usePoints(ctx: AppContext, userId: number, orderId: number) {
  const at = Date.now();
  const seen = await payableOrder(ctx.db, userId, orderId, at);
  if (!ctx.config.payWays.includes('points') || !(await orderSupportsPoints(ctx.db, seen)))
    fail('POINTS_NOT_SUPPORTED');
  const summary = (pointsUsed: number, discount: number, paid: boolean, due: number) => ({
    orderId,
    pointsUsed,
    discount,
    paid,
    remaining: Math.max(0, due - discount),
  });
  const key = `pay:${orderId}`;
  // a retry (or a twin that lost the race) answers what the first use did
  const used = (await attemptsOfOrder(ctx.db, orderId)).find(
    (a) => a.channel === 'points' && a.status === 'paid',
  );
  if (used)
    return summary(
      Number(attemptDetail(used).points ?? 0),
      Number(used.amount),
      false,
      Number(seen.total_amount) - Number(used.amount),
    );
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.engine, orderId);
    if (!order || Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) <= at)
      return rollback('ORDER_NOT_PAYABLE');
    if ((await attemptsOfOrder(trx, orderId)).some((a) => a.channel === 'points' && a.status === 'paid'))
      return rollback('POINTS_INSUFFICIENT');
    const due = await amountDue(trx, order);
    const points = await ledgerBalance(trx, 'points', userId);
    const q = pointsQuote(ctx.config.points, due, Number(order.total_amount), points);
    if (q.usablePoints <= 0) return rollback('POINTS_INSUFFICIENT');
    const posted = await postEntry(trx, {
      kind: 'points',
      userId,
      type: 'PAY',
      amount: -q.usablePoints,
      orderId,
      key,
      note: order.order_no,
      at,
    });
    if (!posted || posted.replayed) return rollback('POINTS_INSUFFICIENT');
    const attempt = await openAttempt(
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
    const r = await settleArrival(ctx, trx, attempt, at);
    if (r !== 'applied' && r !== 'partial') rollback('ORDER_NOT_PAYABLE');
    return summary(q.usablePoints, q.discount, r === 'applied', due);
  });
}

/**
 * An operator matched the transfer on the bank statement (transfers.decide): in one transaction the
 * transfer is verified (guarded: proof submitted), a paid `transfer` attempt for the amount the transfer
 * asked is recorded and the arrival settled. Money the order cannot take any more (paid by another way
 * meanwhile, or more than is now due) is refunded through the refund flow, where a transfer waits for an
 * operator (`manual`): never lost. A repeat finds the transfer verified and changes nothing.
 */
export async function verifyTransfer(ctx: AppContext, adminId: number, orderId: number) {
  await requirePermission(ctx, adminId, 'transfers.decide');
  const order = await findOrder(ctx.db, orderId);
  const t = order ? await findTransferOfOrder(ctx.db, orderId) : undefined;
  if (!order || !t) return fail('NOT_FOUND');
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (
      !(await moveTransfer(
        trx,
        Number(t.id),
        ['proof_submitted'],
        'verified',
        { admin_id: adminId, decided_at: at },
        at,
      ))
    )
      throw new AppError('TRANSFER_STATUS_INVALID');
    const attempt = await openAttempt(
      trx,
      { order },
      {
        userId: Number(order.user_id),
        channel: 'transfer',
        amount: Number(t.amount),
        currency: t.currency,
        status: 'paid',
        detail: { reference: t.reference, admin: String(adminId) },
        at,
      },
    );
    await settleArrival(ctx, trx, attempt, at);
  });
  return adminTransferOf(ctx, orderId);
}
