import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { GOODS_PAGE_SIZE } from '../api/catalogue.api';
import { card, page, probe, withApp } from '../test/fixtures';
import { GoodsListView } from './goods-list-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const TYPES = [
  {
    id: 1,
    parentId: null,
    name: 'eSIM plans',
    icon: null,
    orderNum: 1,
    children: [{ id: 4, parentId: 1, name: 'Asia', icon: null, orderNum: 1 }],
  },
  { id: 2, parentId: null, name: 'SIM cards', icon: null, orderNum: 2 },
];
const DESTINATIONS = [
  {
    code: 'JP',
    name: 'Japan',
    kind: 'country',
    flag: '/static/f.svg',
    countries: [],
    goodsCount: 3,
    minPrice: 9900,
    currency: 'TWD',
  },
  {
    code: 'KR',
    name: 'South Korea',
    kind: 'country',
    flag: '/static/f.svg',
    countries: [],
    goodsCount: 2,
    minPrice: 9900,
    currency: 'TWD',
  },
];
/** The bodies sent to the goods page call, newest last. */
const pageBodies = () =>
  request.mock.calls
    .map((c) => c[0])
    .filter((o) => o.url === 'app/goods/info/page')
    .map((o) => o.data);
const lastBody = () => pageBodies().at(-1);

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (opts: { url: string; data?: { page: number } }) => {
    if (opts.url === 'app/goods/type/list') return TYPES;
    if (opts.url === 'app/goods/destinations') return DESTINATIONS;
    if (opts.url === 'app/goods/info/page') {
      const n = opts.data?.page ?? 1;
      // 25 goods in all: pages of 10, 10 and 5
      const list = Array.from({ length: n === 3 ? 5 : 10 }, (_, i) =>
        card((n - 1) * 10 + i + 1, `Plan ${(n - 1) * 10 + i + 1}`),
      );
      return page(list, 25, n, GOODS_PAGE_SIZE);
    }
    throw new Error(`unexpected call ${opts.url}`);
  });
});

const sort = (name: RegExp) =>
  within(screen.getByRole('toolbar', { name: 'Sort by' })).getByRole('button', { name });

describe('GoodsListView', () => {
  it('asks for the filters in the address, default order, first page', async () => {
    render(withApp(<GoodsListView />, '/pages/goods/list?typeId=4&destination=jp&minPrice=10000'));
    await screen.findByRole('link', { name: /Plan 1\b/ });
    expect(lastBody()).toEqual({
      typeId: 4,
      destination: 'JP',
      minPrice: 10000,
      order: 'default',
      page: 1,
      size: GOODS_PAGE_SIZE,
    });
    // what is filtered is shown, by name
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(await within(active).findByRole('button', { name: 'Remove filter Asia' })).toBeTruthy();
    expect(await within(active).findByRole('button', { name: 'Remove filter Japan' })).toBeTruthy();
  });

  it('maps each sort to order and direction; price flips on a second tap', async () => {
    render(withApp(<GoodsListView />, '/pages/goods/list?typeId=1'));
    await screen.findByRole('link', { name: /Plan 1\b/ });

    fireEvent.click(sort(/^Price/));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ typeId: 1, order: 'price', sort: 'asc', page: 1 }),
    );
    expect(sort(/^Price/).getAttribute('aria-label')).toBe('Price, low to high');

    fireEvent.click(sort(/^Price/));
    await waitFor(() => expect(lastBody()).toMatchObject({ order: 'price', sort: 'desc' }));
    expect(sort(/^Price/).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(sort(/^Sales$/));
    await waitFor(() => expect(lastBody()).toMatchObject({ order: 'sales', sort: 'desc' }));

    fireEvent.click(sort(/^Newest$/));
    await waitFor(() => expect(lastBody()).toMatchObject({ order: 'newest', sort: 'desc' }));
    expect(new URLSearchParams(probe.location.search).get('order')).toBe('newest');

    // back to the default order: the first answer is still fresh, so it is shown again without a call
    const calls = pageBodies().length;
    fireEvent.click(sort(/^Default$/));
    await waitFor(() => expect(probe.location.search).toBe('?typeId=1'));
    expect(sort(/^Default$/).getAttribute('aria-pressed')).toBe('true');
    expect(pageBodies()).toHaveLength(calls);
    expect(pageBodies()[0]).toEqual({ typeId: 1, order: 'default', page: 1, size: GOODS_PAGE_SIZE });
  });

  it('sends the filters chosen in the sheet: type, destination, and a price range in minor units', async () => {
    render(withApp(<GoodsListView />, '/pages/goods/list'));
    await screen.findByRole('link', { name: /Plan 1\b/ });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter goods' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'SIM cards' }));
    fireEvent.click(await within(sheet).findByRole('button', { name: 'South Korea' }));
    fireEvent.change(within(sheet).getByLabelText('Lowest'), { target: { value: '500' } });
    fireEvent.change(within(sheet).getByLabelText('Highest'), { target: { value: '100.5' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show goods' }));

    // a range typed the wrong way round is sent the right way round
    await waitFor(() =>
      expect(lastBody()).toEqual({
        typeId: 2,
        destination: 'KR',
        minPrice: 10050,
        maxPrice: 50000,
        order: 'default',
        page: 1,
        size: GOODS_PAGE_SIZE,
      }),
    );
    expect(screen.getByRole('button', { name: /Filter/ }).textContent).toContain('3');

    // removing one filter asks again without it
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter South Korea' }));
    await waitFor(() => expect(lastBody()).not.toHaveProperty('destination'));
    expect(lastBody()).toMatchObject({ typeId: 2, minPrice: 10050, maxPrice: 50000 });
  });

  it('refuses a price that is not a number', async () => {
    render(withApp(<GoodsListView />, '/pages/goods/list'));
    await screen.findByRole('link', { name: /Plan 1\b/ });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter goods' });
    fireEvent.change(within(sheet).getByLabelText('Lowest'), { target: { value: 'cheap' } });
    expect(within(sheet).getByRole('alert').textContent).toMatch(/numbers/);
    expect(within(sheet).getByRole('button', { name: 'Show goods' })).toHaveProperty('disabled', true);
  });

  it('loads the next page on request until the last one', async () => {
    render(withApp(<GoodsListView />, '/pages/goods/list'));
    await screen.findByRole('link', { name: /Plan 10\b/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Plan 20\b/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Plan 25\b/ });
    expect(pageBodies().map((b) => b.page)).toEqual([1, 2, 3]);
    expect(screen.getByText('That is everything')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
