import { z } from 'zod';
import { LOCALES } from './constants';
import { pageOf, pageRequest } from './envelope';
import { payWayCode } from './common';
import { switchFlag } from './user';

/**
 * Catalogue and discovery (issue 3): goods types (categories), goods with specs, sale types, banners,
 * hot search keywords, reviews, the stock log and the home feed. Every text is served in the caller's
 * `language` with fallback; money is integer minor units of `currency` (one per deployment, TWD by default).
 */

// ---------------------------------------------------------------- building blocks

/** goodsType of the spec: 1 virtual (eSIM, top-up), 0 physical (ships). */
export const GOODS_TYPE_PHYSICAL = 0;
export const GOODS_TYPE_VIRTUAL = 1;
export const goodsKind = z.union([z.literal(0), z.literal(1)]).describe('1 virtual, 0 physical');
export type GoodsKind = z.infer<typeof goodsKind>;

/** Region codes a plan can cover besides ISO 3166-1 alpha-2 countries. */
export const REGION_CODES = ['EU', 'ASIA', 'SEA', 'AMERICAS', 'GLOBAL'] as const;
export type RegionCode = (typeof REGION_CODES)[number];
/** A country (ISO 3166-1 alpha-2, e.g. JP) or a region code (EU, ASIA, SEA, AMERICAS, GLOBAL); any case accepted. */
export const destinationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2}|EU|ASIA|SEA|AMERICAS|GLOBAL)$/);

/**
 * The one bound of every amount the shop stores or charges (minor units): a price, an order line (price x
 * quantity), an order total. Writes check it before anything is written (cart add/update, checkout).
 */
export const AMOUNT_MAX = 1_000_000_000;
/** The one bound of the units of one spec, in a cart line and in an order line. */
export const QUANTITY_MAX = 999;
/** Whether an amount is within AMOUNT_MAX (and a safe, non-negative integer). */
export const withinAmountMax = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= AMOUNT_MAX;

export const minorAmount = z
  .number()
  .int()
  .min(0)
  .max(AMOUNT_MAX)
  .describe('integer minor units of `currency`');
/**
 * A sum shown but never charged (a cart line or the checked lines at today's prices, which an operator may
 * have raised since): safe by construction, QUANTITY_MAX x AMOUNT_MAX x CART_MAX_LINES < 2^53, so reading a
 * cart never fails; checkout refuses anything above AMOUNT_MAX.
 */
export const minorSum = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .describe('integer minor units of `currency` (display; checkout is bounded by AMOUNT_MAX)');
/** A quantity of one spec: 1..QUANTITY_MAX. */
export const lineQuantity = z.coerce.number().int().min(1).max(QUANTITY_MAX);
export const currencyCode = z.string().describe('ISO 4217, e.g. TWD');
export const entityId = z.coerce.number().int().positive();
/** ISO-8601 instant. */
export const isoTime = z.string();
/** A picture or video: a site path of ours (/static/..., /uploads/..., with an optional version query) or an https URL. */
export const assetUrl = z
  .string()
  .trim()
  .max(512)
  .regex(/^(\/(static|uploads)\/[A-Za-z0-9._/-]+(\?[A-Za-z0-9=&._-]{0,64})?|https:\/\/[^\s"'<>]+)$/);

export const PAGE_SIZE_MAX = 100;
/** Goods per page in the shop's lists (the app asks for pages of this size; the server writes the first one into the page). */
export const GOODS_PAGE_SIZE = 10;
export const GOODS_KEYWORD_MAX = 50;
export const PICTURES_MAX = 9;
export const COMMENT_TEXT_MAX = 500;

/** Rich description as safe blocks (no HTML): the web renders each block as its own element. */
export const descriptionBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('paragraph'), text: z.string().trim().min(1).max(4000) }),
  z.object({ type: z.literal('list'), items: z.array(z.string().trim().min(1).max(500)).min(1).max(50) }),
  z.object({ type: z.literal('image'), url: assetUrl, alt: z.string().trim().max(200).optional() }),
]);
export type DescriptionBlock = z.infer<typeof descriptionBlock>;

export const ratingSummary = z.object({
  average: z.number().describe('0 when there are no reviews; one decimal'),
  count: z.number().int(),
});

// ---------------------------------------------------------------- destinations

export const destination = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['country', 'region']),
  flag: z.string().describe('picture URL (a flag, or artwork for regions)'),
  countries: z
    .array(z.string())
    .describe('for a region: the countries it covers (empty for GLOBAL: everywhere)'),
});
export type Destination = z.infer<typeof destination>;
/** One country a plan covers, with the networks it uses there (empty: not said). */
export const coveredCountry = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  networks: z.array(z.string()),
});
export type CoveredCountry = z.infer<typeof coveredCountry>;
/** A destination with what the shop offers there: on-sale goods covering it and the lowest price. */
export const destinationOffer = destination.extend({
  goodsCount: z.number().int(),
  minPrice: minorAmount.nullable(),
  currency: currencyCode,
});
export type DestinationOffer = z.infer<typeof destinationOffer>;
export const destinationListRequest = z.object({
  kind: z.enum(['country', 'region']).optional(),
  limit: z.coerce.number().int().min(1).max(300).optional(),
});

// ---------------------------------------------------------------- goods types (categories)

export type GoodsTypeNode = {
  id: number;
  parentId: number | null;
  name: string;
  icon: string | null;
  orderNum: number;
  children?: GoodsTypeNode[];
};
export const goodsTypeNode: z.ZodType<GoodsTypeNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      icon: z.string().nullable(),
      orderNum: z.number().int(),
      children: z.array(goodsTypeNode).optional(),
    }),
  )
  .meta({ id: 'GoodsTypeNode' }); // recursive: named so OpenAPI can refer to it
/** `parentId`: only that branch; absent: the whole tree. `flat`: a list in tree order instead of nested children. */
export const goodsTypeListRequest = z.object({
  parentId: entityId.optional(),
  flat: z.boolean().optional(),
});
export const goodsTypeListResponse = z.array(goodsTypeNode);

// ---------------------------------------------------------------- sale types

export const saleTypeInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  goodsType: goodsKind,
  canMixOrder: switchFlag.describe('1: goods of this sale type may share an order with other sale types'),
  orderNum: z.number().int(),
});
export type SaleTypeInfo = z.infer<typeof saleTypeInfo>;
export const saleTypeListRequest = z.object({ goodsType: goodsKind.optional() });
export const saleTypeListResponse = z.array(saleTypeInfo);
/** Looks a sale type up by its code (e.g. `esim`, `sim`, `topup`); `/info` looks it up by id. */
export const saleTypeByCodeQuery = z.object({ saleType: z.string().trim().min(1).max(32) });

// ---------------------------------------------------------------- specs

export const specAllowance = z.enum(['total', 'daily']).describe('data per whole validity, or per day');
export const networkSpeed = z.enum(['4G', '5G']);
export const planActivation = z
  .enum(['connect', 'purchase'])
  .describe("when a plan's validity starts: on its first connection, or at purchase");
/** Networks a plan uses, per country code (`{ JP: ['Docomo', 'SoftBank'] }`). */
export const planNetworks = z.record(
  z.string().regex(/^[A-Z]{2}$/),
  z.array(z.string().trim().min(1).max(40)).max(10),
);
export const goodsSpec = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  name: z.string(),
  dataMb: z
    .number()
    .int()
    .nullable()
    .describe('MB (per day when allowance is daily); null with an allowance: unlimited'),
  allowance: specAllowance.nullable().describe('null: not a data plan'),
  validityDays: z.number().int().nullable(),
  price: minorAmount,
  originalPrice: minorAmount.nullable(),
  currency: currencyCode,
  stock: z.number().int().describe('0 when sold out'),
  soldOut: z.boolean(),
  picture: z.string().nullable(),
  noFreight: switchFlag.describe('1: no shipping needed (e.g. collected at the airport)'),
  orderNum: z.number().int(),
  speed: networkSpeed.nullable().describe('null: not said'),
  hotspot: z.boolean().nullable().describe('tethering allowed; null: not said'),
  highSpeedMbPerDay: z
    .number()
    .int()
    .nullable()
    .describe('unlimited plans: MB a day at full speed before throttling; null: not said'),
  throttleKbps: z.number().int().nullable().describe('unlimited plans: the speed after that, in kbps'),
});
export type GoodsSpec = z.infer<typeof goodsSpec>;
export const specListRequest = z.object({ goodsId: entityId });
export const specPageRequest = pageRequest.extend({ goodsId: entityId });
export const specListResponse = z.array(goodsSpec);

// ---------------------------------------------------------------- goods

export const goodsOrder = z.enum(['default', 'price', 'sales', 'newest']);
export type GoodsOrder = z.infer<typeof goodsOrder>;

export const goodsCard = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  saleTypeId: z.number().int(),
  goodsType: goodsKind,
  title: z.string(),
  subtitle: z.string().nullable(),
  mainPic: z.string().nullable(),
  minPrice: minorAmount.nullable().describe('the cheapest available spec; null when the goods has none'),
  originalPrice: minorAmount.nullable().describe('the original price of that cheapest spec, when it has one'),
  currency: currencyCode,
  sales: z.number().int(),
  destinations: z.array(z.string()).describe('codes of the countries and regions covered'),
  rating: ratingSummary,
  soldOut: z.boolean().describe('every spec has stock 0'),
  needFillCard: switchFlag,
  supportPointDiscount: switchFlag,
});
export type GoodsCard = z.infer<typeof goodsCard>;

export const goodsDetail = goodsCard.extend({
  pictures: z.array(z.string()),
  video: z.string().nullable(),
  description: z.array(descriptionBlock),
  payWays: z.array(payWayCode),
  freight: minorAmount.describe('shipping fee of physical goods; 0 ships free'),
  coverage: z.array(destination).describe('the destinations covered, named in the caller language'),
  coverageCountries: z
    .array(coveredCountry)
    .describe('every country the goods covers (a region expanded), by name, with its networks'),
  activation: planActivation.nullable().describe('null: not a plan'),
  type: z.object({ id: z.number().int(), name: z.string() }),
  saleType: saleTypeInfo,
  specs: z.array(goodsSpec),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

const priceBound = z.coerce.number().int().min(0).max(1_000_000_000);
export const goodsFilter = z.object({
  typeId: entityId.optional().describe('a goods type; goods of its sub-types are included'),
  saleTypeId: entityId.optional(),
  goodsType: goodsKind.optional(),
  keyWord: z
    .string()
    .trim()
    .max(GOODS_KEYWORD_MAX)
    .optional()
    .describe('matched against titles, subtitles and destination names in every language'),
  destination: destinationCode
    .optional()
    .describe('a country or region; plans of regions covering it are included, exact ones first'),
  minPrice: priceBound.optional().describe('minor units: some spec costs at least this'),
  maxPrice: priceBound.optional().describe('minor units: some spec costs at most this'),
});
const priceRangeValid = (v: { minPrice?: number; maxPrice?: number }) =>
  v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice;
const priceRangeIssue = { path: ['maxPrice'], params: { rule: 'priceRange' } };

export const goodsPageRequest = pageRequest
  .extend({
    ...goodsFilter.shape,
    order: goodsOrder.default('default'),
    sort: z.enum(['asc', 'desc']).optional().describe('price: asc by default; sales and newest: desc'),
  })
  .refine(priceRangeValid, priceRangeIssue);
export type GoodsPageRequest = z.infer<typeof goodsPageRequest>;
export const goodsPageResponse = pageOf(goodsCard);

/** Unpaged goods cards: by `ids` (in the given order, off-sale ones left out) or by the same filters as /page. */
export const goodsListRequest = goodsFilter
  .extend({
    ids: z.array(entityId).min(1).max(PAGE_SIZE_MAX).optional(),
    order: goodsOrder.default('default'),
    sort: z.enum(['asc', 'desc']).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  })
  .refine(priceRangeValid, priceRangeIssue);
export type GoodsListRequest = z.infer<typeof goodsListRequest>;
export const goodsListResponse = z.array(goodsCard);
export const goodsInfoQuery = z.object({ id: entityId });

// ---------------------------------------------------------------- banners, keywords, home

export const bannerLinkType = z.enum(['none', 'goods', 'type', 'page', 'url']);
export const bannerPosition = z.enum(['home', 'category']);
export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  picture: z.string(),
  linkType: bannerLinkType.describe(
    'goods: linkValue is a goods id; type: a goods type id; page: an app route; url: https',
  ),
  linkValue: z.string().nullable(),
  position: bannerPosition,
  orderNum: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
export const bannerListRequest = z.object({ position: bannerPosition.default('home') });
export const bannerListResponse = z.array(banner);

export const searchKeyword = z.object({
  id: z.number().int(),
  keyword: z.string(),
  orderNum: z.number().int(),
});
export type SearchKeyword = z.infer<typeof searchKeyword>;
export const keywordListRequest = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const keywordListResponse = z.array(searchKeyword);
export const keywordPageRequest = pageRequest;

export const homeFeed = z.object({
  banners: z.array(banner),
  categories: z.array(goodsTypeNode).describe('top-level goods types, for the shortcuts row'),
  destinations: z.array(destinationOffer).describe('popular destinations (by sales), with the lowest price'),
  recommended: z.array(goodsCard),
  hotKeywords: z.array(searchKeyword),
});
export type HomeFeed = z.infer<typeof homeFeed>;

// ---------------------------------------------------------------- reviews

export const commentRating = z.coerce.number().int().min(1).max(5);
export const goodsComment = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  specId: z.number().int().nullable(),
  specName: z.string().nullable().describe('the spec bought, in the caller language'),
  rating: z.number().int(),
  content: z.string(),
  pictures: z.array(z.string()),
  anonymous: switchFlag,
  nickname: z.string().describe('masked when anonymous'),
  avatarUrl: z.string().nullable().describe('null when anonymous'),
  createdAt: isoTime,
  verified: z
    .boolean()
    .describe("a verified purchase: the reviewer's own paid order holds this goods (decided by the server)"),
});
export type GoodsComment = z.infer<typeof goodsComment>;
export const commentPageRequest = pageRequest.extend({
  goodsId: entityId.optional(),
  orderId: entityId.optional().describe("only the caller's own reviews of that order (needs a token)"),
  rating: commentRating.optional(),
  hasPictures: z.boolean().optional(),
});
export const commentPageResponse = pageOf(goodsComment);
export const commentSummaryQuery = z.object({ goodsId: entityId });
export const commentSummary = ratingSummary.extend({
  goodsId: z.number().int(),
  withPictures: z.number().int(),
  ratings: z
    .array(z.object({ rating: z.number().int(), count: z.number().int() }))
    .describe('five entries, rating 5 down to 1'),
});
export type CommentSummary = z.infer<typeof commentSummary>;
/** What the review submit call (orders issue) takes; the catalogue stores it with insertGoodsComment. */
export const commentSubmitRequest = z.object({
  orderId: entityId,
  specId: entityId,
  rating: commentRating,
  content: z.string().trim().max(COMMENT_TEXT_MAX).default(''),
  pictures: z.array(assetUrl).max(PICTURES_MAX).default([]),
  anonymous: switchFlag.default(0),
});

// ---------------------------------------------------------------- stock log

export const stockLogType = z.enum(['order', 'no_freight_goods', 'cancel', 'admin']);
export type StockLogType = z.infer<typeof stockLogType>;
/** Operator view of one stock change (auth: admin). */
export const stockLogEntry = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  specId: z.number().int(),
  goodsTitle: z.string(),
  specName: z.string(),
  type: stockLogType,
  change: z.number().int().describe('negative: taken out of stock'),
  stockAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  adminId: z.number().int().nullable(),
  remark: z.string().nullable(),
  createdAt: isoTime,
});
export type StockLogEntry = z.infer<typeof stockLogEntry>;
const stockLogFilter = z.object({
  goodsId: entityId.optional(),
  specId: entityId.optional(),
  type: stockLogType.optional(),
});
export const stockLogPageRequest = pageRequest.extend(stockLogFilter.shape);
export const stockLogListRequest = stockLogFilter.extend({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
export const stockLogPageResponse = pageOf(stockLogEntry);
/** Buyer-safe history: recent purchases of a goods (no stock levels, orders or people). */
export const stockHistoryQuery = z.object({
  goodsId: entityId,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const stockHistoryEntry = z.object({
  specId: z.number().int(),
  specName: z.string(),
  quantity: z.number().int(),
  at: isoTime.describe('to the minute'),
});
export const stockHistoryResponse = z.array(stockHistoryEntry);

export const catalogueLocale = z.enum(LOCALES);
/** Texts per language; at least one language. Readers get their language, else a fallback. */
export const localeTexts = <T extends z.ZodTypeAny>(text: T) =>
  z.partialRecord(catalogueLocale, text).refine((v) => Object.values(v).some(Boolean), {
    params: { rule: 'translationRequired' },
  });

// ---------------------------------------------------------------- eSIM device compatibility (issue 12)

export const esimDeviceListRequest = z.object({
  keyWord: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('matched against brand and model, any case; absent: every device'),
});
/** The device models known to support eSIM, by brand (brands in the shop's order, models likewise). */
export const esimDeviceBrand = z.object({ brand: z.string(), models: z.array(z.string()) });
export type EsimDeviceBrand = z.infer<typeof esimDeviceBrand>;
export const esimDeviceListResponse = z.array(esimDeviceBrand);
