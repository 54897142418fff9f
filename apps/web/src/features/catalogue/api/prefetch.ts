import type { QueryClient } from '@tanstack/react-query';
import { shownType } from '@simshop/contracts';
import { seedFromFirstScreen } from '../../../lib/first-screen';
import { filtersFromSearch, toPageRequest, type GoodsQueryParams } from '../model/goods-filters';
import {
  GOODS_PAGE_SIZE,
  goodsDetailQuery,
  goodsPageQuery,
  goodsTypesQuery,
  homeFeedQuery,
} from './catalogue.api';

// What a catalogue page opened first (home, category, goods list, a goods page) needs from the server, asked for while the
// app is still loading its language instead of after its first render (issue 12: Lighthouse's largest
// paint waited for the page, then its data, then its first picture, one after the other). The pages call
// these from their `preload` export (app/router preloadFirstPage); a failure is left to the page itself.
// When the server wrote the answers into the page (lib/first-screen), they are taken from there: no call.

/** Asks for a picture now at high priority, as the page's first <img> will (same URL, so one download). */
function preloadPicture(src: string | null | undefined) {
  if (!src || typeof document === 'undefined') return;
  // the server may have asked for it already, in the page it served
  for (const l of document.head.querySelectorAll('link[rel="preload"]'))
    if (l.getAttribute('href') === src) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = src;
  document.head.append(link);
}

/** The goods type tree, from the page the server served. */
const seedTypes = (client: QueryClient, lang: string) =>
  seedFromFirstScreen(client, goodsTypesQuery(lang).queryKey, 'POST app/goods/type/list', null, lang);

/** The first page of goods for these filters, from the page the server served (as an infinite query's first page). */
const seedFirstPage = (client: QueryClient, lang: string, params: GoodsQueryParams) =>
  seedFromFirstScreen(
    client,
    goodsPageQuery(lang, params).queryKey,
    'POST app/goods/info/page',
    { ...params, page: 1, size: GOODS_PAGE_SIZE },
    lang,
    (page) => ({ pages: [page], pageParams: [1] }),
  );

/** The home feed, then its first banner (the page's largest paint). */
export async function prefetchHomeFeed(client: QueryClient, lang: string) {
  seedFromFirstScreen(client, homeFeedQuery(lang).queryKey, 'GET app/goods/home', null, lang);
  const feed = await client.fetchQuery(homeFeedQuery(lang)).catch(() => undefined);
  preloadPicture(feed?.banners[0]?.picture);
}

/** The goods types, then the first page of goods of the type the category page shows, and its first picture. */
export async function prefetchCategory(client: QueryClient, lang: string, search: string) {
  seedTypes(client, lang);
  const tree = await client.fetchQuery(goodsTypesQuery(lang)).catch(() => undefined);
  if (!tree) return;
  const wanted = Number(new URLSearchParams(search).get('typeId')) || undefined;
  const selected = shownType(tree, wanted);
  if (!selected) return;
  const params: GoodsQueryParams = { order: 'default', typeId: selected.id };
  seedFirstPage(client, lang, params);
  const goods = await client.fetchInfiniteQuery(goodsPageQuery(lang, params)).catch(() => undefined);
  preloadPicture(goods?.pages[0]?.list[0]?.mainPic);
}

/** The first page of the goods list for the filters in its address, and its first picture. */
export async function prefetchGoodsList(client: QueryClient, lang: string, search: string) {
  const filters = filtersFromSearch(new URLSearchParams(search));
  if (filters.typeId !== undefined) seedTypes(client, lang);
  const params = toPageRequest(filters);
  seedFirstPage(client, lang, params);
  const goods = await client.fetchInfiniteQuery(goodsPageQuery(lang, params)).catch(() => undefined);
  // the first card's picture is the list's largest paint
  preloadPicture(goods?.pages[0]?.list[0]?.mainPic);
}

/** The goods id in a detail page's address (`?id=`), read as the page reads it (useGoodsIdParam); else null. */
export function goodsIdOf(params: URLSearchParams, name = 'id'): number | null {
  const n = Number(params.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The goods of a detail page's address, then the first picture of its gallery (the page's largest paint; the
 * main picture when it has no pictures). Issue 27: the picture waited for the page's code, then this call.
 */
export async function prefetchGoodsDetail(client: QueryClient, lang: string, search: string) {
  const id = goodsIdOf(new URLSearchParams(search));
  if (id === null) return;
  seedFromFirstScreen(client, goodsDetailQuery(lang, id).queryKey, 'GET app/goods/info/info', { id }, lang);
  const goods = await client.fetchQuery(goodsDetailQuery(lang, id)).catch(() => undefined);
  preloadPicture(goods ? (goods.pictures[0] ?? goods.mainPic) : null);
}
