import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { RechargeView } from './recharge-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));
// the TapPay web SDK: loaded from tappay_jinliu_info's sdkUrl; here a stand-in that turns the card into a prime
vi.mock('../model/client', async (real) => ({
  ...(await real<typeof import('../model/client')>()),
  loadScript: vi.fn(async () => undefined),
  tpDirect: () => ({
    setupSDK: vi.fn(),
    card: {
      setup: vi.fn(),
      getPrime: (cb: (r: { status: number; card?: { prime: string } }) => void) =>
        cb({ status: 0, card: { prime: 'prime_test_1' } }),
    },
  }),
}));

const PAY_LIST = [
  { code: 'alipay', name: 'Alipay', icon: null, enabled: true },
  { code: 'tappay', name: 'TapPay card', icon: null, enabled: true },
  { code: 'wallet', name: 'Wallet balance', icon: null, enabled: true },
];
let credited = false;

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  credited = false;
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    switch (url) {
      case 'app/base/comm/payList':
        return PAY_LIST;
      case 'app/user/wallet/get':
        return { balance: 0, currency: 'TWD' };
      case 'app/order/tappay/tappay_jinliu_info':
        return { sdkUrl: '/dev/sim/tappay/sdk.js', appId: '12348', appKey: 'app_key', serverType: 'sandbox' };
      case 'app/user/wallet/recharge':
        return {
          topupId: 9,
          attemptNo: 'T0000000009P1',
          start: { kind: 'redirect', url: 'http://localhost/dev/sim/tappay/3ds/D1' },
        };
      case 'app/user/wallet/rechargeStatus':
        return { topupId: 9, amount: 50_000, status: credited ? 'paid' : 'pending' };
      default:
        throw new Error(`unexpected call ${url}`);
    }
  });
});

const calls = (url: string) =>
  request.mock.calls.map(([c]) => c).filter((c: { url: string }) => c.url === url);

describe('RechargeView', () => {
  it('offers TapPay: the card form pays the top-up by prime, and the page waits for the credit', async () => {
    render(withApp(<RechargeView />));
    fireEvent.click(await screen.findByRole('radio', { name: 'TapPay card' }));
    const form = await screen.findByRole('form', { name: 'Card details' });
    const pay = screen.getByRole('button', { name: 'Pay by card' });
    // no amount yet: the card cannot be charged
    await waitFor(() => expect(pay).toHaveProperty('disabled', true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount (TWD)' }), { target: { value: '500' } });
    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    fireEvent.submit(form);
    await waitFor(() => expect(calls('app/user/wallet/recharge')).toHaveLength(1));
    expect(calls('app/user/wallet/recharge')[0].data).toMatchObject({
      amount: 50_000,
      payWay: 'tappay',
      prime: 'prime_test_1',
    });
    // the 3-D Secure redirect is offered; nothing says "added" until the verified notification credits it
    await waitFor(() => expect(calls('app/user/wallet/rechargeStatus').length).toBeGreaterThan(0));
    expect(screen.queryByText(/added to your wallet/)).toBeNull();
    credited = true;
    expect(await screen.findByText('NT$500 added to your wallet', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('shows the balance, and a suggested amount fills the field in one tap', async () => {
    render(withApp(<RechargeView />));
    expect((await screen.findByTestId('recharge-balance')).textContent).toMatch(/Wallet balance: NT\$/);
    const presets = screen.getByRole('group', { name: 'Suggested amounts' });
    const fiveHundred = within(presets).getByRole('button', { name: 'NT$500' });
    fireEvent.click(fiveHundred);
    expect((screen.getByRole('textbox', { name: 'Amount (TWD)' }) as HTMLInputElement).value).toBe('500');
    expect(fiveHundred.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Alipay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(calls('app/user/wallet/recharge')).toHaveLength(1));
    expect(calls('app/user/wallet/recharge')[0].data).toMatchObject({ amount: 50_000, payWay: 'alipay' });
  });

  it('other channels keep the plain top-up button, with no card form', async () => {
    render(withApp(<RechargeView />));
    fireEvent.click(await screen.findByRole('radio', { name: 'Alipay' }));
    expect(screen.getByRole('button', { name: 'Top up' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
  });
});
