import type { Db } from '../../platform/db';

// What other modules read of the catalogue's goods, specs and destinations (simcard: which goods tops up a card
// and covers its countries, what is sold as a partner package; the partner sync: our goods of a kind for a
// country and the specs sold as a package; payment: the goods' pay ways), so none of them queries the
// catalogue's tables itself.

/** The destination codes (ISO countries) the goods covers; empty for an unknown goods. */
export async function destinationCodesOf(db: Db, goodsId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('goods_destination')
    .select('code')
    .where('goods_id', '=', goodsId)
    .execute();
  return rows.map((r) => r.code);
}

/** The first on-sale top-up goods (needFillCard) covering one of `countries`, by display order; null if none. */
export async function topUpGoodsCovering(db: Db, countries: string[]): Promise<number | null> {
  if (countries.length === 0) return null;
  const row = await db
    .selectFrom('goods as g')
    .innerJoin('goods_destination as d', 'd.goods_id', 'g.id')
    .select('g.id')
    .where('g.need_fill_card', '=', 1)
    .where('g.on_sale', '=', 1)
    .where('g.deleted_at', 'is', null)
    .where('d.code', 'in', countries)
    .orderBy('g.order_num')
    .orderBy('g.id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The oldest goods not deleted (on sale or not) of the sale type `saleTypeCode` covering `country`; null if none. */
export async function goodsOfSaleTypeCovering(
  db: Db,
  saleTypeCode: string,
  country: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('goods as g')
    .innerJoin('sale_type as st', 'st.id', 'g.sale_type_id')
    .innerJoin('goods_destination as d', 'd.goods_id', 'g.id')
    .select('g.id')
    .where('st.code', '=', saleTypeCode)
    .where('d.code', '=', country)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/**
 * The specs (not deleted, of goods not deleted) whose `sku` is one of the partner package codes `skus`, with
 * their goods' texts, oldest first: what the shop now sells as those packages.
 */
export const specsSoldAs = (db: Db, skus: string[]) =>
  skus.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('goods_spec as s')
        .innerJoin('goods as g', 'g.id', 's.goods_id')
        .select(['s.sku', 's.texts', 's.data_mb', 's.allowance', 's.validity_days', 'g.texts as goods_texts'])
        .where('s.sku', 'in', skus)
        .where('s.deleted_at', 'is', null)
        .where('g.deleted_at', 'is', null)
        .orderBy('s.id')
        .execute();

/** The goods' payment terms as they are now: accepted pay ways and the points discount flag. */
export const goodsPayTerms = (db: Db, goodsIds: number[]) =>
  goodsIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('goods')
        .select(['id', 'pay_ways', 'support_point_discount'])
        .where('id', 'in', goodsIds)
        .execute();

/**
 * The specs (not deleted) sold as the partner package `sku`, whichever goods they belong to; `shownOnly`: only
 * those on show (status 1). What the partner sync reprices, hides and shows again.
 */
export function specsOfPackage(db: Db, sku: string, opts: { shownOnly: boolean }) {
  let q = db
    .selectFrom('goods_spec')
    .select(['id', 'goods_id', 'price', 'status'])
    .where('sku', '=', sku)
    .where('deleted_at', 'is', null);
  if (opts.shownOnly) q = q.where('status', '=', 1);
  return q.execute();
}
