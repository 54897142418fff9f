import type { HttpClient } from '../payments/channel';
import type { PlanPartnerClientOptions } from './plan-partner.client';
import type { PlanPartnerSimulatorOptions } from './plan-partner.simulator';

/** Where the simulator is mounted in demo mode (providers/simulators.ts). */
export const PARTNER_SIMULATOR_PATH = '/dev/sim/partner';

/**
 * The demo partner account, shared by the adapter and the simulator. Demo only: the simulator is never
 * mounted in production, and production takes its credentials from PARTNER_* (config.ts).
 */
const DEMO = {
  clientId: 'simshop-demo',
  clientSecret: 'demo-partner-client-secret',
  webhookSecret: 'demo-partner-webhook-secret',
};

/**
 * Demo and test wiring: the adapter pointed at the simulator at `${publicUrl}/dev/sim/partner`, `http`
 * answering both ways (the adapter's calls and the simulator's webhooks), in process.
 */
export function createPlanPartnerDemo(o: {
  publicUrl: string;
  http: HttpClient;
  now?: () => number;
  prefix?: string;
}): { client: PlanPartnerClientOptions; simulator: PlanPartnerSimulatorOptions } {
  const baseUrl = `${o.publicUrl.replace(/\/+$/, '')}${o.prefix ?? PARTNER_SIMULATOR_PATH}`;
  const now = o.now ? { now: o.now } : {};
  return {
    client: { baseUrl, ...DEMO, http: o.http, ...now },
    simulator: { ...DEMO, http: o.http, ...now },
  };
}
