import { lockRow, type Db, type Engine } from '../../platform/db';
import type { OrderLineRow } from './order.repository';

/**
 * A line the plan partner fulfils: virtual goods whose spec names a partner commodity (`sku`), i.e. an eSIM
 * plan or a top-up (needFillCard). Physical SIM cards ship like other goods and are bound on arrival.
 */
export function isPartnerLine(l: Pick<OrderLineRow, 'goods_type' | 'spec_snapshot'>) {
  if (Number(l.goods_type) !== 1) return false;
  try {
    const spec = JSON.parse(l.spec_snapshot) as { sku?: unknown };
    return typeof spec.sku === 'string' && spec.sku.length > 0;
  } catch {
    return false;
  }
}

/**
 * First thing in a transaction that settles the order's delivery from its lines: on PostgreSQL it locks the
 * order row, so two lines finishing at once (or the job and the partner's webhook applying the same line)
 * take turns and the second sees the first's lines; SQLite runs one transaction at a time anyway.
 */
export const lockOrderForDelivery = (trx: Db, engine: Engine, orderId: number) =>
  lockRow(trx, engine, 'shop_order', orderId);
