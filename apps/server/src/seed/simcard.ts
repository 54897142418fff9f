import type { Config } from '../config';
import type { Db } from '../platform/db';

/**
 * Demo: links the demo catalogue's Japan plans and Japan top-ups to the plan partner simulator's packages
 * (spec `sku` = partner package code), so buying them orders a real (simulated) eSIM or top-up. Only specs
 * without a code are touched, so it runs every start without undoing an operator's mapping; the catalogue
 * sync then keeps their prices (markup rule).
 */
const LINKS: { saleType: string; country: string; dataMb: number; validityDays: number; code: string }[] = [
  { saleType: 'esim', country: 'JP', dataMb: 1024, validityDays: 7, code: 'JP-1GB-7D' },
  { saleType: 'esim', country: 'JP', dataMb: 5120, validityDays: 15, code: 'JP-5GB-15D' },
  { saleType: 'esim', country: 'JP', dataMb: 20480, validityDays: 30, code: 'JP-20GB-30D' },
  { saleType: 'topup', country: 'JP', dataMb: 1024, validityDays: 7, code: 'TOPUP-1GB-7D' },
  { saleType: 'topup', country: 'JP', dataMb: 5120, validityDays: 15, code: 'TOPUP-5GB-15D' },
];

export async function seedPartnerLinks(db: Db, config: Config) {
  if (!config.demo) return;
  for (const l of LINKS) {
    const goods = await db
      .selectFrom('goods as g')
      .innerJoin('sale_type as st', 'st.id', 'g.sale_type_id')
      .innerJoin('goods_destination as d', 'd.goods_id', 'g.id')
      .select('g.id')
      .where('st.code', '=', l.saleType)
      .where('d.code', '=', l.country)
      .where('g.deleted_at', 'is', null)
      .execute();
    const ids = goods.map((g) => g.id);
    if (ids.length === 0) continue;
    await db
      .updateTable('goods_spec')
      .set({ sku: l.code })
      .where('goods_id', 'in', ids)
      .where('data_mb', '=', l.dataMb)
      .where('validity_days', '=', l.validityDays)
      .where('allowance', '=', 'total')
      .where('sku', 'is', null)
      .execute();
  }
}
