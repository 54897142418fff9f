import type { z } from 'zod';
import type { Locale, StockLogEntry, StockLogType, stockHistoryEntry } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { findGoods } from './catalogue.repository';
import {
  findStockLog,
  queryStockLog,
  recentPurchases,
  type StockLogFilter,
  type StockLogRow,
} from './catalogue-stock.repository';
import { iso, parseTexts, pickField } from '../../platform/columns';
import { specName, type GoodsText } from './catalogue.service';

// The stock log: recent purchases for shoppers, every change for operators.

/** Recent purchases of a goods, safe to show anyone: spec, quantity and the minute; no stock levels, orders or buyers. */
export async function stockHistory(
  ctx: AppContext,
  goodsId: number,
  limit: number,
  locale: Locale,
): Promise<z.infer<typeof stockHistoryEntry>[]> {
  const goods = await findGoods(ctx.db, goodsId);
  if (!goods) return fail('GOODS_NOT_FOUND');
  const rows = await recentPurchases(ctx.db, goodsId, limit);
  return rows.map((r) => ({
    specId: Number(r.spec_id),
    specName: specName(
      { texts: r.spec_texts, data_mb: r.data_mb, allowance: r.allowance, validity_days: r.validity_days },
      locale,
    ),
    quantity: Math.abs(Number(r.change)),
    at: iso(Math.floor(Number(r.created_at) / 60_000) * 60_000),
  }));
}

function toStockLog(r: StockLogRow, locale: Locale): StockLogEntry {
  return {
    id: Number(r.id),
    goodsId: Number(r.goods_id),
    specId: Number(r.spec_id),
    goodsTitle: pickField(parseTexts<GoodsText>(r.goods_texts), locale, 'title') ?? '',
    specName: specName(
      { texts: r.spec_texts, data_mb: r.data_mb, allowance: r.allowance, validity_days: r.validity_days },
      locale,
    ),
    type: r.type as StockLogType,
    change: Number(r.change),
    stockAfter: Number(r.stock_after),
    orderId: r.order_id === null ? null : Number(r.order_id),
    adminId: r.admin_id === null ? null : Number(r.admin_id),
    remark: r.remark,
    createdAt: iso(r.created_at),
  };
}

/** Operators: stock changes, newest first. */
export async function stockLogPage(
  ctx: AppContext,
  req: StockLogFilter & { page: number; size: number },
  locale: Locale,
) {
  const { total, rows } = await queryStockLog(ctx.db, req, {
    limit: req.size,
    offset: (req.page - 1) * req.size,
    count: true,
  });
  return {
    list: rows.map((r) => toStockLog(r, locale)),
    pagination: { page: req.page, size: req.size, total },
  };
}
export async function stockLogList(ctx: AppContext, req: StockLogFilter & { limit: number }, locale: Locale) {
  const { rows } = await queryStockLog(ctx.db, req, { limit: req.limit, offset: 0, count: false });
  return rows.map((r) => toStockLog(r, locale));
}
export async function stockLogInfo(ctx: AppContext, id: number, locale: Locale) {
  const row = (await findStockLog(ctx.db, id)) ?? fail('STOCK_LOG_NOT_FOUND');
  return toStockLog(row, locale);
}
