import { describe, expect, it } from 'vitest';
import { walletsOf, type TPDirectApi, type WalletSetup } from './client';

/**
 * A TPDirect that records the calls the page makes and answers as a device would: `device` says whether this
 * phone has a card in Apple Pay and whether Google Pay can pay here.
 */
function fakeTPDirect(device: { apple: boolean; google: boolean; paymentRequest?: boolean }) {
  const calls: string[] = [];
  const seen: Record<string, unknown> = {};
  const tp: TPDirectApi = {
    setupSDK: () => calls.push('setupSDK'),
    card: { setup: () => undefined, getPrime: () => undefined },
    paymentRequestApi: {
      checkAvailability: () => {
        calls.push('apple.checkAvailability');
        return device.paymentRequest ?? true;
      },
      setupApplePay: (o) => {
        calls.push('apple.setupApplePay');
        seen.applePay = o;
      },
      setupPaymentRequest: (data, cb) => {
        calls.push('apple.setupPaymentRequest');
        seen.appleRequest = data;
        cb({ browserSupportPaymentRequest: true, canMakePaymentWithActiveCard: device.apple });
      },
      getPrime: () => undefined,
    },
    googlePay: {
      setupGooglePay: (o) => {
        calls.push('google.setupGooglePay');
        seen.googlePay = o;
      },
      setupPaymentRequest: (req, cb) => {
        calls.push('google.setupPaymentRequest');
        seen.googleRequest = req;
        cb(null, { canUseGooglePay: device.google });
      },
      getPrime: () => undefined,
    },
    linePay: { getPrime: () => undefined },
    jkoPay: { getPrime: () => undefined },
  };
  return { tp, calls, seen };
}

const setup: WalletSetup = {
  wallets: ['apple_pay', 'google_pay', 'line_pay', 'jko_pay'],
  applePay: { merchantIdentifier: 'merchant.example.shop', countryCode: 'TW' },
  googlePay: { googleMerchantId: 'BCR2DN4T2XYZ1234', merchantName: 'SimShop' },
};
const pay = { amount: '129', currency: 'TWD', label: 'SimShop' };

describe("TapPay's wallets on the pay step", () => {
  it('sets Apple Pay and Google Pay up in the order TapPay documents, with the shop values', async () => {
    const { tp, calls, seen } = fakeTPDirect({ apple: true, google: true });
    expect(await walletsOf(tp, setup, pay)).toEqual(['apple_pay', 'google_pay', 'line_pay', 'jko_pay']);
    const apple = calls.filter((c) => c.startsWith('apple.'));
    expect(apple).toEqual(['apple.checkAvailability', 'apple.setupApplePay', 'apple.setupPaymentRequest']);
    expect(calls.filter((c) => c.startsWith('google.'))).toEqual([
      'google.setupGooglePay',
      'google.setupPaymentRequest',
    ]);
    expect(seen.applePay).toEqual({ merchantIdentifier: 'merchant.example.shop', countryCode: 'TW' });
    expect(seen.appleRequest).toMatchObject({
      supportedMethods: ['apple_pay'],
      total: { label: 'SimShop', amount: { currency: 'TWD', value: '129' } },
    });
    expect(seen.googlePay).toMatchObject({ googleMerchantId: 'BCR2DN4T2XYZ1234', merchantName: 'SimShop' });
    expect(seen.googleRequest).toMatchObject({ price: '129', currency: 'TWD' });
  });

  it('shows Apple Pay and Google Pay only on a device that can pay with them', async () => {
    expect(await walletsOf(fakeTPDirect({ apple: false, google: true }).tp, setup, pay)).toEqual([
      'google_pay',
      'line_pay',
      'jko_pay',
    ]);
    expect(await walletsOf(fakeTPDirect({ apple: true, google: false }).tp, setup, pay)).toEqual([
      'apple_pay',
      'line_pay',
      'jko_pay',
    ]);
    // no Payment Request API in this browser: Apple Pay is never set up
    const noApi = fakeTPDirect({ apple: true, google: true, paymentRequest: false });
    expect(await walletsOf(noApi.tp, setup, pay)).not.toContain('apple_pay');
    expect(noApi.calls).not.toContain('apple.setupApplePay');
  });

  it('offers only the wallets the shop offers, and sets none up that it does not', async () => {
    const { tp, calls } = fakeTPDirect({ apple: true, google: true });
    const lineOnly: WalletSetup = { wallets: ['line_pay'], applePay: null, googlePay: null };
    expect(await walletsOf(tp, lineOnly, pay)).toEqual(['line_pay']);
    expect(calls).toEqual([]);
  });
});
