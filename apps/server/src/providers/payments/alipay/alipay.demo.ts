import crypto from 'node:crypto';
import type { HttpClient } from '../channel';
import type { AlipayChannelOptions } from './alipay.channel';
import type { AlipaySimulatorOptions } from './alipay.simulator';

/**
 * Fresh keys for demo mode and tests: the app's RSA-2048 pair (the shop signs, the simulator verifies)
 * and "Alipay's" pair (the simulator signs, the shop verifies), as in the open platform's public-key
 * mode. Returns what the adapter and the simulator each need.
 */
export type AlipayDemoOptions = {
  /** The simulator's gateway as the adapter and the browser reach it, e.g. `${publicUrl}/dev/sim/alipay/gateway.do`. */
  gateway: string;
  /** Adapter -> simulator. */
  shopHttp: HttpClient;
  /** Simulator -> our notify_url. */
  simulatorHttp: HttpClient;
  appId?: string;
  sellerId?: string;
  now?: () => number;
  retryDelaysMs?: number[];
};

export function createAlipayDemo(o: AlipayDemoOptions): {
  channel: AlipayChannelOptions;
  simulator: AlipaySimulatorOptions;
} {
  const app = pair();
  const alipay = pair();
  const appId = o.appId ?? '2021000000000001';
  const sellerId = o.sellerId ?? '2088000000000001';
  return {
    channel: {
      appId,
      sellerId,
      appPrivateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: o.gateway,
      http: o.shopHttp,
      now: o.now,
    },
    simulator: {
      appId,
      sellerId,
      appPublicKey: app.publicKey,
      alipayPrivateKey: alipay.privateKey,
      http: o.simulatorHttp,
      now: o.now,
      retryDelaysMs: o.retryDelaysMs,
    },
  };
}

function pair(): { privateKey: string; publicKey: string } {
  return crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}
