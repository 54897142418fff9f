import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { PaySheet } from './pay-sheet';

// Issue 27: one tap from checkout to the channel, and a wallet that cannot pay is shown but not offered.

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

let balance = 50_000;
let paid = false;
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  paid = false;
  balance = 50_000;
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    switch (url) {
      case 'app/order/pay/status':
        return {
          orderId: 5,
          orderStatus: paid ? 3 : 0,
          paid,
          amountDue: paid ? 0 : 12_300,
          currency: 'TWD',
          payWays: paid ? [] : ['wechat', 'wallet'],
          attempts: [],
        };
      case 'app/base/comm/payList':
        return [
          { code: 'wechat', name: 'WeChat Pay', icon: null, enabled: true },
          { code: 'wallet', name: 'Wallet balance', icon: null, enabled: true },
        ];
      case 'app/user/wallet/get':
        return { balance, currency: 'TWD' };
      case 'app/order/pay/checkPointSupport':
        return { supported: false, points: 0, usablePoints: 0, discount: 0 };
      case 'app/order/pay/walletPay':
        paid = true;
        return { orderId: 5, paid: true, amount: 12_300, balance: balance - 12_300 };
      default:
        throw new Error(`unexpected call ${url}`);
    }
  });
});
const calls = (url: string) =>
  request.mock.calls.map(([c]) => c as { url: string }).filter((c) => c.url === url);

describe('PaySheet from checkout', () => {
  it('pays with the wallet chosen at checkout at once, without a second Pay now', async () => {
    const onPaid = vi.fn();
    render(
      withApp(<PaySheet orderId={5} visible chosen="wallet" autoStart onClose={() => {}} onPaid={onPaid} />),
    );
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(calls('app/order/pay/walletPay')).toHaveLength(1);
  });

  it('shows a wallet that cannot cover the order with its balance, disabled, and does not start it', async () => {
    balance = 0;
    const onPaid = vi.fn();
    render(
      withApp(<PaySheet orderId={5} visible chosen="wallet" autoStart onClose={() => {}} onPaid={onPaid} />),
    );
    const radio = await screen.findByRole('radio', { name: /Wallet balance/ });
    await screen.findByText(/Not enough in the wallet/);
    expect((radio as HTMLInputElement).disabled).toBe(true);
    expect((radio as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/NT\$0/)).toBeTruthy();
    expect(calls('app/order/pay/walletPay')).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();
  });
});
