import type { PayStatus } from '@simshop/contracts';
import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../context';
import type { ScheduledJob } from '../jobs/runner';
import { requirePermission } from '../platform/auth';
import type { Db } from '../platform/db';
import { AppError, fail } from '../platform/errors';
import {
  ChannelVerificationError,
  type CallbackKind,
  type ChannelCode,
  type ClientKind,
  type InboundCallback,
  type PaymentOutcome,
} from '../providers/payments/channel';
import { findOrder, type OrderRow } from '../modules/order';
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
  assertOrderPayWay,
  orderSupportsPoints,
  payableOrder,
  paymentStatus,
  startOrderPayment,
  startTopup,
  type StartExtras,
} from '../modules/payment';
import {
  attemptsOfOrder,
  findAttempt,
  findAttemptByNo,
  markAttemptSurplus,
  markTopupPaid,
  moveAttempt,
  openAttempt,
  ordersToEarnPoints,
  recordCallbackEvent,
  staleAttempts,
  startView,
  type AttemptRow,
} from '../modules/payment/commands';
import { pointsQuote } from '../modules/points';
import { adminTransferOf } from '../modules/transfer';
import { findTransferOfOrder, followAmountDue, moveTransfer } from '../modules/transfer/commands';
import { ledgerBalance } from '../modules/wallet';
import { entryByKey, postEntry, type Posting } from '../modules/wallet/commands';
import { startFulfilment } from './order-fulfilment';
import { refundAttemptPart, refundHeldMoney, runNow, settleRefundFromProvider } from './order-refund';

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

const parseDetail = (s: string): Record<string, string> => {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** Thrown inside a transaction to roll it back with a business error (the debit is undone with it). */
const rollback = (code: 'WALLET_INSUFFICIENT' | 'POINTS_INSUFFICIENT' | 'ORDER_NOT_PAYABLE'): never => {
  throw new AppError(code);
};

/**
 * Decides what money that just arrived (`attempt`, already recorded paid in `trx`) does to its order; the
 * order is locked first, so the sweeper, a cancel and other payments take turns with it. `jobs` collects
 * the refund jobs to try at once after the commit.
 */
async function settleArrival(
  ctx: AppContext,
  trx: Db,
  attempt: AttemptRow,
  at: number,
  jobs: number[],
): Promise<'applied' | 'partial' | 'late' | 'surplus'> {
  const orderId = Number(attempt.order_id);
  const order = await lockOrder(trx, ctx.engine, orderId);
  const amount = Number(attempt.amount);
  const note = `${attempt.channel} ${attempt.attempt_no}`;
  if (!order || Number(order.status) !== S.PENDING_PAYMENT) {
    await markAttemptSurplus(trx, Number(attempt.id), at);
    jobs.push(
      await refundAttemptPart(trx, attempt, { refundNo: `S${attempt.id}`, amount, reason: 'surplus', at }),
    );
    return 'surplus';
  }
  if (Number(order.pay_deadline) <= at) {
    await closeOrder(trx, order, 'expired', SYSTEM, at);
    await logLatePayment(trx, orderId, note, at);
    const refundId = await recordSystemRefund(trx, order, {
      amount,
      reason: 'late_payment',
      note,
      fromStatus: S.PENDING_PAYMENT,
      at,
    });
    jobs.push(
      await refundAttemptPart(trx, attempt, {
        refundNo: `R${refundId}A${attempt.id}`,
        amount,
        reason: 'late_payment',
        orderRefundId: refundId,
        at,
      }),
    );
    return 'late';
  }
  // the due before this money: the total less every other payment that counts (points, earlier money)
  const others = (await attemptsOfOrder(trx, orderId)).filter(
    (a) => Number(a.id) !== Number(attempt.id) && a.status === 'paid' && Number(a.surplus) === 0,
  );
  const due = Math.max(0, Number(order.total_amount) - others.reduce((s, a) => s + Number(a.amount), 0));
  if (amount > due)
    jobs.push(
      await refundAttemptPart(trx, attempt, {
        refundNo: `E${attempt.id}`,
        amount: amount - due,
        reason: 'excess',
        at,
      }),
    );
  if (amount < due) {
    await followAmountDue(trx, orderId, due - amount, at);
    return 'partial';
  }
  if (!(await markOrderPaid(trx, order, { at, note }))) return fail('ORDER_STATUS_INVALID');
  await startFulfilment(trx, order, at);
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
  const base = { ...parseDetail(attempt.detail), ...(outcome.detail ?? {}) };
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
        const until = offlineDeadline(outcome.detail);
        if (until !== null && attempt.order_id !== null)
          await extendPayDeadline(trx, Number(attempt.order_id), until, now);
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
  const jobs: number[] = [];
  const result = await ctx.db.transaction().execute(async (trx): Promise<ApplyResult> => {
    const moved = await moveAttempt(
      trx,
      id,
      ['pending', 'awaiting_offline', 'failed', 'closed'],
      'paid',
      { provider_trade_no: outcome.providerTradeNo, detail, paid_at: outcome.paidAt ?? now },
      now,
    );
    if (!moved) return 'duplicate';
    const paid = (await findAttempt(trx, id))!;
    if (mismatch) {
      await markAttemptSurplus(trx, id, now);
      // refunded as taken: the provider's amount, in the provider's currency (chargedOf in order-refund)
      if (outcome.amount !== null && outcome.amount > 0)
        jobs.push(
          await refundAttemptPart(trx, paid, {
            refundNo: `M${id}`,
            amount: outcome.amount,
            reason: 'mismatch',
            at: now,
          }),
        );
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
    return settleArrival(ctx, trx, paid, now, jobs);
  });
  // refunds decided here go out with the job runner's next poll, not inside the provider's notification
  // (which must be answered within seconds)
  return result;
}

/** The expiry an ATM or store code carries (`expireDate` as NewebPay sends it), as epoch ms; else null. */
function offlineDeadline(detail: Record<string, string> | undefined) {
  const raw = detail?.expireDate ?? detail?.ExpireDate;
  if (!raw) return null;
  const time = detail?.expireTime ?? detail?.ExpireTime ?? '23:59:59';
  // NewebPay states dates and times in Taiwan time (UTC+8)
  const ms = Date.parse(`${raw.replace(/\//g, '-')}T${time}+08:00`);
  return Number.isFinite(ms) ? ms : null;
}

/** Confirms an attempt with the provider's query (returns, reconciliation) and applies the answer. */
export async function confirmByQuery(ctx: AppContext, attempt: AttemptRow) {
  const code = attempt.channel as ChannelCode;
  const ch = ctx.providers.payments[code];
  if (!ch) return 'noop' as const;
  const outcome = await ch.query(attempt.attempt_no, Number(attempt.amount));
  return receiveOutcome(ctx, code, outcome);
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

/** Starts a wallet top-up through a channel; a synchronous answer is applied at once. */
export async function startWalletTopup(
  ctx: AppContext,
  userId: number,
  req: { amount: number; payWay: ChannelCode; client: ClientKind } & Pick<
    StartExtras,
    'prime' | 'cardholder'
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
  }) =>
    recordCallbackEvent(ctx.db, {
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
  return confirmByQuery(ctx, attempt).catch(() => 'noop' as const);
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
      if ((await settleArrival(ctx, trx, attempt, at, [])) !== 'applied') rollback('ORDER_NOT_PAYABLE');
      return posted.balance;
    });
    return { orderId, paid: true, amount, balance };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // a concurrent twin with the same key committed first: its result is the answer
    const seen = await entryByKey(ctx.db, walletPosting(userId, seenOrder, amount, at));
    if (!seen) throw err;
    return { orderId, paid: true, amount, balance: seen.balance };
  }
}

/** The wallet payment of this order by this buyer, if one was made (the ledger key is the order's). */
async function firstWalletPay(db: Db, userId: number, orderId: number) {
  const first = await db
    .selectFrom('ledger_entry')
    .select(['amount', 'balance_after', 'user_id'])
    .where('kind', '=', 'wallet')
    .where('idempotency_key', '=', `pay:${orderId}`)
    .executeTakeFirst();
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
      Number(parseDetail(used.detail).points ?? 0),
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
    const r = await settleArrival(ctx, trx, attempt, at, []);
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
  const jobs: number[] = [];
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
    await settleArrival(ctx, trx, attempt, at, jobs);
  });
  await runNow(ctx, jobs);
  return adminTransferOf(ctx, orderId);
}

// ---------------------------------------------------------------- reconciliation

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
    const ch = ctx.providers.payments[a.channel as ChannelCode];
    if (!ch) continue;
    out.queried += 1;
    const res = await confirmByQuery(ctx, a).catch(() => 'noop' as const);
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
