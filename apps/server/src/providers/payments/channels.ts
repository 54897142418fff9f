import type { Config } from '../../config';
import type { ChannelCode, HttpClient, PaymentChannel } from './channel';
import { createAlipayChannel } from './alipay/alipay.channel';
import { createAlipayDemo } from './alipay/alipay.demo';
import { createNewebPayChannel } from './newebpay/newebpay.channel';
import { createNewebPayDemo } from './newebpay/newebpay.demo';
import type { SimKeys } from './sim-keys';
import { createTapPayChannel, TAPPAY_WEB_SDK_URL } from './tappay/tappay.channel';
import { createTapPayDemo } from './tappay/tappay.demo';
import { createWechatPayChannel } from './wechat/wechat.channel';
import { createWechatPayDemo } from './wechat/wechat.demo';
import { wechatPayDemoCashierUrl } from './wechat/wechat.simulator';

export type PaymentChannels = Partial<Record<ChannelCode, PaymentChannel>>;

/** Where each provider's simulator is mounted in demo mode (providers/simulators.ts). */
export const SIMULATOR_PATHS: Record<ChannelCode, string> = {
  wechat: '/dev/sim/wechat',
  alipay: '/dev/sim/alipay',
  tappay: '/dev/sim/tappay',
  newebpay: '/dev/sim/newebpay',
};

/**
 * The options each adapter and its simulator are built from in demo mode: one set of kept keys, the
 * simulator at `${publicUrl}/dev/sim/<provider>`, and `http` (the app answering in process) both ways.
 * Channels (providers/index.ts) and simulators (providers/simulators.ts) both derive from this one call.
 */
export function demoPaymentWiring(publicUrl: string, keys: SimKeys, http: HttpClient, wechatAppid: string) {
  const base = (code: ChannelCode) => `${publicUrl}${SIMULATOR_PATHS[code]}`;
  return {
    // JSAPI payers' openids come from WeChat sign-in's Official Account (WECHAT_APP_ID): WeChat Pay orders
    // under that same appid, as production requires
    wechat: createWechatPayDemo({
      baseUrl: base('wechat'),
      shopHttp: http,
      simulatorHttp: http,
      keys: keys.wechat,
      appid: wechatAppid,
    }),
    alipay: createAlipayDemo({
      gateway: `${base('alipay')}/gateway.do`,
      shopHttp: http,
      simulatorHttp: http,
      keys: keys.alipay,
    }),
    tappay: createTapPayDemo({
      publicUrl,
      http,
      credentials: keys.tappay,
      prefix: SIMULATOR_PATHS.tappay,
    }),
    newebpay: createNewebPayDemo({
      publicUrl,
      http,
      credentials: keys.newebpay,
      prefix: SIMULATOR_PATHS.newebpay,
    }),
  };
}

/** Demo mode: all four adapters, each talking to its simulator inside this app. */
export function demoPaymentChannels(
  publicUrl: string,
  keys: SimKeys,
  http: HttpClient,
  wechatAppid: string,
): PaymentChannels {
  const w = demoPaymentWiring(publicUrl, keys, http, wechatAppid);
  const wechat = createWechatPayChannel(w.wechat.channel);
  return {
    // a Native QR code of the simulator cannot be scanned by a phone: the pay sheet links to its cashier
    wechat: {
      ...wechat,
      start: async (req) => {
        const started = await wechat.start(req);
        return started.kind === 'qr'
          ? {
              ...started,
              demoUrl: wechatPayDemoCashierUrl(
                `${publicUrl}${SIMULATOR_PATHS.wechat}`,
                started.codeUrl,
                req.returnUrl,
              ),
            }
          : started;
      },
    },
    alipay: createAlipayChannel(w.alipay.channel),
    tappay: createTapPayChannel(w.tappay.channel),
    newebpay: createNewebPayChannel(w.newebpay.channel),
  };
}

const TAPPAY_API = { sandbox: 'https://sandbox.tappaysdk.com', production: 'https://prod.tappaysdk.com' };
const NEWEBPAY_API = { test: 'https://ccore.newebpay.com', production: 'https://core.newebpay.com' };

/**
 * Production: an adapter for every channel whose credentials config holds (config refuses to start when
 * a pay way in PAY_WAYS has none), talking to the real provider through `http` (fetch).
 */
export function productionPaymentChannels(cfg: Config['payments'], http: HttpClient): PaymentChannels {
  const channels: PaymentChannels = {};
  if (cfg.wechat) {
    const c = cfg.wechat;
    channels.wechat = createWechatPayChannel({
      mchid: c.mchid,
      appid: c.appid,
      appAppid: c.appAppid,
      merchantSerial: c.merchantSerial,
      merchantPrivateKey: c.privateKey,
      apiV3Key: c.apiV3Key,
      platformKeys: c.platformKeys,
      baseUrl: c.apiBase,
      merchantCategoryCode: c.merchantCategoryCode,
      http,
    });
  }
  if (cfg.alipay) {
    const c = cfg.alipay;
    channels.alipay = createAlipayChannel({
      appId: c.appId,
      sellerId: c.sellerId,
      appPrivateKey: c.privateKey,
      alipayPublicKey: c.alipayPublicKey,
      gateway: c.gateway,
      settleCurrency: c.settleCurrency,
      http,
    });
  }
  if (cfg.tappay) {
    const c = cfg.tappay;
    channels.tappay = createTapPayChannel({
      partnerKey: c.partnerKey,
      merchantId: c.merchantId,
      appId: c.appId,
      appKey: c.appKey,
      serverType: c.serverType,
      baseUrl: TAPPAY_API[c.serverType],
      sdkUrl: TAPPAY_WEB_SDK_URL,
      http,
    });
  }
  if (cfg.newebpay) {
    const c = cfg.newebpay;
    channels.newebpay = createNewebPayChannel({
      merchantId: c.merchantId,
      hashKey: c.hashKey,
      hashIV: c.hashIV,
      baseUrl: NEWEBPAY_API[c.env],
      http,
    });
  }
  return channels;
}
