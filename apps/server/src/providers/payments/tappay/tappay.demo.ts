import crypto from 'node:crypto';
import type { HttpClient } from '../channel';
import type { TapPayChannelOptions } from './tappay.channel';
import { createTapPaySimState, type TapPaySimulatorOptions } from './tappay.simulator';

export const TAPPAY_SIMULATOR_PREFIX = '/dev/sim/tappay';

/** The demo merchant's credentials, shared by the adapter and the simulator (JSON-serialisable). */
export type TapPayDemoCredentials = { partnerKey: string; merchantId: string; appId: string; appKey: string };

/** Fresh random credentials in TapPay's formats. */
export const generateTapPayDemoCredentials = (): TapPayDemoCredentials => ({
  partnerKey: `partner_${crypto.randomBytes(30).toString('hex')}`,
  merchantId: `simshop_SIM_${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
  appId: String(crypto.randomInt(10_000, 99_999)),
  appKey: `app_${crypto.randomBytes(30).toString('hex')}`,
});

/**
 * Demo and test wiring: credentials (kept ones, or fresh random ones) shared by the adapter and the
 * simulator, the adapter and the web SDK pointed at the simulator. `publicUrl` is the shop's origin
 * (browsers load sdk.js and the 3-D Secure page from it); `http` must answer both the simulator's API and
 * the shop's notify URL.
 */
export function createTapPayDemo(opts: {
  publicUrl: string;
  http: HttpClient;
  credentials?: TapPayDemoCredentials;
  now?: () => number;
  prefix?: string;
  timeoutMs?: number;
}): { channel: TapPayChannelOptions; simulator: TapPaySimulatorOptions } {
  const { partnerKey, merchantId, appId, appKey } = opts.credentials ?? generateTapPayDemoCredentials();
  const baseUrl = `${opts.publicUrl.replace(/\/+$/, '')}${opts.prefix ?? TAPPAY_SIMULATOR_PREFIX}`;
  return {
    channel: {
      partnerKey,
      merchantId,
      appId,
      appKey,
      serverType: 'sandbox',
      baseUrl,
      sdkUrl: `${baseUrl}/sdk.js`,
      http: opts.http,
      now: opts.now,
      timeoutMs: opts.timeoutMs,
    },
    simulator: {
      partnerKey,
      merchantId,
      appId,
      appKey,
      publicBaseUrl: baseUrl,
      http: opts.http,
      now: opts.now,
      state: createTapPaySimState(),
    },
  };
}
