import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { probe, withApp } from '../../../test/app';
import { OrderDetailView } from './order-detail-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const line = (specId: number, quantity: number) => ({
  id: specId,
  goodsId: 7,
  specId,
  title: 'Japan eSIM',
  specName: `${specId} GB`,
  picture: null,
  price: 30000,
  quantity,
  subtotal: 30000 * quantity,
  goodsType: 1 as const,
  noFreight: 0 as const,
  needFillCard: 0 as const,
  commented: false,
});
const noActions = {
  cancel: false,
  pay: false,
  update: false,
  confirm: false,
  refund: false,
  comment: false,
  logistics: false,
};
const ORDER: OrderDetail = {
  id: 9,
  publicId: 'p9',
  orderNo: '202611230000000009',
  autoCompleteAt: null,
  status: 7,
  payWay: 'tappay',
  delivery: null,
  cardNumber: null,
  note: '',
  address: null,
  lines: [line(71, 2), line(72, 1)],
  quantity: 3,
  currency: 'TWD',
  goodsAmount: 90000,
  shippingAmount: 0,
  couponDiscount: 0,
  pointsDiscount: 0,
  totalAmount: 90000,
  payableAmount: 90000,
  paidWays: [],
  payDeadline: '2026-11-23T10:00:00Z',
  createdAt: '2026-11-23T09:00:00Z',
  paidAt: null,
  shippedAt: null,
  receivedAt: null,
  completedAt: null,
  closedAt: '2026-11-23T09:05:00Z',
  closeReason: 'cancelled',
  carrier: null,
  trackingNo: null,
  refund: null,
  actions: noActions,
  log: [],
};

let order: OrderDetail;
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  order = ORDER;
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/order/info/info') return order;
    if (url === 'app/user/cart/add') return { capped: false, notice: null };
    if (url === 'app/user/cart/count') return { count: 0, quantity: 0 };
    throw new Error(`unexpected call ${url}`);
  });
});

const cartAdds = () =>
  request.mock.calls
    .map(([c]) => c as { url: string; data?: unknown })
    .filter((c) => c.url === 'app/user/cart/add')
    .map((c) => c.data);

describe('OrderDetailView', () => {
  it('an eSIM order: "on its way" while delivering, then says when it completes by itself', async () => {
    order = { ...ORDER, status: 1, closeReason: null, closedAt: null, delivery: 'delivering' };
    const view = render(withApp(<OrderDetailView id={9} />));
    await screen.findByRole('heading', { level: 2, name: 'eSIM on its way' });
    expect(screen.queryByText('Pending shipment')).toBeNull();
    expect(screen.queryByTestId('ord-auto-complete')).toBeNull();
    view.unmount();
    const at = '2026-12-01T08:00:00.000Z';
    order = { ...order, status: 3, delivery: 'delivered', autoCompleteAt: at };
    render(withApp(<OrderDetailView id={9} />));
    const line = await screen.findByTestId('ord-auto-complete');
    expect(line.textContent).toBe(
      `Completes by itself on ${new Date(at).toLocaleString('en')} unless you review it first.`,
    );
  });

  it('names the payment method from the one shared table', async () => {
    render(withApp(<OrderDetailView id={9} />));
    expect(await screen.findByText('Credit card (TapPay)')).toBeTruthy();
  });

  it('offers "buy again" on a cancelled order: its lines go back in the cart, then the cart opens', async () => {
    render(withApp(<OrderDetailView id={9} />, '/pages/order/detail?id=9'));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/index/shopping-cart'));
    expect(cartAdds()).toEqual([
      { specId: 71, quantity: 2 },
      { specId: 72, quantity: 1 },
    ]);
  });

  it('shows what paid, not the way chosen: an order chosen for TapPay and paid from the wallet', async () => {
    order = {
      ...ORDER,
      status: 3,
      closeReason: null,
      closedAt: null,
      paidAt: '2026-11-23T09:01:00Z',
      paidWays: [{ channel: 'wallet', amount: 90000 }],
    };
    render(withApp(<OrderDetailView id={9} />));
    const paid = (await screen.findByText('Paid with')).parentElement!;
    expect(paid.textContent).toMatch(/Wallet.*900/);
    expect(screen.queryByText('Credit card (TapPay)')).toBeNull();
    expect(screen.queryByText('Payment method')).toBeNull();
  });

  it('points plus wallet: the points as a discount, the wallet for the rest, the total what was paid', async () => {
    order = {
      ...ORDER,
      status: 3,
      closeReason: null,
      closedAt: null,
      paidAt: '2026-11-23T09:01:00Z',
      pointsDiscount: 6400,
      payableAmount: 83600,
      paidWays: [
        { channel: 'points', amount: 6400 },
        { channel: 'wallet', amount: 83600 },
      ],
    };
    render(withApp(<OrderDetailView id={9} />));
    const paid = (await screen.findByText('Paid with')).parentElement!;
    expect(paid.textContent).toMatch(/Wallet.*836/);
    expect(paid.textContent).not.toMatch(/Points/);
    expect((await screen.findByText('Points discount')).parentElement!.textContent).toMatch(/−.*64/);
    expect(screen.getByText('Total').parentElement!.textContent).toMatch(/836/);
  });

  it('does not offer "buy again" on an order still to be paid', async () => {
    order = { ...ORDER, status: 0, closeReason: null, closedAt: null };
    render(withApp(<OrderDetailView id={9} />));
    await screen.findByText('Credit card (TapPay)');
    expect(screen.queryByRole('button', { name: 'Buy again' })).toBeNull();
  });
});
