import crypto from 'node:crypto';
import type { HttpClient } from '../channel';
import { randomAlnum } from '../keys';
import type { NewebPayChannelOptions } from './newebpay.channel';
import { createNewebPaySimState, type NewebPaySimulatorOptions } from './newebpay.simulator';

export const NEWEBPAY_SIMULATOR_PREFIX = '/dev/sim/newebpay';

/** The demo merchant's credentials, shared by the adapter and the simulator (JSON-serialisable). */
export type NewebPayDemoCredentials = { merchantId: string; hashKey: string; hashIV: string };

/** Fresh random credentials in NewebPay's formats (HashKey 32 and HashIV 16 characters). */
export const generateNewebPayDemoCredentials = (): NewebPayDemoCredentials => ({
  merchantId: `MS${crypto.randomInt(100_000_000, 999_999_999)}`,
  hashKey: randomAlnum(32),
  hashIV: randomAlnum(16),
});

/**
 * Demo and test wiring: credentials (kept ones, or fresh random ones) shared by the adapter and the
 * simulator, the adapter pointed at the simulator. `publicUrl` is the shop's origin (the browser posts the
 * gateway form there); `http` must answer both the simulator's API and the shop's NotifyURL
 * (createInjectHttpClient in demo).
 */
export function createNewebPayDemo(opts: {
  publicUrl: string;
  http: HttpClient;
  credentials?: NewebPayDemoCredentials;
  now?: () => number;
  prefix?: string;
}): { channel: NewebPayChannelOptions; simulator: NewebPaySimulatorOptions } {
  const { merchantId, hashKey, hashIV } = opts.credentials ?? generateNewebPayDemoCredentials();
  const baseUrl = `${opts.publicUrl.replace(/\/+$/, '')}${opts.prefix ?? NEWEBPAY_SIMULATOR_PREFIX}`;
  return {
    channel: { merchantId, hashKey, hashIV, baseUrl, http: opts.http, now: opts.now },
    simulator: {
      merchantId,
      hashKey,
      hashIV,
      http: opts.http,
      now: opts.now,
      state: createNewebPaySimState(),
    },
  };
}
