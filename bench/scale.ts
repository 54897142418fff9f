/**
 * `npm run bench:scale`: the scale curve. Runs the out-of-process bench (bench/run.ts) on PostgreSQL with
 * the shop as 1, 2 and 4 processes on one port (BENCH_INSTANCES, Node's cluster), measuring a catalogue read
 * (`goods detail`) and checkout-and-pay (`order create + wallet pay`): req/s, the CPU seconds each shop
 * process and the database used, and the load average beside each figure. Writes
 * bench/results/scale-postgres.json, prints the curve, then the plan for more machines (bench/capacity.ts)
 * from the measured per-request costs and Redis's measured operations per second.
 *
 * Needs BENCH_DATABASE_URL (a PostgreSQL URL whose server may create databases). BENCH_SCALE (default
 * `1,2,4`) picks the instance counts; BENCH_DURATION as in bench/run.ts. SCALE_REDIS_DB (default 4) is the
 * Redis database redis-benchmark may use. BENCH_REPEAT runs each count that many times and prints ranges;
 * BENCH_CPU_QUOTA (e.g. `app=0.15,db=0.6,gen=0.4`) gives each instance, the database's backends and the load
 * generator a fixed CPU share (bench/cgroups.ts). The shops use a Redis this script starts for itself, so Redis
 * commands per request are theirs alone. Not run in CI.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { costsOf, planTable, BASE_PLAN } from './capacity';
import { benchDir, freePort, rootDir } from './processes';
import { quotaFromEnv } from './cgroups';
import type { Row } from './table';

const READ = 'goods detail';
const WRITE = 'checkout-and-pay by 8 buyers';
/** The same flow by one buyer (every connection waits on that buyer's rows): shown beside it. */
const ONE_BUYER = 'order create + wallet pay';
if (!process.env.BENCH_DATABASE_URL) {
  console.error('bench:scale needs BENCH_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}
const counts = (process.env.BENCH_SCALE ?? '1,2,4').split(',').map(Number);

/** Redis INCR operations per second on this machine (what a rate-limit hit costs), from redis-benchmark. */
function redisOpsPerSec(): number | undefined {
  const r = spawnSync(
    'redis-benchmark',
    ['-q', '-n', '200000', '-c', '20', '-t', 'incr', '--dbnum', process.env.SCALE_REDIS_DB ?? '4'],
    { encoding: 'utf8' },
  );
  const m = /INCR: ([\d.]+) requests per second/.exec(r.stdout ?? '');
  return m ? Math.round(Number(m[1])) : undefined;
}

type Summary = { rows: Row[]; loadavg: number[]; instances: number };
type Pick = ReturnType<typeof pickOf>;
const pickOf = (s: Summary, name: string) => {
  const row = s.rows.find((x) => x.name === name)!;
  return {
    reqPerSec: row.reqPerSec ?? 0,
    p99Ms: row.p99Ms ?? 0,
    cpuUsPerReq: row.cpuUsPerReq ?? 0,
    dbCpuUsPerReq: row.dbCpuUsPerReq ?? 0,
    cpuSeconds: row.cpuSeconds,
    serverCpu: row.serverCpu,
    load1: row.load1,
    redisOpsPerReq: row.redisOpsPerReq,
    cacheHitRatio: row.cacheHitRatio,
    throttledPeriods: row.throttledPeriods,
  };
};
/** BENCH_REPEAT runs of each instance count (default 1; 3 for a range); BENCH_CPU_QUOTA: bench/cgroups.ts. */
const repeat = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const quota = quotaFromEnv();

/** A Redis of the bench's own (INFO commandstats counts only the shop's commands), on a free port. */
async function ownRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG')
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}/0`, stop: () => child.kill('SIGTERM') };
}
const redisServer = process.env.BENCH_REDIS_URL ? undefined : await ownRedis();
const runs: {
  instances: number;
  run: number;
  read: Pick;
  write: Pick;
  oneBuyer: Pick;
  loadBefore: number[];
}[] = [];
try {
  for (let k = 1; k <= repeat; k += 1)
    for (const n of counts) {
      const load = os.loadavg().map((l) => Number(l.toFixed(2)));
      console.log(
        `\n== ${n} instance${n > 1 ? 's' : ''}, run ${k} of ${repeat} (load average before: ${load.join(' ')})`,
      );
      const r = spawnSync('npx', ['tsx', 'bench/run.ts'], {
        cwd: rootDir,
        stdio: 'inherit',
        env: {
          ...process.env,
          BENCH_INSTANCES: String(n),
          BENCH_ONLY: `${READ},${WRITE},${ONE_BUYER}`,
          ...(redisServer ? { BENCH_REDIS_URL: redisServer.url } : {}),
        },
      });
      if (r.status !== 0) {
        redisServer?.stop();
        process.exit(r.status ?? 1);
      }
      const file = path.join(benchDir, 'results', `latest-postgres${n > 1 ? `-x${n}` : ''}.json`);
      const s = JSON.parse(fs.readFileSync(file, 'utf8')) as Summary;
      runs.push({
        instances: n,
        run: k,
        read: pickOf(s, READ),
        write: pickOf(s, WRITE),
        oneBuyer: pickOf(s, ONE_BUYER),
        loadBefore: load,
      });
    }
} finally {
  redisServer?.stop();
}
const redis = redisOpsPerSec();
const result = {
  at: new Date().toISOString(),
  cpus: os.cpus().length,
  node: process.version,
  redisOpsPerSec: redis,
  ...(quota ? { cpuQuota: quota } : {}),
  runs,
};
const out = path.join(benchDir, 'results', 'scale-postgres.json');
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);

console.log(
  '\ninstances | read req/s | checkout+pay req/s | shop CPU s (read; write) | db CPU s (read; write) | load',
);
for (const r of runs)
  console.log(
    `${r.instances} | ${r.read.reqPerSec} | ${r.write.reqPerSec}; ${r.oneBuyer.reqPerSec} | ` +
      `${r.read.cpuSeconds?.shop.join('+')}; ${r.write.cpuSeconds?.shop.join('+')} | ` +
      `${r.read.cpuSeconds?.db ?? '-'}; ${r.write.cpuSeconds?.db ?? '-'} | ${r.read.load1}; ${r.write.load1}`,
  );
/** min-max of a figure over the runs of one instance count. */
const range = (n: number, f: (r: (typeof runs)[number]) => number | undefined) => {
  const v = runs
    .filter((r) => r.instances === n)
    .map(f)
    .filter((x): x is number => x !== undefined);
  if (!v.length) return '-';
  const [lo, hi] = [Math.min(...v), Math.max(...v)];
  return lo === hi ? String(lo) : `${lo}-${hi}`;
};
console.log(
  `\nover ${repeat} run(s)${quota ? `, CPU quota per instance ${quota.app} core, database ${quota.db}, load generator ${quota.gen}` : ''}:` +
    '\ninstances | app share | read req/s | read app µs | read hit ratio | checkout req/s | checkout app µs | checkout db µs | 1 buyer req/s | Redis cmds/req (read; checkout) | load',
);
for (const n of counts)
  console.log(
    `${n} | ${quota ? (n * quota.app).toFixed(2) : '-'} | ${range(n, (r) => r.read.reqPerSec)} | ${range(n, (r) => r.read.cpuUsPerReq)} | ` +
      `${range(n, (r) => r.read.cacheHitRatio)} | ${range(n, (r) => r.write.reqPerSec)} | ${range(n, (r) => r.write.cpuUsPerReq)} | ` +
      `${range(n, (r) => r.write.dbCpuUsPerReq)} | ${range(n, (r) => r.oneBuyer.reqPerSec)} | ` +
      `${range(n, (r) => r.read.redisOpsPerReq)}; ${range(n, (r) => r.write.redisOpsPerReq)} | ` +
      `${range(n, (r) => r.read.load1)}; ${range(n, (r) => r.write.load1)}`,
  );
const costs = costsOf(result);
console.log(
  `\nmeasured CPU µs/request (1 instance): app read ${costs.appRead}, app write ${costs.appWrite}, db read ` +
    `${costs.dbRead}, db write ${costs.dbWrite}; Redis INCR ${redis ?? 'not measured'} ops/s\n`,
);
for (const line of planTable(costs, { ...BASE_PLAN, ...(redis ? { redisOpsPerSec: redis } : {}) }))
  console.log(line);
console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
