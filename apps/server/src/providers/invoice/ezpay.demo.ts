import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { HttpClient } from '../payments/channel';
import type { EzPayClientOptions } from './ezpay.client';
import {
  createEzPaySimState,
  type EzPaySimState,
  type EzPaySimTrack,
  type EzPaySimulatorOptions,
} from './ezpay.simulator';
import type { EzPayTrackClientOptions } from './ezpay.tracks';

/** Where the simulator is mounted in demo mode (providers/simulators.ts). */
export const EZPAY_INVOICE_SIMULATOR_PATH = '/dev/sim/ezpay-invoice';

/**
 * The demo merchant and its member (the number track API's own number and keys), shared by the clients and
 * the simulator. Demo only: the simulator is never mounted in production, where EZPAY_INVOICE_* and
 * EZPAY_MEMBER_* come from the environment (config.ts).
 */
const DEMO = {
  merchantId: '34818970',
  hashKey: 'demoEzPayInvoiceHashKey000000000',
  hashIV: 'demoEzPayInvIV00',
};
const DEMO_MEMBER = {
  companyId: '5560028',
  hashKey: 'demoEzPayMemberHashKey0000000000',
  hashIV: 'demoEzPayMemIV00',
};

/** Demo and test wiring: the clients pointed at the simulator in this app, over the in-process client. */
export function createEzPayInvoiceDemo(o: {
  publicUrl: string;
  http: HttpClient;
  /** The simulator's state, one per app (app.ts makes it): tests flip its switches through ctx.providers. */
  state: EzPaySimState;
  now?: () => number;
}): { client: EzPayClientOptions; tracks: EzPayTrackClientOptions; simulator: EzPaySimulatorOptions } {
  const baseUrl = `${o.publicUrl.replace(/\/+$/, '')}${EZPAY_INVOICE_SIMULATOR_PATH}`;
  const now = o.now ? { now: o.now } : {};
  return {
    client: { ...DEMO, baseUrl, http: o.http, ...now },
    tracks: { ...DEMO_MEMBER, baseUrl, http: o.http, ...now },
    simulator: { ...DEMO, member: DEMO_MEMBER, state: o.state, ...now },
  };
}

/** The file under DATA_DIR where the demo's simulated ezPay keeps the tracks registered with it. */
export const EZPAY_SIM_TRACKS_FILE = 'ezpay-sim-tracks.json';

const savedTracks = z.array(
  z.object({
    managementNo: z.string(),
    period: z.string(),
    prefix: z.string(),
    start: z.number().int(),
    end: z.number().int(),
    next: z.number().int(),
    type: z.string(),
    flag: z.enum(['0', '1', '2']),
    seq: z.number().int(),
    createdAt: z.number(),
  }),
);

/**
 * Demo mode's simulator state: ezPay keeps the tracks registered with it, and where each stands, across
 * the shop's restarts, so the simulator does too, in DATA_DIR (read here, written after every change,
 * atomically: beside, then renamed). Invoices it issued are not kept. A missing or unreadable file: none.
 */
export function loadEzPaySimState(dataDir: string): EzPaySimState {
  const file = path.join(dataDir, EZPAY_SIM_TRACKS_FILE);
  let tracks: EzPaySimTrack[] = [];
  try {
    const read = savedTracks.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (read.success) tracks = read.data;
  } catch {
    // none yet
  }
  const state = createEzPaySimState(tracks);
  state.save = (all) => {
    // synchronous: a number taken is written before the answer that carries it leaves
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(all), { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  };
  return state;
}
