import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { PaySheet } from './pay-sheet';
import { WalletView } from './wallet-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));
const toDataURL = vi.hoisted(() => vi.fn(async () => 'data:image/png;base64,iVBORw0KGgo='));
vi.mock('qrcode', () => ({ default: { toDataURL } }));

const PAY_LIST = [
  { code: 'wechat', name: 'WeChat Pay', icon: null, enabled: true },
  { code: 'alipay', name: 'Alipay', icon: null, enabled: true },
  { code: 'wallet', name: 'Wallet balance', icon: null, enabled: true },
  { code: 'points', name: 'Points', icon: null, enabled: true },
];
let paid = false;
const status = () => ({
  orderId: 5,
  orderStatus: paid ? 3 : 0,
  paid,
  amountDue: paid ? 0 : 12_300,
  currency: 'TWD',
  payWays: paid ? [] : ['wechat', 'wallet', 'points'],
  attempts: [],
});

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  paid = false;
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    switch (url) {
      case 'app/order/pay/status':
        return status();
      case 'app/base/comm/payList':
        return PAY_LIST;
      case 'app/user/wallet/get':
        return { balance: 50_000, currency: 'TWD' };
      case 'app/order/pay/checkPointSupport':
        return { supported: true, points: 300, usablePoints: 300, discount: 3_000 };
      case 'app/order/pay/walletPay':
        paid = true;
        return { orderId: 5, paid: true, amount: 12_300, balance: 37_700 };
      case 'app/order/pay/usePoint':
        return { orderId: 5, pointsUsed: 300, discount: 3_000, paid: false, remaining: 9_300 };
      case 'app/order/pay/orderPay':
        return {
          orderId: 5,
          attemptNo: '2026P1',
          start: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' },
        };
      case 'app/user/wallet/transaction/page':
        return {
          list: [
            {
              id: 2,
              type: 'PAY',
              amount: -12_300,
              balanceAfter: 37_700,
              orderId: 5,
              note: null,
              createdAt: '2026-11-23T08:00:00Z',
            },
            {
              id: 1,
              type: 'TOPUP',
              amount: 50_000,
              balanceAfter: 50_000,
              orderId: null,
              note: null,
              createdAt: '2026-11-23T07:00:00Z',
            },
          ],
          pagination: { page: 1, size: 20, total: 2 },
        };
      default:
        throw new Error(`unexpected call ${url}`);
    }
  });
});
const calls = (url: string) =>
  request.mock.calls.map(([c]) => c).filter((c: { url: string }) => c.url === url);

describe('PaySheet', () => {
  it('opens with the points chosen at checkout applied: says so, and asks what is left', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      switch (url) {
        case 'app/order/pay/status':
          return {
            ...status(),
            amountDue: 11_700,
            attempts: [
              {
                attemptNo: '2026P1',
                channel: 'points',
                method: null,
                amount: 1_200,
                currency: 'TWD',
                status: 'paid',
                detail: { points: '120' },
                createdAt: '2026-11-23T08:00:00Z',
                paidAt: '2026-11-23T08:00:00Z',
              },
            ],
          };
        case 'app/base/comm/payList':
          return PAY_LIST;
        case 'app/user/wallet/get':
          return { balance: 50_000, currency: 'TWD' };
        case 'app/order/pay/checkPointSupport':
          return { supported: false, points: 3, usablePoints: 0, discount: 0 };
        default:
          throw new Error(`unexpected call ${url}`);
      }
    });
    render(withApp(<PaySheet orderId={5} visible chosen="wechat" onClose={() => {}} onPaid={() => {}} />));
    expect(await screen.findByText('Points applied: −NT$12')).toBeTruthy();
    expect((await screen.findByText(/To pay/)).textContent).toMatch(/117/);
    expect(screen.queryByRole('switch', { name: 'Use points' })).toBeNull();
  });

  it("offers the order's pay ways by their server names, pays from the wallet with points, and reports paid", async () => {
    const onPaid = vi.fn();
    render(
      withApp(<PaySheet orderId={5} visible onClose={() => {}} onPaid={onPaid} client="desktop_browser" />),
    );
    expect(await screen.findByText('NT$123')).toBeTruthy();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['wechat', 'wallet']);
    expect(screen.getByText('WeChat Pay')).toBeTruthy();
    expect(await screen.findByText(/NT\$500/)).toBeTruthy(); // the wallet balance
    fireEvent.click(await screen.findByRole('switch', { name: 'Use points' }));
    fireEvent.click(screen.getByRole('radio', { name: /Wallet balance/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(calls('app/order/pay/usePoint')).toHaveLength(1);
    expect(calls('app/order/pay/walletPay')[0].data).toEqual({ orderId: 5 });
  });

  it('opens on the way chosen at checkout, or with the points on for a points order', async () => {
    const sheet = (chosen: 'wallet' | 'points' | 'alipay') =>
      render(
        withApp(
          <PaySheet
            orderId={5}
            visible
            onClose={() => {}}
            onPaid={() => {}}
            chosen={chosen}
            client="desktop_browser"
          />,
        ),
      );
    const wallet = sheet('wallet');
    await waitFor(async () =>
      expect(
        ((await screen.findByRole('radio', { name: /Wallet balance/ })) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Pay now' }) as HTMLButtonElement).disabled).toBe(false);
    wallet.unmount();
    const points = sheet('points');
    await waitFor(async () =>
      expect((await screen.findByRole('switch', { name: 'Use points' })).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    points.unmount();
    // a way the order no longer takes is not chosen for the buyer
    sheet('alipay');
    expect(await screen.findAllByRole('radio')).toHaveLength(2);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('WeChat Native: draws the QR code with the qrcode library and polls the status', async () => {
    render(
      withApp(<PaySheet orderId={5} visible onClose={() => {}} onPaid={() => {}} client="desktop_browser" />),
    );
    fireEvent.click(await screen.findByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('img', { name: 'WeChat Pay QR code' })).toBeTruthy();
    expect(toDataURL).toHaveBeenCalledWith('weixin://wxpay/bizpayurl?pr=abc', expect.anything());
    expect(calls('app/order/pay/orderPay')[0].data).toEqual({
      orderId: 5,
      payWay: 'wechat',
      client: 'desktop_browser',
    });
    expect(screen.getByText('Scan the code with WeChat to pay')).toBeTruthy();
  });
});

describe('WalletView', () => {
  it('shows the balance and the transactions, credits and debits signed', async () => {
    render(withApp(<WalletView />));
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('NT$500');
    expect(await screen.findByText('Payment')).toBeTruthy();
    expect(screen.getByText('Top-up')).toBeTruthy();
    expect(screen.getByText('−NT$123')).toBeTruthy();
    expect(screen.getByText('+NT$500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/pages/wallet/recharge');
  });
});
