import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { parseTexts, pickField } from '../../platform/columns';
import { specName } from './catalogue.service';

type GoodsText = { title?: string };

/** Enabled specs of goods on sale with at most `threshold` in stock, lowest first (at most `limit`). */
export async function lowStockSpecs(ctx: AppContext, threshold: number, locale: Locale, limit = 20) {
  const rows = await ctx.db
    .selectFrom('goods_spec as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select([
      's.id as spec_id',
      's.goods_id',
      's.stock',
      's.texts as spec_texts',
      's.data_mb',
      's.allowance',
      's.validity_days',
      'g.texts as goods_texts',
    ])
    .where('s.deleted_at', 'is', null)
    .where('s.status', '=', 1)
    .where('g.on_sale', '=', 1)
    .where('s.stock', '<=', threshold)
    .orderBy('s.stock')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    goodsId: Number(r.goods_id),
    specId: Number(r.spec_id),
    goodsName: pickField(parseTexts<GoodsText>(r.goods_texts), locale, 'title') ?? `#${r.goods_id}`,
    specName: specName(
      { texts: r.spec_texts, data_mb: r.data_mb, allowance: r.allowance, validity_days: r.validity_days },
      locale,
    ),
    stock: Number(r.stock),
  }));
}
