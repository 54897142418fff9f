import type { z } from 'zod';
import type {
  Locale,
  adminBanner,
  adminBannerInput,
  adminBannerUpdateRequest,
  adminGoodsType,
  adminGoodsTypeInput,
  adminGoodsTypeUpdateRequest,
  adminKeyword,
  adminKeywordInput,
  adminKeywordUpdateRequest,
  adminSaleType,
  adminSaleTypeInput,
  adminSaleTypeUpdateRequest,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { FieldRuleError, fail } from '../../platform/errors';
import { flag01, iso, parseTexts } from '../../platform/columns';
import { editableList, removeUnused } from './catalogue-admin.edit';
import {
  deleteBanners,
  deleteGoodsType,
  deleteKeywords,
  deleteSaleType,
  findBanner,
  findBanners,
  findGoodsType,
  findGoodsTypes,
  findKeyword,
  findKeywords,
  findSaleType,
  findSaleTypeByCode,
  findSaleTypes,
  goodsTypeInUse,
  insertBanner,
  insertGoodsType,
  insertKeyword,
  insertSaleType,
  saleTypeInUse,
  updateBanner,
  updateGoodsType,
  updateKeyword,
  updateSaleType,
  type BannerRow,
  type GoodsTypeRow,
  type KeywordRow,
  type SaleTypeRow,
} from './catalogue.repository';
import { toBanner, toKeyword, toSaleType, typeName } from './catalogue.service';

// The operator's lists beside the goods: goods types, sale types, banners and hot keywords. Each one's
// add/change/remove calls come from editableList.

const msOf = (isoTime: string | null) => (isoTime === null ? null : Date.parse(isoTime));

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

const goodsTypes = editableList({
  async create(trx, input: z.infer<typeof adminGoodsTypeInput>) {
    await assertParentAllowed(trx, null, input.parentId);
    const at = Date.now();
    return insertGoodsType(trx, {
      parent_id: input.parentId,
      texts: JSON.stringify(input.texts),
      icon: input.icon,
      order_num: input.orderNum,
      status: input.status,
      created_at: at,
      updated_at: at,
    });
  },
  find: findGoodsType,
  notFound: 'GOODS_TYPE_NOT_FOUND',
  async update(trx, input: z.infer<typeof adminGoodsTypeUpdateRequest>) {
    if (input.parentId !== undefined) await assertParentAllowed(trx, input.id, input.parentId);
    await updateGoodsType(trx, input.id, {
      parent_id: input.parentId,
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      icon: input.icon,
      order_num: input.orderNum,
      status: input.status,
      updated_at: Date.now(),
    });
  },
  // types that nothing hangs on; GOODS_TYPE_IN_USE while sub-types or goods remain
  remove: removeUnused(findGoodsType, goodsTypeInUse, 'GOODS_TYPE_IN_USE', deleteGoodsType),
});
export const addGoodsType = goodsTypes.add;
export const changeGoodsType = goodsTypes.change;
/** Deletes types that nothing hangs on; GOODS_TYPE_IN_USE while sub-types or goods remain. */
export const removeGoodsTypes = goodsTypes.remove;

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

const saleTypes = editableList({
  create: (trx, input: z.infer<typeof adminSaleTypeInput>) => createSaleType(trx, input),
  find: findSaleType,
  notFound: 'SALE_TYPE_NOT_FOUND',
  // a new kind (goodsType) carries over to the sale type's goods so the two never disagree
  async update(trx, input: z.infer<typeof adminSaleTypeUpdateRequest>) {
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
  },
  remove: removeUnused(findSaleType, saleTypeInUse, 'SALE_TYPE_IN_USE', deleteSaleType),
});
export const addSaleType = saleTypes.add;
/** Changes a sale type; a new kind (goodsType) carries over to its goods so the two never disagree. */
export const changeSaleType = saleTypes.change;
export const removeSaleTypes = saleTypes.remove;

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

const banners = editableList({
  create: (trx, input: z.infer<typeof adminBannerInput>) => createBanner(trx, input),
  find: findBanner,
  notFound: 'BANNER_NOT_FOUND',
  async update(trx, input: z.infer<typeof adminBannerUpdateRequest>, row) {
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
  },
  remove: async (trx, ids) => Number((await deleteBanners(trx, ids)).numDeletedRows),
});
export const addBanner = banners.add;
export const changeBanner = banners.change;
export const removeBanners = banners.remove;

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

const keywords = editableList({
  create: (trx, input: z.infer<typeof adminKeywordInput>) => createKeyword(trx, input),
  find: findKeyword,
  notFound: 'KEYWORD_NOT_FOUND',
  async update(trx, input: z.infer<typeof adminKeywordUpdateRequest>) {
    await updateKeyword(trx, input.id, {
      texts: input.texts ? JSON.stringify(input.texts) : undefined,
      order_num: input.orderNum,
      status: input.status,
      updated_at: Date.now(),
    });
  },
  remove: async (trx, ids) => Number((await deleteKeywords(trx, ids)).numDeletedRows),
});
export const addKeyword = keywords.add;
export const changeKeyword = keywords.change;
export const removeKeywords = keywords.remove;
