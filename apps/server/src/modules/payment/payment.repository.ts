import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type {
  AttemptStatus,
  PaymentAttemptTable,
  PaymentEventTable,
  PaymentRefundTable,
} from '../../db/schema';

export type AttemptRow = Selectable<PaymentAttemptTable>;
export type PaymentRefundRow = Selectable<PaymentRefundTable>;

export const insertAttempt = async (db: Db, row: Insertable<PaymentAttemptTable>) =>
  Number((await db.insertInto('payment_attempt').values(row).returning('id').executeTakeFirstOrThrow()).id);

export const findAttemptByNo = (db: Db, attemptNo: string) =>
  db.selectFrom('payment_attempt').selectAll().where('attempt_no', '=', attemptNo).executeTakeFirst();

export const findAttempt = (db: Db, id: number) =>
  db.selectFrom('payment_attempt').selectAll().where('id', '=', id).executeTakeFirst();

export const attemptsOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('payment_attempt').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** The paid attempts of these orders that count toward them (surplus excluded), oldest first. */
export const countingPaidAttemptsOf = (db: Db, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payment_attempt')
        .select(['order_id', 'channel', 'amount'])
        .where('order_id', 'in', orderIds)
        .where('status', '=', 'paid')
        .where('surplus', '=', 0)
        .orderBy('id')
        .execute();

export const countAttemptsOfOrder = async (db: Db, orderId: number) =>
  Number(
    (
      await db
        .selectFrom('payment_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The one guarded transition of an attempt: from any of `from` to `to`. Returns true when this call moved it
 * (exactly one of concurrent or repeated callers wins).
 */
export async function moveAttempt(
  trx: Db,
  id: number,
  from: AttemptStatus[],
  to: AttemptStatus,
  set: Partial<Pick<AttemptRow, 'provider_trade_no' | 'detail' | 'paid_at' | 'surplus'>>,
  at: number,
) {
  const res = await trx
    .updateTable('payment_attempt')
    .set({ ...set, status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const insertEvent = (db: Db, row: Insertable<PaymentEventTable>) =>
  db.insertInto('payment_event').values(row).execute();

/** Attempts waiting for the provider's word since before `before`. */
export const staleAttempts = (db: Db, before: number, limit: number) =>
  db
    .selectFrom('payment_attempt')
    .selectAll()
    .where('status', 'in', ['pending', 'awaiting_offline'])
    .where('channel', 'in', ['wechat', 'alipay', 'tappay', 'newebpay'])
    .where('created_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Points applied to orders that closed unpaid: the points go back. */
export const pointsOnClosedOrders = (db: Db, limit: number) =>
  db
    .selectFrom('payment_attempt as a')
    .innerJoin('shop_order as o', 'o.id', 'a.order_id')
    .selectAll('a')
    .where('a.channel', '=', 'points')
    .where('a.status', '=', 'paid')
    .where('o.status', '=', 7)
    .orderBy('a.id')
    .limit(limit)
    .execute();

export const insertPaymentRefund = async (db: Db, row: Insertable<PaymentRefundTable>) => {
  const r = await db
    .insertInto('payment_refund')
    .values(row)
    .onConflict((oc) => oc.column('refund_no').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (r) return Number(r.id);
  const seen = await db
    .selectFrom('payment_refund')
    .select('id')
    .where('refund_no', '=', row.refund_no)
    .executeTakeFirstOrThrow();
  return Number(seen.id);
};

export const findPaymentRefund = (db: Db, id: number) =>
  db.selectFrom('payment_refund').selectAll().where('id', '=', id).executeTakeFirst();

export const findPaymentRefundByNo = (db: Db, refundNo: string) =>
  db.selectFrom('payment_refund').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();

export const settlePaymentRefund = (
  db: Db,
  id: number,
  set: { state: string; provider_refund_id: string | null },
  at: number,
) =>
  db
    .updateTable('payment_refund')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('state', 'in', ['requesting', 'processing'])
    .execute();

/**
 * What an attempt's refunds add up to: `pending` counts every refund not failed (what is promised back),
 * `succeeded` only those the provider settled; `except` leaves one refund out.
 */
export async function refundSum(db: Db, attemptId: number, which: 'pending' | 'succeeded', except?: number) {
  const row = await db
    .selectFrom('payment_refund')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)), 'bigint').as('s'))
    .where('attempt_id', '=', attemptId)
    .$if(which === 'pending', (q) => q.where('state', '!=', 'failed'))
    .$if(which === 'succeeded', (q) => q.where('state', '=', 'succeeded'))
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

/** Refunded so far (every refund not failed) of an attempt. */
export const refundedOf = (db: Db, attemptId: number) => refundSum(db, attemptId, 'pending');

/** An attempt whose money went back in full (succeeded refunds) is `refunded`. */
export async function markRefundedWhenWhole(db: Db, attempt: Pick<AttemptRow, 'id' | 'amount'>, at: number) {
  if ((await refundSum(db, Number(attempt.id), 'succeeded')) >= Number(attempt.amount))
    await moveAttempt(db, Number(attempt.id), ['paid'], 'refunded', {}, at);
}

export const insertTopup = async (
  db: Db,
  row: { public_id: string; user_id: number; amount: number; currency: string; created_at: number },
) =>
  Number(
    (
      await db
        .insertInto('wallet_topup')
        .values({ ...row, status: 'pending', paid_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const findTopup = (db: Db, id: number, userId?: number) =>
  db
    .selectFrom('wallet_topup')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .executeTakeFirst();

export async function markTopupPaid(trx: Db, id: number, at: number) {
  const res = await trx
    .updateTable('wallet_topup')
    .set({ status: 'paid', paid_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Completed orders whose points were not earned yet, with the money paid for them (points excluded). */
export const ordersToEarnPoints = (db: Db, limit: number) =>
  db
    .selectFrom('shop_order as o')
    .innerJoin('payment_attempt as a', 'a.order_id', 'o.id')
    .select(['o.id', 'o.user_id', 'o.order_no'])
    .select((eb) => eb.cast<number>(eb.fn.sum<number>('a.amount'), 'bigint').as('paid'))
    .where('o.status', '=', 4)
    .where('a.status', 'in', ['paid', 'refunded'])
    .where('a.surplus', '=', 0)
    .where('a.channel', '!=', 'points')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entry as e')
            .select('e.id')
            .where('e.kind', '=', 'points')
            .where('e.order_id', '=', sql.ref<number>('o.id'))
            .where('e.type', '=', 'EARN'),
        ),
      ),
    )
    .groupBy(['o.id', 'o.user_id', 'o.order_no'])
    .orderBy('o.id')
    .limit(limit)
    .execute();

/** Flags an attempt whose money the order cannot take (surplus: refunded in full by the refund flow). */
export const markAttemptSurplus = (db: Db, id: number, at: number) =>
  db.updateTable('payment_attempt').set({ surplus: 1, updated_at: at }).where('id', '=', id).execute();

/** The money parts of one approved order refund. */
export const refundPartsOf = (db: Db, orderRefundId: number) =>
  db.selectFrom('payment_refund').selectAll().where('order_refund_id', '=', orderRefundId).execute();

/** Refunds still settling with a provider, oldest first (the refund job queries them; this finds strays). */
export const unsettledRefunds = (db: Db, before: number, limit: number) =>
  db
    .selectFrom('payment_refund')
    .selectAll()
    .where('state', 'in', ['requesting', 'processing'])
    .where('updated_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Paid attempts (points or money) on orders that closed unpaid, with something not yet refunded. */
export const paidOnClosedOrders = (db: Db, limit: number) =>
  db
    .selectFrom('payment_attempt as a')
    .innerJoin('shop_order as o', 'o.id', 'a.order_id')
    .selectAll('a')
    .where('a.status', '=', 'paid')
    .where('a.surplus', '=', 0)
    .where('o.status', '=', 7)
    .orderBy('a.id')
    .limit(limit)
    .execute();

/** An attempt's detail (JSON of strings: codes, card digits, what a provider reported); {} when unreadable. */
export function attemptDetail(a: Pick<AttemptRow, 'detail'>): Record<string, string> {
  let v: unknown;
  try {
    v = JSON.parse(a.detail);
  } catch {
    return {};
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

/**
 * The first order of the buyer with money the shop holds or owes on it: a payment (points, wallet, a
 * channel) in on an order still unpaid, a payment the order could not take and not yet fully refunded
 * (surplus), or a refund part not yet succeeded (sending, processing, failed, manual). Null: none.
 */
export async function moneyOwedOrder(db: Db, userId: number) {
  const row = await db
    .selectFrom('payment_attempt as a')
    .innerJoin('shop_order as o', 'o.id', 'a.order_id')
    .select(['o.id', 'o.order_no'])
    .where('a.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.status', '=', 'paid'), eb.or([eb('a.surplus', '=', 1), eb('o.status', '=', 0)])]),
        eb.exists(
          eb
            .selectFrom('payment_refund as r')
            .select('r.id')
            .whereRef('r.attempt_id', '=', 'a.id')
            .where('r.state', '!=', 'succeeded'),
        ),
      ]),
    )
    .orderBy('o.id')
    .executeTakeFirst();
  return row ? { id: Number(row.id), orderNo: row.order_no } : null;
}
