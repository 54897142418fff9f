import crypto from 'node:crypto';
import type { HttpClient, PaymentChannel } from '../channel';
import { rsaPair, rsaPairAsync, type PemKeyPair } from '../keys';
import { createWechatPayChannel, type WechatPayChannelOptions } from './wechat.channel';
import { randomAlnum } from './wechat.crypto';
import {
  createWechatPaySimulator,
  type WechatPaySimulator,
  type WechatPaySimulatorOptions,
} from './wechat.simulator';

/**
 * Demo-mode wiring for WeChat Pay: keys, adapter options and simulator options that fit together.
 *
 * The merchant key gets a certificate-style serial (40 hex digits): node:crypto cannot issue X.509
 * certificates, and only the serial travels on the wire. The platform key uses the newer public-key
 * mode (`PUB_KEY_ID_...`), which the adapter accepts alongside certificate serials.
 */
export type WechatPayDemoKeys = {
  merchant: PemKeyPair;
  merchantSerial: string;
  platform: PemKeyPair;
  platformSerial: string;
  apiV3Key: string;
};

export type WechatPayDemoOptions = {
  /** Where the adapter reaches the simulator, e.g. `${publicUrl}/dev/sim/wechat`. */
  baseUrl: string;
  /** Adapter -> simulator. */
  shopHttp: HttpClient;
  /** Simulator -> our notify_url. */
  simulatorHttp: HttpClient;
  /** Keys to reuse (JSON-serialisable, e.g. kept under ./data); fresh ones otherwise. */
  keys?: WechatPayDemoKeys;
  mchid?: string;
  appid?: string;
  appAppid?: string;
  now?: () => number;
  retryDelaysMs?: number[];
};

const serials = () => ({
  merchantSerial: crypto.randomBytes(20).toString('hex').toUpperCase(),
  platformSerial: `PUB_KEY_ID_01${String(crypto.randomInt(1e9)).padStart(10, '0')}${String(crypto.randomInt(1e9)).padStart(16, '0')}`,
  apiV3Key: randomAlnum(32),
});

/** Fresh demo keys without blocking the event loop (two RSA-2048 pairs). */
export async function generateWechatPayDemoKeys(): Promise<WechatPayDemoKeys> {
  const [merchant, platform] = await Promise.all([rsaPairAsync(), rsaPairAsync()]);
  return { merchant, platform, ...serials() };
}

/** The adapter's and the simulator's options, sharing one set of keys and merchant ids. */
export function createWechatPayDemo(o: WechatPayDemoOptions): {
  keys: WechatPayDemoKeys;
  channel: WechatPayChannelOptions;
  simulator: WechatPaySimulatorOptions;
} {
  const keys = o.keys ?? { merchant: rsaPair(), platform: rsaPair(), ...serials() };
  const mchid = o.mchid ?? '1900000109';
  const appid = o.appid ?? 'wxd678efh567hg6787';
  const appAppid = o.appAppid ?? 'wx8888888888888888';
  return {
    keys,
    channel: {
      mchid,
      appid,
      appAppid,
      merchantSerial: keys.merchantSerial,
      merchantPrivateKey: keys.merchant.privateKey,
      apiV3Key: keys.apiV3Key,
      platformKeys: { [keys.platformSerial]: keys.platform.publicKey },
      // the simulator speaks the cross-border API under <mount>/v3/global, as apihk.mch.weixin.qq.com does
      baseUrl: `${o.baseUrl.replace(/\/$/, '')}/v3/global`,
      http: o.shopHttp,
      now: o.now,
    },
    simulator: {
      mchid,
      appids: [appid, appAppid],
      merchantSerial: keys.merchantSerial,
      merchantPublicKey: keys.merchant.publicKey,
      platformSerial: keys.platformSerial,
      platformPrivateKey: keys.platform.privateKey,
      apiV3Key: keys.apiV3Key,
      http: o.simulatorHttp,
      now: o.now,
      retryDelaysMs: o.retryDelaysMs,
      publicBaseUrl: o.baseUrl.replace(/\/$/, ''),
    },
  };
}

/**
 * Everything demo mode needs in one call: the adapter for `ctx.providers` and the simulator whose
 * `plugin` is mounted at the path `baseUrl` names (`/dev/sim/wechat`).
 */
export function buildWechatPayDemo(o: WechatPayDemoOptions): {
  keys: WechatPayDemoKeys;
  channel: PaymentChannel;
  simulator: WechatPaySimulator;
} {
  const demo = createWechatPayDemo(o);
  return {
    keys: demo.keys,
    channel: createWechatPayChannel(demo.channel),
    simulator: createWechatPaySimulator(demo.simulator),
  };
}
