/**
 * `tsx bench/latency.ts`: what a network between the shop and its database costs, measured rather than
 * multiplied. The shop runs in a network namespace joined to the host by a veth pair; its database is reached
 * through a relay on the host's end that counts round trips (bench/pg-trips.ts). The bench (bench/run.ts)
 * runs twice on a fresh PostgreSQL database: with no delay on the veth, then with `tc netem` adding
 * BENCH_DELAY_US (default 250 µs) on each end, a 0.5 ms round trip, as between two machines in one
 * data centre. Reported: PostgreSQL round trips per request, the checkout's calls and the 7-call checkout
 * with and without the delay, and ping's round trip across the veth. HTTP crosses the veth too, so each HTTP
 * call also pays one round trip. Needs root (ip netns, tc) and BENCH_DATABASE_URL. Not run in CI.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
const tag = String(process.pid % 100_000);
const NS = `simshop-lat-${tag}`;
const HOST_IF = `slh${tag}`;
const NS_IF = `sln${tag}`;
const HOST_IP = '10.213.0.1';
const NS_IP = '10.213.0.2';
const ONLY = ['checkout-and-pay by 8 buyers', 'order create', 'checkout'];

const sh = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { stdio: 'pipe' }).toString();
const inNs = (...args: string[]) => sh('ip', 'netns', 'exec', NS, ...args);

function setUp() {
  sh('ip', 'netns', 'add', NS);
  sh('ip', 'link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF);
  sh('ip', 'link', 'set', NS_IF, 'netns', NS);
  sh('ip', 'addr', 'add', `${HOST_IP}/30`, 'dev', HOST_IF);
  sh('ip', 'link', 'set', HOST_IF, 'up');
  inNs('ip', 'addr', 'add', `${NS_IP}/30`, 'dev', NS_IF);
  inNs('ip', 'link', 'set', NS_IF, 'up');
  inNs('ip', 'link', 'set', 'lo', 'up');
}
function delay(us: number) {
  sh('tc', 'qdisc', 'replace', 'dev', HOST_IF, 'root', 'netem', 'delay', `${us}us`);
  inNs('tc', 'qdisc', 'replace', 'dev', NS_IF, 'root', 'netem', 'delay', `${us}us`);
}
function tearDown() {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}
/** ping's average round trip across the veth, in ms. */
function pingMs(): number {
  const out = inNs('ping', '-q', '-c', '50', '-i', '0.01', HOST_IP);
  return Number(/= [\d.]+\/([\d.]+)\//.exec(out)?.[1] ?? NaN);
}

type Summary = { rows: Row[]; checkout?: { medianMs: number; p90Ms: number; load1: number } };
function bench(): Summary {
  const r = spawnSync('npx', ['tsx', 'bench/run.ts'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_NETNS: NS,
      BENCH_NETNS_IP: NS_IP,
      BENCH_NETNS_HOST_IP: HOST_IP,
      BENCH_ONLY: ONLY.join(','),
    },
  });
  if (r.status !== 0) throw new Error(`bench/run.ts exited with ${r.status}`);
  return JSON.parse(
    fs.readFileSync(path.join(benchDir, 'results', 'latest-postgres.json'), 'utf8'),
  ) as Summary;
}

const results: Record<string, unknown>[] = [];
try {
  setUp();
  for (const us of [0, DELAY_US]) {
    delay(us);
    const ping = pingMs();
    const load = os.loadavg()[0]!.toFixed(2);
    console.log(`\n== netem ${us} µs each way: ping round trip ${ping} ms (load ${load})`);
    const s = bench();
    const row = (name: string) => s.rows.find((x) => x.name === name);
    results.push({
      delayUsEachWay: us,
      pingMs: ping,
      load1: Number(load),
      checkoutMedianMs: s.checkout?.medianMs,
      checkoutP90Ms: s.checkout?.p90Ms,
      calls: Object.fromEntries(
        ONLY.filter((n) => n !== 'checkout').map((n) => [
          n,
          { reqPerSec: row(n)?.reqPerSec, p99Ms: row(n)?.p99Ms, dbTripsPerReq: row(n)?.dbTripsPerReq },
        ]),
      ),
    });
  }
} finally {
  tearDown();
}
const out = path.join(benchDir, 'results', 'latency-postgres.json');
fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(process.cwd(), out)}`);
