import type { Config } from '../config';
import type { Db } from '../platform/db';

/**
 * The partner package a demo spec is sold as (the simulator's naming: `<destination>-<data>-<days>D`, top-ups
 * `TOPUP-<destination>-...`, unlimited daily plans `UNL`), or null for a shape the partner does not sell.
 */
export function demoPackageCode(
  saleType: string,
  destination: string,
  spec: { data_mb: number | null; allowance: string | null; validity_days: number | null },
): string | null {
  if (saleType !== 'esim' && saleType !== 'topup') return null;
  if (spec.validity_days === null) return null;
  const data =
    spec.allowance === 'daily' && spec.data_mb === null
      ? 'UNL'
      : spec.allowance === 'total' && spec.data_mb !== null && spec.data_mb % 1024 === 0
        ? `${spec.data_mb / 1024}GB`
        : null;
  if (data === null) return null;
  return `${saleType === 'topup' ? 'TOPUP-' : ''}${destination}-${data}-${spec.validity_days}D`;
}

/**
 * Demo: links every eSIM plan and every top-up of the demo catalogue to the plan partner simulator's package
 * of the same destination and shape (spec `sku` = partner package code), so buying any of them orders a real
 * (simulated) eSIM or top-up. Only specs without a code are touched, so it runs every start without undoing
 * an operator's mapping; the catalogue sync then keeps their prices (markup rule).
 */
export async function seedPartnerLinks(db: Db, config: Config) {
  if (!config.demo) return;
  const specs = await db
    .selectFrom('goods_spec as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .innerJoin('sale_type as st', 'st.id', 'g.sale_type_id')
    .innerJoin('goods_destination as d', 'd.goods_id', 'g.id')
    .select(['s.id', 's.data_mb', 's.allowance', 's.validity_days', 'st.code as saleType', 'd.code as dest'])
    .where('st.code', 'in', ['esim', 'topup'])
    .where('g.goods_type', '=', 1)
    .where('g.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where('s.sku', 'is', null)
    .execute();
  // one package per spec: a goods sold for several destinations is left to the operator
  const perSpec = new Map<number, string | null>();
  for (const s of specs) {
    const code = demoPackageCode(s.saleType, s.dest, {
      data_mb: s.data_mb === null ? null : Number(s.data_mb),
      allowance: s.allowance,
      validity_days: s.validity_days === null ? null : Number(s.validity_days),
    });
    const id = Number(s.id);
    perSpec.set(id, perSpec.has(id) ? null : code);
  }
  for (const [id, code] of perSpec)
    if (code) await db.updateTable('goods_spec').set({ sku: code }).where('id', '=', id).execute();
}
