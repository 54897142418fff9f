import { newPublicId } from '../../platform/crypto';
import type { PayStatus, StartResultView } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import type {
  ChannelCode,
  ClientKind,
  PaymentChannel,
  StartRequest,
  StartResult,
} from '../../providers/payments/channel';
import { payWayCode, type PayWayCode } from '@simshop/contracts';
import { iso, parseList } from '../../platform/columns';
import { goodsPayTerms } from '../catalogue';
import { findOrder, findOrderLines, isHeldForApproval, type OrderRow } from '../order';
import { accountKindOf } from '../user-info';
import { payerAuthorizeUrl, payerOpenid } from '../wechat';
import {
  attemptDetail,
  attemptsOfOrder,
  refundedOf,
  countAttemptsOfOrder,
  findAttemptByNo,
  findTopup,
  insertAttempt,
  moveAttempt,
  type AttemptRow,
} from './payment.repository';
import { assertBuyerPayWay, buyerPayWays } from '../../platform/pay-ways';
import { callbackUrls, channelOf, S } from './payment.channels';

// ---------------------------------------------------------------- orders and amounts

/** The caller's order (NOT_FOUND for anyone else's), still payable now (ORDER_NOT_PAYABLE otherwise). */
export async function payableOrder(db: Db, userId: number, orderId: number, at = Date.now()) {
  const order = await findOrder(db, orderId, userId);
  if (!order) return fail('NOT_FOUND');
  if (Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) <= at)
    fail('ORDER_NOT_PAYABLE');
  if (await isHeldForApproval(db, orderId)) fail('COMPANY_ORDER_AWAITING_APPROVAL');
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
  const rows = await goodsPayTerms(ctx.db, goodsIds);
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

/** Paid attempts that count toward an order (points and any money already in; surplus excluded). */
export const countingPaid = (a: AttemptRow) => a.status === 'paid' && Number(a.surplus) === 0;

/**
 * What is still to pay on an order: its total less what its counting attempts (points, money) cover;
 * `except` leaves one attempt out (what was due before that money arrived).
 */
export async function amountDue(db: Db, order: Pick<OrderRow, 'id' | 'total_amount'>, except?: number) {
  const attempts = await attemptsOfOrder(db, Number(order.id));
  const covered = attempts
    .filter((a) => countingPaid(a) && Number(a.id) !== except)
    .reduce((s, a) => s + Number(a.amount), 0);
  return Math.max(0, Number(order.total_amount) - covered);
}

/** Money the shop still holds for an order: what its attempts took (surplus excluded) less what went back. */
export async function moneyHeld(db: Db, orderId: number) {
  let held = 0;
  for (const a of await attemptsOfOrder(db, orderId)) {
    if ((a.status !== 'paid' && a.status !== 'refunded') || Number(a.surplus) === 1) continue;
    held += Number(a.amount) - (await refundedOf(db, Number(a.id)));
  }
  return held;
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
  /** The buyer's IP as the server saw it (WeChat H5's payer_client_ip). */
  payerIp?: string;
  prime?: string;
  cardholder?: { name: string; phone: string; email: string };
  /** Reuse the order's open attempt of this channel (NewebPay's two calls for one payment). */
  reuse?: boolean;
};

/** The client's view of a StartResult (the same shape; `done` keeps only what a buyer may see). */
export const startView = (r: StartResult): StartResultView =>
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
 * attempt failed and answers PAY_CHANNEL_FAILED; a synchronous outcome (`done`) is returned for
 * flows/order-payment to apply.
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
  return result;
}

/**
 * Starts paying an order through an outside channel: an attempt for what is due, then the channel. NewebPay's
 * getMpgNo then getOrderMpgInfo ask twice for one payment: `reuse` takes the order's newest still-pending
 * attempt of the same channel, method and amount instead of opening another (its form is built locally and
 * its number was never sent, or is sent again unchanged).
 */
export async function startOrderPayment(
  ctx: AppContext,
  userId: number,
  orderId: number,
  code: ChannelCode,
  extras: StartExtras,
) {
  const ch = channelOf(ctx, code, extras.method);
  const at = Date.now();
  const order = await payableOrder(ctx.db, userId, orderId, at);
  await assertOrderPayWay(ctx, order, code);
  const amount = await amountDue(ctx.db, order);
  if (amount <= 0) fail('ORDER_NOT_PAYABLE');
  // WeChat JSAPI pays as the buyer's openid; callers learn it first (wechatPayerOf), before any attempt
  if (code === 'wechat' && extras.client === 'wechat_browser' && !extras.openid)
    fail('PAY_WECHAT_SIGNIN_REQUIRED');
  const open = extras.reuse
    ? (await attemptsOfOrder(ctx.db, orderId))
        .filter(
          (a) =>
            a.channel === code &&
            a.status === 'pending' &&
            Number(a.amount) === amount &&
            (a.method ?? null) === (extras.method ?? null),
        )
        .at(-1)
    : undefined;
  const attempt =
    open ??
    (await openAttempt(
      ctx.db,
      { order },
      { userId, channel: code, method: extras.method ?? null, amount, currency: order.currency, at },
    ));
  const start = await startWithChannel(
    ctx,
    ch,
    attempt,
    {
      orderNo: order.order_no,
      description: `SimShop ${order.order_no}`,
      expiresAt: Number(order.pay_deadline),
      client: extras.client,
      method: extras.method,
      prime: extras.prime,
      cardholder: extras.cardholder,
      openid: extras.openid,
      payerIp: extras.payerIp,
    },
    orderId,
  );
  return { orderId, attemptNo: attempt.attempt_no, start };
}

/**
 * Who pays an order by WeChat JSAPI inside WeChat: the buyer's openid under the paying Official Account when
 * the shop has one, else the WeChat authorize URL the browser goes to first (its state bound to this account
 * and order). An order that cannot be paid is refused first, in the buyer's language.
 */
export async function wechatPayerOf(
  ctx: AppContext,
  userId: number,
  orderId: number,
): Promise<{ openid: string } | { authorizeUrl: string }> {
  const order = await payableOrder(ctx.db, userId, orderId, Date.now());
  await assertOrderPayWay(ctx, order, 'wechat');
  const openid = await payerOpenid(ctx, userId);
  return openid ? { openid } : { authorizeUrl: await payerAuthorizeUrl(ctx, userId, orderId) };
}

/** A wallet top-up: its own small order, paid through a channel, credited only on its verified outcome. */
export async function startTopup(
  ctx: AppContext,
  userId: number,
  req: { amount: number; payWay: ChannelCode; client: ClientKind } & Pick<
    StartExtras,
    'prime' | 'cardholder' | 'payerIp' | 'method'
  >,
) {
  const ch = channelOf(ctx, req.payWay, req.method);
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
    {
      userId,
      channel: req.payWay,
      method: req.method ?? null,
      amount: req.amount,
      currency: ctx.config.currency,
      at,
    },
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
      // TapPay: pay by prime from the card form or a wallet
      prime: req.prime,
      method: req.method,
      payerIp: req.payerIp,
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

// ---------------------------------------------------------------- status

/**
 * The payment state of the caller's order for polling clients (Native QR, result pages). Confirming pending
 * attempts with the provider first is flows/order-payment's paymentStatusConfirmed.
 */
export async function paymentStatus(ctx: AppContext, userId: number, orderId: number): Promise<PayStatus> {
  const order = await findOrder(ctx.db, orderId, userId);
  if (!order) return fail('NOT_FOUND');
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
      detail: attemptDetail(a),
      createdAt: iso(Number(a.created_at)),
      paidAt: iso(a.paid_at === null ? null : Number(a.paid_at)),
    })),
  };
}
