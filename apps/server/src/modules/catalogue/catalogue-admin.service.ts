import type { z } from 'zod';
import type {
  Locale,
  PayWayCode,
  adminComment,
  adminCommentPageRequest,
  adminGoodsAddRequest,
  adminGoodsInfo,
  adminGoodsPageRequest,
  adminGoodsRow,
  adminSpec,
  adminSpecAddRequest,
  adminSpecInput,
  adminSpecUpdateRequest,
  adminStockChangeRequest,
  adminGoodsUpdateRequest,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { FieldRuleError, fail } from '../../platform/errors';
import { flag01, iso, parseList, parseTexts, pickField, type Texts } from '../../platform/columns';
import { edit, uniq } from './catalogue-admin.edit';
import { coveredSearchNames, destinationSearchNames, isKnownDestination } from './catalogue.destinations';
import { applyStockChange, insertStockLogs } from './catalogue-stock.repository';
import {
  findGoods,
  findGoodsType,
  findSaleType,
  findSpec,
  findSpecs,
  insertGoods,
  insertSpec,
  queryGoods,
  refreshMinPrice,
  replaceDestinations,
  setGoodsOnSale,
  softDeleteGoods,
  stockTotals,
  updateGoods,
  updateSpec,
  type GoodsRow,
  type SpecRow,
} from './catalogue.repository';
import { queryComments, setCommentStatus } from './catalogue-reviews.repository';
import { ratingOf, toSpec, type GoodsText, type SpecText } from './catalogue.service';
import { shapeComment } from './catalogue-reviews.service';
import { searchBlob, SEARCH_SEPARATOR, searchTerms } from './catalogue.text';
import { assertHonestPlans } from './catalogue-honest';

// ---------------------------------------------------------------- goods

/**
 * The search columns of a goods: `search_title` holds the titles of every language; `search_text` holds the
 * goods' own texts (titles, subtitles, destination codes, names and aliases), then SEARCH_SEPARATOR, then the
 * names of the countries its regions cover, so a search can rank "named after it" before "covers it".
 */
export function goodsSearchFields(texts: Texts<GoodsText>, destinations: string[]) {
  const all = Object.values(texts).filter((t): t is GoodsText => !!t);
  const titles = all.map((t) => t.title);
  const own = searchBlob([
    ...titles,
    ...all.map((t) => t.subtitle),
    ...destinations,
    ...destinationSearchNames(destinations),
  ]);
  return {
    search_title: searchBlob(titles),
    search_text: `${own} ${SEARCH_SEPARATOR} ${searchBlob(coveredSearchNames(destinations))}`,
  };
}

function assertDestinationsKnown(codes: string[]) {
  for (const code of codes) if (!isKnownDestination(code)) fail('DESTINATION_INVALID', { code });
}

async function goodsTypeExists(db: Db, id: number) {
  if (!(await findGoodsType(db, id))) fail('GOODS_TYPE_NOT_FOUND');
}

/** The sale type; the goods' kind is the sale type's, and a different one given is refused. */
async function kindForSaleType(db: Db, saleTypeId: number, given: number | undefined): Promise<0 | 1> {
  const saleType = (await findSaleType(db, saleTypeId)) ?? fail('SALE_TYPE_NOT_FOUND');
  const kind = flag01(saleType.goods_type);
  if (given !== undefined && given !== kind) fail('GOODS_KIND_MISMATCH');
  return kind;
}

type SpecInput = z.infer<typeof adminSpecInput>;

/** Adds specs with their starting stock (each logged as an `admin` change from 0). Refresh the lowest price after. */
async function createSpecs(db: Db, goodsId: number, specs: SpecInput[], adminId: number | null, at: number) {
  const created: { id: number; stock: number }[] = [];
  for (const s of specs)
    created.push({
      stock: s.stock,
      id: await insertSpec(db, {
        goods_id: goodsId,
        texts: s.texts ? JSON.stringify(s.texts) : null,
        data_mb: s.dataMb,
        allowance: s.allowance,
        validity_days: s.validityDays,
        price: s.price,
        original_price: s.originalPrice,
        stock: s.stock,
        picture: s.picture,
        no_freight: s.noFreight,
        sku: s.sku,
        order_num: s.orderNum,
        status: s.status,
        speed: s.speed,
        hotspot: s.hotspot,
        high_speed_mb_per_day: s.highSpeedMbPerDay,
        throttle_kbps: s.throttleKbps,
        created_at: at,
        updated_at: at,
      }),
    });
  const stocked = created.filter((c) => c.stock > 0).map((c) => ({ specId: c.id, stock: c.stock }));
  await insertStockLogs(
    db,
    stocked.map((x) => ({
      goods_id: goodsId,
      spec_id: x.specId,
      type: 'admin' as const,
      change: x.stock,
      stock_after: x.stock,
      order_id: null,
      admin_id: adminId,
      remark: 'initial stock',
      created_at: at,
    })),
  );
  return created.map((c) => c.id);
}

/** Adds one spec (see createSpecs) and returns its id. */
async function createSpec(db: Db, goodsId: number, spec: SpecInput, adminId: number | null, at: number) {
  const [id] = await createSpecs(db, goodsId, [spec], adminId, at);
  // createSpecs returns one id per spec given, in order
  return id!;
}

/**
 * Creates a goods with its specs in one transaction (the caller's `db` may be a transaction). Used by the
 * operator call and by the demo seed, so both build identical rows (search text, lowest price, stock log).
 */
export async function createGoods(
  db: Db,
  input: z.infer<typeof adminGoodsAddRequest>,
  adminId: number | null,
  at = Date.now(),
): Promise<number> {
  await goodsTypeExists(db, input.typeId);
  const kind = await kindForSaleType(db, input.saleTypeId, input.goodsType);
  const destinations = uniq(input.destinations);
  assertDestinationsKnown(destinations);
  const id = await insertGoods(db, {
    type_id: input.typeId,
    sale_type_id: input.saleTypeId,
    goods_type: kind,
    texts: JSON.stringify(input.texts),
    pictures: JSON.stringify(input.pictures),
    video: input.video,
    pay_ways: JSON.stringify(uniq(input.payWays)),
    support_point_discount: input.supportPointDiscount,
    need_fill_card: input.needFillCard,
    destinations: JSON.stringify(destinations),
    freight: input.freight,
    on_sale: input.onSale,
    order_num: input.orderNum,
    activation: input.activation,
    networks: input.networks ? JSON.stringify(input.networks) : null,
    sales: 0,
    min_price: null,
    comment_count: 0,
    rating_sum: 0,
    ...goodsSearchFields(input.texts, destinations),
    created_at: at,
    updated_at: at,
    deleted_at: null,
  });
  await replaceDestinations(db, id, destinations);
  await createSpecs(db, id, input.specs, adminId, at);
  await assertHonestPlans(db, [id]);
  await refreshMinPrice(db, id);
  return id;
}

export const addGoods = (ctx: AppContext, adminId: number, input: z.infer<typeof adminGoodsAddRequest>) =>
  edit(ctx, adminId, async (trx) => ({ id: await createGoods(trx, input, adminId) }));

/** Changes the fields given; search text and destinations follow texts and destinations. */
export const changeGoods = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminGoodsUpdateRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    const row = (await findGoods(trx, input.id)) ?? fail('GOODS_NOT_FOUND');
    if (input.typeId !== undefined) await goodsTypeExists(trx, input.typeId);
    const saleTypeId = input.saleTypeId ?? Number(row.sale_type_id);
    const kind =
      input.saleTypeId !== undefined || input.goodsType !== undefined
        ? await kindForSaleType(trx, saleTypeId, input.goodsType)
        : flag01(row.goods_type);
    const texts = input.texts ?? parseTexts<GoodsText>(row.texts);
    const destinations = input.destinations ? uniq(input.destinations) : parseList(row.destinations);
    assertDestinationsKnown(destinations);
    await updateGoods(trx, input.id, {
      type_id: input.typeId,
      sale_type_id: saleTypeId,
      goods_type: kind,
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      pictures: input.pictures ? JSON.stringify(input.pictures) : undefined,
      video: input.video,
      pay_ways: input.payWays ? JSON.stringify(uniq(input.payWays)) : undefined,
      support_point_discount: input.supportPointDiscount,
      need_fill_card: input.needFillCard,
      destinations: JSON.stringify(destinations),
      freight: input.freight,
      on_sale: input.onSale,
      order_num: input.orderNum,
      activation: input.activation,
      networks:
        input.networks === undefined ? undefined : input.networks ? JSON.stringify(input.networks) : null,
      ...goodsSearchFields(texts, destinations),
      updated_at: Date.now(),
    });
    if (input.destinations) await replaceDestinations(trx, input.id, destinations);
    await assertHonestPlans(trx, [input.id]);
    return { id: input.id };
  });

export const putGoodsOnSale = (ctx: AppContext, adminId: number, ids: number[], onSale: 0 | 1) =>
  edit(ctx, adminId, async (trx) => {
    const count = Number((await setGoodsOnSale(trx, uniq(ids), onSale, Date.now())).numUpdatedRows);
    await assertHonestPlans(trx, uniq(ids));
    return { count };
  });

export const removeGoods = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => ({
    count: Number((await softDeleteGoods(trx, uniq(ids), Date.now())).numUpdatedRows),
  }));

/** Every goods (off-sale too) for the operator list, newest first or as asked. */
export async function adminGoodsPage(
  ctx: AppContext,
  req: z.infer<typeof adminGoodsPageRequest>,
  locale: Locale,
): Promise<{
  list: z.infer<typeof adminGoodsRow>[];
  pagination: { page: number; size: number; total: number };
}> {
  const { total, rows } = await queryGoods(
    ctx.db,
    {
      terms: searchTerms(req.keyWord),
      typeIds: req.typeId !== undefined ? [req.typeId] : undefined,
      onSale: req.onSale,
      includeOffSale: true,
      order: 'newest',
    },
    { limit: req.size, offset: (req.page - 1) * req.size, count: true },
  );
  const stock = await stockTotals(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: pickField(parseTexts<GoodsText>(r.texts), locale, 'title') ?? '',
      typeId: Number(r.type_id),
      saleTypeId: Number(r.sale_type_id),
      goodsType: flag01(r.goods_type),
      onSale: flag01(r.on_sale),
      minPrice: r.min_price === null ? null : Number(r.min_price),
      stock: stock.get(Number(r.id)) ?? 0,
      sales: Number(r.sales),
      orderNum: Number(r.order_num),
      updatedAt: iso(r.updated_at)!,
    })),
    pagination: { page: req.page, size: req.size, total },
  };
}

function toAdminSpec(s: SpecRow, locale: Locale, currency: string): z.infer<typeof adminSpec> {
  return {
    ...toSpec(s, locale, currency),
    texts: parseTexts<SpecText>(s.texts) as Record<string, SpecText>,
    sku: s.sku,
    status: flag01(s.status),
  };
}

/** A goods as an operator edits it: every language, hidden specs and stock included. */
export async function adminGoodsDetail(
  ctx: AppContext,
  id: number,
  locale: Locale,
): Promise<z.infer<typeof adminGoodsInfo>> {
  const row: GoodsRow = (await findGoods(ctx.db, id)) ?? fail('GOODS_NOT_FOUND');
  const specs = await findSpecs(ctx.db, [id], { all: true });
  return {
    id: Number(row.id),
    typeId: Number(row.type_id),
    saleTypeId: Number(row.sale_type_id),
    goodsType: flag01(row.goods_type),
    texts: parseTexts<GoodsText>(row.texts) as Record<string, GoodsText>,
    pictures: parseList(row.pictures),
    video: row.video,
    payWays: parseList(row.pay_ways) as PayWayCode[],
    supportPointDiscount: flag01(row.support_point_discount),
    needFillCard: flag01(row.need_fill_card),
    destinations: parseList(row.destinations),
    freight: Number(row.freight),
    onSale: flag01(row.on_sale),
    orderNum: Number(row.order_num),
    sales: Number(row.sales),
    rating: ratingOf(row.comment_count, row.rating_sum),
    specs: specs.map((s) => toAdminSpec(s, locale, ctx.config.currency)),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

// ---------------------------------------------------------------- specs and stock

export const addSpec = (ctx: AppContext, adminId: number, input: z.infer<typeof adminSpecAddRequest>) =>
  edit(ctx, adminId, async (trx) => {
    if (!(await findGoods(trx, input.goodsId))) fail('GOODS_NOT_FOUND');
    const id = await createSpec(trx, input.goodsId, input, adminId, Date.now());
    await assertHonestPlans(trx, [input.goodsId]);
    await refreshMinPrice(trx, input.goodsId);
    return { id };
  });

/** Changes a spec's fields (not its stock: that goes through changeStock, which logs it). */
export const changeSpec = (ctx: AppContext, adminId: number, input: z.infer<typeof adminSpecUpdateRequest>) =>
  edit(ctx, adminId, async (trx) => {
    const spec = (await findSpec(trx, input.id)) ?? fail('SPEC_NOT_FOUND');
    const price = input.price ?? Number(spec.price);
    const original = input.originalPrice === undefined ? spec.original_price : input.originalPrice;
    // the request checks the pair it carries; one half changed alone is checked against the stored other half
    if (original !== null && Number(original) < price)
      throw new FieldRuleError('originalPrice', 'originalPrice');
    await updateSpec(trx, input.id, {
      texts: input.texts === undefined ? undefined : JSON.stringify(input.texts),
      data_mb: input.dataMb,
      allowance: input.allowance,
      validity_days: input.validityDays,
      price: input.price,
      original_price: input.originalPrice,
      picture: input.picture,
      no_freight: input.noFreight,
      sku: input.sku,
      order_num: input.orderNum,
      status: input.status,
      speed: input.speed,
      hotspot: input.hotspot,
      high_speed_mb_per_day: input.highSpeedMbPerDay,
      throttle_kbps: input.throttleKbps,
      updated_at: Date.now(),
    });
    await assertHonestPlans(trx, [Number(spec.goods_id)]);
    await refreshMinPrice(trx, spec.goods_id);
    return { id: input.id };
  });

/** Soft-deletes specs (orders keep pointing at them) and refreshes their goods' lowest prices. */
export const removeSpecs = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => {
    const at = Date.now();
    let count = 0;
    for (const id of uniq(ids)) {
      const spec = await findSpec(trx, id);
      if (!spec) continue;
      await updateSpec(trx, id, { deleted_at: at, updated_at: at });
      await refreshMinPrice(trx, spec.goods_id);
      count += 1;
    }
    return { count };
  });

/**
 * Adds to (or takes from) a spec's stock with a conditional update, logged as an `admin` change. Refused with
 * STOCK_NOT_ENOUGH when it would go below zero (nothing changes).
 */
export const changeStock = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminStockChangeRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    const done = await applyStockChange(
      trx,
      { specId: input.specId, change: input.change, type: 'admin', adminId, remark: input.remark ?? null },
      Date.now(),
    );
    if (done) return { specId: done.specId, stock: done.stock, logId: Number(done.logId) };
    const spec = (await findSpec(trx, input.specId)) ?? fail('SPEC_NOT_FOUND');
    return fail('STOCK_NOT_ENOUGH', { stock: Number(spec.stock) });
  });

// ---------------------------------------------------------------- reviews

/** Every review (hidden ones too), with who wrote it, for moderation. */
export async function adminCommentPage(
  ctx: AppContext,
  req: z.infer<typeof adminCommentPageRequest>,
  locale: Locale,
): Promise<{
  list: z.infer<typeof adminComment>[];
  pagination: { page: number; size: number; total: number };
}> {
  const { total, rows } = await queryComments(
    ctx.db,
    { goodsId: req.goodsId, rating: req.rating, status: req.status },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  return {
    list: rows.map((r) => ({
      ...shapeComment(r, locale),
      userId: r.user_id === null ? null : Number(r.user_id),
      orderId: r.order_id === null ? null : Number(r.order_id),
      realNickname: r.nickname,
      status: flag01(r.status),
    })),
    pagination: { page: req.page, size: req.size, total },
  };
}

/** Hides (0) or shows (1) reviews; the goods' average and count follow in the same transaction. */
export const setCommentsStatus = (ctx: AppContext, adminId: number, ids: number[], status: 0 | 1) =>
  edit(ctx, adminId, async (trx) => {
    let count = 0;
    for (const id of uniq(ids)) if ((await setCommentStatus(trx, id, status)) !== null) count += 1;
    return { count };
  });
