import { ORDER_STATUS as S, type Locale } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { iso, pickField, type Texts } from '../../platform/columns';

/**
 * Small read-only views of a buyer's orders for other modules (customer care): a card of one order, the
 * latest orders. Every lookup is scoped to the owner, so another buyer's order reads as absent.
 */
export type OrderBrief = {
  id: number;
  orderNo: string;
  status: number;
  totalAmount: number;
  currency: string;
  title: string;
  picture: string | null;
  quantity: number;
  createdAt: string;
};

type Snapshot = { texts?: Texts<{ title?: string }>; picture?: string | null };

async function briefs(db: Db, userId: number, locale: Locale, where: { id?: number; limit: number }) {
  let q = db
    .selectFrom('shop_order')
    .select(['id', 'order_no', 'status', 'total_amount', 'currency', 'created_at'])
    .where('user_id', '=', userId);
  if (where.id !== undefined) q = q.where('id', '=', where.id);
  const orders = await q.orderBy('id', 'desc').limit(where.limit).execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_line')
    .select(['order_id', 'quantity', 'goods_snapshot'])
    .where(
      'order_id',
      'in',
      orders.map((o) => Number(o.id)),
    )
    .orderBy('id')
    .execute();
  return orders.map((o): OrderBrief => {
    const mine = lines.filter((l) => Number(l.order_id) === Number(o.id));
    let first: Snapshot = {};
    try {
      first = mine[0] ? (JSON.parse(mine[0].goods_snapshot) as Snapshot) : {};
    } catch {
      first = {};
    }
    return {
      id: Number(o.id),
      orderNo: o.order_no,
      status: Number(o.status),
      totalAmount: Number(o.total_amount),
      currency: o.currency,
      title: pickField(first.texts ?? {}, locale, 'title') ?? o.order_no,
      picture: first.picture ?? null,
      quantity: mine.reduce((n, l) => n + Number(l.quantity), 0),
      createdAt: iso(Number(o.created_at)),
    };
  });
}

/** One order of this buyer as a short card, or null when it is not theirs (or does not exist). */
export async function ownOrderBrief(db: Db, userId: number, orderId: number, locale: Locale) {
  return (await briefs(db, userId, locale, { id: orderId, limit: 1 }))[0] ?? null;
}

/** The buyer's latest orders, newest first (what an operator sees beside the chat). */
export const recentOrderBriefs = (db: Db, userId: number, locale: Locale, limit = 10) =>
  briefs(db, userId, locale, { limit });

/** Order numbers by id (for lists that link orders). */
export async function orderNumbers(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('shop_order').select(['id', 'order_no']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.order_no]));
}

/**
 * The first of the buyer's orders the order itself says is not settled, which keeps the account from
 * closing (issue 25 defect 13): unpaid with points taken off, a refund asked for, being sent, failed or
 * waiting for an operator, or paid and not yet delivered (awaiting shipment or receipt, an eSIM delivering or stuck). Money held by payments
 * and transfers is theirs to answer for (payment's moneyOwedOrder, transfer's proofAwaitingOrder).
 */
export async function openMoneyOrder(
  db: Db,
  userId: number,
): Promise<{ id: number; orderNo: string } | null> {
  const row = await db
    .selectFrom('shop_order as o')
    .select(['o.id', 'o.order_no'])
    .where('o.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('o.status', 'in', [S.PENDING_SHIPMENT, S.PENDING_RECEIPT, S.REFUNDING]),
        eb('o.delivery_state', 'in', ['delivering', 'stuck']),
        // points taken off at checkout ride on the order row itself
        eb.and([eb('o.status', '=', S.PENDING_PAYMENT), eb('o.points_discount', '>', 0)]),
        eb.exists(
          eb
            .selectFrom('order_refund as r')
            .select('r.id')
            .whereRef('r.order_id', '=', 'o.id')
            .where((w) =>
              w.or([
                w('r.state', '=', 'requested'),
                w.and([
                  w('r.state', '=', 'approved'),
                  w('r.provider_state', 'in', ['requesting', 'processing', 'failed', 'manual']),
                ]),
              ]),
            ),
        ),
      ]),
    )
    .orderBy('o.id')
    .executeTakeFirst();
  return row ? { id: Number(row.id), orderNo: row.order_no } : null;
}
