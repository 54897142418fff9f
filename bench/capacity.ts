/**
 * The plan for more machines, as a calculation: from the CPU each request costs the app and the database
 * (measured by `npm run bench:scale`), what K app machines with R PostgreSQL read replicas, with or without
 * PgBouncer, and one Redis can serve. Each tier's ceiling is its cores x target utilisation / CPU per request;
 * the shop's throughput is the lowest ceiling, and that tier is the bottleneck.
 *
 *   app tier:   T x (f a_r + (1 - f) a_w)            <= K x appCores x U
 *   primary:    T x ((1 - f) d_w + (R = 0 ? f d_r : 0)) <= dbCores x U        (every write, and reads without replicas)
 *   replicas:   T x f d_r                             <= R x dbCores x U      (reads routed to replicas when R > 0)
 *   Redis:      T x redisOpsPerReq                    <= redisOpsPerSec x U   (one thread: rate limits, events)
 *   connections: K x workers x pool <= max_connections - 3 without PgBouncer (else K cannot grow);
 *                PgBouncer (transaction pooling) holds ~2 x dbCores server connections whatever K is.
 *
 * f is the share of catalogue reads in the traffic; a and d are CPU µs per request (r: catalogue read,
 * w: one checkout-and-pay call). Run: `tsx bench/capacity.ts [bench/results/scale-postgres.json]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Costs = {
  /** App CPU µs per catalogue read and per checkout-and-pay call (all app processes together). */
  appRead: number;
  appWrite: number;
  /** Database CPU µs per catalogue read and per checkout-and-pay call. */
  dbRead: number;
  dbWrite: number;
};
export type Plan = {
  k: number;
  replicas: number;
  pgbouncer: boolean;
  appCores: number;
  dbCores: number;
  /** Node processes per app machine (one per core) and pg pool size of each (platform/db: 15). */
  workersPerMachine: number;
  pool: number;
  maxConnections: number;
  /** Share of catalogue reads in the traffic. */
  readShare: number;
  /** Target utilisation of each tier (headroom for spikes). */
  utilisation: number;
  redisOpsPerSec: number;
  redisOpsPerReq: number;
};
export type Capacity = {
  reqPerSec: number;
  bottleneck: 'app' | 'primary' | 'replicas' | 'redis' | 'connections';
  ceilings: Record<'app' | 'primary' | 'replicas' | 'redis', number>;
  dbConnections: number;
};

export function capacity(c: Costs, p: Plan): Capacity {
  const f = p.readShare;
  const u = p.utilisation;
  const app = (p.k * p.appCores * u * 1e6) / (f * c.appRead + (1 - f) * c.appWrite);
  const primaryPerReq = (1 - f) * c.dbWrite + (p.replicas === 0 ? f * c.dbRead : 0);
  const primary = (p.dbCores * u * 1e6) / Math.max(primaryPerReq, 1e-9);
  const replicas =
    p.replicas === 0 ? Infinity : (p.replicas * p.dbCores * u * 1e6) / Math.max(f * c.dbRead, 1e-9);
  const redis = (p.redisOpsPerSec * u) / p.redisOpsPerReq;
  const ceilings = { app, primary, replicas, redis };
  const dbConnections = p.pgbouncer ? 2 * p.dbCores : p.k * p.workersPerMachine * p.pool;
  const [bottleneck, reqPerSec] = Object.entries(ceilings).reduce((a, b) => (b[1] < a[1] ? b : a)) as [
    Capacity['bottleneck'],
    number,
  ];
  if (dbConnections > p.maxConnections - 3)
    return { reqPerSec: 0, bottleneck: 'connections', ceilings, dbConnections };
  return { reqPerSec, bottleneck, ceilings, dbConnections };
}

/** The measured per-request costs of a `bench:scale` result (its one-instance run: least contention). */
export function costsOf(result: {
  runs: {
    instances: number;
    read: { cpuUsPerReq: number; dbCpuUsPerReq: number };
    write: { cpuUsPerReq: number; dbCpuUsPerReq: number };
  }[];
}): Costs {
  const one = result.runs.find((r) => r.instances === 1) ?? result.runs[0]!;
  return {
    appRead: one.read.cpuUsPerReq,
    appWrite: one.write.cpuUsPerReq,
    dbRead: one.read.dbCpuUsPerReq,
    dbWrite: one.write.dbCpuUsPerReq,
  };
}

export const BASE_PLAN: Omit<Plan, 'k' | 'replicas' | 'pgbouncer'> = {
  appCores: 4,
  dbCores: 8,
  workersPerMachine: 4,
  pool: 15,
  maxConnections: 100,
  readShare: 0.9,
  utilisation: 0.7,
  redisOpsPerSec: 100_000,
  redisOpsPerReq: 2,
};

/** The table for the closing note: K app machines x R replicas, with and without PgBouncer. */
export function planTable(costs: Costs, base = BASE_PLAN) {
  const rows: string[] = [];
  rows.push('K app x R replicas | PgBouncer | req/s (90% reads) | bottleneck | db connections');
  for (const k of [1, 2, 4, 8, 16])
    for (const replicas of [0, 1, 2])
      for (const pgbouncer of [false, true]) {
        if (!pgbouncer && replicas > 0) continue;
        const r = capacity(costs, { ...base, k, replicas, pgbouncer });
        rows.push(
          `${String(k).padStart(2)} x ${replicas} | ${pgbouncer ? 'yes' : 'no '} | ${String(Math.round(r.reqPerSec)).padStart(7)} | ${r.bottleneck.padEnd(11)} | ${r.dbConnections}`,
        );
      }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file =
    process.argv[2] ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'scale-postgres.json');
  const result = JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof costsOf>[0] & {
    redisOpsPerSec?: number;
  };
  const costs = costsOf(result);
  const base = { ...BASE_PLAN, ...(result.redisOpsPerSec ? { redisOpsPerSec: result.redisOpsPerSec } : {}) };
  console.log(
    `measured CPU µs per request: app read ${costs.appRead}, app checkout-and-pay call ${costs.appWrite}, ` +
      `db read ${costs.dbRead}, db checkout-and-pay call ${costs.dbWrite}; Redis ${base.redisOpsPerSec} ops/s\n` +
      `plan: ${base.appCores}-core app machines (${base.workersPerMachine} workers, pool ${base.pool}), ` +
      `${base.dbCores}-core PostgreSQL, max_connections ${base.maxConnections}, ${base.utilisation * 100}% target utilisation\n`,
  );
  for (const line of planTable(costs, base)) console.log(line);
}
