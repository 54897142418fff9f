import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MOVE_CANCEL_PX, LONG_PRESS_MS, type CartLine } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { tabBarStore } from '../../../lib/tab-bar-store';
import { probe, withApp } from '../../../test/app';
import { useLongPress } from '../model/long-press';
import { SIM, TOPUP, cartLine, groupsOf, summaryOf } from '../test/fixtures';
import { CartView } from './cart-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

type Call = { url: string; data?: Record<string, unknown> };
let lines: CartLine[];
let verdict: { canCheckout?: boolean; mixForbidden?: boolean; reason?: string | null };
let fail: Partial<Record<string, () => never>>;
const calls = () => request.mock.calls.map(([c]) => c as Call);

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  lines = [cartLine(1, 'Japan eSIM'), cartLine(2, 'Taiwan SIM card', { quantity: 2 }, SIM)];
  verdict = {};
  fail = {};
  request.mockReset();
  request.mockImplementation(async ({ url, data }: Call) => {
    fail[url]?.();
    switch (url) {
      case 'app/user/cart/saleTypeGroups':
        return groupsOf(lines, verdict);
      case 'app/user/cart/summary':
        return summaryOf(lines, verdict);
      case 'app/user/cart/count':
        return { count: lines.length, quantity: 0 };
      case 'app/user/cart/update': {
        const line = lines.find((l) => l.id === data!.id)!;
        const stock = line.specInfo.stock;
        const asked = Number(data!.quantity);
        const quantity = Math.min(asked, stock);
        lines = lines.map((l) =>
          l.id === line.id ? { ...l, quantity, count: quantity, subtotal: quantity * l.specInfo.price } : l,
        );
        return {
          line: lines.find((l) => l.id === line.id),
          capped: asked > stock,
          stock,
          notice: asked > stock ? `Only ${stock} left in stock, so the quantity was set to ${stock}` : null,
        };
      }
      case 'app/user/cart/remove':
        lines = lines.filter((l) => l.id !== data!.id);
        return { removed: 1 };
      case 'app/user/cart/clear':
        lines = [];
        return summaryOf([]);
      default:
        throw new Error(`unexpected call ${url}`);
    }
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const failWith = (url: string) => {
  fail[url] = () => {
    throw Object.assign(new Error('Service abnormal'), { code: 500 });
  };
};

describe('CartView', () => {
  it('groups lines by sale type, totals the checked lines and shows the count on the cart tab', async () => {
    render(withApp(<CartView />));
    const esim = await screen.findByRole('region', { name: 'eSIM plans' });
    expect(within(esim).getByText('Japan eSIM')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'SIM cards' })).getByText('Taiwan SIM card'),
    ).toBeTruthy();
    const footer = screen.getByRole('group', { name: 'Cart total and checkout' });
    await within(footer).findByText('NT$897'); // 299 + 2 x 299
    expect(within(footer).getByRole('button', { name: 'Check out (3)' })).toHaveProperty('disabled', false);
    await waitFor(() => expect(tabBarStore.getState()[2]?.badge).toBe('2'));
  });

  it('caps a quantity typed above the stock and says so with the server notice', async () => {
    render(withApp(<CartView />));
    const stepper = await screen.findByRole('group', { name: 'Quantity of Japan eSIM' });
    const input = within(stepper).getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.blur(input);
    expect(await screen.findAllByText('Only 5 left in stock, so the quantity was set to 5')).not.toHaveLength(
      0,
    );
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('5'));
    expect(within(stepper).getByRole('button', { name: 'One more' })).toHaveProperty('disabled', true);
    expect(calls().find((c) => c.url === 'app/user/cart/update')?.data).toEqual({ id: 1, quantity: 40 });
  });

  it('disables checkout with the reason when the checked lines may not share one order', async () => {
    lines = [...lines, cartLine(3, 'Phone top-up', {}, TOPUP)];
    verdict = {
      canCheckout: false,
      mixForbidden: true,
      reason: 'Top-ups cannot be checked out together with other goods, please order them separately',
    };
    render(withApp(<CartView />));
    const footer = await screen.findByRole('group', { name: 'Cart total and checkout' });
    const reason = await within(footer).findByText(/Top-ups cannot be checked out together/);
    const checkout = within(footer).getByRole('button', { name: /Check out/ });
    expect(checkout).toHaveProperty('disabled', true);
    expect(checkout.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.getByText('Checked out on its own')).toBeTruthy();
  });

  it('goes to order submission with the checked lines', async () => {
    render(withApp(<CartView />, '/pages/index/shopping-cart'));
    const footer = await screen.findByRole('group', { name: 'Cart total and checkout' });
    await within(footer).findByText('NT$897');
    fireEvent.click(within(footer).getByRole('button', { name: 'Check out (3)' }));
    expect(probe.location.pathname).toBe('/pages/order/submit');
    expect(probe.location.search).toBe('');
  });

  it('shows "Update failed" and logs when a quantity change fails', async () => {
    failWith('app/user/cart/update');
    render(withApp(<CartView />));
    const stepper = await screen.findByRole('group', { name: 'Quantity of Japan eSIM' });
    fireEvent.click(within(stepper).getByRole('button', { name: 'One more' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Update failed', expect.any(Error));
  });

  it('shows "Delete failed" when a swipe delete fails, and keeps the line', async () => {
    failWith('app/user/cart/remove');
    render(withApp(<CartView />));
    await screen.findByText('Japan eSIM');
    const [firstDelete] = screen.getAllByRole('button', { name: 'Delete' });
    if (!firstDelete) throw new Error('expected a Delete button');
    fireEvent.click(firstDelete);
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Delete failed', expect.any(Error));
    expect(screen.getByText('Japan eSIM')).toBeTruthy();
  });

  it('clears the cart after confirmation, and shows "Clear failed" when that fails', async () => {
    failWith('app/user/cart/clear');
    render(withApp(<CartView />));
    fireEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove everything from your cart?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Clear failed')).toBeTruthy();
    expect(calls().filter((c) => c.url === 'app/user/cart/clear')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    delete fail['app/user/cart/clear'];
    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    await waitFor(() => expect(tabBarStore.getState()[2]?.badge).toBe(null));
  });

  it('shows an empty cart when the cart cannot be loaded', async () => {
    failWith('app/user/cart/saleTypeGroups');
    render(withApp(<CartView />));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(console.error).toHaveBeenCalled();
  });
});

function Pressable({ onLongPress }: { onLongPress: () => void }) {
  return (
    <div data-testid="target" {...useLongPress(onLongPress)}>
      line
    </div>
  );
}

describe('useLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`fires after ${LONG_PRESS_MS} ms of holding still, not before`, () => {
    const fired = vi.fn();
    render(<Pressable onLongPress={fired} />);
    fireEvent.pointerDown(screen.getByTestId('target'), { clientX: 50, clientY: 50, button: 0 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    });
    expect(fired).not.toHaveBeenCalled();
    fireEvent.pointerMove(screen.getByTestId('target'), { clientX: 55, clientY: 55 }); // 7 px: still a press
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it(`is cancelled by more than ${LONG_PRESS_MOVE_CANCEL_PX} px of movement or by lifting the finger`, () => {
    const fired = vi.fn();
    render(<Pressable onLongPress={fired} />);
    const target = screen.getByTestId('target');
    fireEvent.pointerDown(target, { clientX: 50, clientY: 50, button: 0 });
    fireEvent.pointerMove(target, { clientX: 50 + LONG_PRESS_MOVE_CANCEL_PX + 1, clientY: 50 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    fireEvent.pointerDown(target, { clientX: 50, clientY: 50, button: 0 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 50);
    });
    fireEvent.pointerUp(target);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(fired).not.toHaveBeenCalled();
  });
});
