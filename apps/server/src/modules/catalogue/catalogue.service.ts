import type { z } from 'zod';
import type {
  Banner,
  DescriptionBlock,
  DestinationOffer,
  GoodsCard,
  GoodsDetail,
  GoodsListRequest,
  GoodsPageRequest,
  GoodsSpec,
  GoodsTypeNode,
  HomeFeed,
  Locale,
  PayWayCode,
  SaleTypeInfo,
  SearchKeyword,
  destinationListRequest,
} from '@simshop/contracts';
import { planNetworks } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { catalogueCache, goodsTag } from './catalogue.cache';
import type { CachedAnswer } from '../../platform/answer-cache';
import { coveredCountries, coveringCodes, describeDestination } from './catalogue.destinations';
import {
  destinationStats,
  findActiveBanners,
  findGoods,
  findGoodsType,
  findGoodsTypes,
  findKeyword,
  findKeywords,
  countKeywords,
  findSaleType,
  findSaleTypeByCode,
  findSaleTypes,
  findSpec,
  findSpecs,
  nextBannerChange,
  queryGoods,
  type BannerRow,
  type GoodsCardRow,
  type GoodsQuery,
  type GoodsRow,
  type GoodsTypeRow,
  type KeywordRow,
  type SaleTypeRow,
  type SpecRow,
} from './catalogue.repository';
import { flag01, parseList, parseTexts, pickField } from '../../platform/columns';
import { planSpecName, searchTerms } from './catalogue.text';

export type GoodsText = { title: string; subtitle?: string; description?: DescriptionBlock[] };
export type SpecText = { name: string };
export type TypeText = { name: string };
export type SaleTypeText = { name: string; description?: string };
export type BannerText = { title: string };
export type KeywordText = { keyword: string };

// ---------------------------------------------------------------- caching

/**
 * The serialised envelope of a catalogue read (UTF-8 JSON), from the cache when fresh. `schema` is the
 * route's data schema: the answer is checked and stripped by it once, when built, since the kept bytes skip
 * the serializer.
 */
export function cachedRead<S extends z.ZodTypeAny>(
  ctx: AppContext,
  key: {
    route: string;
    locale: Locale;
    input?: unknown;
    /** Tags of what it shows, or how to tell them from its data (e.g. the goods on a buyer's cart). */
    tags?: string[] | ((data: z.output<S>) => string[]);
  },
  schema: S,
  load: () => Promise<z.input<S> | { data: z.input<S>; ttlMs: number | undefined; wrapped: true }>,
): Promise<CachedAnswer> {
  const cacheKey = `${key.route}\n${key.locale}\n${key.input === undefined ? '' : JSON.stringify(key.input)}`;
  return catalogueCache(ctx).read<z.output<S>>(cacheKey, key.tags ?? [], async () => {
    const out = await load();
    const wrapped = out && typeof out === 'object' && (out as { wrapped?: unknown }).wrapped === true;
    const data = wrapped ? (out as { data: unknown }).data : out;
    return { data: schema.parse(data), ttlMs: wrapped ? (out as { ttlMs?: number }).ttlMs : undefined };
  });
}
/** A read whose answer changes by itself at a known time (banner windows): kept no longer than that. */
const expiring = <T>(data: T, until: number | null) => ({
  data,
  ttlMs: until === null ? undefined : Math.max(0, until - Date.now()),
  wrapped: true as const,
});

// ---------------------------------------------------------------- shaping

export function specName(
  s: Pick<SpecRow, 'texts' | 'data_mb' | 'allowance' | 'validity_days'>,
  locale: Locale,
) {
  return pickField(parseTexts<SpecText>(s.texts), locale, 'name') ?? planSpecName(locale, s);
}

export function toSpec(s: SpecRow, locale: Locale, currency: string): GoodsSpec {
  const stock = Math.max(0, Number(s.stock));
  return {
    id: Number(s.id),
    goodsId: Number(s.goods_id),
    name: specName(s, locale),
    dataMb: s.data_mb === null ? null : Number(s.data_mb),
    allowance: s.allowance,
    validityDays: s.validity_days === null ? null : Number(s.validity_days),
    price: Number(s.price),
    originalPrice: s.original_price === null ? null : Number(s.original_price),
    currency,
    stock,
    soldOut: stock === 0,
    picture: s.picture,
    noFreight: flag01(s.no_freight),
    orderNum: Number(s.order_num),
    speed: s.speed === '4G' || s.speed === '5G' ? s.speed : null,
    hotspot: s.hotspot === null ? null : Number(s.hotspot) === 1,
    highSpeedMbPerDay: s.high_speed_mb_per_day === null ? null : Number(s.high_speed_mb_per_day),
    throttleKbps: s.throttle_kbps === null ? null : Number(s.throttle_kbps),
  };
}

/** The goods' networks column ({ JP: ['Docomo'] }); anything unreadable counts as "not said". */
function parseNetworks(raw: string | null): Record<string, string[]> {
  if (!raw) return {};
  try {
    const parsed = planNetworks.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export const ratingOf = (count: number, sum: number) => ({
  average: Number(count) > 0 ? Math.round((Number(sum) / Number(count)) * 10) / 10 : 0,
  count: Number(count),
});

type CardSource = Pick<
  GoodsRow,
  | 'id'
  | 'type_id'
  | 'sale_type_id'
  | 'goods_type'
  | 'texts'
  | 'pictures'
  | 'destinations'
  | 'min_price'
  | 'sales'
  | 'comment_count'
  | 'rating_sum'
  | 'need_fill_card'
  | 'support_point_discount'
> & { in_stock: number | null; cheapest_original_price: number | null };

export function toCard(r: CardSource, locale: Locale, currency: string): GoodsCard {
  const texts = parseTexts<GoodsText>(r.texts);
  const pictures = parseList(r.pictures);
  return {
    id: Number(r.id),
    typeId: Number(r.type_id),
    saleTypeId: Number(r.sale_type_id),
    goodsType: flag01(r.goods_type),
    title: pickField(texts, locale, 'title') ?? '',
    subtitle: pickField(texts, locale, 'subtitle') ?? null,
    mainPic: pictures[0] ?? null,
    minPrice: r.min_price === null ? null : Number(r.min_price),
    originalPrice: r.cheapest_original_price === null ? null : Number(r.cheapest_original_price),
    currency,
    sales: Number(r.sales),
    destinations: parseList(r.destinations),
    rating: ratingOf(r.comment_count, r.rating_sum),
    soldOut: Number(r.in_stock) !== 1,
    needFillCard: flag01(r.need_fill_card),
    supportPointDiscount: flag01(r.support_point_discount),
  };
}

const cardsOf = (ctx: AppContext, rows: GoodsCardRow[], locale: Locale) =>
  rows.map((r) => toCard(r, locale, ctx.config.currency));

export function toSaleType(r: SaleTypeRow, locale: Locale): SaleTypeInfo {
  const texts = parseTexts<SaleTypeText>(r.texts);
  return {
    id: Number(r.id),
    code: r.code,
    name: pickField(texts, locale, 'name') ?? r.code,
    description: pickField(texts, locale, 'description') ?? null,
    goodsType: flag01(r.goods_type),
    canMixOrder: flag01(r.can_mix_order),
    orderNum: Number(r.order_num),
  };
}

export const typeName = (r: Pick<GoodsTypeRow, 'texts' | 'id'>, locale: Locale) =>
  pickField(parseTexts<TypeText>(r.texts), locale, 'name') ?? `#${r.id}`;

const toTypeNode = (r: GoodsTypeRow, locale: Locale): GoodsTypeNode => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  name: typeName(r, locale),
  icon: r.icon,
  orderNum: Number(r.order_num),
});

/** The ids of a type and of every type below it (a cycle in bad data cannot loop forever). */
export function typeWithDescendants(
  types: Pick<GoodsTypeRow, 'id' | 'parent_id'>[],
  rootId: number,
): number[] {
  const children = new Map<number, number[]>();
  for (const t of types)
    if (t.parent_id !== null)
      children.set(Number(t.parent_id), [...(children.get(Number(t.parent_id)) ?? []), Number(t.id)]);
  if (!types.some((t) => Number(t.id) === rootId)) return [];
  const out = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      queue.push(c);
    }
  }
  return [...out];
}

/** Nests types under their parents (keeping order); a type whose parent is hidden or missing is left out. */
function typeTree(rows: GoodsTypeRow[], locale: Locale, rootId: number | null): GoodsTypeNode[] {
  const nodes = new Map(rows.map((r) => [Number(r.id), toTypeNode(r, locale)]));
  const roots: GoodsTypeNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === rootId) roots.push(node);
    else if (node.parentId !== null) {
      const parent = nodes.get(node.parentId);
      if (parent) (parent.children ??= []).push(node);
    }
  }
  return roots;
}
const flatten = (nodes: GoodsTypeNode[]): GoodsTypeNode[] =>
  nodes.flatMap(({ children, ...n }) => [n, ...flatten(children ?? [])]);

// ---------------------------------------------------------------- goods types

/** The visible category tree (or one branch of it), named in the reader's language. */
export async function listGoodsTypes(
  ctx: AppContext,
  locale: Locale,
  req: { parentId?: number; flat?: boolean } = {},
): Promise<GoodsTypeNode[]> {
  const rows = await findGoodsTypes(ctx.reads, { activeOnly: true });
  const tree = typeTree(rows, locale, req.parentId ?? null);
  return req.flat ? flatten(tree) : tree;
}

// ---------------------------------------------------------------- goods

async function toQuery(
  ctx: AppContext,
  r: Omit<GoodsListRequest, 'limit'> | GoodsPageRequest,
): Promise<GoodsQuery> {
  const q: GoodsQuery = {
    saleTypeId: r.saleTypeId,
    goodsType: r.goodsType,
    terms: searchTerms(r.keyWord),
    minPrice: r.minPrice,
    maxPrice: r.maxPrice,
    order: r.order,
    sort: r.sort,
  };
  if (r.typeId !== undefined)
    q.typeIds = typeWithDescendants(await findGoodsTypes(ctx.reads, { activeOnly: true }), r.typeId);
  if (r.destination) q.destination = { exact: r.destination, covering: coveringCodes(r.destination) };
  return q;
}

/** One page of on-sale goods for the filters and sort asked; with a keyword, title matches come first. */
export async function goodsPage(ctx: AppContext, req: GoodsPageRequest, locale: Locale) {
  const { total, rows } = await queryGoods(ctx.reads, await toQuery(ctx, req), {
    limit: req.size,
    offset: (req.page - 1) * req.size,
    count: true,
  });
  return { list: cardsOf(ctx, rows, locale), pagination: { page: req.page, size: req.size, total } };
}

/** On-sale goods cards without paging: the ids given (in that order) or the first `limit` matching the filters. */
export async function goodsList(
  ctx: AppContext,
  req: GoodsListRequest,
  locale: Locale,
): Promise<GoodsCard[]> {
  const q = await toQuery(ctx, req);
  if (req.ids) q.ids = req.ids;
  const { rows } = await queryGoods(ctx.reads, q, {
    limit: req.ids ? req.ids.length : req.limit,
    offset: 0,
    count: false,
  });
  const cards = cardsOf(ctx, rows, locale);
  if (!req.ids) return cards;
  const byId = new Map(cards.map((c) => [c.id, c]));
  return [...new Set(req.ids)].map((id) => byId.get(id)).filter((c): c is GoodsCard => !!c);
}

/** Throws unless the goods can be shown to shoppers: GOODS_NOT_FOUND when gone, GOODS_OFF_SALE when off sale. */
export function assertGoodsOnSale<G extends Pick<GoodsRow, 'on_sale' | 'min_price'>>(
  row: G | undefined,
): asserts row is G {
  if (!row) fail('GOODS_NOT_FOUND');
  else if (Number(row.on_sale) !== 1 || row.min_price === null) fail('GOODS_OFF_SALE');
}

async function visibleGoods(ctx: AppContext, id: number) {
  const row = await findGoods(ctx.reads, id);
  assertGoodsOnSale(row);
  return row;
}

/** Everything the detail page shows of an on-sale goods, in the reader's language. */
export async function goodsDetail(ctx: AppContext, id: number, locale: Locale): Promise<GoodsDetail> {
  const row = await visibleGoods(ctx, id);
  const [specs, type, saleType] = await Promise.all([
    findSpecs(ctx.reads, [id]),
    findGoodsType(ctx.reads, row.type_id),
    findSaleType(ctx.reads, row.sale_type_id),
  ]);
  if (!saleType) return fail('SALE_TYPE_NOT_FOUND');
  const cheapest = [...specs].sort(
    (a, b) => Number(a.price) - Number(b.price) || Number(a.id) - Number(b.id),
  )[0];
  const card = toCard(
    {
      ...row,
      in_stock: specs.some((s) => Number(s.stock) > 0) ? 1 : 0,
      cheapest_original_price: cheapest?.original_price ?? null,
    },
    locale,
    ctx.config.currency,
  );
  const texts = parseTexts<GoodsText>(row.texts);
  return {
    ...card,
    pictures: parseList(row.pictures),
    video: row.video,
    description: pickField(texts, locale, 'description') ?? [],
    payWays: parseList(row.pay_ways) as PayWayCode[],
    freight: Number(row.freight),
    coverage: card.destinations.map((code) => describeDestination(code, locale)),
    coverageCountries: coveredCountries(card.destinations, parseNetworks(row.networks), locale),
    activation: row.activation,
    type: { id: Number(row.type_id), name: type ? typeName(type, locale) : '' },
    saleType: toSaleType(saleType, locale),
    specs: specs.map((s) => toSpec(s, locale, ctx.config.currency)),
  };
}

// ---------------------------------------------------------------- specs

/** The enabled specs of an on-sale goods. */
export async function specList(ctx: AppContext, goodsId: number, locale: Locale): Promise<GoodsSpec[]> {
  await visibleGoods(ctx, goodsId);
  return (await findSpecs(ctx.reads, [goodsId])).map((s) => toSpec(s, locale, ctx.config.currency));
}

export async function specPage(
  ctx: AppContext,
  req: { goodsId: number; page: number; size: number },
  locale: Locale,
) {
  const all = await specList(ctx, req.goodsId, locale);
  const start = (req.page - 1) * req.size;
  return {
    list: all.slice(start, start + req.size),
    pagination: { page: req.page, size: req.size, total: all.length },
  };
}

/** One enabled spec of an on-sale goods. */
export async function specInfo(ctx: AppContext, id: number, locale: Locale): Promise<GoodsSpec> {
  const spec = await findSpec(ctx.reads, id);
  if (!spec || Number(spec.status) !== 1) return fail('SPEC_NOT_FOUND');
  await visibleGoods(ctx, spec.goods_id);
  return toSpec(spec, locale, ctx.config.currency);
}

// ---------------------------------------------------------------- sale types

export async function saleTypeList(ctx: AppContext, goodsType: number | undefined, locale: Locale) {
  return (await findSaleTypes(ctx.reads, goodsType)).map((r) => toSaleType(r, locale));
}
export async function saleTypeInfoById(ctx: AppContext, id: number, locale: Locale) {
  const row = (await findSaleType(ctx.reads, id)) ?? fail('SALE_TYPE_NOT_FOUND');
  return toSaleType(row, locale);
}
export async function saleTypeByCode(ctx: AppContext, code: string, locale: Locale) {
  const row = (await findSaleTypeByCode(ctx.reads, code.trim().toLowerCase())) ?? fail('SALE_TYPE_NOT_FOUND');
  return toSaleType(row, locale);
}

// ---------------------------------------------------------------- banners, keywords

export function toBanner(r: BannerRow, locale: Locale): Banner {
  return {
    id: Number(r.id),
    title: pickField(parseTexts<BannerText>(r.texts), locale, 'title') ?? '',
    picture: r.picture,
    linkType: r.link_type,
    linkValue: r.link_value,
    position: r.position,
    orderNum: Number(r.order_num),
  };
}

/** Banners showing now at a position, with the moment that list changes by itself (a window opening or closing). */
export async function activeBanners(ctx: AppContext, position: BannerRow['position'], locale: Locale) {
  const at = Date.now();
  const [rows, next] = await Promise.all([
    findActiveBanners(ctx.reads, position, at),
    nextBannerChange(ctx.reads, position, at),
  ]);
  return { banners: rows.map((r) => toBanner(r, locale)), changesAt: next };
}
export async function bannerList(ctx: AppContext, position: BannerRow['position'], locale: Locale) {
  const { banners, changesAt } = await activeBanners(ctx, position, locale);
  return expiring(banners, changesAt);
}

export const toKeyword = (r: KeywordRow, locale: Locale): SearchKeyword => ({
  id: Number(r.id),
  keyword: pickField(parseTexts<KeywordText>(r.texts), locale, 'keyword') ?? '',
  orderNum: Number(r.order_num),
});
export async function keywordList(ctx: AppContext, limit: number, locale: Locale) {
  return (await findKeywords(ctx.reads, { activeOnly: true, limit })).map((r) => toKeyword(r, locale));
}
export async function keywordPage(ctx: AppContext, req: { page: number; size: number }, locale: Locale) {
  const [total, rows] = await Promise.all([
    countKeywords(ctx.reads, { activeOnly: true }),
    findKeywords(ctx.reads, { activeOnly: true, limit: req.size, offset: (req.page - 1) * req.size }),
  ]);
  return {
    list: rows.map((r) => toKeyword(r, locale)),
    pagination: { page: req.page, size: req.size, total },
  };
}
export async function keywordInfo(ctx: AppContext, id: number, locale: Locale) {
  const row = await findKeyword(ctx.reads, id);
  if (!row || Number(row.status) !== 1) return fail('KEYWORD_NOT_FOUND');
  return toKeyword(row, locale);
}

// ---------------------------------------------------------------- destinations, home

/** Destinations that on-sale goods cover, most sold first, with how many goods and the lowest price. */
export async function destinationOffers(
  ctx: AppContext,
  req: z.infer<typeof destinationListRequest>,
  locale: Locale,
): Promise<DestinationOffer[]> {
  const stats = await destinationStats(ctx.reads);
  return stats
    .map((s) => ({ ...s, d: describeDestination(s.code, locale) }))
    .filter((s) => !req.kind || s.d.kind === req.kind)
    .sort((a, b) => b.sales - a.sales || b.goodsCount - a.goodsCount || a.code.localeCompare(b.code))
    .slice(0, req.limit ?? 300)
    .map((s) => ({ ...s.d, goodsCount: s.goodsCount, minPrice: s.minPrice, currency: ctx.config.currency }));
}

export const HOME_DESTINATIONS = 8;
export const HOME_RECOMMENDED = 10;
export const HOME_KEYWORDS = 10;

/** The home page in one answer: banners, category shortcuts, popular destinations, recommended goods, hot keywords. */
export async function homeFeed(ctx: AppContext, locale: Locale) {
  const [banners, types, destinations, recommended, hotKeywords] = await Promise.all([
    activeBanners(ctx, 'home', locale),
    listGoodsTypes(ctx, locale),
    destinationOffers(ctx, { kind: 'country', limit: HOME_DESTINATIONS }, locale),
    goodsList(ctx, { order: 'default', limit: HOME_RECOMMENDED }, locale),
    keywordList(ctx, HOME_KEYWORDS, locale),
  ]);
  const feed: HomeFeed = {
    banners: banners.banners,
    categories: types.map(({ children: _children, ...t }) => t),
    destinations,
    recommended,
    hotKeywords,
  };
  return expiring(feed, banners.changesAt);
}

export { goodsTag };

/** Drops the cached pages of these goods (after a commit that changed what they show). */
export function refreshGoods(ctx: AppContext, goodsIds: number[]) {
  for (const id of new Set(goodsIds)) catalogueCache(ctx).invalidate([goodsTag(id)]);
}
