/**
 * `npm run bench`: req/s and p99 of the shop's hot calls beside a bare Fastify JSON route, measured in the
 * same run on this machine, as ratios. Everything listens on 127.0.0.1 only.
 *
 * Add a scenario to SCENARIOS below; `setup` may create what the call needs (a cart line, a goods id) and
 * return the request to send. Settings: BENCH_DURATION (seconds, default 8), BENCH_CONNECTIONS (default 50),
 * BENCH_ONLY (comma-separated scenario names).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { seedDemo } from '../apps/server/src/seed';
import { migrate, openDb } from '../apps/server/src/platform/db';
import { createUser } from '../apps/server/src/test/fixtures';
import { addToCart } from '../apps/server/src/modules/cart/cart.service';
import { adjustLedger } from '../apps/server/src/modules/wallet';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

type Request = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** autocannon puts a fresh id in place of `[<id>]` on every request (put it in a header: the body length is fixed). */
  idReplacement?: boolean;
  /**
   * Calls that follow this one on the same connection, as one sequence (autocannon `requests`); their hooks
   * are module paths (bench/hooks/*.cjs), as autocannon's worker thread requires them.
   */
  sequence?: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    setupRequest?: string;
    onResponse?: string;
  }[];
};
type Env = { ctx: AppContext; token: string };
type Scenario = {
  name: string;
  setup: (env: Env) => Promise<Request> | Request;
  /** After the load: a note on what the requests did (e.g. how many orders they really opened). */
  check?: (env: Env, requests: number) => Promise<string>;
  /** Fewer connections than BENCH_CONNECTIONS (e.g. to stay under a per-buyer cap). */
  connections?: number;
};

/** The measured calls. */
const SCENARIOS: Scenario[] = [
  {
    name: 'dict data (app launch)',
    setup: () => ({ method: 'POST', path: '/api/app/dict/info/data', body: {} }),
  },
  {
    name: 'user profile',
    setup: ({ token }) => ({
      method: 'GET',
      path: '/api/app/user/info/person',
      headers: { authorization: token },
    }),
  },
  {
    // the same spec over and over: an upsert of one line, capped at the stock (the buyer's double taps)
    name: 'cart add',
    setup: async ({ ctx, token }) => ({
      method: 'POST',
      path: '/api/app/user/cart/add',
      body: { specId: (await benchSpecIds(ctx, 1))[0] },
      headers: { authorization: token },
    }),
  },
  {
    // a cart of five lines, each described and priced from the catalogue
    name: 'cart list',
    setup: async ({ ctx, token }) => {
      for (const specId of await benchSpecIds(ctx, 5)) await addBenchLine(ctx, token, specId);
      return { method: 'GET', path: '/api/app/user/cart/list', headers: { authorization: token } };
    },
  },
  {
    // banners, categories, popular destinations, recommended goods and hot keywords in one cached answer
    name: 'home feed',
    setup: () => ({ method: 'GET', path: '/api/app/goods/home' }),
  },
  {
    name: 'goods page',
    setup: () => ({ method: 'POST', path: '/api/app/goods/info/page', body: { page: 1, size: 20 } }),
  },
  {
    name: 'goods detail',
    setup: async ({ ctx }) => {
      const goods = await ctx.db
        .selectFrom('goods')
        .select('id')
        .where('on_sale', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { method: 'GET', path: `/api/app/goods/info/info?id=${goods.id}` };
    },
  },
  {
    // "buy now" of one unit of a virtual plan, a fresh idempotency key per request and a stock that never runs
    // out: every request re-prices, takes stock (logged) and opens an order with its line and log in one
    // transaction; nothing is answered from a replay
    name: 'order create',
    setup: async ({ ctx, token }) => {
      const { specId, payWay } = await benchOrderSpec(ctx);
      return {
        method: 'POST',
        path: '/api/app/order/info/create',
        body: { buyNow: { specId, quantity: 1 }, payWay },
        // autocannon fills [<id>] per request; in a header, so the body's length stays fixed
        headers: { authorization: token, 'idempotency-key': 'bench-[<id>]' },
        idReplacement: true,
      };
    },
    // business errors answer HTTP 200, so count what was really created
    check: async ({ ctx }, requests) => {
      const { n } = await ctx.db
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${Number(n)} orders opened by ${requests} requests`;
    },
  },
  {
    // the checkout's money step: open an order of one plan, then pay it from the wallet, on each connection in
    // turn; a buyer of its own with a wallet for every order, and 8 connections so its unpaid orders never
    // reach ORDER_MAX_UNPAID. req/s counts both calls (a checkout is two requests)
    name: 'order create + wallet pay',
    connections: 8,
    setup: async ({ ctx }) => {
      const { specId } = await benchOrderSpec(ctx);
      const buyer = await createUser(ctx);
      const user = await ctx.db
        .selectFrom('user')
        .select('public_id')
        .where('id', '=', buyer.id)
        .executeTakeFirstOrThrow();
      await adjustLedger(
        ctx,
        {
          userPublicId: user.public_id,
          kind: 'wallet',
          amount: 1_000_000_000_000,
          note: 'bench credit',
          idempotencyKey: 'bench-wallet-pay',
        },
        'en',
      );
      const hook = (f: string) => path.join(path.dirname(new URL(import.meta.url).pathname), 'hooks', f);
      payBuyer = buyer.id;
      return {
        method: 'POST',
        path: '/api/app/order/info/create',
        body: { buyNow: { specId, quantity: 1 }, payWay: 'wallet' },
        headers: { authorization: buyer.token, 'idempotency-key': 'bench-pay-[<id>]' },
        idReplacement: true,
        sequence: [
          {
            method: 'POST',
            path: '/api/app/order/pay/walletPay',
            body: { orderId: 0 },
            headers: { authorization: buyer.token },
            setupRequest: hook('wallet-pay-request.cjs'),
          },
        ],
      };
    },
    check: async ({ ctx }, requests) => {
      const { n } = await ctx.db
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', payBuyer)
        .where('status', '!=', 0)
        .executeTakeFirstOrThrow();
      return `${Number(n)} orders paid by ${requests} requests`;
    },
  },
];

let payBuyer = 0;

/** A virtual demo spec needing no card number, its stock raised so a bench run never sells out. */
async function benchOrderSpec(ctx: AppContext) {
  const row = await ctx.db
    .selectFrom('goods_spec')
    .innerJoin('goods', 'goods.id', 'goods_spec.goods_id')
    .select(['goods_spec.id', 'goods.pay_ways'])
    .where('goods.on_sale', '=', 1)
    .where('goods.deleted_at', 'is', null)
    .where('goods.goods_type', '=', 1)
    .where('goods.need_fill_card', '=', 0)
    .where('goods_spec.status', '=', 1)
    .where('goods_spec.deleted_at', 'is', null)
    .orderBy('goods_spec.id')
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('goods_spec').set({ stock: 100_000_000 }).where('id', '=', row.id).execute();
  const payWays = JSON.parse(row.pay_ways) as string[];
  const payWay = payWays.find((w) => (ctx.config.payWays as string[]).includes(w)) ?? 'wallet';
  return { specId: Number(row.id), payWay };
}

/** Puts a spec in the token owner's cart through the cart service (no HTTP needed during setup). */
async function addBenchLine(ctx: AppContext, token: string, specId: number) {
  const hit = await ctx.tokens.verifyAccess('app', token);
  if (hit) await addToCart(ctx, hit.subjectId, { specId, quantity: 1 }, 'en');
}

/** Specs a shopper can buy in the demo catalogue (on sale, in stock). */
async function benchSpecIds(ctx: AppContext, n: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('goods_spec')
    .innerJoin('goods', 'goods.id', 'goods_spec.goods_id')
    .select('goods_spec.id')
    .where('goods.on_sale', '=', 1)
    .where('goods.deleted_at', 'is', null)
    .where('goods_spec.status', '=', 1)
    .where('goods_spec.deleted_at', 'is', null)
    .where('goods_spec.stock', '>', 0)
    .orderBy('goods_spec.id')
    .limit(n)
    .execute();
  return rows.map((r) => Number(r.id));
}

type Row = {
  name: string;
  method: string;
  path: string;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  reqPerSec?: number;
  p99Ms?: number;
  ratio?: number;
  non2xx?: number;
  errors?: number;
};

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}

async function measure(base: string, req: Request, connections = CONNECTIONS) {
  const hooks = path.join(path.dirname(new URL(import.meta.url).pathname), 'hooks');
  const result = await autocannon({
    url: base + req.path,
    method: req.method,
    connections,
    duration: DURATION_S,
    workers: 1, // load from its own thread, so the server keeps the main event loop
    headers: {
      language: 'en',
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    },
    ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    ...(req.idReplacement ? { idReplacement: true } : {}),
    ...(req.sequence
      ? {
          requests: [
            {
              method: req.method,
              path: new URL(base + req.path).pathname,
              ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
              headers: { language: 'en', 'content-type': 'application/json', ...req.headers },
              setupRequest: path.join(hooks, 'create-request.cjs'),
              onResponse: path.join(hooks, 'order-created.cjs'),
            },
            ...req.sequence.map((q) => ({
              method: q.method,
              path: new URL(base + q.path).pathname,
              ...(q.body !== undefined ? { body: JSON.stringify(q.body) } : {}),
              headers: { language: 'en', 'content-type': 'application/json', ...q.headers },
              ...(q.setupRequest ? { setupRequest: q.setupRequest } : {}),
              ...(q.onResponse ? { onResponse: q.onResponse } : {}),
            })),
          ],
        }
      : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One call before the load: the route must exist and answer code 1000, or the figures would mean nothing. */
async function preflight(base: string, req: Request): Promise<string | null> {
  const res = await fetch(base + req.path, {
    method: req.method,
    headers: JSON.parse(
      JSON.stringify({ language: 'en', 'content-type': 'application/json', ...req.headers }).replaceAll(
        '[<id>]',
        crypto.randomBytes(8).toString('hex'),
      ),
    ) as Record<string, string>,
    body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
  });
  const text = await res.text();
  let code: number | undefined;
  try {
    code = (JSON.parse(text) as { code?: number }).code;
  } catch {
    /* not JSON */
  }
  if (res.status === 404) return 'route not registered yet (skipped; it is measured once the module lands)';
  if (res.status !== 200 || code !== 1000)
    return `answers HTTP ${res.status} code ${code ?? '-'}: ${text.slice(0, 120)}`;
  return null;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '-' : n.toFixed(digits));

function printTable(rows: Row[]) {
  const head = ['scenario', 'req/s', 'p99 ms', 'ratio to bare', 'note'];
  const body = rows.map((r) => [
    `${r.name} (${r.method} ${r.path})`,
    fmt(r.reqPerSec),
    fmt(r.p99Ms, 1),
    r.ratio === undefined ? '-' : r.ratio.toFixed(2),
    r.note ?? (r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : ''),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    RATE_LIMIT_MAX: '1000000000',
    AUTH_RATE_LIMIT_MAX: '1000000000',
    // the order-create scenario opens thousands of unpaid orders for one buyer; the per-user cap (issue 8)
    // (default 10) would refuse the rest and the scenario would measure refusals
    ORDER_MAX_UNPAID: '1000000',
    WEB_DIST: path.join(dir, 'no-web'),
  });
  const dbh = openDb({ sqliteFile: path.join(dir, 'simshop.db') });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 1000, data: { hello: 'world' }, message: 'success' }));
  let app: FastifyInstance | undefined;
  try {
    await migrate(dbh);
    await seedDemo(dbh.db, config);
    const built = await buildApp(config, dbh);
    app = built.app;
    const user = await createUser(built.ctx);
    const bareBase = await listen(bare);
    const appBase = await listen(app);

    console.log(
      `SimShop bench: ${DURATION_S}s per scenario, ${CONNECTIONS} connections, SQLite, node ${process.version}, ` +
        `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})\n`,
    );
    const { requests: _bareRequests, ...bareResult } = await measure(bareBase, {
      method: 'GET',
      path: '/bare',
    });
    const rows: Row[] = [
      {
        name: 'bare Fastify JSON route',
        method: 'GET',
        path: '/bare',
        status: 'ok',
        ...bareResult,
        ratio: 1,
      },
    ];

    for (const s of SCENARIOS) {
      if (ONLY && !ONLY.includes(s.name)) continue;
      const req = await s.setup({ ctx: built.ctx, token: user.token });
      const row: Row = { name: s.name, method: req.method, path: req.path, status: 'ok' };
      const problem = await preflight(appBase, req);
      if (problem) {
        Object.assign(row, { status: problem.startsWith('route not') ? 'skipped' : 'failed', note: problem });
      } else {
        const { requests, ...r } = await measure(appBase, req, s.connections);
        Object.assign(row, r, { ratio: r.reqPerSec / bareResult.reqPerSec });
        if (s.check) row.note = await s.check({ ctx: built.ctx, token: user.token }, requests);
      }
      rows.push(row);
    }

    printTable(rows);
    const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'latest.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          run: crypto.randomBytes(4).toString('hex'),
          node: process.version,
          cpus: os.cpus().length,
          durationS: DURATION_S,
          connections: CONNECTIONS,
          engine: dbh.engine,
          rows,
        },
        null,
        2,
      ),
    );
    console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
    if (rows.some((r) => r.status === 'failed')) process.exitCode = 1;
  } finally {
    await bare.close();
    await app?.close();
    await dbh.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
