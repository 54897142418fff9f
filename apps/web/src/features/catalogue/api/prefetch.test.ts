import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ID, resetFirstScreen } from '../../../lib/first-screen';
import { goodsDetailQuery, goodsPageQuery, goodsTypesQuery, homeFeedQuery } from './catalogue.api';
import { prefetchCategory, prefetchGoodsDetail, prefetchGoodsList, prefetchHomeFeed } from './prefetch';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const TYPES = [
  { id: 1, name: 'eSIM', icon: null, children: [{ id: 4, name: 'Japan', icon: null, children: [] }] },
  { id: 2, name: 'SIM', icon: null, children: [] },
];
const FEED = {
  banners: [{ id: 1, title: 'Japan', picture: '/static/catalogue/banner-japan.svg?v=1' }],
  categories: [],
  destinations: [],
  recommended: [],
  hotKeywords: [],
};
const DETAIL = {
  id: 7,
  title: 'Japan',
  mainPic: '/static/catalogue/goods-esim-jp.svg?v=1',
  pictures: ['/static/catalogue/goods-esim-jp-2.svg?v=1'],
};
const PAGE = {
  list: [{ id: 7, title: 'Japan', mainPic: '/static/catalogue/goods-esim-jp.svg?v=1' }],
  pagination: { page: 1, size: 10, total: 1 },
};

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
  request.mockReset();
  request.mockImplementation(async (opts: { url: string }) => {
    if (opts.url === 'app/goods/home') return FEED;
    if (opts.url === 'app/goods/type/list') return TYPES;
    if (opts.url === 'app/goods/info/page') return PAGE;
    if (opts.url === 'app/goods/info/info') return DETAIL;
    throw new Error(`unexpected call ${opts.url}`);
  });
});
afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  resetFirstScreen();
});

/** Writes a first-screen block into the document as the server does (apps/server platform/static). */
function serveFirstScreen(block: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = FIRST_SCREEN_ID;
  el.textContent = JSON.stringify(block);
  document.body.append(el);
  resetFirstScreen();
}
const ok = (data: unknown) => ({ code: 1000, data, message: 'success' });
const PAGE_INPUT = { order: 'default', page: 1, size: 10 };

const bodies = () =>
  request.mock.calls
    .map((c) => c[0] as { url: string; data?: unknown })
    .filter((o) => o.url === 'app/goods/info/page');

// Issue 12: the first page's data and largest picture are asked for before the page renders.
describe('first-page prefetch', () => {
  it('home: the feed lands in the query cache and its first banner is preloaded at high priority', async () => {
    await prefetchHomeFeed(client, 'en');
    expect(client.getQueryData(homeFeedQuery('en').queryKey)).toEqual(FEED);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe('/static/catalogue/banner-japan.svg?v=1');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('category: the types, then the first page of the type in the address (else the first type)', async () => {
    await prefetchCategory(client, 'en', '?typeId=4');
    expect(bodies().map((o) => o.data)).toEqual([{ order: 'default', typeId: 4, page: 1, size: 10 }]);
    await prefetchCategory(client, 'en', '?typeId=999');
    expect(client.getQueryData(goodsPageQuery('en', { order: 'default', typeId: 1 }).queryKey)).toBeDefined();
  });

  it('goods list: the first page for the filters in the address, under the key the list reads', async () => {
    await prefetchGoodsList(client, 'en', '?destination=jp&order=price');
    const key = goodsPageQuery('en', { order: 'price', destination: 'JP', sort: 'asc' }).queryKey;
    expect(client.getQueryData(key)).toBeDefined();
    const link = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe('/static/catalogue/goods-esim-jp.svg?v=1');
  });

  it("a goods page: the goods in the address, then its gallery's first picture (else its main picture)", async () => {
    await prefetchGoodsDetail(client, 'en', '?id=7&specId=3');
    expect(request.mock.calls.map((c) => (c[0] as { url: string }).url)).toEqual(['app/goods/info/info']);
    expect(client.getQueryData(goodsDetailQuery('en', 7).queryKey)).toEqual(DETAIL);
    const link = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe('/static/catalogue/goods-esim-jp-2.svg?v=1');
    link?.remove();
    request.mockResolvedValue({ ...DETAIL, pictures: [] });
    await prefetchGoodsDetail(new QueryClient(), 'en', '?id=8');
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe(DETAIL.mainPic);
    // no id the page would read: nothing asked
    request.mockClear();
    await prefetchGoodsDetail(client, 'en', '?id=abc');
    await prefetchGoodsDetail(client, 'en', '');
    expect(request).not.toHaveBeenCalled();
  });

  it('a failed call is left to the page: nothing thrown, nothing cached', async () => {
    request.mockRejectedValue(new Error('offline'));
    await expect(prefetchHomeFeed(client, 'en')).resolves.toBeUndefined();
    expect(client.getQueryData(homeFeedQuery('en').queryKey)).toBeUndefined();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});

// Issue 12: the server writes the first screen into the page it serves; the app uses it instead of calling.
describe('first screen from the served page', () => {
  it('home: the feed comes from the page, with no call, dated when the server made it', async () => {
    const servedAt = Date.now() - 5_000;
    serveFirstScreen({
      lang: 'en',
      servedAt,
      calls: [{ call: 'GET app/goods/home', input: null, body: ok(FEED) }],
    });
    // the server already asked for the banner: no second preload
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('href', FEED.banners[0]!.picture);
    document.head.append(link);
    await prefetchHomeFeed(client, 'en');
    expect(request).not.toHaveBeenCalled();
    expect(client.getQueryData(homeFeedQuery('en').queryKey)).toEqual(FEED);
    expect(client.getQueryState(homeFeedQuery('en').queryKey)?.dataUpdatedAt).toBe(servedAt);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
  });

  it('category and goods list: the types and the first page, when the input is the one the app sends', async () => {
    serveFirstScreen({
      lang: 'en',
      servedAt: Date.now(),
      calls: [
        { call: 'POST app/goods/type/list', input: null, body: ok(TYPES) },
        { call: 'POST app/goods/info/page', input: { ...PAGE_INPUT, typeId: 1 }, body: ok(PAGE) },
        { call: 'POST app/goods/info/page', input: PAGE_INPUT, body: ok(PAGE) },
      ],
    });
    await prefetchCategory(client, 'en', '');
    await prefetchGoodsList(client, 'en', '');
    expect(request).not.toHaveBeenCalled();
    expect(client.getQueryData(goodsTypesQuery('en').queryKey)).toEqual(TYPES);
    for (const params of [{ order: 'default' as const, typeId: 1 }, { order: 'default' as const }])
      expect(client.getQueryData(goodsPageQuery('en', params).queryKey)).toEqual({
        pages: [PAGE],
        pageParams: [1],
      });
    // another filter than the page was served for: asked for as always
    await prefetchGoodsList(client, 'en', '?order=price');
    expect(bodies().map((o) => o.data)).toEqual([{ order: 'price', sort: 'asc', page: 1, size: 10 }]);
  });

  it('a goods page: the goods comes from the page, with no call', async () => {
    serveFirstScreen({
      lang: 'en',
      servedAt: Date.now(),
      calls: [{ call: 'GET app/goods/info/info', input: { id: 7 }, body: ok(DETAIL) }],
    });
    await prefetchGoodsDetail(client, 'en', '?id=7');
    expect(request).not.toHaveBeenCalled();
    expect(client.getQueryData(goodsDetailQuery('en', 7).queryKey)).toEqual(DETAIL);
    // another goods than the page was served for: asked for as always
    await prefetchGoodsDetail(client, 'en', '?id=8');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['in another language', { lang: 'fr', servedAt: Date.now() }],
    ['too old (a page restored from the cache)', { lang: 'en', servedAt: Date.now() - 11 * 60_000 }],
  ])('is not used when %s: the API is asked', async (_why, head) => {
    serveFirstScreen({ ...head, calls: [{ call: 'GET app/goods/home', input: null, body: ok(FEED) }] });
    await prefetchHomeFeed(client, 'en');
    expect(request).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(homeFeedQuery('en').queryKey)).toEqual(FEED);
  });

  it('a failed answer or a damaged block is not used either', async () => {
    serveFirstScreen({
      lang: 'en',
      servedAt: Date.now(),
      calls: [{ call: 'GET app/goods/home', input: null, body: { code: 1003, data: null, message: 'x' } }],
    });
    await prefetchHomeFeed(client, 'en');
    expect(request).toHaveBeenCalledTimes(1);
    document.getElementById(FIRST_SCREEN_ID)!.textContent = '{"lang":"en",';
    resetFirstScreen();
    await prefetchHomeFeed(new QueryClient(), 'en');
    expect(request).toHaveBeenCalledTimes(2);
  });
});
