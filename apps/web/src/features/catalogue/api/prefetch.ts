import type { QueryClient } from '@tanstack/react-query';
import { filtersFromSearch, toPageRequest } from '../model/goods-filters';
import { findType } from '../model/type-tree';
import { goodsPageQuery, goodsTypesQuery, homeFeedQuery } from './catalogue.api';

// What a catalogue page opened first (home, category, goods list) needs from the server, asked for while the
// app is still loading its language instead of after its first render (issue 12: Lighthouse's largest
// paint waited for the page, then its data, then its first picture, one after the other). The pages call
// these from their `preload` export (app/router preloadFirstPage); a failure is left to the page itself.

/** Asks for a picture now at high priority, as the page's first <img> will (same URL, so one download). */
function preloadPicture(src: string | null | undefined) {
  if (!src || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = src;
  document.head.append(link);
}

/** The home feed, then its first banner (the page's largest paint). */
export async function prefetchHomeFeed(client: QueryClient, lang: string) {
  const feed = await client.fetchQuery(homeFeedQuery(lang)).catch(() => undefined);
  preloadPicture(feed?.banners[0]?.picture);
}

/** The goods types, then the first page of goods of the type the category page shows, and its first picture. */
export async function prefetchCategory(client: QueryClient, lang: string, search: string) {
  const tree = await client.fetchQuery(goodsTypesQuery(lang)).catch(() => undefined);
  if (!tree) return;
  const wanted = Number(new URLSearchParams(search).get('typeId')) || undefined;
  const selected = (wanted !== undefined ? findType(tree, wanted) : undefined) ?? tree[0];
  if (!selected) return;
  const goods = await client
    .fetchInfiniteQuery(goodsPageQuery(lang, { order: 'default', typeId: selected.id }))
    .catch(() => undefined);
  preloadPicture(goods?.pages[0]?.list[0]?.mainPic);
}

/** The first page of the goods list for the filters in its address, and its first picture. */
export async function prefetchGoodsList(client: QueryClient, lang: string, search: string) {
  const filters = filtersFromSearch(new URLSearchParams(search));
  const goods = await client
    .fetchInfiniteQuery(goodsPageQuery(lang, toPageRequest(filters)))
    .catch(() => undefined);
  // the first card's picture is the list's largest paint
  preloadPicture(goods?.pages[0]?.list[0]?.mainPic);
}
