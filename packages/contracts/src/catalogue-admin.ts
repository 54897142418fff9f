import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { payWayCode } from './common';
import { switchFlag } from './user';
import {
  localeTexts,
  goodsKind,
  destinationCode,
  minorAmount,
  entityId,
  isoTime,
  assetUrl,
  PAGE_SIZE_MAX,
  GOODS_KEYWORD_MAX,
  PICTURES_MAX,
  descriptionBlock,
  ratingSummary,
  networkSpeed,
  planActivation,
  planNetworks,
  saleTypeInfo,
  specAllowance,
  goodsSpec,
  bannerLinkType,
  bannerPosition,
  banner,
  searchKeyword,
  commentRating,
  goodsComment,
} from './catalogue';

/** The catalogue's operator calls (admin/...): goods, specs, stock, types, sale types, banners, keywords, reviews. */

export const adminIdsRequest = z.object({ ids: z.array(entityId).min(1).max(PAGE_SIZE_MAX) });
export const adminIdResponse = z.object({ id: z.number().int() });
export const adminCountResponse = z.object({ count: z.number().int() });

const goodsText = z.object({
  title: z.string().trim().min(1).max(100),
  subtitle: z.string().trim().max(200).optional(),
  description: z.array(descriptionBlock).max(50).optional(),
});
const specText = z.object({ name: z.string().trim().min(1).max(100) });

export const adminSpecInput = z.object({
  texts: localeTexts(specText)
    .optional()
    .describe('absent: a name is made from data, allowance and validity'),
  dataMb: z.number().int().min(1).max(10_000_000).nullable().default(null),
  allowance: specAllowance.nullable().default(null),
  validityDays: z.number().int().min(1).max(3650).nullable().default(null),
  price: minorAmount,
  originalPrice: minorAmount.nullable().default(null),
  stock: z.number().int().min(0).max(10_000_000).default(0),
  picture: assetUrl.nullable().default(null),
  noFreight: switchFlag.default(0),
  sku: z.string().trim().min(1).max(64).nullable().default(null).describe('the plan partner commodity code'),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: switchFlag.default(1).describe('0 hides the spec'),
  speed: networkSpeed.nullable().default(null),
  hotspot: switchFlag.nullable().default(null).describe('1: tethering allowed; null: not said'),
  highSpeedMbPerDay: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .default(null)
    .describe('unlimited plans: MB a day at full speed; required to publish one'),
  throttleKbps: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .default(null)
    .describe('unlimited plans: the speed after the daily high-speed MB; required to publish one'),
});
const originalNotBelowPrice = (v: { price?: number; originalPrice?: number | null }) =>
  v.originalPrice === null ||
  v.originalPrice === undefined ||
  v.price === undefined ||
  v.originalPrice >= v.price;
const originalPriceIssue = { path: ['originalPrice'], params: { rule: 'originalPrice' } };

const goodsInput = z.object({
  typeId: entityId,
  saleTypeId: entityId,
  goodsType: goodsKind.optional().describe("absent: the sale type's; given, it must match it"),
  texts: localeTexts(goodsText),
  pictures: z.array(assetUrl).min(1).max(PICTURES_MAX),
  video: assetUrl.nullable().default(null),
  payWays: z.array(payWayCode).min(1).max(payWayCode.options.length),
  supportPointDiscount: switchFlag.default(0),
  needFillCard: switchFlag.default(0),
  destinations: z.array(destinationCode).max(100).default([]),
  freight: minorAmount.default(0),
  onSale: switchFlag.default(1),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  activation: planActivation.nullable().default(null),
  networks: planNetworks.nullable().default(null),
});
export const adminGoodsAddRequest = goodsInput.extend({
  specs: z.array(adminSpecInput.refine(originalNotBelowPrice, originalPriceIssue)).min(1).max(50),
});
/** Changes the fields given; specs are changed with the spec calls, stock with /stock. */
export const adminGoodsUpdateRequest = z.object({
  id: entityId,
  typeId: entityId.optional(),
  saleTypeId: entityId.optional(),
  goodsType: goodsKind.optional(),
  texts: localeTexts(goodsText).optional(),
  pictures: z.array(assetUrl).min(1).max(PICTURES_MAX).optional(),
  video: assetUrl.nullable().optional(),
  payWays: z.array(payWayCode).min(1).max(payWayCode.options.length).optional(),
  supportPointDiscount: switchFlag.optional(),
  needFillCard: switchFlag.optional(),
  destinations: z.array(destinationCode).max(100).optional(),
  freight: minorAmount.optional(),
  onSale: switchFlag.optional(),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  activation: planActivation.nullable().optional(),
  networks: planNetworks.nullable().optional(),
});
export const adminOnSaleRequest = adminIdsRequest.extend({ onSale: switchFlag });
export const adminGoodsPageRequest = pageRequest.extend({
  typeId: entityId.optional(),
  keyWord: z.string().trim().max(GOODS_KEYWORD_MAX).optional(),
  onSale: switchFlag.optional(),
});

export const adminSpec = goodsSpec.extend({
  texts: z.record(z.string(), specText),
  sku: z.string().nullable(),
  status: switchFlag,
});
export const adminGoodsRow = z.object({
  id: z.number().int(),
  title: z.string(),
  typeId: z.number().int(),
  saleTypeId: z.number().int(),
  goodsType: goodsKind,
  onSale: switchFlag,
  minPrice: minorAmount.nullable(),
  stock: z.number().int().describe('all specs together'),
  sales: z.number().int(),
  orderNum: z.number().int(),
  updatedAt: isoTime,
});
export const adminGoodsPageResponse = pageOf(adminGoodsRow);
export const adminGoodsInfo = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  saleTypeId: z.number().int(),
  goodsType: goodsKind,
  texts: z.record(z.string(), goodsText),
  pictures: z.array(z.string()),
  video: z.string().nullable(),
  payWays: z.array(payWayCode),
  supportPointDiscount: switchFlag,
  needFillCard: switchFlag,
  destinations: z.array(z.string()),
  freight: minorAmount,
  onSale: switchFlag,
  orderNum: z.number().int(),
  sales: z.number().int(),
  rating: ratingSummary,
  specs: z.array(adminSpec),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const adminSpecAddRequest = adminSpecInput
  .extend({ goodsId: entityId })
  .refine(originalNotBelowPrice, originalPriceIssue);
/** Stock is not changed here: use /admin/goods/stock/change, which logs it. */
export const adminSpecUpdateRequest = z
  .object({
    id: entityId,
    texts: localeTexts(specText).optional(),
    dataMb: z.number().int().min(1).max(10_000_000).nullable().optional(),
    allowance: specAllowance.nullable().optional(),
    validityDays: z.number().int().min(1).max(3650).nullable().optional(),
    price: minorAmount.optional(),
    originalPrice: minorAmount.nullable().optional(),
    picture: assetUrl.nullable().optional(),
    noFreight: switchFlag.optional(),
    sku: z.string().trim().min(1).max(64).nullable().optional(),
    orderNum: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    status: switchFlag.optional(),
    speed: networkSpeed.nullable().optional(),
    hotspot: switchFlag.nullable().optional(),
    highSpeedMbPerDay: z.number().int().min(1).max(1_000_000).nullable().optional(),
    throttleKbps: z.number().int().min(1).max(1_000_000).nullable().optional(),
  })
  .refine(originalNotBelowPrice, originalPriceIssue);

export const adminStockChangeRequest = z.object({
  specId: entityId,
  change: z
    .number()
    .int()
    .min(-10_000_000)
    .max(10_000_000)
    .refine((n) => n !== 0, { params: { rule: 'nonZero' } })
    .describe('added to the stock; negative takes out'),
  remark: z.string().trim().max(200).optional(),
});
export const adminStockChangeResponse = z.object({
  specId: z.number().int(),
  stock: z.number().int(),
  logId: z.number().int(),
});

const typeText = z.object({ name: z.string().trim().min(1).max(50) });
export const adminGoodsTypeInput = z.object({
  parentId: entityId.nullable().default(null),
  texts: localeTexts(typeText),
  icon: assetUrl.nullable().default(null),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: switchFlag.default(1),
});
export const adminGoodsTypeUpdateRequest = z.object({
  id: entityId,
  parentId: entityId.nullable().optional(),
  texts: localeTexts(typeText).optional(),
  icon: assetUrl.nullable().optional(),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: switchFlag.optional(),
});
export const adminGoodsType = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  texts: z.record(z.string(), typeText),
  icon: z.string().nullable(),
  orderNum: z.number().int(),
  status: switchFlag,
});
export const adminGoodsTypeListResponse = z.array(adminGoodsType);

const saleTypeText = z.object({
  name: z.string().trim().min(1).max(50),
  description: z.string().trim().max(200).optional(),
});
export const adminSaleTypeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,32}$/),
  texts: localeTexts(saleTypeText),
  goodsType: goodsKind,
  canMixOrder: switchFlag,
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export const adminSaleTypeUpdateRequest = z.object({
  id: entityId,
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .optional(),
  texts: localeTexts(saleTypeText).optional(),
  goodsType: goodsKind.optional(),
  canMixOrder: switchFlag.optional(),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
export const adminSaleType = saleTypeInfo.extend({ texts: z.record(z.string(), saleTypeText) });
export const adminSaleTypeListResponse = z.array(adminSaleType);

const bannerText = z.object({ title: z.string().trim().min(1).max(100) });
const bannerWindowValid = (v: { startsAt?: string | null; endsAt?: string | null }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt);
const bannerWindowIssue = { path: ['endsAt'], params: { rule: 'endsAfterStart' } };
const bannerFields = {
  texts: localeTexts(bannerText),
  picture: assetUrl,
  linkType: bannerLinkType,
  linkValue: z.string().trim().min(1).max(512).nullable(),
  position: bannerPosition,
  orderNum: z.number().int().min(-1_000_000).max(1_000_000),
  startsAt: z.iso.datetime({ offset: true }).nullable().describe('null: from now'),
  endsAt: z.iso.datetime({ offset: true }).nullable().describe('null: no end'),
  status: switchFlag,
};
export const adminBannerInput = z
  .object({
    ...bannerFields,
    linkType: bannerLinkType.default('none'),
    linkValue: bannerFields.linkValue.default(null),
    position: bannerFields.position.default('home'),
    orderNum: bannerFields.orderNum.default(0),
    startsAt: bannerFields.startsAt.default(null),
    endsAt: bannerFields.endsAt.default(null),
    status: bannerFields.status.default(1),
  })
  .refine(bannerWindowValid, bannerWindowIssue);
export const adminBannerUpdateRequest = z
  .object({
    id: entityId,
    texts: bannerFields.texts.optional(),
    picture: assetUrl.optional(),
    linkType: bannerLinkType.optional(),
    linkValue: bannerFields.linkValue.optional(),
    position: bannerPosition.optional(),
    orderNum: bannerFields.orderNum.optional(),
    startsAt: bannerFields.startsAt.optional(),
    endsAt: bannerFields.endsAt.optional(),
    status: switchFlag.optional(),
  })
  .refine(bannerWindowValid, bannerWindowIssue);
export const adminBanner = banner.extend({
  texts: z.record(z.string(), bannerText),
  startsAt: isoTime.nullable(),
  endsAt: isoTime.nullable(),
  status: switchFlag,
});
export const adminBannerListResponse = z.array(adminBanner);

const keywordText = z.object({ keyword: z.string().trim().min(1).max(GOODS_KEYWORD_MAX) });
export const adminKeywordInput = z.object({
  texts: localeTexts(keywordText),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: switchFlag.default(1),
});
export const adminKeywordUpdateRequest = z.object({
  id: entityId,
  texts: localeTexts(keywordText).optional(),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: switchFlag.optional(),
});
export const adminKeyword = searchKeyword.extend({
  texts: z.record(z.string(), keywordText),
  status: switchFlag,
});
export const adminKeywordListResponse = z.array(adminKeyword);

export const adminCommentPageRequest = pageRequest.extend({
  goodsId: entityId.optional(),
  rating: commentRating.optional(),
  status: switchFlag.optional(),
});
export const adminComment = goodsComment.extend({
  userId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  realNickname: z.string(),
  status: switchFlag.describe('0 hidden from shoppers'),
});
export const adminCommentPageResponse = pageOf(adminComment);
export const adminCommentStatusRequest = adminIdsRequest.extend({ status: switchFlag });
