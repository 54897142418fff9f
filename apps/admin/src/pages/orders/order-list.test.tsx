import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../locales/en';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { OrderList } from './order-list';

const line = (title: string) => ({
  id: 1,
  goodsId: 1,
  specId: 1,
  title,
  specName: '1 GB / 7 days',
  picture: null,
  price: 19900,
  quantity: 1,
  subtotal: 19900,
  goodsType: 1,
  noFreight: 0,
  needFillCard: 0,
  commented: false,
});
const order = (id: number, status: number, title: string) => ({
  id,
  orderNo: `2026112300000000${id}`,
  status,
  payWay: 'wallet',
  currency: 'TWD',
  totalAmount: 19900,
  userId: 5,
  createdAt: '2026-11-23T10:00:00.000Z',
  lines: [line(title)],
  refund: status === 5 ? { state: 'requested' } : null,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

describe('orders table', () => {
  it('lists orders with status and money, and searches with the filters the server takes', async () => {
    const calls = mockApi(
      on('admin/order/info/page', (c) => {
        const body = c.body as { status?: number };
        const list =
          body.status === 5
            ? [order(2, 5, 'Korea 5 GB')]
            : [order(1, 1, 'Japan 1 GB'), order(2, 5, 'Korea 5 GB')];
        return ok({ list, pagination: { page: 1, size: 20, total: list.length } });
      }),
    );
    renderConsole(<Route path="/orders" element={<OrderList />} />, '/orders');
    const table = await screen.findByRole('table');
    await within(table).findByText(/Japan 1 GB/);
    within(table).getByText(en.orderStatus['1']);
    within(table).getByText(en.orders.refundRequested);
    expect(within(table).getAllByText('NT$199')).toHaveLength(2);

    fireEvent.change(screen.getByPlaceholderText(en.orders.buyer), { target: { value: ' +886912000771 ' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle(en.orderStatus['5']));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(en.buttons.filter) }));
    await waitFor(() => expect(within(table).queryByText(/Japan 1 GB/)).toBeNull());
    within(table).getByText(/Korea 5 GB/);
    expect(calls.at(-1)!.body).toEqual({ page: 1, size: 20, status: 5, buyer: '+886912000771' });
  });
});
