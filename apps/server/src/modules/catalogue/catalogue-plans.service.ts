import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { parseList, parseTexts, pickField } from '../../platform/columns';
import { findPlansOnSale } from './catalogue-plans.repository';
import { specName, type GoodsText } from './catalogue.service';

/** A plan on sale, as the trip planner sees it: an eSIM or a top-up spec with its validity and destinations. */
export type PlanOnSale = {
  specId: number;
  goodsId: number;
  kind: 'esim' | 'topup';
  title: string;
  specName: string;
  codes: string[];
  dataMb: number | null;
  allowance: 'total' | 'daily' | null;
  validityDays: number;
  price: number;
  onSale: boolean;
};

/**
 * Every eSIM and top-up spec on sale and in stock, named in the reader's language; `all`: also those off sale or
 * out of stock.
 */
export async function plansOnSale(ctx: AppContext, locale: Locale, all = false): Promise<PlanOnSale[]> {
  const rows = await findPlansOnSale(ctx.db, all);
  return rows.map((r) => ({
    specId: Number(r.spec_id),
    goodsId: Number(r.goods_id),
    kind: Number(r.need_fill_card) === 1 ? 'topup' : 'esim',
    title: pickField(parseTexts<GoodsText>(r.goods_texts), locale, 'title') ?? '',
    specName: specName(
      { texts: r.spec_texts, data_mb: r.data_mb, allowance: r.allowance, validity_days: r.validity_days },
      locale,
    ),
    codes: parseList(r.destinations),
    dataMb: r.data_mb === null ? null : Number(r.data_mb),
    allowance: r.allowance,
    validityDays: Number(r.validity_days),
    price: Number(r.price),
    onSale: Number(r.on_sale) === 1,
  }));
}
