import type { OrderLogNote, PayStatus, PayWayCode } from '@simshop/contracts';
import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../context';
import type { Db } from '../platform/db';
import { isChannelCode } from '../platform/pay-ways';
import { AppError, fail } from '../platform/errors';
import { type ChannelCode, type ClientKind, type PaymentOutcome } from '../providers/payments/channel';
import { findOrder } from '../modules/order';
import { finishPayerAuthorize } from '../modules/wechat';
import {
  closeOrder,
  extendPayDeadline,
  lockOrder,
  logLatePayment,
  markOrderPaid,
  recordSystemRefund,
  SYSTEM,
} from '../modules/order/commands';
import {
  amountDue,
  paymentStatus,
  startOrderPayment,
  startTopup,
  wechatPayerOf,
  type StartExtras,
} from '../modules/payment';
import {
  attemptDetail,
  attemptsOfOrder,
  findAttemptByNo,
  markAttemptSurplus,
  markTopupPaid,
  moveAttempt,
  startView,
  type AttemptRow,
} from '../modules/payment/commands';
import { enqueueInvoice } from '../modules/invoice/commands';
import { followAmountDue } from '../modules/transfer/commands';
import { postEntry } from '../modules/wallet/commands';
import { startFulfilment } from './order-fulfilment';
import { refundAttemptPart } from './order-refund';

// Every way money arrives for an order goes through this file, in one transaction per arrival that locks the
// order first: a channel's verified outcome (notification, return confirmed by query, synchronous card
// answer, reconciliation), the wallet, points and a verified bank transfer. One policy for money the order
// cannot take, decided in `settleArrival` after the lock:
// - the order is still payable: the money counts; when it covers what is due the order is paid and its
//   fulfilment starts; what exceeds the due (points applied after the attempt opened) is refunded (excess);
// - the order's deadline passed: the order closes (stock and coupon back) and the money is refunded (late);
// - the order is paid or closed already: the money is refunded in full (surplus);
// - the provider took another amount or currency than the attempt asked: refunded in full (mismatch).
// Refunds are rows written in the same transaction and sent by flows/order-refund's one job.

const S = ORDER_STATUS;

export type ApplyResult =
  'applied' | 'partial' | 'duplicate' | 'mismatch' | 'unknown_attempt' | 'late' | 'surplus' | 'noop';

/** Thrown inside a transaction to roll it back with a business error (the debit is undone with it). */
export const rollback = (
  code: 'WALLET_INSUFFICIENT' | 'POINTS_INSUFFICIENT' | 'ORDER_NOT_PAYABLE',
): never => {
  throw new AppError(code);
};

/**
 * Decides what money that just arrived (`attempt`, already recorded paid in `trx`) does to its order; the
 * order is locked first, so the sweeper, a cancel and other payments take turns with it. Refunds it decides
 * are rows with their jobs, sent by the runner's next poll (never inside a provider's notification, which
 * must be answered within seconds).
 */
export async function settleArrival(
  ctx: AppContext,
  trx: Db,
  attempt: AttemptRow,
  at: number,
): Promise<'applied' | 'partial' | 'late' | 'surplus'> {
  const orderId = Number(attempt.order_id);
  const order = await lockOrder(trx, ctx.engine, orderId);
  const amount = Number(attempt.amount);
  const note: OrderLogNote = {
    kind: 'paid',
    params: { way: attempt.channel as PayWayCode, attempt: attempt.attempt_no },
  };
  if (!order || Number(order.status) !== S.PENDING_PAYMENT) {
    await markAttemptSurplus(trx, Number(attempt.id), at);
    await refundAttemptPart(trx, attempt, { refundNo: `S${attempt.id}`, amount, reason: 'surplus', at });
    return 'surplus';
  }
  if (Number(order.pay_deadline) <= at) {
    await closeOrder(trx, order, 'expired', SYSTEM, at);
    await logLatePayment(trx, orderId, note, at);
    const refundId = await recordSystemRefund(trx, order, {
      amount,
      reason: 'late_payment',
      note: `${attempt.channel} ${attempt.attempt_no}`,
      fromStatus: S.PENDING_PAYMENT,
      at,
    });
    await refundAttemptPart(trx, attempt, {
      refundNo: `R${refundId}A${attempt.id}`,
      amount,
      reason: 'late_payment',
      orderRefundId: refundId,
      at,
    });
    return 'late';
  }
  // the due before this money: the total less every other payment that counts (points, earlier money)
  const due = await amountDue(trx, order, Number(attempt.id));
  if (amount > due)
    await refundAttemptPart(trx, attempt, {
      refundNo: `E${attempt.id}`,
      amount: amount - due,
      reason: 'excess',
      at,
    });
  if (amount < due) {
    await followAmountDue(trx, orderId, due - amount, at);
    return 'partial';
  }
  if (!(await markOrderPaid(trx, order, { at, note }))) return fail('ORDER_STATUS_INVALID');
  await startFulfilment(trx, order, at);
  // every paid order gets its e-invoice (issue 28), issued by the invoice module's job
  if (ctx.providers.invoice) await enqueueInvoice(trx, order, at);
  return 'applied';
}

// ---------------------------------------------------------------- channels

/**
 * Applies one verified outcome of a channel. Matched against the stored attempt first (channel, number):
 * non-payment states move the attempt only. A paid outcome with another amount or currency than asked is
 * money all the same: recorded, flagged and refunded in full. Otherwise one guarded move of the attempt to
 * paid and, in the same transaction, settleArrival (or the top-up's credit): a repeat, replay or late twin
 * finds the attempt moved and changes nothing.
 */
export async function receiveOutcome(
  ctx: AppContext,
  channel: string,
  outcome: PaymentOutcome,
): Promise<ApplyResult> {
  const attempt = await findAttemptByNo(ctx.db, outcome.attemptNo);
  if (!attempt || attempt.channel !== channel) return 'unknown_attempt';
  const id = Number(attempt.id);
  const now = Date.now();
  const base = { ...attemptDetail(attempt), ...(outcome.detail ?? {}) };
  switch (outcome.state) {
    case 'pending':
      return 'noop';
    case 'awaiting_offline': {
      const moved = await ctx.db.transaction().execute(async (trx) => {
        if (
          !(await moveAttempt(
            trx,
            id,
            ['pending'],
            'awaiting_offline',
            { detail: JSON.stringify(base) },
            now,
          ))
        )
          return false;
        // an ATM or store code gives the buyer until its own expiry: the order waits as long
        if (outcome.payBy !== undefined && attempt.order_id !== null)
          await extendPayDeadline(trx, Number(attempt.order_id), outcome.payBy, now);
        return true;
      });
      return moved ? 'applied' : 'duplicate';
    }
    case 'failed':
    case 'closed':
      return (await moveAttempt(
        ctx.db,
        id,
        ['pending', 'awaiting_offline'],
        outcome.state,
        { detail: JSON.stringify(base) },
        now,
      ))
        ? 'applied'
        : 'duplicate';
    case 'paid':
      break;
  }
  const mismatch = outcome.amount !== Number(attempt.amount) || outcome.currency !== attempt.currency;
  const detail = JSON.stringify(
    mismatch
      ? { ...base, receivedAmount: String(outcome.amount ?? ''), receivedCurrency: outcome.currency ?? '' }
      : base,
  );
  return ctx.db.transaction().execute(async (trx): Promise<ApplyResult> => {
    const moved = await moveAttempt(
      trx,
      id,
      ['pending', 'awaiting_offline', 'failed', 'closed'],
      'paid',
      { provider_trade_no: outcome.providerTradeNo, detail, paid_at: outcome.paidAt ?? now },
      now,
    );
    if (!moved) return 'duplicate';
    const paid: AttemptRow = {
      ...attempt,
      status: 'paid',
      provider_trade_no: outcome.providerTradeNo,
      detail,
      paid_at: outcome.paidAt ?? now,
    };
    if (mismatch) {
      await markAttemptSurplus(trx, id, now);
      // refunded as taken: the provider's amount, in the provider's currency (chargedOf in order-refund)
      if (outcome.amount !== null && outcome.amount > 0)
        await refundAttemptPart(trx, paid, {
          refundNo: `M${id}`,
          amount: outcome.amount,
          reason: 'mismatch',
          at: now,
        });
      return 'mismatch';
    }
    if (attempt.topup_id !== null) {
      await markTopupPaid(trx, Number(attempt.topup_id), now);
      await postEntry(trx, {
        kind: 'wallet',
        userId: Number(attempt.user_id),
        type: 'TOPUP',
        amount: Number(attempt.amount),
        key: `topup:${attempt.topup_id}`,
        note: attempt.attempt_no,
        at: now,
      });
      return 'applied';
    }
    return settleArrival(ctx, trx, paid, now);
  });
}

/** Confirms an attempt with the provider's query (returns, reconciliation) and applies the answer. */
export async function confirmByQuery(ctx: AppContext, attempt: AttemptRow): Promise<ApplyResult> {
  const code = attempt.channel;
  const ch = isChannelCode(code) ? ctx.providers.payments[code] : undefined;
  if (!ch) return 'noop';
  return receiveOutcome(ctx, code, await ch.query(attempt.attempt_no, Number(attempt.amount)));
}

/** Starts paying the caller's order through a channel; a synchronous answer (a card) is applied at once. */
export async function startPayment(
  ctx: AppContext,
  userId: number,
  orderId: number,
  code: ChannelCode,
  extras: StartExtras,
) {
  const started = await startOrderPayment(ctx, userId, orderId, code, extras);
  if (started.start.kind === 'done') await receiveOutcome(ctx, code, started.start.outcome);
  return { orderId: started.orderId, attemptNo: started.attemptNo, start: startView(started.start) };
}

/**
 * A payment started from a browser (orderPay). Inside WeChat, WeChat Pay is JSAPI as the buyer's openid: when
 * the shop has none for this account, the answer sends the browser to WeChat's silent authorisation first
 * (nothing is opened; `startWechatJsapi` continues on the way back).
 */
export async function startBrowserPayment(
  ctx: AppContext,
  userId: number,
  orderId: number,
  code: ChannelCode,
  extras: StartExtras,
) {
  if (code !== 'wechat' || extras.client !== 'wechat_browser')
    return startPayment(ctx, userId, orderId, code, extras);
  const payer = await wechatPayerOf(ctx, userId, orderId);
  if ('authorizeUrl' in payer)
    return { orderId, attemptNo: null, start: { kind: 'redirect' as const, url: payer.authorizeUrl } };
  return startPayment(ctx, userId, orderId, code, { ...extras, openid: payer.openid });
}

/**
 * Back from WeChat's silent authorisation inside WeChat: the payer's openid for this account and order
 * (state checked and spent once), then the order's JSAPI payment as that payer.
 */
export async function startWechatJsapi(
  ctx: AppContext,
  userId: number,
  input: { orderId: number; code: string; state: string },
) {
  const openid = await finishPayerAuthorize(ctx, userId, input);
  return startPayment(ctx, userId, input.orderId, 'wechat', { client: 'wechat_browser', openid });
}

/** Starts a wallet top-up through a channel; a synchronous answer is applied at once. */
export async function startWalletTopup(
  ctx: AppContext,
  userId: number,
  req: { amount: number; payWay: ChannelCode; client: ClientKind } & Pick<
    StartExtras,
    'prime' | 'cardholder' | 'payerIp' | 'method'
  >,
) {
  const started = await startTopup(ctx, userId, req);
  if (started.start.kind === 'done') await receiveOutcome(ctx, req.payWay, started.start.outcome);
  return { topupId: started.topupId, attemptNo: started.attemptNo, start: startView(started.start) };
}

/** The order's payment state; with `confirm` its pending attempts are first confirmed by query. */
export async function paymentStatusConfirmed(
  ctx: AppContext,
  userId: number,
  orderId: number,
  confirm: boolean,
): Promise<PayStatus> {
  const order = await findOrder(ctx.db, orderId, userId);
  if (!order) return fail('NOT_FOUND');
  if (confirm && Number(order.status) === S.PENDING_PAYMENT)
    for (const a of await attemptsOfOrder(ctx.db, orderId))
      if (a.status === 'pending' || a.status === 'awaiting_offline')
        await confirmByQuery(ctx, a).catch(() => 'noop');
  return paymentStatus(ctx, userId, orderId);
}
