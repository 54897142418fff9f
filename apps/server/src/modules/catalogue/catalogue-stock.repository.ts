import type { Insertable } from 'kysely';
import type { StockLogType } from '@simshop/contracts';
import { reusableQuery, type Db } from '../../platform/db';
import type { Database } from '../../db/schema';

// Stock: conditional stock changes with their log, the log's queries and the recent purchases it shows.

export type StockChange = {
  specId: number;
  /** Added to the stock; negative takes out. */
  change: number;
  type: StockLogType;
  orderId?: number | null;
  adminId?: number | null;
  remark?: string | null;
  /** Added to the goods' sales count (orders: the quantity; cancellations: minus it). */
  salesDelta?: number;
};

/**
 * Changes a spec's stock with one conditional update (never below zero, never read-then-write) and logs it.
 * Null when the spec is gone or the stock would go below zero: nothing changed. Use inside the caller's
 * transaction (pass `trx`).
 */
// the three statements of every stock move (each order line, each cancel): compiled once (reusableQuery)
const changeSpecStock = reusableQuery((db, $) =>
  db
    .updateTable('goods_spec')
    .set((eb) => ({ stock: eb('stock', '+', $(0)), updated_at: $(1) }))
    .where('id', '=', $(2))
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb('stock', '+', $(0)), '>=', 0))
    .returning(['id', 'goods_id', 'stock']),
);
const insertStockLog = reusableQuery((db, $) =>
  db
    .insertInto('stock_log')
    .values({
      goods_id: $(0),
      spec_id: $(1),
      type: $(2),
      change: $(3),
      stock_after: $(4),
      order_id: $(5),
      admin_id: $(6),
      remark: $(7),
      created_at: $(8),
    })
    .returning('id'),
);
const addGoodsSales = reusableQuery((db, $) =>
  db
    .updateTable('goods')
    .set((eb) => ({ sales: eb('sales', '+', $(0)) }))
    .where('id', '=', $(1))
    .where((eb) => eb(eb('sales', '+', $(0)), '>=', 0)),
);

export async function applyStockChange(db: Db, c: StockChange, at: number) {
  const [row] = await changeSpecStock(db, c.change, at, c.specId);
  if (!row) return null;
  const [log] = await insertStockLog(
    db,
    row.goods_id,
    row.id,
    c.type,
    c.change,
    row.stock,
    c.orderId ?? null,
    c.adminId ?? null,
    c.remark ?? null,
    at,
  );
  if (!log) throw new Error('stock log insert returned no row');
  if (c.salesDelta) await addGoodsSales(db, c.salesDelta, row.goods_id);
  return { goodsId: Number(row.goods_id), specId: Number(row.id), stock: Number(row.stock), logId: log.id };
}

/**
 * Takes `quantity` of a spec out of stock for an order, inside the order transaction (pass `trx`); logged as
 * `order` (or `no_freight_goods`) and counted as sales. Null when there is not enough stock: nothing changed.
 * After the commit call `invalidateGoods(ctx, goodsId)` so the goods detail shows the new stock.
 */
export const takeStock = (
  trx: Db,
  o: { specId: number; quantity: number; orderId: number; type?: 'order' | 'no_freight_goods' },
  at = Date.now(),
) =>
  applyStockChange(
    trx,
    {
      specId: o.specId,
      change: -o.quantity,
      type: o.type ?? 'order',
      orderId: o.orderId,
      salesDelta: o.quantity,
    },
    at,
  );

/** Puts an order's quantity back (cancelled or closed order), logged as `cancel`; sales go down again. */
export const returnStock = (
  trx: Db,
  o: { specId: number; quantity: number; orderId: number },
  at = Date.now(),
) =>
  applyStockChange(
    trx,
    { specId: o.specId, change: o.quantity, type: 'cancel', orderId: o.orderId, salesDelta: -o.quantity },
    at,
  );

export const insertStockLogs = async (db: Db, rows: Insertable<Database['stock_log']>[]) => {
  if (rows.length) await db.insertInto('stock_log').values(rows).execute();
};

export type StockLogFilter = { goodsId?: number; specId?: number; type?: StockLogType };

function stockLogWhere(db: Db, f: StockLogFilter) {
  let q = db
    .selectFrom('stock_log')
    .innerJoin('goods', 'goods.id', 'stock_log.goods_id')
    .innerJoin('goods_spec', 'goods_spec.id', 'stock_log.spec_id');
  if (f.goodsId !== undefined) q = q.where('stock_log.goods_id', '=', f.goodsId);
  if (f.specId !== undefined) q = q.where('stock_log.spec_id', '=', f.specId);
  if (f.type !== undefined) q = q.where('stock_log.type', '=', f.type);
  return q;
}
const stockLogColumns = [
  'stock_log.id',
  'stock_log.goods_id',
  'stock_log.spec_id',
  'stock_log.type',
  'stock_log.change',
  'stock_log.stock_after',
  'stock_log.order_id',
  'stock_log.admin_id',
  'stock_log.remark',
  'stock_log.created_at',
  'goods.texts as goods_texts',
  'goods_spec.texts as spec_texts',
  'goods_spec.data_mb',
  'goods_spec.allowance',
  'goods_spec.validity_days',
] as const;

export async function queryStockLog(
  db: Db,
  f: StockLogFilter,
  paging: { limit: number; offset: number; count: boolean },
) {
  const base = stockLogWhere(db, f);
  let total = 0;
  if (paging.count) {
    const [row] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    total = Number(row?.total ?? 0);
  }
  const rows = await base
    .select(stockLogColumns)
    .orderBy('stock_log.created_at', 'desc')
    .orderBy('stock_log.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return { total: paging.count ? total : rows.length, rows };
}
export type StockLogRow = Awaited<ReturnType<typeof queryStockLog>>['rows'][number];

export const findStockLog = (db: Db, id: number) =>
  stockLogWhere(db, {}).select(stockLogColumns).where('stock_log.id', '=', id).executeTakeFirst();

/** Recent purchases of a goods for the buyer-safe history: order entries only. */
export const recentPurchases = (db: Db, goodsId: number, limit: number) =>
  db
    .selectFrom('stock_log')
    .innerJoin('goods_spec', 'goods_spec.id', 'stock_log.spec_id')
    .select([
      'stock_log.spec_id',
      'stock_log.change',
      'stock_log.created_at',
      'goods_spec.texts as spec_texts',
      'goods_spec.data_mb',
      'goods_spec.allowance',
      'goods_spec.validity_days',
    ])
    .where('stock_log.goods_id', '=', goodsId)
    .where('stock_log.type', 'in', ['order', 'no_freight_goods'])
    .orderBy('stock_log.created_at', 'desc')
    .orderBy('stock_log.id', 'desc')
    .limit(limit)
    .execute();
