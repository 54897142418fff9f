import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CART_QUANTITY,
  type Banner,
  type CartChangeResponse,
  type CommentSummary,
  type DestinationOffer,
  type GoodsCard,
  type GoodsComment,
  type GoodsDetail,
  type GoodsTypeNode,
  type HomeFeed,
  type SearchKeyword,
} from '@simshop/contracts';
import { request } from '../../../lib/request';
import type { GoodsQueryParams } from '../model/goods-filters';

/** The catalogue calls (issue 3), paths after `/api/`. */
export const CATALOGUE_URLS = {
  home: 'app/goods/home',
  types: 'app/goods/type/list',
  goodsPage: 'app/goods/info/page',
  goodsInfo: 'app/goods/info/info',
  keywords: 'app/goods/searchKeyword/list',
  banners: 'app/market/banner/list',
  destinations: 'app/goods/destinations',
  commentPage: 'app/goods/comment/page',
  commentSummary: 'app/goods/comment/summary',
  cartAdd: 'app/user/cart/add',
} as const;

/** Items per page of goods and reviews. */
export const GOODS_PAGE_SIZE = 10;
export const COMMENT_PAGE_SIZE = 10;

export type Paged<T> = { list: T[]; pagination: { page: number; size: number; total: number } };

/** The next page number, or undefined when the last page is loaded. */
export const nextPageOf = <T>(last: Paged<T>): number | undefined =>
  last.pagination.page * last.pagination.size < last.pagination.total && last.list.length > 0
    ? last.pagination.page + 1
    : undefined;

// Catalogue texts come back in the caller's language: the language is part of every key.
const key = (lang: string, ...rest: unknown[]) => ['catalogue', lang, ...rest] as const;
const CATALOGUE_STALE_MS = 60_000;

/** Everything the home page shows: banners, category shortcuts, popular destinations, recommended goods. */
export const homeFeedQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'home'),
    queryFn: ({ signal }) => request<HomeFeed>({ url: CATALOGUE_URLS.home, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** The goods type tree (categories), top level first, each with its children. */
export const goodsTypesQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'types'),
    queryFn: ({ signal }) =>
      request<GoodsTypeNode[]>({ url: CATALOGUE_URLS.types, method: 'POST', data: {}, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Destinations the shop sells plans for, with the lowest price (the goods list's destination filter). */
export const destinationsQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'destinations'),
    queryFn: ({ signal }) => request<DestinationOffer[]>({ url: CATALOGUE_URLS.destinations, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Hot search keywords set by operators. */
export const hotKeywordsQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'keywords'),
    queryFn: ({ signal }) =>
      request<SearchKeyword[]>({ url: CATALOGUE_URLS.keywords, method: 'POST', data: { limit: 10 }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export const bannersQuery = (lang: string, position: Banner['position']) =>
  queryOptions({
    queryKey: key(lang, 'banners', position),
    queryFn: ({ signal }) =>
      request<Banner[]>({ url: CATALOGUE_URLS.banners, method: 'POST', data: { position }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Goods pages for a filter, sort and keyword, one page at a time (infinite scroll). */
export const goodsPageQuery = (lang: string, params: GoodsQueryParams, size = GOODS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: key(lang, 'goods', 'page', params, size),
    queryFn: ({ pageParam, signal }) =>
      request<Paged<GoodsCard>>({
        url: CATALOGUE_URLS.goodsPage,
        method: 'POST',
        data: { ...params, page: pageParam, size },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: CATALOGUE_STALE_MS,
  });

export const goodsDetailQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: key(lang, 'goods', 'info', id),
    queryFn: ({ signal }) => request<GoodsDetail>({ url: CATALOGUE_URLS.goodsInfo, params: { id }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export type CommentFilter = { rating?: number; hasPictures?: boolean };

/** Reviews of a goods, newest first, paged; optionally only those with pictures or of one rating. */
export const commentPageQuery = (
  lang: string,
  goodsId: number,
  filter: CommentFilter = {},
  size = COMMENT_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: key(lang, 'comments', goodsId, filter, size),
    queryFn: ({ pageParam, signal }) =>
      request<Paged<GoodsComment>>({
        url: CATALOGUE_URLS.commentPage,
        method: 'POST',
        data: { goodsId, ...filter, page: pageParam, size },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: CATALOGUE_STALE_MS,
  });

/** Average rating, count, count with pictures and count per rating of a goods. */
export const commentSummaryQuery = (lang: string, goodsId: number) =>
  queryOptions({
    queryKey: key(lang, 'comments', goodsId, 'summary'),
    queryFn: ({ signal }) =>
      request<CommentSummary>({ url: CATALOGUE_URLS.commentSummary, params: { goodsId }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/**
 * Puts a spec in the cart (`POST app/user/cart/add`, one unit by default); the server caps the line at the stock
 * and says so in `notice`. Cart queries (key `['cart', ...]`) are marked stale afterwards.
 */
export const useAddToCart = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { specId: number; quantity?: number }) =>
      request<CartChangeResponse>({
        url: CATALOGUE_URLS.cartAdd,
        method: 'POST',
        data: { specId: input.specId, quantity: input.quantity ?? DEFAULT_CART_QUANTITY },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
};
