import type { HttpClient } from '../payments/channel';
import type { EzPayClientOptions } from './ezpay.client';
import type { EzPaySimState, EzPaySimulatorOptions } from './ezpay.simulator';

/** Where the simulator is mounted in demo mode (providers/simulators.ts). */
export const EZPAY_INVOICE_SIMULATOR_PATH = '/dev/sim/ezpay-invoice';

/**
 * The demo merchant, shared by the client and the simulator. Demo only: the simulator is never mounted in
 * production, where EZPAY_INVOICE_* come from the environment (config.ts).
 */
const DEMO = {
  merchantId: '34818970',
  hashKey: 'demoEzPayInvoiceHashKey000000000',
  hashIV: 'demoEzPayInvIV00',
};

/** Demo and test wiring: the client pointed at the simulator in this app, over the in-process client. */
export function createEzPayInvoiceDemo(o: {
  publicUrl: string;
  http: HttpClient;
  /** The simulator's state, one per app (app.ts makes it): tests flip its switches through ctx.providers. */
  state: EzPaySimState;
  now?: () => number;
}): { client: EzPayClientOptions; simulator: EzPaySimulatorOptions } {
  const baseUrl = `${o.publicUrl.replace(/\/+$/, '')}${EZPAY_INVOICE_SIMULATOR_PATH}`;
  const now = o.now ? { now: o.now } : {};
  return {
    client: { ...DEMO, baseUrl, http: o.http, ...now },
    simulator: { ...DEMO, state: o.state, ...now },
  };
}
