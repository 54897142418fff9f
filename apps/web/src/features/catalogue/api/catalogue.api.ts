import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { GOODS_PAGE_SIZE, type Banner } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { nextPageOf } from '../../../lib/api/paging';
import type { GoodsQueryParams } from '../model/goods-filters';

/** Items per page of goods (shared with the server, which writes the first page into the page) and reviews. */
export { GOODS_PAGE_SIZE };
export const COMMENT_PAGE_SIZE = 10;

// Catalogue texts come back in the caller's language: the language is part of every key.
const key = (lang: string, ...rest: unknown[]) => ['catalogue', lang, ...rest] as const;
const CATALOGUE_STALE_MS = 60_000;

/** Everything the home page shows: banners, category shortcuts, popular destinations, recommended goods. */
export const homeFeedQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'home'),
    queryFn: ({ signal }) => api.get('app/goods/home', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** The goods type tree (categories), top level first, each with its children. */
export const goodsTypesQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'types'),
    queryFn: ({ signal }) => api.post('app/goods/type/list', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Destinations the shop sells plans for, with the lowest price (the goods list's destination filter). */
export const destinationsQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'destinations'),
    queryFn: ({ signal }) => api.get('app/goods/destinations', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Hot search keywords set by operators. */
export const hotKeywordsQuery = (lang: string) =>
  queryOptions({
    queryKey: key(lang, 'keywords'),
    queryFn: ({ signal }) => api.post('app/goods/searchKeyword/list', { body: { limit: 10 }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export const bannersQuery = (lang: string, position: Banner['position']) =>
  queryOptions({
    queryKey: key(lang, 'banners', position),
    queryFn: ({ signal }) => api.post('app/market/banner/list', { body: { position }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Goods pages for a filter, sort and keyword, one page at a time (infinite scroll). */
export const goodsPageQuery = (lang: string, params: GoodsQueryParams, size = GOODS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: key(lang, 'goods', 'page', params, size),
    queryFn: ({ pageParam, signal }) =>
      api.post('app/goods/info/page', { body: { ...params, page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: CATALOGUE_STALE_MS,
  });

export const goodsDetailQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: key(lang, 'goods', 'info', id),
    queryFn: ({ signal }) => api.get('app/goods/info/info', { query: { id }, signal }),
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
      api.post('app/goods/comment/page', { body: { goodsId, ...filter, page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: CATALOGUE_STALE_MS,
  });

/** Average rating, count, count with pictures and count per rating of a goods. */
export const commentSummaryQuery = (lang: string, goodsId: number) =>
  queryOptions({
    queryKey: key(lang, 'comments', goodsId, 'summary'),
    queryFn: ({ signal }) => api.get('app/goods/comment/summary', { query: { goodsId }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** "Does my phone support eSIM?": the device models the shop keeps, by brand, filtered by a key word. */
export const esimDevicesQuery = (keyWord: string) =>
  queryOptions({
    queryKey: ['catalogue', 'esimDevices', keyWord] as const,
    queryFn: ({ signal }) =>
      api.get('app/goods/esimDevice/list', { query: keyWord ? { keyWord } : {}, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
