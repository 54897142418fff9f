/** Where the buyer pays from (picks WeChat JSAPI/Native and Alipay page/WAP on the server). */
export type ClientKind = 'wechat_browser' | 'mobile_browser' | 'desktop_browser';

export function clientKind(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): ClientKind {
  if (/MicroMessenger/i.test(ua)) return 'wechat_browser';
  if (/Mobi|Android|iPhone|iPad/i.test(ua)) return 'mobile_browser';
  return 'desktop_browser';
}

/** Sends the browser to a provider with an auto-submitted form POST (NewebPay MPG). */
export function submitForm(action: string, fields: Record<string, string>, doc: Document = document) {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

/** Loads a script once (the TapPay SDK); resolves when it has run. */
const loading = new Map<string, Promise<void>>();
export function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loading.delete(src);
        reject(new Error(`script ${src} failed to load`));
      };
      document.head.appendChild(s);
    });
    loading.set(src, p);
  }
  return p;
}

/** The TapPay web SDK as the page uses it (the real one and the demo simulator's stand-in). */
type WalletPrimeResult = { status: number; msg?: string; prime?: string };
/** TPDirect.paymentRequestApi.setupPaymentRequest's data (TapPay's Payment Request API, Apple Pay here). */
export type ApplePayRequest = {
  supportedNetworks: string[];
  supportedMethods: ['apple_pay'];
  total: { label: string; amount: { currency: string; value: string } };
};
export type GooglePaySetup = {
  googleMerchantId?: string;
  merchantName: string;
  allowedCardAuthMethods: string[];
  allowedCountryCodes: string[];
};
export type TPDirectApi = {
  setupSDK(appId: number, appKey: string, serverType: string): void;
  card: {
    setup(config: { fields: Record<string, { element: string; placeholder?: string }> }): void;
    getPrime(cb: (result: { status: number; msg?: string; card?: { prime: string } }) => void): void;
  };
  /** Apple Pay (the Payment Request API); Google Pay; LINE Pay; JKO Pay: each gives a prime to pay by. */
  paymentRequestApi?: {
    checkAvailability(): boolean;
    setupApplePay(o: { merchantIdentifier: string; countryCode: string }): void;
    setupPaymentRequest(
      data: ApplePayRequest,
      cb: (r: { browserSupportPaymentRequest: boolean; canMakePaymentWithActiveCard: boolean }) => void,
    ): void;
    getPrime(cb: (r: WalletPrimeResult) => void): void;
  };
  googlePay?: {
    setupGooglePay(o: GooglePaySetup): void;
    setupPaymentRequest(
      req: { allowedNetworks: string[]; price: string; currency: string },
      cb: (err: unknown, result: { canUseGooglePay: boolean } | null) => void,
    ): void;
    getPrime(cb: (error: unknown, prime: string | null) => void): void;
  };
  linePay?: { getPrime(cb: (r: WalletPrimeResult) => void): void };
  jkoPay?: { getPrime(cb: (r: WalletPrimeResult) => void): void };
};

export type TapPayWalletCode = 'apple_pay' | 'google_pay' | 'line_pay' | 'jko_pay';

/** What the shop's server says TapPay's SDK is set up with (app/order/tappay/tappay_jinliu_info). */
export type WalletSetup = {
  wallets: TapPayWalletCode[];
  applePay: { merchantIdentifier: string; countryCode: string } | null;
  googlePay: { googleMerchantId?: string; merchantName: string } | null;
};

/** The card networks the shop takes in Taiwan, in each API's spelling. */
const NETWORKS = ['VISA', 'MASTERCARD', 'JCB', 'AMEX'];

/**
 * The wallets this device can pay with, set up in the order TapPay documents (tappay-web-example): Apple Pay
 * is `checkAvailability()`, `setupApplePay`, then `setupPaymentRequest`, shown only when
 * `canMakePaymentWithActiveCard` (a card in the device's Apple Pay); Google Pay is `setupGooglePay`, then
 * `setupPaymentRequest`, shown only when `canUseGooglePay`. LINE Pay and JKO Pay need no setup. Only the wallets
 * the shop offers. `amount` is in whole units of `currency` as TapPay's SDK takes it ("129").
 */
export async function walletsOf(
  tp: TPDirectApi,
  setup: WalletSetup,
  pay: { amount: string; currency: string; label: string },
): Promise<TapPayWalletCode[]> {
  const offered = new Set(setup.wallets);
  const apple = async () => {
    const api = tp.paymentRequestApi;
    if (!offered.has('apple_pay') || !setup.applePay || !api?.checkAvailability()) return false;
    api.setupApplePay(setup.applePay);
    return new Promise<boolean>((resolve) =>
      api.setupPaymentRequest(
        {
          supportedNetworks: NETWORKS,
          supportedMethods: ['apple_pay'],
          total: { label: pay.label, amount: { currency: pay.currency, value: pay.amount } },
        },
        (r) => resolve(r.browserSupportPaymentRequest && r.canMakePaymentWithActiveCard),
      ),
    );
  };
  const google = async () => {
    const api = tp.googlePay;
    if (!offered.has('google_pay') || !setup.googlePay || !api) return false;
    api.setupGooglePay({
      ...(setup.googlePay.googleMerchantId ? { googleMerchantId: setup.googlePay.googleMerchantId } : {}),
      merchantName: setup.googlePay.merchantName,
      allowedCardAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCountryCodes: ['TW'],
    });
    return new Promise<boolean>((resolve) =>
      api.setupPaymentRequest(
        { allowedNetworks: NETWORKS, price: pay.amount, currency: pay.currency },
        (err, r) => resolve(!err && r?.canUseGooglePay === true),
      ),
    );
  };
  const [a, g] = await Promise.all([apple(), google()]);
  const out: TapPayWalletCode[] = [];
  if (a) out.push('apple_pay');
  if (g) out.push('google_pay');
  if (offered.has('line_pay') && tp.linePay) out.push('line_pay');
  if (offered.has('jko_pay') && tp.jkoPay) out.push('jko_pay');
  return out;
}

/** A wallet's single-use prime, from the SDK call each wallet has. */
export function walletPrime(tp: TPDirectApi, wallet: TapPayWalletCode): Promise<string> {
  return new Promise((resolve, reject) => {
    const settle = (r: WalletPrimeResult) =>
      r.status === 0 && r.prime ? resolve(r.prime) : reject(new Error(r.msg ?? wallet));
    if (wallet === 'apple_pay' && tp.paymentRequestApi) tp.paymentRequestApi.getPrime(settle);
    else if (wallet === 'google_pay' && tp.googlePay)
      tp.googlePay.getPrime((error, prime) =>
        prime && !error ? resolve(prime) : reject(new Error(String(error ?? wallet))),
      );
    else if (wallet === 'line_pay' && tp.linePay) tp.linePay.getPrime(settle);
    else if (wallet === 'jko_pay' && tp.jkoPay) tp.jkoPay.getPrime(settle);
    else reject(new Error(`${wallet} is not available`));
  });
}
export const tpDirect = (): TPDirectApi | undefined =>
  (window as unknown as { TPDirect?: TPDirectApi }).TPDirect;

type Bridge = {
  invoke(name: string, params: Record<string, string>, cb: (res: { err_msg: string }) => void): void;
};
export const weixinBridge = (): Bridge | undefined =>
  (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

export const WECHAT_DOWNLOAD_URL = 'https://weixin.qq.com/';
