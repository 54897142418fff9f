import crypto from 'node:crypto';
import type { HttpClient } from '../channel';
import type { WechatPayChannelOptions } from './wechat.channel';
import { randomAlnum } from './wechat.crypto';
import type { WechatPaySimulatorOptions } from './wechat.simulator';

/**
 * Fresh keys for demo mode and tests: a merchant API key with a certificate-style serial (40 hex digits;
 * node:crypto cannot issue X.509 certificates, and only the serial travels on the wire), a platform key
 * in the newer public-key mode (`PUB_KEY_ID_...`), and a random APIv3 key. Returns what the adapter and
 * the simulator each need, so providers/index.ts wires demo mode in a few lines.
 */
export type WechatPayDemoOptions = {
  /** Where the adapter reaches the simulator, e.g. `${publicUrl}/dev/sim/wechat`. */
  baseUrl: string;
  /** Adapter -> simulator. */
  shopHttp: HttpClient;
  /** Simulator -> our notify_url. */
  simulatorHttp: HttpClient;
  mchid?: string;
  appid?: string;
  appAppid?: string;
  now?: () => number;
  retryDelaysMs?: number[];
};

export function createWechatPayDemo(o: WechatPayDemoOptions): {
  channel: WechatPayChannelOptions;
  simulator: WechatPaySimulatorOptions;
} {
  const merchant = rsaPair();
  const platform = rsaPair();
  const merchantSerial = crypto.randomBytes(20).toString('hex').toUpperCase();
  const platformSerial = `PUB_KEY_ID_01${String(crypto.randomInt(1e9)).padStart(10, '0')}${String(crypto.randomInt(1e9)).padStart(16, '0')}`;
  const apiV3Key = randomAlnum(32);
  const mchid = o.mchid ?? '1900000109';
  const appid = o.appid ?? 'wxd678efh567hg6787';
  const appAppid = o.appAppid ?? 'wx8888888888888888';
  return {
    channel: {
      mchid,
      appid,
      appAppid,
      merchantSerial,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key,
      platformKeys: { [platformSerial]: platform.publicKey },
      baseUrl: o.baseUrl,
      http: o.shopHttp,
      now: o.now,
    },
    simulator: {
      mchid,
      appids: [appid, appAppid],
      merchantSerial,
      merchantPublicKey: merchant.publicKey,
      platformSerial,
      platformPrivateKey: platform.privateKey,
      apiV3Key,
      http: o.simulatorHttp,
      now: o.now,
      retryDelaysMs: o.retryDelaysMs,
    },
  };
}

/** An RSA-2048 key pair as PEM strings (PKCS#8 private, SPKI public), as the merchant portal hands them out. */
export function rsaPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}
