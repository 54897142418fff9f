import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoodsDetail } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { card, page, probe, spec, withApp } from '../test/fixtures';
import { Toast } from 'antd-mobile';
import { GoodsDetailView } from './goods-detail-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const DETAIL: GoodsDetail = {
  ...card(7, 'Japan eSIM', { subtitle: 'NTT Docomo network', sales: 321 }),
  pictures: ['/static/catalogue/a.svg', '/static/catalogue/b.svg'],
  video: null,
  description: [{ type: 'paragraph', text: 'Scan the QR code on arrival.' }],
  payWays: ['wechat', 'alipay'],
  freight: 0,
  coverage: [
    { code: 'JP', name: 'Japan', kind: 'country', flag: '/static/catalogue/flag-jp.svg', countries: [] },
  ],
  coverageCountries: [
    {
      code: 'JP',
      name: 'Japan',
      flag: '/static/catalogue/flag-jp.svg',
      networks: ['NTT Docomo', 'SoftBank'],
    },
  ],
  activation: 'connect',
  type: { id: 1, name: 'eSIM plans' },
  saleType: {
    id: 1,
    code: 'esim',
    name: 'eSIM',
    description: null,
    goodsType: 1,
    canMixOrder: 1,
    orderNum: 0,
  },
  specs: [
    spec(11, '1 GB / 7 days', { price: 29900, stock: 8 }),
    spec(12, '5 GB / 15 days', { price: 59900, stock: 0, soldOut: true }),
  ],
};
const SUMMARY = {
  goodsId: 7,
  average: 4.5,
  count: 2,
  withPictures: 1,
  ratings: [5, 4, 3, 2, 1].map((r) => ({ rating: r, count: r >= 4 ? 1 : 0 })),
};

let cartAnswer: () => Promise<unknown>;
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  cartAnswer = async () => {
    throw Object.assign(new Error('[404] /api/app/user/cart/add'), { code: 404 });
  };
  request.mockReset();
  request.mockImplementation(async (opts: { url: string }) => {
    if (opts.url === 'app/goods/info/info') return DETAIL;
    if (opts.url === 'app/goods/comment/summary') return SUMMARY;
    if (opts.url === 'app/goods/comment/page') return page([], 0);
    if (opts.url === 'app/user/cart/add') return cartAnswer();
    if (opts.url === 'app/user/cart/count') return { count: 1, quantity: 1 };
    throw new Error(`unexpected call ${opts.url}`);
  });
});
afterEach(() => {
  localStorage.clear();
  // a toast from one test must not answer the next one's "no toast" check
  Toast.clear();
});

const signIn = () =>
  sessionStore.setTokens({ token: 'access', expire: 7200, refreshToken: 'refresh', refreshExpire: 2592000 });
const signOut = () => sessionStore.setTokens({ token: '', expire: 0, refreshToken: '', refreshExpire: 0 });
const bar = () => screen.getByRole('group', { name: 'Buy' });

describe('GoodsDetailView', () => {
  it('shows what the goods is: price, destinations, pay ways and the review summary with its link', async () => {
    signOut();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7'));
    expect(await screen.findByRole('heading', { name: 'Japan eSIM' })).toBeTruthy();
    expect(screen.getByText('From NT$299')).toBeTruthy();
    const coverage = screen.getByRole('region', { name: 'Destinations covered (1)' });
    expect(within(coverage).getByText('Japan')).toBeTruthy();
    const pay = screen.getByRole('region', { name: 'Payment methods' });
    expect(
      within(pay)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['WeChat Pay', 'Alipay']);
    expect(await screen.findByText('4.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/pages/goods/comment?goodsId=7',
    );
    // an eSIM states its refund rule before purchase, and where refunds go (issue 27)
    expect(
      screen.getByText(
        'Refundable in full until you install it; once installed, only our support can refund it. Refunds go back the way you paid',
      ),
    ).toBeTruthy();
  });

  it('sends a visitor to login on add to cart, coming back to this goods with the spec chosen', async () => {
    signOut();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(probe.location.search).get('redirect')).toBe(
      '/pages/goods/detail?id=7&specId=11',
    );
    expect(request.mock.calls.some((c) => c[0].url === 'app/user/cart/add')).toBe(false);
  });

  it('carries out a visitor’s add to cart once they are back from login', async () => {
    cartAnswer = async () => ({ capped: false, notice: null });
    signOut();
    const first = render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/user/login'));
    first.unmount();

    signIn();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    const adds = request.mock.calls.filter((c) => c[0].url === 'app/user/cart/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]![0]).toMatchObject({ data: { specId: 11, quantity: 1 } });
  });

  it('carries out a visitor’s buy now once they are back from login', async () => {
    signOut();
    const first = render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/user/login'));
    first.unmount();

    signIn();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/order/submit'));
    expect(probe.location.search).toBe('?specId=11&quantity=1');
  });

  it('for a logged-in user, shows the server’s message when the cart call fails (no pretend success)', async () => {
    signIn();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('[404] /api/app/user/cart/add')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Added to cart')).toBeNull());
    const call = request.mock.calls.find((c) => c[0].url === 'app/user/cart/add')![0];
    expect(call).toMatchObject({ method: 'POST', data: { specId: 11, quantity: 1 } });
  });

  it('adds to the cart for a logged-in user and says so', async () => {
    signIn();
    cartAnswer = async () => ({ capped: false, stock: 8, notice: null, line: {} });
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
  });

  it('passes on the server’s notice when the cart line was capped at the stock', async () => {
    signIn();
    cartAnswer = async () => ({
      capped: true,
      stock: 8,
      notice: 'Only 8 left: your cart holds 8.',
      line: {},
    });
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7&specId=11'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Only 8 left: your cart holds 8.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Added to cart')).toBeNull());
  });

  it('opens the spec picker first when nothing is chosen, then buys the chosen spec now', async () => {
    signIn();
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7'));
    await screen.findByRole('heading', { name: 'Japan eSIM' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Buy now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose an option of Japan eSIM' });
    expect(within(sheet).getByRole('button', { name: /5 GB \/ 15 days/ })).toHaveProperty('disabled', true);
    fireEvent.click(within(sheet).getByRole('button', { name: /1 GB \/ 7 days/ }));
    expect(await within(sheet).findByText('In stock: 8')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/order/submit'));
    expect(probe.location.search).toBe('?specId=11&quantity=1');
  });
});
