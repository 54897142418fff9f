import { sql, type Insertable, type Selectable } from 'kysely';
import { orderLogEntry, type OrderLogEntryNote, type OrderLogNote } from '@simshop/contracts';
import { reusableQuery, textBytes, type Db } from '../../platform/db';
import { buyerCounter } from '../../platform/revisions';
import type {
  OrderLineTable,
  OrderLogTable,
  OrderRefundTable,
  OrderTrackingTable,
  ShopOrderTable,
} from '../../db/schema';

export type OrderRow = Selectable<ShopOrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
type NoteColumns = 'note' | 'note_kind' | 'note_params';
/** An order log row with its note as data: structured, or the free text of an entry written before (`text`). */
export type OrderLogRow = Omit<Selectable<OrderLogTable>, NoteColumns> & { note: OrderLogEntryNote | null };
/** An order log row to write: its note is structured (contracts orderLogNote), never prose. */
export type OrderLogInsert = Omit<OrderLogRow, 'id' | 'note'> & { note: OrderLogNote | null };
export type OrderRefundRow = Selectable<OrderRefundTable>;
export type OrderTrackingRow = Selectable<OrderTrackingTable>;

export const insertOrder = async (trx: Db, row: Insertable<ShopOrderTable>) =>
  Number((await trx.insertInto('shop_order').values(row).returning('id').executeTakeFirstOrThrow()).id);

/** Inserts the lines (one per spec, as an order has); answers them with their ids. */
export async function insertOrderLines<R extends Insertable<OrderLineTable> & { spec_id: number }>(
  trx: Db,
  rows: R[],
): Promise<(R & { id: number })[]> {
  if (!rows.length) return [];
  const made = await trx.insertInto('order_line').values(rows).returning(['id', 'spec_id']).execute();
  const ids = new Map(made.map((r) => [Number(r.spec_id), Number(r.id)]));
  return rows.map((r) => {
    const id = ids.get(r.spec_id);
    if (id === undefined) throw new Error(`order line of spec ${r.spec_id} inserted without an id`);
    return { ...r, id };
  });
}

export const insertOrderLog = (trx: Db, { note, ...row }: OrderLogInsert) =>
  trx
    .insertInto('order_log')
    .values({
      ...row,
      note: null,
      note_kind: note?.kind ?? null,
      note_params: note ? JSON.stringify(note.params) : null,
    })
    .execute();

const noteShape = orderLogEntry.shape.note;

/** The note of a stored row: its structured note, else the free text of an entry written before (0270). */
function noteOfRow(row: Pick<Selectable<OrderLogTable>, NoteColumns>): OrderLogEntryNote | null {
  if (row.note_kind !== null) {
    const parsed = noteShape.safeParse({ kind: row.note_kind, params: parseParams(row.note_params) });
    if (parsed.success && parsed.data) return parsed.data;
  }
  return row.note === null ? null : { kind: 'text', params: { text: row.note } };
}

function parseParams(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

// the reads of every order create, pay and detail: compiled once (platform/db reusableQuery)
const orderById = reusableQuery((db, $) => db.selectFrom('shop_order').selectAll().where('id', '=', $(0)));
const ownOrderById = reusableQuery((db, $) =>
  db.selectFrom('shop_order').selectAll().where('id', '=', $(0)).where('user_id', '=', $(1)),
);
const orderByKey = reusableQuery((db, $) =>
  db.selectFrom('shop_order').select('id').where('user_id', '=', $(0)).where('idempotency_key', '=', $(1)),
);

/** An order; with `userId` only that user's (NOT_FOUND for anyone else is the caller's answer). */
export const findOrder = async (db: Db, id: number, userId?: number) =>
  (userId === undefined ? await orderById(db, id) : await ownOrderById(db, id, userId))[0];

export const findOrderByKey = async (db: Db, userId: number, key: string) =>
  (await orderByKey(db, userId, key))[0];

export const findOrderLines = (db: Db, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([] as OrderLineRow[])
    : db.selectFrom('order_line').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();

/**
 * Order lines as the buyer's order views show them: the goods snapshot (texts of five languages) as bytes,
 * parsed once per line (platform/columns cachedJson, `order_line:<id>`).
 */
export const findShownOrderLines = (db: Db, orderIds: number[]) =>
  db
    .selectFrom('order_line')
    .select([
      'id',
      'order_id',
      'goods_id',
      'spec_id',
      'quantity',
      'price',
      'amount',
      'goods_type',
      'no_freight',
      textBytes(db, 'goods_snapshot').as('goods_snapshot'),
      'spec_snapshot',
      'comment_id',
    ])
    .where('order_id', 'in', orderIds.length ? orderIds : [0])
    .orderBy('id')
    .execute();
export type ShownOrderLineRow = Awaited<ReturnType<typeof findShownOrderLines>>[number];

const orderLog = reusableQuery((db, $) =>
  db.selectFrom('order_log').selectAll().where('order_id', '=', $(0)).orderBy('id'),
);
export const findOrderLog = async (db: Db, orderId: number): Promise<OrderLogRow[]> =>
  (await orderLog(db, orderId)).map(({ note, note_kind, note_params, ...row }) => ({
    ...row,
    note: noteOfRow({ note, note_kind, note_params }),
  }));

export const findTracking = (db: Db, orderId: number) =>
  db
    .selectFrom('order_tracking')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('happened_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertTracking = (db: Db, row: Insertable<OrderTrackingTable>) =>
  db.insertInto('order_tracking').values(row).execute();

/** The latest refund request of each order. */
export async function latestRefunds(db: Db, orderIds: number[]) {
  const out = new Map<number, OrderRefundRow>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom('order_refund')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(Number(r.order_id), r);
  return out;
}

/** Every approved refund of the orders (partial ones too), oldest first. */
export const approvedRefundsOf = async (db: Db, orderIds: number[]): Promise<OrderRefundRow[]> =>
  orderIds.length === 0
    ? []
    : db
        .selectFrom('order_refund')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .where('state', '=', 'approved')
        .orderBy('id')
        .execute();

export const insertRefund = async (trx: Db, row: Insertable<OrderRefundTable>) =>
  Number((await trx.insertInto('order_refund').values(row).returning('id').executeTakeFirstOrThrow()).id);

/** Decides the open refund request of an order (guarded: only a `requested` one); false when there was none. */
/** The order's open refund request (state requested), if any. */
export const findRequestedRefund = (db: Db, orderId: number) =>
  db
    .selectFrom('order_refund')
    .select(['id', 'amount'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'requested')
    .executeTakeFirst();

/**
 * Decides the open request with one guarded update (`WHERE state = 'requested'`); a smaller `amount` (a
 * partial approval) is also guarded against the ask (`amount >= it`), and the ask is kept in
 * requested_amount. Null when the request was decided meanwhile.
 */
export async function decideRefund(
  trx: Db,
  orderId: number,
  set: Pick<OrderRefundTable, 'state' | 'admin_id' | 'decided_at'> &
    Partial<Pick<OrderRefundTable, 'reject_reason' | 'provider_state' | 'provider_ref'>>,
  partial?: { amount: number; asked: number },
) {
  const row = await trx
    .updateTable('order_refund')
    .set(partial ? { ...set, amount: partial.amount, requested_amount: partial.asked } : set)
    .where('order_id', '=', orderId)
    .where('state', '=', 'requested')
    .$if(partial !== undefined, (q) =>
      q.where('amount', '=', partial!.asked).where('amount', '>=', partial!.amount),
    )
    .returning(['id', 'from_status', 'amount'])
    .executeTakeFirst();
  return row ? { id: Number(row.id), fromStatus: Number(row.from_status), amount: Number(row.amount) } : null;
}

/**
 * Moves an order from `from` to `to` with one guarded update (`WHERE status = from`); false when the order is
 * not in `from` any more (a concurrent change won), so nothing changed.
 */
export async function moveOrderStatus(
  trx: Db,
  id: number,
  from: number,
  to: number,
  set: Partial<Omit<ShopOrderTable, 'id' | 'status'>> = {},
  userId?: number,
) {
  const res = await trx
    .updateTable('shop_order')
    .set({ ...set, status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const updateOrderFields = (
  trx: Db,
  id: number,
  statuses: number[],
  set: Partial<Pick<ShopOrderTable, 'address' | 'note' | 'updated_at'>>,
) =>
  trx
    .updateTable('shop_order')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

export type OrderQuery = {
  userId?: number;
  /** the operator's buyer filter: any of these users (empty: no order matches) */
  userIds?: readonly number[];
  statuses?: readonly number[];
  orderNo?: string;
  payWay?: string;
  /** created at or after / before (epoch ms) */
  from?: number;
  to?: number;
  /** an order line of this goods id */
  goodsId?: number;
  /** an order line whose goods snapshot (texts in every language) contains this, any case */
  goodsText?: string;
};

export async function queryOrders(db: Db, q: OrderQuery, paging: { limit: number; offset: number }) {
  const base = db
    .selectFrom('shop_order')
    .$if(q.userId !== undefined, (b) => b.where('user_id', '=', q.userId!))
    .$if(q.userIds !== undefined, (b) =>
      q.userIds!.length === 0 ? b.where(sql<boolean>`1 = 0`) : b.where('user_id', 'in', [...q.userIds!]),
    )
    .$if(q.statuses !== undefined, (b) => b.where('status', 'in', [...q.statuses!]))
    .$if(q.orderNo !== undefined, (b) => b.where('order_no', '=', q.orderNo!))
    .$if(q.payWay !== undefined, (b) => b.where('pay_way', '=', q.payWay!))
    .$if(q.from !== undefined, (b) => b.where('created_at', '>=', q.from!))
    .$if(q.to !== undefined, (b) => b.where('created_at', '<', q.to!))
    .$if(q.goodsId !== undefined || q.goodsText !== undefined, (b) =>
      b.where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_line as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'shop_order.id')
            .$if(q.goodsId !== undefined, (s) => s.where('l.goods_id', '=', q.goodsId!))
            .$if(q.goodsText !== undefined, (s) =>
              s.where(sql`lower(l.goods_snapshot)`, 'like', `%${q.goodsText!.toLowerCase()}%`),
            ),
        ),
      ),
    );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return { total: Number(total), rows };
}

export const countByStatus = (db: Db, userId: number) =>
  db
    .selectFrom('shop_order')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();

/** Ids of orders in `status` whose `column` time is at or before `before` (the sweeps), oldest first. */
export const dueOrders = (
  db: Db,
  status: number,
  column: 'pay_deadline' | 'shipped_at' | 'received_at',
  before: number,
  limit: number,
) =>
  db
    .selectFrom('shop_order')
    .select('id')
    .where('status', '=', status)
    .where(column, '<=', before)
    .orderBy(column)
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => Number(r.id)));

/** Marks one line reviewed (guarded: not yet reviewed); false when it already was. */
export const markLineCommented = (trx: Db, orderId: number, specId: number, commentId: number) =>
  trx
    .updateTable('order_line')
    .set({ comment_id: commentId })
    .where('order_id', '=', orderId)
    .where('spec_id', '=', specId)
    .where('comment_id', 'is', null)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) >= 1);

export const countUncommentedLines = (trx: Db, orderId: number) =>
  trx
    .selectFrom('order_line')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('comment_id', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/**
 * Records where an approved refund's money stands (guarded: not once it is final, succeeded or failed):
 * requesting -> processing -> succeeded | failed | manual. False when it was already final.
 */
export const settleRefund = (
  db: Db,
  refundId: number,
  set: { provider_state: string; provider_ref: string | null },
) =>
  db
    .updateTable('order_refund')
    .set(set)
    .where('id', '=', refundId)
    .where('provider_state', 'in', ['requesting', 'processing', 'manual'])
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

/**
 * How many unpaid (pending-payment) orders the user holds: the counter the shop_order triggers keep with
 * every insert, status change and delete (migration 0160). Counting the orders walked every unpaid order of
 * the buyer, 120 µs of an order create for one with thousands (issue 14). On PostgreSQL the counter moves at
 * the commit of the order's change, so read it under the user lock, as the cap check does.
 */
export const countUnpaidOrders = (db: Db, userId: number) => buyerCounter(db, userId, 'unpaid');
