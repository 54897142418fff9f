import {
  GOODS_PAGE_SIZE,
  destinationListRequest,
  destinationOffer,
  goodsDetail as goodsDetailSchema,
  goodsPageRequest,
  goodsPageResponse,
  goodsTypeListResponse,
  homeFeed as homeFeedSchema,
  shownType,
  type GoodsTypeNode,
  type Locale,
} from '@simshop/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { FirstScreen, FirstScreenCall } from '../../platform/static';
import type { CachedAnswer } from '../../platform/answer-cache';
import { AppError } from '../../platform/errors';
import { goodsTag } from './catalogue.cache';
import {
  cachedRead,
  destinationOffers,
  goodsDetail,
  goodsPage,
  homeFeed,
  listGoodsTypes,
} from './catalogue.service';

// The catalogue pages a visitor opens first (home, category, goods list, a plan's page) and what they ask for before they can
// draw anything: the same calls as the app makes (features/catalogue api), answered from the same cache as
// the API routes, so the page served and a later API call agree. The app uses an answer only when its own
// request is the same (language, call and input), so a guess that differs costs nothing but bytes.

const dataOf = (json: string) => (JSON.parse(json) as { data: unknown }).data;
/** A kept answer's JSON text, as the page embeds it. */
const textOf = async (answer: Promise<CachedAnswer>) => (await answer).body.toString();

/** A positive id from the query string, as the app reads it; undefined otherwise. */
function idParam(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null || !/^\d{1,15}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

async function typesCall(ctx: AppContext, locale: Locale): Promise<FirstScreenCall> {
  const json = await textOf(
    cachedRead(ctx, { route: 'type/list', locale, input: {} }, goodsTypeListResponse, () =>
      listGoodsTypes(ctx, locale, {}),
    ),
  );
  return { call: 'POST app/goods/type/list', input: null, json };
}

/**
 * The destinations on sale (`GET app/goods/destinations`) for this query, as the app asks for them (the trip
 * planner and the landing page list them): from the same cache as the API route.
 */
export async function destinationsCall(
  ctx: AppContext,
  locale: Locale,
  input: z.input<typeof destinationListRequest>,
): Promise<FirstScreenCall> {
  const query = destinationListRequest.parse(input);
  const json = await textOf(
    cachedRead(ctx, { route: 'goods/destinations', locale, input: query }, z.array(destinationOffer), () =>
      destinationOffers(ctx, query, locale),
    ),
  );
  return { call: 'GET app/goods/destinations', input, json };
}

/** The first page of goods for these filters (`POST app/goods/info/page`) and its first card's picture. */
async function firstGoodsPage(
  ctx: AppContext,
  locale: Locale,
  filters: { order: 'default'; typeId?: number },
): Promise<{ call: FirstScreenCall; image: string | null }> {
  const input = { ...filters, page: 1, size: GOODS_PAGE_SIZE };
  const body = goodsPageRequest.parse(input);
  const json = await textOf(
    cachedRead(ctx, { route: 'info/page', locale, input: body }, goodsPageResponse, () =>
      goodsPage(ctx, body, locale),
    ),
  );
  const page = dataOf(json) as { list: { mainPic: string | null }[] };
  return { call: { call: 'POST app/goods/info/page', input, json }, image: page.list[0]?.mainPic ?? null };
}

/** What a goods page shows first of its goods: the pictures of its gallery. */
const galleryOf = goodsDetailSchema.pick({ pictures: true, mainPic: true });

/**
 * A goods page (`GET app/goods/info/info`, the detail page's one call before it draws) and the first picture
 * of its gallery, its largest paint (issue 27: a plan's page waited for its code, then this call, then the
 * picture). Null when the goods is not shown (off sale, gone): the app says so itself.
 */
async function goodsDetailScreen(ctx: AppContext, locale: Locale, id: number): Promise<FirstScreen | null> {
  let json: string;
  try {
    json = await textOf(
      cachedRead(
        ctx,
        { route: 'info/info', locale, input: id, tags: [goodsTag(id)] },
        goodsDetailSchema,
        () => goodsDetail(ctx, id, locale),
      ),
    );
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const goods = galleryOf.parse(dataOf(json));
  return {
    calls: [{ call: 'GET app/goods/info/info', input: { id }, json }],
    // the gallery shows the pictures, or the main picture when there are none (goods-detail-view Media)
    image: goods.pictures[0] ?? goods.mainPic,
  };
}

/**
 * What the first screen of a catalogue page needs, with the picture of its largest paint: home (its feed; the
 * first banner), category (the type tree and the chosen type's first goods; the first card), the goods
 * list unfiltered or of one type (its first page; the first card) and a goods page (its detail; its first
 * picture). Null for any other page or filter.
 */
export async function catalogueFirstScreen(
  ctx: AppContext,
  page: string,
  query: URLSearchParams,
  locale: Locale,
): Promise<FirstScreen | null> {
  if (page === '/pages/index/home') {
    const json = await textOf(
      cachedRead(ctx, { route: 'goods/home', locale }, homeFeedSchema, () => homeFeed(ctx, locale)),
    );
    const feed = dataOf(json) as { banners: { picture: string | null }[] };
    return {
      calls: [{ call: 'GET app/goods/home', input: null, json }],
      image: feed.banners[0]?.picture ?? null,
    };
  }
  if (page === '/pages/index/category') {
    const types = await typesCall(ctx, locale);
    const tree = dataOf(types.json) as GoodsTypeNode[];
    const wanted = idParam(query, 'typeId');
    const selected = shownType(tree, wanted);
    if (!selected) return { calls: [types], image: null };
    const goods = await firstGoodsPage(ctx, locale, { order: 'default', typeId: selected.id });
    return { calls: [types, goods.call], image: goods.image };
  }
  if (page === '/pages/goods/list') {
    const typeId = idParam(query, 'typeId');
    // other filters (destination, price, keyword, sort) are left to the app: it reads them its own way
    if ([...query.keys()].some((k) => k !== 'typeId')) return null;
    if (query.has('typeId') && typeId === undefined) return null;
    const goods = await firstGoodsPage(
      ctx,
      locale,
      typeId === undefined ? { order: 'default' } : { order: 'default', typeId },
    );
    // with a type the list also names it (from the type tree)
    const calls = typeId === undefined ? [goods.call] : [await typesCall(ctx, locale), goods.call];
    return { calls, image: goods.image };
  }
  if (page === '/pages/goods/detail') {
    const id = idParam(query, 'id');
    return id === undefined ? null : goodsDetailScreen(ctx, locale, id);
  }
  return null;
}
