/**
 * `npm run bench`: the shop measured as it really runs. The server is built and started the way production
 * does (`node dist/main.js`, its own process, demo mode on a fresh SQLite file in a temp DATA_DIR, or on a
 * fresh PostgreSQL database made beside BENCH_DATABASE_URL's), a bare Fastify route runs in a second process
 * and autocannon in a third, one run per call. Reported: req/s, p99 and the ratio to the bare route per call,
 * the server's peak RSS, process start to first answer, and the 7-call checkout median. Writes
 * bench/results/latest.json and prints a table.
 *
 * Settings: BENCH_DURATION (s per call, default 8, after an unmeasured BENCH_WARMUP_DURATION, default 1), BENCH_CONNECTIONS (default 20), BENCH_ONLY (comma-separated
 * scenario names; `checkout` for the checkout), BENCH_DATABASE_URL (PostgreSQL), BENCH_NODE_ARGS (server node
 * options, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), BENCH_INSTANCES (shop processes on one port, default 1;
 * CPU is summed over them and, on PostgreSQL, the database's backends are measured too), BENCH_CPU_QUOTA
 * (fixed CPU shares, bench/cgroups.ts), BENCH_REDIS_URL (the shop's REDIS_URL; Redis commands per request
 * from INFO commandstats: give it a Redis of its own), BENCH_COUNT_TRIPS=1 (PostgreSQL round trips per
 * request, through bench/pg-trips.ts), BENCH_PG_DELAY_US (that relay holds each chunk so long each way).
 * Every row also gets the kept-answer hit ratio over all instances.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../apps/server/src/platform/db';
import { createTokenService } from '../apps/server/src/platform/tokens';
import type { AppContext } from '../apps/server/src/context';
import { createUser } from '../apps/server/src/test/fixtures';
import { checkoutCredit, measureCheckout, type CheckoutFigures } from './checkout';
import { client } from './http';
import {
  benchDir,
  buildServer,
  cpuSecondsOf,
  loadRun,
  memoryOf,
  startBare,
  startShop,
  type LoadSpec,
} from './processes';
import { SCENARIOS, type Buyers, type Env, type Request } from './scenarios';
import { cpuGroups, quotaFromEnv } from './cgroups';
import { tripCounter } from './pg-trips';
import { cacheLookups, redisCommands } from './instruments';
import { printTable, type Row } from './table';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_DURATION ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_DATABASE_URL;
/** Shop processes on one port (Node's cluster, bench/cluster.mjs); 1: the plain `node dist/main.js`. */
const INSTANCES = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
const load1 = () => Number(os.loadavg()[0]!.toFixed(2));

function loadSpec(base: string, req: Request, connections: number): LoadSpec {
  const headers = {
    language: 'en',
    ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...req.headers,
  };
  const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
  return {
    url: base + req.path,
    method: req.method,
    connections,
    duration: DURATION_S,
    warmup: WARMUP_S,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(req.idReplacement ? { idReplacement: true } : {}),
    ...(req.sequence
      ? {
          requests: [
            {
              method: req.method,
              path: req.path,
              body,
              headers,
              setupRequest: req.setupRequest,
              onResponse: req.onResponse,
            },
            ...req.sequence.map((q) => ({
              method: q.method,
              path: q.path,
              body: q.body !== undefined ? JSON.stringify(q.body) : undefined,
              headers: { ...headers, ...q.headers },
              setupRequest: q.setupRequest,
            })),
          ],
        }
      : {}),
  };
}

/** One call before the load: the route must answer code 1000, or the figures would mean nothing. */
async function preflight(base: string, req: Request): Promise<string | null> {
  const headers = JSON.stringify({ language: 'en', 'content-type': 'application/json', ...req.headers });
  const res = await fetch(base + req.path, {
    method: req.method,
    headers: JSON.parse(headers.replaceAll('[<id>]', crypto.randomBytes(8).toString('hex'))) as Record<
      string,
      string
    >,
    body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
  });
  const text = await res.text();
  let code: number | undefined;
  try {
    code = (JSON.parse(text) as { code?: number }).code;
  } catch {
    /* not JSON */
  }
  if (res.status !== 200 || code !== 1000)
    return `answers HTTP ${res.status} code ${code ?? '-'}: ${text.slice(0, 120)}`;
  return null;
}

/** A fresh PostgreSQL database beside BENCH_DATABASE_URL's (dropped at the end), so no run sees another's rows. */
/** CPU seconds so far of the PostgreSQL backends serving `url`'s database, by pid. */
async function dbBackendCpu(url: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [Number(r.pid), cpuSecondsOf(Number(r.pid))]));
  } finally {
    await c.end();
  }
}
/** The database CPU used between two readings (a backend opened in between counts from zero). */
const dbCpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((s, [pid, cpu]) => s + cpu - (before.get(pid) ?? 0), 0);

async function freshPgDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // BENCH_DB_PREFIX: where several people share one server, each names their own databases
  const name = `${process.env.BENCH_DB_PREFIX ?? 'simshop_bench'}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function prepare(db: Db, base: string): Promise<{ env: Env; checkoutBuyer: string }> {
  const call = client(base);
  const ctx = { db, tokens: createTokenService(db) } as unknown as AppContext;
  const made = {
    reader: await createUser(ctx),
    carter: await createUser(ctx),
    orderer: await createUser(ctx),
    payer: await createUser(ctx),
    checkout: await createUser(ctx),
  };
  const buyers: Buyers = {
    reader: made.reader.token,
    carter: made.carter.token,
    orderer: made.orderer.token,
    payer: made.payer.token,
  };
  const specIds = (
    await db
      .selectFrom('goods_spec')
      .innerJoin('goods', 'goods.id', 'goods_spec.goods_id')
      .select('goods_spec.id')
      .where('goods.on_sale', '=', 1)
      .where('goods.deleted_at', 'is', null)
      .where('goods_spec.status', '=', 1)
      .where('goods_spec.deleted_at', 'is', null)
      .where('goods_spec.stock', '>', 0)
      .orderBy('goods_spec.id')
      .limit(5)
      .execute()
  ).map((r) => Number(r.id));
  // a virtual plan needing no card number, payable by wallet, its stock raised so a run never sells out
  const spec = await db
    .selectFrom('goods_spec')
    .innerJoin('goods', 'goods.id', 'goods_spec.goods_id')
    .select(['goods_spec.id', 'goods_spec.price', 'goods.pay_ways'])
    .where('goods.on_sale', '=', 1)
    .where('goods.deleted_at', 'is', null)
    .where('goods.goods_type', '=', 1)
    .where('goods.need_fill_card', '=', 0)
    .where('goods.pay_ways', 'like', '%"wallet"%')
    .where('goods_spec.status', '=', 1)
    .where('goods_spec.deleted_at', 'is', null)
    .orderBy('goods_spec.id')
    .executeTakeFirstOrThrow();
  await db.updateTable('goods_spec').set({ stock: 100_000_000 }).where('id', '=', spec.id).execute();
  // wallet credit through the operator's adjustment, as a shop would give it
  const op = await call<{ token: string }>('POST', 'admin/base/open/login', '', {
    username: 'admin',
    password: 'admin123456',
  });
  // one adjustment is capped (10,000,000 minor units: ledgerAdjustRequest), so the credit comes in several
  const ADJUST_MAX = 10_000_000;
  const credit = async (who: string, token: string, total: number) => {
    const me = await call<{ id: string }>('GET', 'app/user/info/person', token);
    for (let i = 0; total > 0; i++, total -= ADJUST_MAX) {
      await call('POST', 'admin/user/ledger/adjust', op.token, {
        userPublicId: me.id,
        kind: 'wallet',
        amount: Math.min(total, ADJUST_MAX),
        note: 'bench credit',
        idempotencyKey: `bench-credit-${who}-${i}`,
      });
    }
  };
  // the payer: 50,000 orders at most in a run
  await credit('payer', made.payer.token, Number(spec.price) * 50_000);
  // eight more buyers for the many-buyer checkout, each with credit for 10,000 orders (a fast machine pays
  // ~2,700 in a run: once a wallet ran dry its failed payments counted as requests); the load process finds
  // their tokens in its environment
  const payers = [];
  for (let i = 0; i < 8; i += 1) {
    const u = await createUser(ctx);
    await credit(`payers-${i}`, u.token, Number(spec.price) * 10_000);
    payers.push(u);
  }
  process.env.BENCH_PAYER_TOKENS = JSON.stringify(payers.map((u) => u.token));
  await credit('checkout', made.checkout.token, checkoutCredit(Number(spec.price)));
  return {
    env: {
      call,
      db,
      buyers,
      buyerIds: {
        reader: made.reader.id,
        carter: made.carter.id,
        orderer: made.orderer.id,
        payer: made.payer.id,
      },
      specIds,
      orderSpec: { id: Number(spec.id), payWay: 'wallet' },
      payerIds: payers.map((u) => Number(u.id)),
      payerTokens: payers.map((u) => u.token),
    },
    checkoutBuyer: made.checkout.token,
  };
}

/**
 * How this machine's cores idle, printed with the figures because it moves the ratios: the shop is the busier
 * process, so the load generator waits for each answer and every answer wakes it. A virtual machine that
 * halts an idle core at once (cpuidle `haltpoll` with `guest_halt_poll_ns` 0) pays a VM exit and an
 * interrupt per wake-up, inside the shop's write; the bare route, as fast as its client, rarely finds it
 * asleep (docs/operations.md, "Reading the bench").
 */
function cpuIdle(): string {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      return undefined;
    }
  };
  const driver = read('/sys/devices/system/cpu/cpuidle/current_driver') ?? 'unknown';
  const poll = read('/sys/module/haltpoll/parameters/guest_halt_poll_ns');
  return poll === undefined ? driver : `${driver}, guest_halt_poll_ns ${poll}`;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-bench-'));
  const fresh = PG_URL ? await freshPgDatabase(PG_URL) : undefined;
  const shopEnv: Record<string, string> = {
    NODE_ENV: 'production',
    APP_MODE: 'demo', // the demo seed (catalogue, operator) and simulated payment channels
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    RATE_LIMIT_MAX: '1000000000',
    AUTH_RATE_LIMIT_MAX: '1000000000',
    // the order-create call opens thousands of unpaid orders for one buyer; the per-user cap (default 10)
    // would refuse the rest and the call would measure refusals
    ORDER_MAX_UNPAID: '1000000',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
  const stops: (() => Promise<void>)[] = [];
  const quota = quotaFromEnv();
  const groups = quota ? cpuGroups(quota, INSTANCES) : null;
  if (groups) stops.push(async () => groups.remove());
  // BENCH_PG_DELAY_US (bench/latency.ts): the relay also holds every chunk that long each way
  const delayUs = Number(process.env.BENCH_PG_DELAY_US ?? 0);
  const trips =
    fresh && (process.env.BENCH_COUNT_TRIPS || delayUs)
      ? await tripCounter(new URL(fresh.url), delayUs)
      : null;
  if (trips) stops.push(async () => trips.close());
  try {
    await buildServer();
    // the first start migrates and seeds the fresh database; the measured start is the restart after it
    const first = await startShop(shopEnv);
    await first.stop();
    const shop = await startShop(trips ? { ...shopEnv, DATABASE_URL: trips.url } : shopEnv, INSTANCES);
    stops.push(shop.stop);
    groups?.placeShop(shop.pids);
    if (groups && fresh) stops.push(groups.watchDatabase(fresh.url));
    const shopCpu = () => shop.pids.map(cpuSecondsOf);
    const bare = await startBare();
    stops.push(bare.stop);
    const dbh = openDb({ databaseUrl: fresh?.url, sqliteFile: path.join(dir, 'simshop.db') });
    stops.push(() => dbh.close());
    const { env, checkoutBuyer } = await prepare(dbh.db, shop.base);
    const engine = fresh ? 'postgres' : 'sqlite';
    console.log(
      `SimShop bench: ${DURATION_S}s per call, ${CONNECTIONS} connections, ${engine}, node ${process.version}, ` +
        `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}, cpuidle ${cpuIdle()}); shop` +
        `${INSTANCES > 1 ? ` (${INSTANCES} cluster workers on one port)` : ''}, bare route and load generator ` +
        `in their own processes\n`,
    );

    const bareCpu0 = cpuSecondsOf(bare.pid);
    const bareResult = await loadRun(loadSpec(bare.base, { method: 'GET', path: '/bare' }, CONNECTIONS));
    const bareCpu = cpuSecondsOf(bare.pid) - bareCpu0;
    const rows: Row[] = [
      {
        name: 'bare Fastify JSON route',
        method: 'GET',
        path: '/bare',
        status: 'ok',
        ...bareResult,
        ratio: 1,
        load1: load1(),
        cpuUsPerReq: Math.round(
          (bareCpu * 1e6) / Math.max(1, bareResult.requests + bareResult.warmupRequests),
        ),
      },
    ];
    for (const s of SCENARIOS) {
      if (ONLY && !ONLY.includes(s.name)) continue;
      const req = await s.setup(env);
      const row: Row = { name: s.name, kind: s.kind, method: req.method, path: req.path, status: 'ok' };
      const problem = await preflight(shop.base, req);
      if (problem) Object.assign(row, { status: 'failed', note: problem });
      else {
        const cache0 = await cacheLookups(shop.base, INSTANCES);
        const redis0 = redisCommands(process.env.BENCH_REDIS_URL);
        const trips0 = trips?.trips() ?? 0;
        const throttled0 = groups?.throttled();
        const cpu0 = shopCpu();
        const db0 = fresh ? await dbBackendCpu(fresh.url) : undefined;
        const t0 = performance.now();
        const r = await loadRun(loadSpec(shop.base, req, s.connections ?? CONNECTIONS), (pid) =>
          groups?.placeGenerator(pid),
        );
        const perProcess = shopCpu().map((c, i) => c - cpu0[i]!);
        const cpu = perProcess.reduce((a, b) => a + b, 0);
        const dbCpu = fresh && db0 ? dbCpuBetween(db0, await dbBackendCpu(fresh.url)) : undefined;
        const serverCpu = cpu / ((performance.now() - t0) / 1000);
        const served = Math.max(1, r.requests + r.warmupRequests);
        const tripsDone = (trips?.trips() ?? 0) - trips0;
        const redis1 = redisCommands(process.env.BENCH_REDIS_URL);
        const cache1 = await cacheLookups(shop.base, INSTANCES);
        const throttled1 = groups?.throttled();
        const lookups = cache1.hits + cache1.misses - cache0.hits - cache0.misses;
        Object.assign(row, r, {
          ...(trips
            ? {
                dbTripsPerReq: Number((tripsDone / served).toFixed(2)),
                relayHeldUs: Math.round(trips.heldUs()),
              }
            : {}),
          ...(redis0 !== undefined && redis1 !== undefined
            ? { redisOpsPerReq: Number(((redis1 - redis0) / served).toFixed(2)) }
            : {}),
          ...(lookups > 0
            ? {
                cacheHitRatio: Number(((cache1.hits - cache0.hits) / lookups).toFixed(4)),
                cacheInstancesSeen: cache1.instances,
              }
            : {}),
          ...(throttled0 && throttled1
            ? {
                throttledPeriods: Object.fromEntries(
                  Object.entries(throttled1).map(([k, v]) => [k, v - (throttled0[k] ?? 0)]),
                ),
              }
            : {}),
          cpuUsPerReq: Math.round((cpu * 1e6) / served),
          ...(dbCpu !== undefined ? { dbCpuUsPerReq: Math.round((dbCpu * 1e6) / served) } : {}),
          cpuSeconds: {
            shop: perProcess.map((c) => Number(c.toFixed(2))),
            ...(dbCpu !== undefined ? { db: Number(dbCpu.toFixed(2)) } : {}),
          },
          ratio: r.reqPerSec / bareResult.reqPerSec,
          load1: load1(),
          serverCpu: Number(serverCpu.toFixed(2)),
        });
        if (s.connections) row.note = `${s.connections} connections`;
        if (s.check) row.note = [row.note, await s.check(env, r.requests)].filter(Boolean).join('; ');
      }
      rows.push(row);
    }
    let checkout: (CheckoutFigures & { load1: number }) | undefined;
    if (!ONLY || ONLY.includes('checkout')) {
      const f = await measureCheckout(env.call, dbh.db, checkoutBuyer, env.orderSpec.id);
      checkout = { ...f, load1: load1() };
    }
    const memory = memoryOf(shop.pids.at(-1)!);

    const summary = {
      at: new Date().toISOString(),
      run: crypto.randomBytes(4).toString('hex'),
      node: process.version,
      cpus: os.cpus().length,
      cpuIdle: cpuIdle(),
      loadavg: os.loadavg(),
      engine,
      instances: INSTANCES,
      ...(quota ? { cpuQuota: quota } : {}),
      durationS: DURATION_S,
      connections: CONNECTIONS,
      firstStartMs: Math.round(first.startMs),
      startMs: Math.round(shop.startMs),
      peakRssMiB: Number(memory.peakMiB.toFixed(1)),
      rssAfterMiB: Number(memory.rssMiB.toFixed(1)),
      checkout,
      rows,
    };
    printTable(rows);
    console.log(
      `\nstart to first answer: ${summary.startMs} ms (first start, migrate + demo seed: ${summary.firstStartMs} ms)` +
        `\nserver peak RSS (VmHWM): ${summary.peakRssMiB} MiB; after the run ${summary.rssAfterMiB} MiB` +
        (checkout
          ? `\n7-call checkout (one buyer, sequential, ${checkout.runs} runs): median ${checkout.medianMs.toFixed(2)} ms, ` +
            `p90 ${checkout.p90Ms.toFixed(2)} ms (load ${checkout.load1})`
          : '') +
        `\nload average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const out = path.join(
      benchDir,
      'results',
      `${fresh ? 'latest-postgres' : 'latest'}${INSTANCES > 1 ? `-x${INSTANCES}` : ''}.json`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`results: ${path.relative(process.cwd(), out)}`);
    if (rows.some((r) => r.status === 'failed')) process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await fresh?.drop().catch((err: unknown) => console.error('could not drop the bench database', err));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
