import type { z } from 'zod';
import type {
  AdminRole,
  Locale,
  PayWayCode,
  adminBanner,
  adminBannerInput,
  adminBannerUpdateRequest,
  adminComment,
  adminCommentPageRequest,
  adminGoodsAddRequest,
  adminGoodsInfo,
  adminGoodsPageRequest,
  adminGoodsRow,
  adminGoodsType,
  adminGoodsTypeInput,
  adminGoodsTypeUpdateRequest,
  adminKeyword,
  adminKeywordInput,
  adminKeywordUpdateRequest,
  adminSaleType,
  adminSaleTypeInput,
  adminSaleTypeUpdateRequest,
  adminSpec,
  adminSpecAddRequest,
  adminSpecInput,
  adminSpecUpdateRequest,
  adminStockChangeRequest,
  adminGoodsUpdateRequest,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { requireRole } from '../../platform/auth';
import { flag01, iso, parseList, parseTexts, pickField, type Texts } from '../../platform/columns';
import { FieldRuleError } from '../user-info';
import { invalidateCatalogue } from './catalogue.cache';
import { coveredSearchNames, destinationSearchNames, isKnownDestination } from './catalogue.destinations';
import {
  applyStockChange,
  deleteBanners,
  deleteGoodsType,
  deleteKeywords,
  deleteSaleType,
  findBanner,
  findBanners,
  findGoods,
  findGoodsType,
  findGoodsTypes,
  findKeyword,
  findKeywords,
  findSaleType,
  findSaleTypeByCode,
  findSaleTypes,
  findSpec,
  findSpecs,
  goodsTypeInUse,
  insertBanner,
  insertGoods,
  insertGoodsType,
  insertKeyword,
  insertSaleType,
  insertSpec,
  insertStockLogs,
  queryComments,
  queryGoods,
  refreshMinPrice,
  replaceDestinations,
  saleTypeInUse,
  setCommentStatus,
  setGoodsOnSale,
  softDeleteGoods,
  stockTotals,
  updateBanner,
  updateGoods,
  updateGoodsType,
  updateKeyword,
  updateSaleType,
  updateSpec,
  type BannerRow,
  type GoodsRow,
  type GoodsTypeRow,
  type KeywordRow,
  type SaleTypeRow,
  type SpecRow,
} from './catalogue.repository';
import {
  ratingOf,
  shapeComment,
  toBanner,
  toKeyword,
  toSaleType,
  toSpec,
  typeName,
  type GoodsText,
  type SpecText,
} from './catalogue.service';
import { searchBlob, SEARCH_SEPARATOR, searchTerms } from './catalogue.text';

/** Roles that may change the catalogue; support staff read only. */
export const CATALOGUE_EDITORS: readonly AdminRole[] = ['super', 'operator'];

const msOf = (isoTime: string | null) => (isoTime === null ? null : Date.parse(isoTime));

/** Checks the operator may edit, runs the change in one transaction, then drops every cached catalogue answer. */
async function edit<T>(ctx: AppContext, adminId: number, change: (trx: Db) => Promise<T>): Promise<T> {
  await requireRole(ctx, adminId, CATALOGUE_EDITORS);
  const out = await ctx.db.transaction().execute(change);
  invalidateCatalogue(ctx);
  return out;
}

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

const uniq = <T>(xs: T[]) => [...new Set(xs)];

type SpecInput = z.infer<typeof adminSpecInput>;

/** Adds specs with their starting stock (each logged as an `admin` change from 0). Refresh the lowest price after. */
async function createSpecs(db: Db, goodsId: number, specs: SpecInput[], adminId: number | null, at: number) {
  const ids: number[] = [];
  for (const s of specs)
    ids.push(
      await insertSpec(db, {
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
        created_at: at,
        updated_at: at,
      }),
    );
  const stocked = specs.flatMap((s, i) => (s.stock > 0 ? [{ specId: ids[i], stock: s.stock }] : []));
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
  return ids;
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
      ...goodsSearchFields(texts, destinations),
      updated_at: Date.now(),
    });
    if (input.destinations) await replaceDestinations(trx, input.id, destinations);
    return { id: input.id };
  });

export const putGoodsOnSale = (ctx: AppContext, adminId: number, ids: number[], onSale: 0 | 1) =>
  edit(ctx, adminId, async (trx) => ({
    count: Number((await setGoodsOnSale(trx, uniq(ids), onSale, Date.now())).numUpdatedRows),
  }));

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
    const [id] = await createSpecs(trx, input.goodsId, [input], adminId, Date.now());
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
      updated_at: Date.now(),
    });
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

// ---------------------------------------------------------------- goods types

function toAdminType(r: GoodsTypeRow, locale: Locale): z.infer<typeof adminGoodsType> {
  return {
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: typeName(r, locale),
    texts: parseTexts(r.texts) as Record<string, { name: string }>,
    icon: r.icon,
    orderNum: Number(r.order_num),
    status: flag01(r.status),
  };
}
export async function adminTypeList(ctx: AppContext, locale: Locale) {
  return (await findGoodsTypes(ctx.db, { activeOnly: false })).map((r) => toAdminType(r, locale));
}

/** Refuses a parent that does not exist or that sits below the type itself (a loop). */
async function assertParentAllowed(db: Db, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const types = await findGoodsTypes(db, { activeOnly: false });
  const byId = new Map(types.map((t) => [Number(t.id), t]));
  if (!byId.has(parentId)) fail('GOODS_TYPE_NOT_FOUND');
  for (let at: number | null = parentId, hops = 0; at !== null && hops <= types.length; hops += 1) {
    if (at === id) fail('GOODS_TYPE_CYCLE');
    const p: GoodsTypeRow | undefined = byId.get(at);
    at = p?.parent_id === null || p === undefined ? null : Number(p.parent_id);
  }
}

export const addGoodsType = (ctx: AppContext, adminId: number, input: z.infer<typeof adminGoodsTypeInput>) =>
  edit(ctx, adminId, async (trx) => {
    await assertParentAllowed(trx, null, input.parentId);
    const at = Date.now();
    return {
      id: await insertGoodsType(trx, {
        parent_id: input.parentId,
        texts: JSON.stringify(input.texts),
        icon: input.icon,
        order_num: input.orderNum,
        status: input.status,
        created_at: at,
        updated_at: at,
      }),
    };
  });

export const changeGoodsType = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminGoodsTypeUpdateRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    if (!(await findGoodsType(trx, input.id))) fail('GOODS_TYPE_NOT_FOUND');
    if (input.parentId !== undefined) await assertParentAllowed(trx, input.id, input.parentId);
    await updateGoodsType(trx, input.id, {
      parent_id: input.parentId,
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      icon: input.icon,
      order_num: input.orderNum,
      status: input.status,
      updated_at: Date.now(),
    });
    return { id: input.id };
  });

/** Deletes types that nothing hangs on; GOODS_TYPE_IN_USE while sub-types or goods remain. */
export const removeGoodsTypes = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => {
    let count = 0;
    for (const id of uniq(ids)) {
      if (!(await findGoodsType(trx, id))) continue;
      if (await goodsTypeInUse(trx, id)) fail('GOODS_TYPE_IN_USE');
      await deleteGoodsType(trx, id);
      count += 1;
    }
    return { count };
  });

// ---------------------------------------------------------------- sale types

const toAdminSaleType = (r: SaleTypeRow, locale: Locale): z.infer<typeof adminSaleType> => ({
  ...toSaleType(r, locale),
  texts: parseTexts(r.texts) as Record<string, { name: string; description?: string }>,
});
export async function adminSaleTypeList(ctx: AppContext, locale: Locale) {
  return (await findSaleTypes(ctx.db)).map((r) => toAdminSaleType(r, locale));
}

async function assertSaleTypeCodeFree(db: Db, code: string, id: number | null) {
  const other = await findSaleTypeByCode(db, code);
  if (other && Number(other.id) !== id) fail('SALE_TYPE_CODE_TAKEN');
}

/** Creates a sale type (demo seed and operators). */
export async function createSaleType(db: Db, input: z.infer<typeof adminSaleTypeInput>, at = Date.now()) {
  await assertSaleTypeCodeFree(db, input.code, null);
  return insertSaleType(db, {
    code: input.code,
    texts: JSON.stringify(input.texts),
    goods_type: input.goodsType,
    can_mix_order: input.canMixOrder,
    order_num: input.orderNum,
    created_at: at,
    updated_at: at,
  });
}
export const addSaleType = (ctx: AppContext, adminId: number, input: z.infer<typeof adminSaleTypeInput>) =>
  edit(ctx, adminId, async (trx) => ({ id: await createSaleType(trx, input) }));

/** Changes a sale type; a new kind (goodsType) carries over to its goods so the two never disagree. */
export const changeSaleType = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminSaleTypeUpdateRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    if (!(await findSaleType(trx, input.id))) fail('SALE_TYPE_NOT_FOUND');
    if (input.code !== undefined) await assertSaleTypeCodeFree(trx, input.code, input.id);
    const at = Date.now();
    await updateSaleType(trx, input.id, {
      code: input.code,
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      goods_type: input.goodsType,
      can_mix_order: input.canMixOrder,
      order_num: input.orderNum,
      updated_at: at,
    });
    if (input.goodsType !== undefined)
      await trx
        .updateTable('goods')
        .set({ goods_type: input.goodsType, updated_at: at })
        .where('sale_type_id', '=', input.id)
        .execute();
    return { id: input.id };
  });

export const removeSaleTypes = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => {
    let count = 0;
    for (const id of uniq(ids)) {
      if (!(await findSaleType(trx, id))) continue;
      if (await saleTypeInUse(trx, id)) fail('SALE_TYPE_IN_USE');
      await deleteSaleType(trx, id);
      count += 1;
    }
    return { count };
  });

// ---------------------------------------------------------------- banners

const toAdminBanner = (r: BannerRow, locale: Locale): z.infer<typeof adminBanner> => ({
  ...toBanner(r, locale),
  texts: parseTexts(r.texts) as Record<string, { title: string }>,
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
  status: flag01(r.status),
});
export async function adminBannerList(ctx: AppContext, locale: Locale) {
  return (await findBanners(ctx.db)).map((r) => toAdminBanner(r, locale));
}

/** A link must say where it goes: a goods or type id, an app route, or an https URL. */
function assertBannerLink(linkType: BannerRow['link_type'], linkValue: string | null) {
  const ok =
    linkType === 'none' ||
    (linkValue !== null &&
      ((linkType === 'goods' || linkType === 'type') && /^[1-9]\d{0,15}$/.test(linkValue)
        ? true
        : linkType === 'page'
          ? /^\/[A-Za-z0-9/_?=&.-]*$/.test(linkValue)
          : linkType === 'url' && /^https:\/\/[^\s"'<>]+$/.test(linkValue)));
  if (!ok) throw new FieldRuleError('linkValue', 'bannerLink');
}

export async function createBanner(db: Db, input: z.infer<typeof adminBannerInput>, at = Date.now()) {
  assertBannerLink(input.linkType, input.linkValue);
  return insertBanner(db, {
    texts: JSON.stringify(input.texts),
    picture: input.picture,
    link_type: input.linkType,
    link_value: input.linkType === 'none' ? null : input.linkValue,
    position: input.position,
    order_num: input.orderNum,
    starts_at: msOf(input.startsAt),
    ends_at: msOf(input.endsAt),
    status: input.status,
    created_at: at,
    updated_at: at,
  });
}
export const addBanner = (ctx: AppContext, adminId: number, input: z.infer<typeof adminBannerInput>) =>
  edit(ctx, adminId, async (trx) => ({ id: await createBanner(trx, input) }));

export const changeBanner = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminBannerUpdateRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    const row = (await findBanner(trx, input.id)) ?? fail('BANNER_NOT_FOUND');
    const linkType = input.linkType ?? row.link_type;
    const linkValue = input.linkValue === undefined ? row.link_value : input.linkValue;
    assertBannerLink(linkType, linkValue);
    const startsAt = input.startsAt === undefined ? row.starts_at : msOf(input.startsAt);
    const endsAt = input.endsAt === undefined ? row.ends_at : msOf(input.endsAt);
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
      throw new FieldRuleError('endsAt', 'endsAfterStart');
    await updateBanner(trx, input.id, {
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      picture: input.picture,
      link_type: linkType,
      link_value: linkType === 'none' ? null : linkValue,
      position: input.position,
      order_num: input.orderNum,
      starts_at: startsAt,
      ends_at: endsAt,
      status: input.status,
      updated_at: Date.now(),
    });
    return { id: input.id };
  });

export const removeBanners = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => ({
    count: Number((await deleteBanners(trx, uniq(ids))).numDeletedRows),
  }));

// ---------------------------------------------------------------- keywords

const toAdminKeyword = (r: KeywordRow, locale: Locale): z.infer<typeof adminKeyword> => ({
  ...toKeyword(r, locale),
  texts: parseTexts(r.texts) as Record<string, { keyword: string }>,
  status: flag01(r.status),
});
export async function adminKeywordList(ctx: AppContext, locale: Locale) {
  return (await findKeywords(ctx.db, { activeOnly: false })).map((r) => toAdminKeyword(r, locale));
}
export async function createKeyword(db: Db, input: z.infer<typeof adminKeywordInput>, at = Date.now()) {
  return insertKeyword(db, {
    texts: JSON.stringify(input.texts),
    order_num: input.orderNum,
    status: input.status,
    created_at: at,
    updated_at: at,
  });
}
export const addKeyword = (ctx: AppContext, adminId: number, input: z.infer<typeof adminKeywordInput>) =>
  edit(ctx, adminId, async (trx) => ({ id: await createKeyword(trx, input) }));
export const changeKeyword = (
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminKeywordUpdateRequest>,
) =>
  edit(ctx, adminId, async (trx) => {
    if (!(await findKeyword(trx, input.id))) fail('KEYWORD_NOT_FOUND');
    await updateKeyword(trx, input.id, {
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      order_num: input.orderNum,
      status: input.status,
      updated_at: Date.now(),
    });
    return { id: input.id };
  });
export const removeKeywords = (ctx: AppContext, adminId: number, ids: number[]) =>
  edit(ctx, adminId, async (trx) => ({
    count: Number((await deleteKeywords(trx, uniq(ids))).numDeletedRows),
  }));

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
