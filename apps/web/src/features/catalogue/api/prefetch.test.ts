import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goodsPageQuery, homeFeedQuery } from './catalogue.api';
import { prefetchCategory, prefetchGoodsList, prefetchHomeFeed } from './prefetch';

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
    throw new Error(`unexpected call ${opts.url}`);
  });
});
afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove()));

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

  it('a failed call is left to the page: nothing thrown, nothing cached', async () => {
    request.mockRejectedValue(new Error('offline'));
    await expect(prefetchHomeFeed(client, 'en')).resolves.toBeUndefined();
    expect(client.getQueryData(homeFeedQuery('en').queryKey)).toBeUndefined();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
