import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { reusableQuery, textBytes, type Db } from '../../platform/db';
import type {
  BannerTable,
  Database,
  GoodsSpecTable,
  GoodsTable,
  GoodsTypeTable,
  SaleTypeTable,
  SearchKeywordTable,
} from '../../db/schema';
import { containsPattern, ownTextPattern } from './catalogue.text';

export type GoodsTypeRow = Selectable<GoodsTypeTable>;
export type SaleTypeRow = Selectable<SaleTypeTable>;
export type GoodsRow = Selectable<GoodsTable>;
export type SpecRow = Selectable<GoodsSpecTable>;
export type BannerRow = Selectable<BannerTable>;
export type KeywordRow = Selectable<SearchKeywordTable>;

type GoodsEb = ExpressionBuilder<Database, 'goods'>;

const liveSpec = (eb: ExpressionBuilder<Database, 'goods_spec'>) =>
  eb.and([eb('goods_spec.status', '=', 1), eb('goods_spec.deleted_at', 'is', null)]);

// ---------------------------------------------------------------- goods types

export const findGoodsTypes = (db: Db, opts: { activeOnly: boolean }) =>
  db
    .selectFrom('goods_type')
    .selectAll()
    .$if(opts.activeOnly, (q) => q.where('status', '=', 1))
    .orderBy('order_num', 'asc')
    .orderBy('id', 'asc')
    .execute();

export const findGoodsType = (db: Db, id: number) =>
  db.selectFrom('goods_type').selectAll().where('id', '=', id).executeTakeFirst();

export const insertGoodsType = async (db: Db, row: Insertable<GoodsTypeTable>) =>
  (await db.insertInto('goods_type').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateGoodsType = (db: Db, id: number, set: Updateable<GoodsTypeTable>) =>
  db.updateTable('goods_type').set(set).where('id', '=', id).executeTakeFirst();

/** Whether anything still hangs on the type: sub-types or goods that are not deleted. */
export async function goodsTypeInUse(db: Db, id: number) {
  const child = await db.selectFrom('goods_type').select('id').where('parent_id', '=', id).executeTakeFirst();
  if (child) return true;
  const goods = await db
    .selectFrom('goods')
    .select('id')
    .where('type_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return !!goods;
}

export const deleteGoodsType = (db: Db, id: number) =>
  db.deleteFrom('goods_type').where('id', '=', id).execute();

// ---------------------------------------------------------------- sale types

export const findSaleTypes = (db: Db, goodsType?: number) =>
  db
    .selectFrom('sale_type')
    .selectAll()
    .$if(goodsType !== undefined, (q) => q.where('goods_type', '=', goodsType!))
    .orderBy('order_num', 'asc')
    .orderBy('id', 'asc')
    .execute();

export const findSaleType = (db: Db, id: number) =>
  db.selectFrom('sale_type').selectAll().where('id', '=', id).executeTakeFirst();

export const findSaleTypeByCode = (db: Db, code: string) =>
  db.selectFrom('sale_type').selectAll().where('code', '=', code).executeTakeFirst();

export const insertSaleType = async (db: Db, row: Insertable<SaleTypeTable>) =>
  (await db.insertInto('sale_type').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateSaleType = (db: Db, id: number, set: Updateable<SaleTypeTable>) =>
  db.updateTable('sale_type').set(set).where('id', '=', id).executeTakeFirst();

export async function saleTypeInUse(db: Db, id: number) {
  const goods = await db
    .selectFrom('goods')
    .select('id')
    .where('sale_type_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return !!goods;
}

export const deleteSaleType = (db: Db, id: number) =>
  db.deleteFrom('sale_type').where('id', '=', id).execute();

// ---------------------------------------------------------------- goods listing

export type GoodsQuery = {
  ids?: number[];
  typeIds?: number[];
  saleTypeId?: number;
  goodsType?: number;
  /** Normalised search words; every one must match. */
  terms: string[];
  /** Codes covering the destination asked for, and the exact one (ranked first). */
  destination?: { exact: string; covering: string[] };
  minPrice?: number;
  maxPrice?: number;
  order: 'default' | 'price' | 'sales' | 'newest';
  sort?: 'asc' | 'desc';
  /** Operator listing: off-sale goods and goods without specs too. */
  includeOffSale?: boolean;
  onSale?: number;
};

const cardColumns = [
  'goods.id',
  'goods.type_id',
  'goods.sale_type_id',
  'goods.goods_type',
  'goods.texts',
  'goods.pictures',
  'goods.destinations',
  'goods.min_price',
  'goods.sales',
  'goods.comment_count',
  'goods.rating_sum',
  'goods.need_fill_card',
  'goods.support_point_discount',
  'goods.on_sale',
  'goods.order_num',
  'goods.updated_at',
] as const;

const hasLiveSpec = (eb: GoodsEb, extra?: { stock?: boolean; minPrice?: number; maxPrice?: number }) =>
  eb.exists(
    eb
      .selectFrom('goods_spec')
      .select(sql`1`.as('one'))
      .whereRef('goods_spec.goods_id', '=', 'goods.id')
      .where(liveSpec)
      .$if(!!extra?.stock, (q) => q.where('goods_spec.stock', '>', 0))
      .$if(extra?.minPrice !== undefined, (q) => q.where('goods_spec.price', '>=', extra!.minPrice!))
      .$if(extra?.maxPrice !== undefined, (q) => q.where('goods_spec.price', '<=', extra!.maxPrice!)),
  );

const matchesAll = (
  column: 'goods.search_text' | 'goods.search_title',
  terms: string[],
  pattern: (term: string) => string = containsPattern,
) =>
  sql<SqlBool>`(${sql.join(
    terms.map((t) => sql`${sql.ref(column)} like ${pattern(t)} escape '\\'`),
    sql` and `,
  )})`;

function goodsWhere(db: Db, q: GoodsQuery) {
  let base = db.selectFrom('goods').where('goods.deleted_at', 'is', null);
  if (!q.includeOffSale) base = base.where('goods.on_sale', '=', 1).where('goods.min_price', 'is not', null);
  if (q.onSale !== undefined) base = base.where('goods.on_sale', '=', q.onSale);
  if (q.ids) base = base.where('goods.id', 'in', q.ids.length ? q.ids : [0]);
  if (q.typeIds) base = base.where('goods.type_id', 'in', q.typeIds.length ? q.typeIds : [0]);
  if (q.saleTypeId !== undefined) base = base.where('goods.sale_type_id', '=', q.saleTypeId);
  if (q.goodsType !== undefined) base = base.where('goods.goods_type', '=', q.goodsType);
  if (q.terms.length) base = base.where(matchesAll('goods.search_text', q.terms));
  if (q.destination) {
    const codes = q.destination.covering;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('goods_destination')
          .select(sql`1`.as('one'))
          .whereRef('goods_destination.goods_id', '=', 'goods.id')
          .where('goods_destination.code', 'in', codes),
      ),
    );
  }
  if (q.minPrice !== undefined || q.maxPrice !== undefined)
    base = base.where((eb) => hasLiveSpec(eb, { minPrice: q.minPrice, maxPrice: q.maxPrice }));
  return base;
}

/** Goods cards matching the query, in the order asked, with the total; `limit`/`offset` page them. */
export async function queryGoods(
  db: Db,
  q: GoodsQuery,
  paging: { limit: number; offset: number; count: boolean },
) {
  const base = goodsWhere(db, q);
  let total = 0;
  if (paging.count) {
    const [row] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    total = Number(row?.total ?? 0);
    if (total === 0) return { total, rows: [] };
  }
  let query = base.select(cardColumns).select((eb) => [
    eb
      .case()
      .when(hasLiveSpec(eb, { stock: true }))
      .then(1)
      .else(0)
      .end()
      .as('in_stock'),
    eb
      .selectFrom('goods_spec')
      .select('goods_spec.original_price')
      .whereRef('goods_spec.goods_id', '=', 'goods.id')
      .where(liveSpec)
      .orderBy('goods_spec.price', 'asc')
      .orderBy('goods_spec.id', 'asc')
      .limit(1)
      .as('cheapest_original_price'),
  ]);
  if (q.order === 'default' && q.terms.length)
    // relevance: named after it (title), then its own texts (subtitle, destination names), then a region covering it
    query = query.orderBy(
      sql`case when ${matchesAll('goods.search_title', q.terms)} then 0 when ${matchesAll('goods.search_text', q.terms, ownTextPattern)} then 1 else 2 end`,
    );
  if (q.order === 'default' && q.destination) {
    const exact = q.destination.exact;
    query = query.orderBy(
      (eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('goods_destination as exact_destination')
                .select(sql`1`.as('one'))
                .whereRef('exact_destination.goods_id', '=', 'goods.id')
                .where('exact_destination.code', '=', exact),
            ),
          )
          .then(0)
          .else(1)
          .end(),
      'asc',
    );
  }
  switch (q.order) {
    case 'price':
      query = query.orderBy('goods.min_price', q.sort ?? 'asc');
      break;
    case 'sales':
      query = query.orderBy('goods.sales', q.sort ?? 'desc');
      break;
    case 'newest':
      query = query.orderBy('goods.created_at', q.sort ?? 'desc');
      break;
    default:
      // a search ranks by relevance, then what sells; browsing follows the operators' order
      query = q.terms.length
        ? query.orderBy('goods.sales', 'desc').orderBy('goods.order_num', 'asc')
        : query.orderBy('goods.order_num', 'asc').orderBy('goods.sales', 'desc');
  }
  const rows = await query.orderBy('goods.id', 'desc').limit(paging.limit).offset(paging.offset).execute();
  return { total: paging.count ? total : rows.length, rows };
}
export type GoodsCardRow = Awaited<ReturnType<typeof queryGoods>>['rows'][number];

const goodsById = reusableQuery((db, $) =>
  db.selectFrom('goods').selectAll().where('id', '=', $(0)).where('deleted_at', 'is', null),
);
/** A goods that is not deleted (compiled once: every cart and order call reads one). */
export const findGoods = async (db: Db, id: number) => (await goodsById(db, id))[0];

/** Specs of goods, in display order; `all` includes hidden ones (operators). Deleted specs never. */
export const findSpecs = (db: Db, goodsIds: number[], opts: { all: boolean } = { all: false }) =>
  goodsIds.length === 0
    ? Promise.resolve([] as SpecRow[])
    : db
        .selectFrom('goods_spec')
        .selectAll()
        .where('goods_id', 'in', goodsIds)
        .where('deleted_at', 'is', null)
        .$if(!opts.all, (q) => q.where('status', '=', 1))
        .orderBy('order_num', 'asc')
        .orderBy('id', 'asc')
        .execute();

const goodsForSaleById = reusableQuery((db, $) =>
  db
    .selectFrom('goods')
    .select([
      'id',
      'type_id',
      'sale_type_id',
      'goods_type',
      textBytes(db, 'texts').as('texts'),
      'pictures',
      'pay_ways',
      'support_point_discount',
      'need_fill_card',
      'freight',
      'on_sale',
      'min_price',
    ])
    .where('id', '=', $(0))
    .where('deleted_at', 'is', null),
);
/**
 * What a cart add or an order needs of a goods that is not deleted, its texts as bytes for `cachedTexts`
 * (`goods:<id>`): no search columns, no texts decoded on each call (compiled once).
 */
export const findGoodsForSale = async (db: Db, id: number) => (await goodsForSaleById(db, id))[0];
export type GoodsForSale = NonNullable<Awaited<ReturnType<typeof findGoodsForSale>>>;

const specById = reusableQuery((db, $) =>
  db.selectFrom('goods_spec').selectAll().where('id', '=', $(0)).where('deleted_at', 'is', null),
);
/** A spec that is not deleted (compiled once: every cart and order call reads one). */
export const findSpec = async (db: Db, id: number) => (await specById(db, id))[0];

/** Total stock per goods (operator listing). */
export async function stockTotals(db: Db, goodsIds: number[]) {
  if (goodsIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('goods_spec')
    .select(['goods_id', sql<number>`cast(coalesce(sum(stock), 0) as bigint)`.as('stock')])
    .where('goods_id', 'in', goodsIds)
    .where('deleted_at', 'is', null)
    .groupBy('goods_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.goods_id), Number(r.stock)]));
}

/**
 * For each destination code with on-sale goods: how many goods cover it, their lowest price and sales. The
 * "from" price is what a traveller can buy to go there: the cheapest goods that need no card number, never
 * a top-up of a card they would already need to hold (issue 27); top-ups only when nothing else covers it.
 */
export async function destinationStats(db: Db) {
  const rows = await db
    .selectFrom('goods_destination')
    .innerJoin('goods', 'goods.id', 'goods_destination.goods_id')
    .select([
      'goods_destination.code',
      (eb) => eb.fn.countAll<number>().as('goods_count'),
      sql<number>`coalesce(min(case when goods.need_fill_card = 0 then goods.min_price end), min(goods.min_price))`.as(
        'min_price',
      ),
      sql<number>`cast(coalesce(sum(goods.sales), 0) as bigint)`.as('sales'),
    ])
    .where('goods.deleted_at', 'is', null)
    .where('goods.on_sale', '=', 1)
    .where('goods.min_price', 'is not', null)
    .groupBy('goods_destination.code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    goodsCount: Number(r.goods_count),
    minPrice: r.min_price === null ? null : Number(r.min_price),
    sales: Number(r.sales),
  }));
}

// ---------------------------------------------------------------- goods writes

export const insertGoods = async (db: Db, row: Insertable<GoodsTable>) =>
  (await db.insertInto('goods').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateGoods = (db: Db, id: number, set: Updateable<GoodsTable>) =>
  db.updateTable('goods').set(set).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

export async function replaceDestinations(db: Db, goodsId: number, codes: string[]) {
  await db.deleteFrom('goods_destination').where('goods_id', '=', goodsId).execute();
  if (codes.length)
    await db
      .insertInto('goods_destination')
      .values(codes.map((code) => ({ goods_id: goodsId, code })))
      .execute();
}

export const insertSpec = async (db: Db, row: Insertable<GoodsSpecTable>) =>
  (await db.insertInto('goods_spec').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateSpec = (db: Db, id: number, set: Updateable<GoodsSpecTable>) =>
  db
    .updateTable('goods_spec')
    .set(set)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Recomputes the goods' lowest price from its enabled specs (null: nothing to buy, so not listed). */
export const refreshMinPrice = (db: Db, goodsId: number) =>
  db
    .updateTable('goods')
    .set((eb) => ({
      min_price: eb
        .selectFrom('goods_spec')
        .select((e) => e.fn.min<number>('goods_spec.price').as('p'))
        .where('goods_spec.goods_id', '=', goodsId)
        .where(liveSpec),
    }))
    .where('id', '=', goodsId)
    .execute();

export const setGoodsOnSale = (db: Db, ids: number[], onSale: number, at: number) =>
  db
    .updateTable('goods')
    .set({ on_sale: onSale, updated_at: at })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Soft delete: orders and reviews keep pointing at the goods. */
export const softDeleteGoods = (db: Db, ids: number[], at: number) =>
  db
    .updateTable('goods')
    .set({ deleted_at: at, on_sale: 0, updated_at: at })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

// ---------------------------------------------------------------- banners and keywords

/** Banners shown now at a position: enabled and inside their window. */
export const findActiveBanners = (db: Db, position: BannerRow['position'], at: number) =>
  db
    .selectFrom('banner')
    .selectAll()
    .where('status', '=', 1)
    .where('position', '=', position)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('order_num', 'asc')
    .orderBy('id', 'asc')
    .execute();

/** The next moment a banner of the position starts or ends (when the banner list changes by itself). */
export async function nextBannerChange(
  db: Db,
  position: BannerRow['position'],
  at: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('banner')
    .select((eb) => [
      eb.fn
        .min<number>(eb.case().when('starts_at', '>', at).then(eb.ref('starts_at')).end())
        .as('next_start'),
      eb.fn.min<number>(eb.case().when('ends_at', '>', at).then(eb.ref('ends_at')).end()).as('next_end'),
    ])
    .where('status', '=', 1)
    .where('position', '=', position)
    .executeTakeFirst();
  const times = [row?.next_start, row?.next_end].filter((t): t is number => t !== null && t !== undefined);
  return times.length ? Math.min(...times.map(Number)) : null;
}

export const findBanners = (db: Db) =>
  db.selectFrom('banner').selectAll().orderBy('position').orderBy('order_num').orderBy('id').execute();
export const findBanner = (db: Db, id: number) =>
  db.selectFrom('banner').selectAll().where('id', '=', id).executeTakeFirst();
export const insertBanner = async (db: Db, row: Insertable<BannerTable>) =>
  (await db.insertInto('banner').values(row).returning('id').executeTakeFirstOrThrow()).id;
export const updateBanner = (db: Db, id: number, set: Updateable<BannerTable>) =>
  db.updateTable('banner').set(set).where('id', '=', id).executeTakeFirst();
export const deleteBanners = (db: Db, ids: number[]) =>
  db.deleteFrom('banner').where('id', 'in', ids).executeTakeFirst();

export const findKeywords = (db: Db, opts: { activeOnly: boolean; limit?: number; offset?: number }) =>
  db
    .selectFrom('search_keyword')
    .selectAll()
    .$if(opts.activeOnly, (q) => q.where('status', '=', 1))
    .orderBy('order_num', 'asc')
    .orderBy('id', 'asc')
    .$if(opts.limit !== undefined, (q) => q.limit(opts.limit!).offset(opts.offset ?? 0))
    .execute();
export async function countKeywords(db: Db, opts: { activeOnly: boolean }) {
  const [row] = await db
    .selectFrom('search_keyword')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(opts.activeOnly, (q) => q.where('status', '=', 1))
    .execute();
  return Number(row?.total ?? 0);
}
export const findKeyword = (db: Db, id: number) =>
  db.selectFrom('search_keyword').selectAll().where('id', '=', id).executeTakeFirst();
export const insertKeyword = async (db: Db, row: Insertable<SearchKeywordTable>) =>
  (await db.insertInto('search_keyword').values(row).returning('id').executeTakeFirstOrThrow()).id;
export const updateKeyword = (db: Db, id: number, set: Updateable<SearchKeywordTable>) =>
  db.updateTable('search_keyword').set(set).where('id', '=', id).executeTakeFirst();
export const deleteKeywords = (db: Db, ids: number[]) =>
  db.deleteFrom('search_keyword').where('id', 'in', ids).executeTakeFirst();
