import { newPublicId } from '../../platform/crypto';
import type { PayStatus, StartResultView } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { enqueueJob } from '../../jobs/runner';
import type {
  ChannelCode,
  ClientKind,
  PaymentChannel,
  PaymentOutcome,
  StartRequest,
  StartResult,
} from '../../providers/payments/channel';
import { payWayCode, type PayWayCode } from '@simshop/contracts';
import { parseList } from '../../platform/columns';
import { findOrder, findOrderLines, markOrderPaid, type OrderRow } from '../order';
import { postEntry } from '../wallet';
import { accountKindOf } from '../user-info';
import {
  attemptsOfOrder,
  countAttemptsOfOrder,
  findAttemptByNo,
  findTopup,
  insertAttempt,
  insertPaymentRefund,
  markTopupPaid,
  moveAttempt,
  type AttemptRow,
} from './payment.repository';
import { assertBuyerPayWay, buyerPayWays } from '../../platform/pay-ways';
import { callbackUrls, channelOf, S } from './payment.channels';

/** Kind of the retried job that sends one payment refund the core decided (surplus payments). */
export const PAYMENT_REFUND_JOB = 'payment.refund';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const parseDetail = (s: string): Record<string, string> => {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
};

// ---------------------------------------------------------------- orders and amounts

/** The caller's order (NOT_FOUND for anyone else's), still payable now (ORDER_NOT_PAYABLE otherwise). */
export async function payableOrder(db: Db, userId: number, orderId: number, at = Date.now()) {
  const order = await findOrder(db, orderId, userId);
  if (!order) return fail('NOT_FOUND');
  if (Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) <= at)
    fail('ORDER_NOT_PAYABLE');
  return order;
}

/**
 * The pay ways an order can be paid with now: those every one of its goods accepts (as the goods are now),
 * that the shop offers and, for a channel, whose adapter is configured; bank transfer for company accounts.
 */
export const orderPayWays = async (ctx: AppContext, order: Pick<OrderRow, 'id' | 'user_id'>) =>
  (await buyerWaysOf(ctx, order)).ways;

async function buyerWaysOf(
  ctx: AppContext,
  order: Pick<OrderRow, 'id' | 'user_id'>,
): Promise<{ ways: PayWayCode[]; buyerKind: string | null }> {
  const buyerKind = await accountKindOf(ctx, Number(order.user_id));
  const lines = await findOrderLines(ctx.db, [Number(order.id)]);
  const goodsIds = [...new Set(lines.map((l) => Number(l.goods_id)))];
  if (goodsIds.length === 0) return { ways: [], buyerKind };
  const rows = await ctx.db
    .selectFrom('goods')
    .select(['id', 'pay_ways'])
    .where('id', 'in', goodsIds)
    .execute();
  const lists = goodsIds.map(
    (g) => new Set(parseList(rows.find((r) => Number(r.id) === g)?.pay_ways ?? null)),
  );
  const goodsWays = payWayCode.options.filter((w) => lists.every((l) => l.has(w)));
  return { ways: buyerPayWays(ctx, goodsWays, buyerKind), buyerKind };
}

/** ORDER_PAY_WAY_UNSUPPORTED unless the order can be paid with `code`. */
export async function assertOrderPayWay(
  ctx: AppContext,
  order: Pick<OrderRow, 'id' | 'user_id'>,
  code: PayWayCode,
) {
  const { ways, buyerKind } = await buyerWaysOf(ctx, order);
  assertBuyerPayWay(ways, code, buyerKind);
}

/** Paid attempts that count toward an order (the points part and any money already in, surplus excluded). */
const countingPaid = (a: AttemptRow) => a.status === 'paid' && Number(a.surplus) === 0;

/** What is still to pay on an order: its total less the points applied to it. */
export async function amountDue(db: Db, order: Pick<OrderRow, 'id' | 'total_amount'>) {
  const attempts = await attemptsOfOrder(db, Number(order.id));
  const covered = attempts
    .filter((a) => countingPaid(a) && a.channel === 'points')
    .reduce((s, a) => s + Number(a.amount), 0);
  return Math.max(0, Number(order.total_amount) - covered);
}

// ---------------------------------------------------------------- attempts

type Subject =
  { order: OrderRow; topupId?: undefined } | { order?: undefined; topupId: number; topupNo: string };

/**
 * Opens an attempt with a fresh number: the order number (or T + top-up id) then P and the attempt's
 * sequence. Unique forever; two concurrent starts that pick the same number: the second retries.
 */
export async function openAttempt(
  db: Db,
  subject: Subject,
  a: {
    userId: number;
    channel: string;
    method?: string | null;
    amount: number;
    currency: string;
    status?: AttemptRow['status'];
    detail?: Record<string, string>;
    at: number;
  },
): Promise<AttemptRow> {
  for (let tries = 0; ; tries += 1) {
    const base = subject.order ? subject.order.order_no : subject.topupNo;
    const n = subject.order
      ? (await countAttemptsOfOrder(db, Number(subject.order.id))) + 1 + tries
      : 1 + tries;
    const attemptNo = `${base}P${n}`;
    try {
      const id = await insertAttempt(db, {
        attempt_no: attemptNo,
        order_id: subject.order ? Number(subject.order.id) : null,
        topup_id: subject.topupId ?? null,
        user_id: a.userId,
        channel: a.channel,
        method: a.method ?? null,
        amount: a.amount,
        currency: a.currency,
        status: a.status ?? 'pending',
        provider_trade_no: null,
        detail: JSON.stringify(a.detail ?? {}),
        surplus: 0,
        paid_at: a.status === 'paid' ? a.at : null,
        created_at: a.at,
        updated_at: a.at,
      });
      return { ...(await findAttemptByNo(db, attemptNo))!, id };
    } catch (err) {
      if (tries >= 5 || (await findAttemptByNo(db, attemptNo)) === undefined) throw err;
    }
  }
}

export type StartExtras = {
  client: ClientKind;
  method?: string;
  openid?: string;
  prime?: string;
  cardholder?: { name: string; phone: string; email: string };
};

/** The client's view of a StartResult (the same shape; `done` keeps only what a buyer may see). */
const startView = (r: StartResult): StartResultView =>
  r.kind === 'done'
    ? {
        kind: 'done',
        outcome: {
          attemptNo: r.outcome.attemptNo,
          state: r.outcome.state,
          amount: r.outcome.amount,
          currency: r.outcome.currency,
          providerTradeNo: r.outcome.providerTradeNo,
          paidAt: r.outcome.paidAt,
          detail: r.outcome.detail,
        },
      }
    : r;

/**
 * Asks the channel to open the payment of an attempt, outside any transaction. A channel that fails marks the
 * attempt failed and answers PAY_CHANNEL_FAILED; a synchronous outcome (`done`) is applied at once.
 */
async function startWithChannel(
  ctx: AppContext,
  ch: PaymentChannel,
  attempt: AttemptRow,
  req: Omit<StartRequest, 'attemptNo' | 'amount' | 'currency' | 'notifyUrl' | 'returnUrl'>,
  orderId: number | null,
  topupId: number | null = null,
) {
  let result: StartResult;
  try {
    result = await ch.start({
      ...req,
      attemptNo: attempt.attempt_no,
      amount: Number(attempt.amount),
      currency: attempt.currency,
      ...callbackUrls(ctx, ch.code, orderId, topupId),
    });
  } catch (err) {
    await moveAttempt(
      ctx.db,
      Number(attempt.id),
      ['pending'],
      'failed',
      { detail: JSON.stringify({ error: String((err as Error)?.message ?? err).slice(0, 200) }) },
      Date.now(),
    );
    throw new AppError('PAY_CHANNEL_FAILED', {}, 200, { cause: err });
  }
  if (result.kind === 'done') await applyOutcome(ctx, ch.code, result.outcome);
  return startView(result);
}

/** Starts paying an order through an outside channel: a fresh attempt for what is due, then the channel. */
export async function startOrderPayment(
  ctx: AppContext,
  userId: number,
  orderId: number,
  code: ChannelCode,
  extras: StartExtras,
) {
  const ch = channelOf(ctx, code);
  const at = Date.now();
  const order = await payableOrder(ctx.db, userId, orderId, at);
  await assertOrderPayWay(ctx, order, code);
  const amount = await amountDue(ctx.db, order);
  if (amount <= 0) fail('ORDER_NOT_PAYABLE');
  const attempt = await openAttempt(
    ctx.db,
    { order },
    { userId, channel: code, method: extras.method ?? null, amount, currency: order.currency, at },
  );
  // WeChat JSAPI pays as the buyer's WeChat identity (their openid from WeChat sign-in)
  const openid =
    code === 'wechat' && extras.client === 'wechat_browser' && !extras.openid
      ? ((await ctx.db.selectFrom('user').select('wechat_openid').where('id', '=', userId).executeTakeFirst())
          ?.wechat_openid ?? undefined)
      : extras.openid;
  const start = await startWithChannel(
    ctx,
    ch,
    attempt,
    {
      orderNo: order.order_no,
      description: `SimShop ${order.order_no}`,
      expiresAt: Number(order.pay_deadline),
      ...extras,
      openid,
    },
    orderId,
  );
  return { orderId, attemptNo: attempt.attempt_no, start };
}

/** A wallet top-up: its own small order, paid through a channel, credited only on its verified outcome. */
export async function startTopup(
  ctx: AppContext,
  userId: number,
  req: { amount: number; payWay: ChannelCode; client: ClientKind } & Pick<
    StartExtras,
    'prime' | 'cardholder'
  >,
) {
  const ch = channelOf(ctx, req.payWay);
  const at = Date.now();
  const topupId = await ctx.db
    .insertInto('wallet_topup')
    .values({
      public_id: newPublicId(),
      user_id: userId,
      amount: req.amount,
      currency: ctx.config.currency,
      status: 'pending',
      paid_at: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
  const topupNo = `T${String(topupId).padStart(10, '0')}`;
  const attempt = await openAttempt(
    ctx.db,
    { topupId, topupNo },
    { userId, channel: req.payWay, amount: req.amount, currency: ctx.config.currency, at },
  );
  const start = await startWithChannel(
    ctx,
    ch,
    attempt,
    {
      orderNo: topupNo,
      description: `SimShop wallet ${topupNo}`,
      expiresAt: at + ctx.config.order.payMinutes * 60_000,
      client: req.client,
      // TapPay: pay by prime from the card form
      prime: req.prime,
      cardholder: req.cardholder,
    },
    null,
    topupId,
  );
  return { topupId, attemptNo: attempt.attempt_no, start };
}

export async function topupStatus(ctx: AppContext, userId: number, topupId: number) {
  const t = await findTopup(ctx.db, topupId, userId);
  if (!t) return fail('NOT_FOUND');
  return { topupId, amount: Number(t.amount), status: t.status };
}

// ---------------------------------------------------------------- outcomes

export type ApplyResult =
  'applied' | 'duplicate' | 'mismatch' | 'unknown_attempt' | 'late' | 'surplus' | 'noop';

/**
 * Applies one verified outcome. Matched against the stored attempt first (channel, number, amount,
 * currency): a mismatch changes nothing. Then one guarded update of the attempt, and in the same
 * transaction the order (markOrderPaid) or the top-up: a repeat, replay or late twin finds the attempt moved
 * and changes nothing. Money that arrives for an order that cannot take it any more is never lost: after the
 * deadline the order module closes the order and queues its refund; on an order already paid or closed the
 * attempt is flagged `surplus` and refunded in full by the payment refund job.
 */
export async function applyOutcome(
  ctx: AppContext,
  channel: string,
  outcome: PaymentOutcome,
): Promise<ApplyResult> {
  const attempt = await findAttemptByNo(ctx.db, outcome.attemptNo);
  if (!attempt || attempt.channel !== channel) return 'unknown_attempt';
  const id = Number(attempt.id);
  const now = Date.now();
  const detail = JSON.stringify({ ...parseDetail(attempt.detail), ...(outcome.detail ?? {}) });
  switch (outcome.state) {
    case 'pending':
      return 'noop';
    case 'awaiting_offline':
      return (await moveAttempt(ctx.db, id, ['pending'], 'awaiting_offline', { detail }, now))
        ? 'applied'
        : 'duplicate';
    case 'failed':
    case 'closed':
      return (await moveAttempt(ctx.db, id, ['pending', 'awaiting_offline'], outcome.state, { detail }, now))
        ? 'applied'
        : 'duplicate';
    case 'paid':
      break;
  }
  if (outcome.amount !== Number(attempt.amount) || outcome.currency !== attempt.currency) return 'mismatch';
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
    const orderId = Number(attempt.order_id);
    const before = await findOrder(trx, orderId);
    const paid = await markOrderPaid(trx, orderId, {
      at: now,
      amount: Number(attempt.amount),
      note: `${channel} ${attempt.attempt_no}`,
    });
    if (paid) {
      // points applied after this attempt opened lowered what was due: the difference goes back
      const order = before ?? (await findOrder(trx, orderId));
      const due = order ? await amountDue(trx, order) : Number(attempt.amount);
      const excess = Number(attempt.amount) - due;
      if (excess > 0) await queueRefund(trx, attempt, `E${attempt.id}`, excess, 'excess', now);
      return 'applied';
    }
    // past the deadline on an open order: markOrderPaid closed it and put this money on the refund job
    if (before && Number(before.status) === S.PENDING_PAYMENT && Number(before.pay_deadline) <= now)
      return 'late';
    await refundSurplus(trx, attempt, now);
    return 'surplus';
  });
}

/** Flags a payment the order cannot take (already paid, or closed) and queues its full refund. */
async function refundSurplus(trx: Db, attempt: AttemptRow, at: number) {
  await trx
    .updateTable('payment_attempt')
    .set({ surplus: 1, updated_at: at })
    .where('id', '=', Number(attempt.id))
    .execute();
  await queueRefund(trx, attempt, `S${attempt.id}`, Number(attempt.amount), 'surplus', at);
}

/** Records a refund the core decided (idempotent by its number) and puts it on the payment refund job. */
async function queueRefund(
  trx: Db,
  attempt: AttemptRow,
  refundNo: string,
  amount: number,
  reason: string,
  at: number,
) {
  const refundId = await insertPaymentRefund(trx, {
    refund_no: refundNo,
    attempt_id: Number(attempt.id),
    order_refund_id: null,
    amount,
    reason,
    state: 'requesting',
    provider_refund_id: null,
    created_at: at,
    updated_at: at,
  });
  await enqueueJob(
    trx,
    PAYMENT_REFUND_JOB,
    { paymentRefundId: refundId },
    { key: `${PAYMENT_REFUND_JOB}:${refundId}`, at },
  );
}

/** Confirms an attempt with the provider's query (returns, reconciliation) and applies the answer. */
export async function confirmByQuery(ctx: AppContext, attempt: AttemptRow) {
  const code = attempt.channel as ChannelCode;
  const ch = ctx.providers.payments[code];
  if (!ch) return 'noop' as const;
  const outcome = await ch.query(attempt.attempt_no, Number(attempt.amount));
  return applyOutcome(ctx, code, outcome);
}

// ---------------------------------------------------------------- status

/**
 * The payment state of the caller's order for polling clients (Native QR, result pages). With `confirm`
 * pending attempts are first confirmed with the provider's query (a return without notification).
 */
export async function paymentStatus(
  ctx: AppContext,
  userId: number,
  orderId: number,
  confirm = false,
): Promise<PayStatus> {
  let order = await findOrder(ctx.db, orderId, userId);
  if (!order) return fail('NOT_FOUND');
  if (confirm && Number(order.status) === S.PENDING_PAYMENT) {
    for (const a of await attemptsOfOrder(ctx.db, orderId))
      if (a.status === 'pending' || a.status === 'awaiting_offline')
        await confirmByQuery(ctx, a).catch(() => 'noop');
    order = (await findOrder(ctx.db, orderId, userId))!;
  }
  const attempts = await attemptsOfOrder(ctx.db, orderId);
  return {
    orderId,
    orderStatus: Number(order.status),
    paid: order.paid_at !== null,
    amountDue: Number(order.status) === S.PENDING_PAYMENT ? await amountDue(ctx.db, order) : 0,
    currency: order.currency,
    payWays: Number(order.status) === S.PENDING_PAYMENT ? await orderPayWays(ctx, order) : [],
    attempts: attempts.map((a) => ({
      attemptNo: a.attempt_no,
      channel: a.channel,
      method: a.method,
      amount: Number(a.amount),
      currency: a.currency,
      status: a.status,
      detail: parseDetail(a.detail),
      createdAt: iso(Number(a.created_at))!,
      paidAt: iso(a.paid_at === null ? null : Number(a.paid_at)),
    })),
  };
}
