import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TripOption, TripPlanItem } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { probe, withApp } from '../../../test/app';
import { tripCartLines } from '../model/trip-cart';
import { AddOptionToCart } from './add-option-to-cart';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const item = (over: Partial<TripPlanItem>): TripPlanItem => ({
  kind: 'esim',
  goodsId: 1,
  specId: 11,
  title: 'Japan eSIM',
  specName: '7 days',
  price: 129,
  dataMb: 1024,
  allowance: 'daily',
  validityDays: 7,
  from: '2026-12-01',
  to: '2026-12-07',
  countries: [{ code: 'JP', name: 'Japan' }],
  onItem: null,
  ...over,
});
const option = (items: TripPlanItem[]): TripOption => ({
  kind: 'cheapest',
  total: items.reduce((n, i) => n + i.price, 0),
  currency: 'TWD',
  esimCount: items.filter((i) => i.kind === 'esim').length,
  items,
});
const europe = option([
  item({ goodsId: 5, specId: 51, title: 'Europe eSIM', specName: '10 days' }),
  item({ goodsId: 6, specId: 61, title: 'Italy eSIM', specName: '3 days' }),
  item({ goodsId: 6, specId: 61, title: 'Italy eSIM', specName: '3 days', from: '2026-12-20' }),
]);
const japan = option([
  item({}),
  item({ kind: 'topup', goodsId: 2, specId: 21, title: 'Japan top-up', onItem: 0 }),
]);

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  localStorage.clear();
  sessionStore.setTokens({ token: 'tok-1', expire: 7200, refreshToken: 'r', refreshExpire: 86400 });
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/user/cart/add') return { id: 1, quantity: 1, capped: false, notice: null };
    if (url === 'app/user/cart/count') return { count: 3 };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

const adds = () =>
  request.mock.calls.filter(([c]) => c.url === 'app/user/cart/add').map(([c]) => c.data as unknown);

describe('add a proposal to the cart', () => {
  it('counts each eSIM spec once with its quantity and leaves top-ups out', () => {
    expect(tripCartLines(europe)).toEqual({
      lines: [
        { specId: 51, quantity: 1, title: 'Europe eSIM · 10 days' },
        { specId: 61, quantity: 2, title: 'Italy eSIM · 3 days' },
      ],
      topups: 0,
    });
    expect(tripCartLines(japan)).toEqual({
      lines: [{ specId: 11, quantity: 1, title: 'Japan eSIM · 7 days' }],
      topups: 1,
    });
  });

  it('adds every eSIM in one tap, with its quantity, then opens the cart', async () => {
    render(withApp(<AddOptionToCart option={europe} />, '/pages/goods/trip?legs=x'));
    expect(screen.queryByTestId('trip-topups-left')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/index/shopping-cart'));
    expect(adds()).toEqual([
      { specId: 51, quantity: 1 },
      { specId: 61, quantity: 2 },
    ]);
  });

  it('says the top-up cannot go in before the tap, and adds the eSIM', async () => {
    render(withApp(<AddOptionToCart option={japan} />, '/pages/goods/trip?legs=x'));
    expect(screen.getByTestId('trip-topups-left').textContent).toMatch(/top-up is not added/);
    fireEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/index/shopping-cart'));
    expect(adds()).toEqual([{ specId: 11, quantity: 1 }]);
  });

  it('stays on the planner and names what was not added when the cart refuses', async () => {
    request.mockImplementation(async ({ url, data }: { url: string; data: { specId: number } }) => {
      if (url === 'app/user/cart/add' && data.specId === 61) throw new Error('Sold out');
      if (url === 'app/user/cart/add') return { id: 1, quantity: 1, capped: false, notice: null };
      if (url === 'app/user/cart/count') return { count: 1 };
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<AddOptionToCart option={europe} />, '/pages/goods/trip?legs=x'));
    fireEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await screen.findByText('Sold out');
    expect(probe.location.pathname).toBe('/pages/goods/trip');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add all to cart' })).toHaveProperty('disabled', false),
    );
  });

  it('sends a visitor to log in first, back to the same trip', async () => {
    sessionStore.logout();
    render(withApp(<AddOptionToCart option={europe} />, '/pages/goods/trip?legs=x'));
    fireEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/user/login'));
    expect(probe.location.search).toContain(encodeURIComponent('/pages/goods/trip?legs=x'));
    expect(adds()).toEqual([]);
  });
});
