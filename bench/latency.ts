/**
 * `tsx bench/latency.ts`: what a network between the shop and its database costs, measured rather than
 * multiplied. The shop reaches its fresh PostgreSQL database through a relay that counts round trips
 * (bench/pg-trips.ts); the bench (bench/run.ts, one instance) runs twice: the relay passing chunks at once,
 * then holding each BENCH_DELAY_US (default 250 µs) in each direction, a 0.5 ms round trip as between two
 * machines in one data centre. (`tc netem` on a veth in a network namespace was the plan; this machine's
 * kernel has no netem, so the relay delays.) Reported: PostgreSQL round trips per call, the checkout calls'
 * throughput and p99 and the 7-call checkout's median with and without the delay, and the delay the relay
 * really applied. Needs BENCH_DATABASE_URL. Not run in CI.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir, rootDir } from './processes';
import type { Row } from './table';

if (!process.env.BENCH_DATABASE_URL) {
  console.error('bench/latency.ts needs BENCH_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}
const DELAY_US = Number(process.env.BENCH_DELAY_US ?? 250);
const ONLY = ['checkout-and-pay by 8 buyers', 'order create', 'goods detail', 'checkout'];

type Summary = { rows: Row[]; checkout?: { medianMs: number; p90Ms: number; load1: number } };
function bench(delayUs: number): Summary {
  const r = spawnSync('npx', ['tsx', 'bench/run.ts'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_INSTANCES: '1',
      BENCH_COUNT_TRIPS: '1',
      BENCH_PG_DELAY_US: String(delayUs),
      BENCH_ONLY: ONLY.join(','),
    },
  });
  if (r.status !== 0) throw new Error(`bench/run.ts exited with ${r.status}`);
  return JSON.parse(
    fs.readFileSync(path.join(benchDir, 'results', 'latest-postgres.json'), 'utf8'),
  ) as Summary;
}

const results = [0, DELAY_US].map((us) => {
  const load = Number(os.loadavg()[0]!.toFixed(2));
  console.log(`\n== relay delay ${us} µs each way (load ${load})`);
  const s = bench(us);
  return {
    delayUsEachWay: us,
    loadBefore: load,
    checkoutMedianMs: s.checkout?.medianMs,
    checkoutP90Ms: s.checkout?.p90Ms,
    calls: Object.fromEntries(
      s.rows
        .filter((r) => ONLY.includes(r.name))
        .map((r) => [
          r.name,
          {
            reqPerSec: r.reqPerSec,
            p99Ms: r.p99Ms,
            dbTripsPerReq: r.dbTripsPerReq,
            relayHeldUs: r.relayHeldUs,
            load1: r.load1,
          },
        ]),
    ),
  };
});
const out = path.join(benchDir, 'results', 'latency-postgres.json');
fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(process.cwd(), out)}`);
