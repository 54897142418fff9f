import type { HttpClient, PaymentChannel } from '../channel';
import { rsaPair, rsaPairAsync, type PemKeyPair } from '../keys';
import { createAlipayChannel, type AlipayChannelOptions } from './alipay.channel';
import { createAlipaySimulator, type AlipaySimulator, type AlipaySimulatorOptions } from './alipay.simulator';

/**
 * Demo-mode wiring for Alipay in public-key mode: the app's RSA-2048 pair (the shop signs, the
 * simulator verifies) and "Alipay's" pair (the simulator signs, the shop verifies).
 */
export type AlipayDemoKeys = { app: PemKeyPair; alipay: PemKeyPair };

export type AlipayDemoOptions = {
  /** The simulator's gateway as the adapter and the browser reach it: `${publicUrl}/dev/sim/alipay/gateway.do`. */
  gateway: string;
  /** Adapter -> simulator. */
  shopHttp: HttpClient;
  /** Simulator -> our notify_url. */
  simulatorHttp: HttpClient;
  /** Keys to reuse (JSON-serialisable, e.g. kept under ./data); fresh ones otherwise. */
  keys?: AlipayDemoKeys;
  appId?: string;
  sellerId?: string;
  /** The simulated merchant's settlement currency; unset: each order's own. */
  settleCurrency?: string;
  now?: () => number;
  retryDelaysMs?: number[];
};

/** Fresh demo keys without blocking the event loop (two RSA-2048 pairs). */
export async function generateAlipayDemoKeys(): Promise<AlipayDemoKeys> {
  const [app, alipay] = await Promise.all([rsaPairAsync(), rsaPairAsync()]);
  return { app, alipay };
}

/** The adapter's and the simulator's options, sharing one set of keys and ids. */
export function createAlipayDemo(o: AlipayDemoOptions): {
  keys: AlipayDemoKeys;
  channel: AlipayChannelOptions;
  simulator: AlipaySimulatorOptions;
} {
  const keys = o.keys ?? { app: rsaPair(), alipay: rsaPair() };
  const appId = o.appId ?? '2021000000000001';
  const sellerId = o.sellerId ?? '2088000000000001';
  return {
    keys,
    channel: {
      appId,
      sellerId,
      appPrivateKey: keys.app.privateKey,
      alipayPublicKey: keys.alipay.publicKey,
      gateway: o.gateway,
      http: o.shopHttp,
      now: o.now,
      settleCurrency: o.settleCurrency,
    },
    simulator: {
      appId,
      sellerId,
      appPublicKey: keys.app.publicKey,
      alipayPrivateKey: keys.alipay.privateKey,
      http: o.simulatorHttp,
      now: o.now,
      retryDelaysMs: o.retryDelaysMs,
    },
  };
}

/**
 * Everything demo mode needs in one call: the adapter for `ctx.providers` and the simulator whose
 * `plugin` is mounted where `gateway` points (`/dev/sim/alipay`, gateway `/dev/sim/alipay/gateway.do`).
 */
export function buildAlipayDemo(o: AlipayDemoOptions): {
  keys: AlipayDemoKeys;
  channel: PaymentChannel;
  simulator: AlipaySimulator;
} {
  const demo = createAlipayDemo(o);
  return {
    keys: demo.keys,
    channel: createAlipayChannel(demo.channel),
    simulator: createAlipaySimulator(demo.simulator),
  };
}
