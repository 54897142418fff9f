/**
 * `npm run bench:checkout`: the 7-call checkout of one buyer, sequential, over HTTP on 127.0.0.1: cart add,
 * cart list, address add, quote, create, wallet pay, order info. Reports the median and p90 of the whole
 * sequence in ms (issue 10 compares its median with 306 ms on Vendure 3.7 + PostgreSQL; the aim is under
 * 15 ms on SQLite).
 *
 * The app is the production build path in process (buildApp on a fresh SQLite file with the demo seed), so
 * the figures are the server's, not a child process's start-up. Settings: BENCH_CHECKOUTS (measured runs,
 * default 200), BENCH_WARMUP (default 20).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/seed';
import { migrate, openDb } from '../apps/server/src/platform/db';
import { createUser } from '../apps/server/src/test/fixtures';

const RUNS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);

type Envelope<T> = { code: number; data: T; message: string };

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-checkout-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    RATE_LIMIT_MAX: '1000000000',
    AUTH_RATE_LIMIT_MAX: '1000000000',
    ORDER_SWEEP_SECONDS: '0',
    PAY_RECONCILE_SECONDS: '0',
    WEB_DIST: path.join(dir, 'no-web'),
  });
  const dbh = openDb({ sqliteFile: path.join(dir, 'simshop.db') });
  let app: FastifyInstance | undefined;
  try {
    await migrate(dbh);
    await seedDemo(dbh.db, config);
    const built = await buildApp(config, dbh);
    app = built.app;
    const { ctx } = built;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${addr.port}/api/`;

    const call = async <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          language: 'en',
          authorization: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const env = (await res.json()) as Envelope<T>;
      if (env.code !== 1000) throw new Error(`${url}: ${env.code} ${env.message}`);
      return env.data;
    };

    // one virtual plan that needs no card number, its stock raised so the runs never sell it out
    const spec = await ctx.db
      .selectFrom('goods_spec')
      .innerJoin('goods', 'goods.id', 'goods_spec.goods_id')
      .select(['goods_spec.id', 'goods_spec.price'])
      .where('goods.on_sale', '=', 1)
      .where('goods.deleted_at', 'is', null)
      .where('goods.goods_type', '=', 1)
      .where('goods.need_fill_card', '=', 0)
      .where('goods.pay_ways', 'like', '%"wallet"%')
      .where('goods_spec.status', '=', 1)
      .where('goods_spec.deleted_at', 'is', null)
      .orderBy('goods_spec.id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('goods_spec').set({ stock: 100_000_000 }).where('id', '=', spec.id).execute();

    // the buyer, and a wallet credit (an operator's adjustment) covering every run
    const buyer = await createUser(ctx);
    const me = await call<{ id: string }>('GET', 'app/user/info/person', buyer.token);
    const op = await call<{ token: string }>('POST', 'admin/base/open/login', '', {
      username: 'admin',
      password: 'admin123456',
    });
    await call('POST', 'admin/user/ledger/adjust', op.token, {
      userPublicId: me.id,
      kind: 'wallet',
      amount: Number(spec.price) * (RUNS + WARMUP + 5),
      note: 'bench credit',
      idempotencyKey: 'bench-checkout-credit',
    });

    const checkout = async () => {
      const t = buyer.token;
      const t0 = performance.now();
      await call('POST', 'app/user/cart/add', t, { specId: Number(spec.id), quantity: 1 });
      await call('GET', 'app/user/cart/list', t);
      const address = await call<{ id: number }>('POST', 'app/user/address/add', t, {
        contact: 'Ann Buyer',
        phone: '+14155550123',
        country: 'US',
        region: 'CA',
        detail: '1 Market St',
      });
      await call('POST', 'app/order/info/quote', t, { addressId: address.id });
      const order = await call<{ id: number }>('POST', 'app/order/info/create', t, {
        addressId: address.id,
        payWay: 'wallet',
      });
      const paid = await call<{ paid: boolean }>('POST', 'app/order/pay/walletPay', t, { orderId: order.id });
      if (!paid.paid) throw new Error('wallet pay did not pay');
      await call('GET', `app/order/info/info?id=${order.id}`, t);
      const ms = performance.now() - t0;
      // untimed: drop the address so the per-user address cap never stops the runs
      await ctx.db.deleteFrom('address').where('id', '=', address.id).execute();
      return ms;
    };

    for (let i = 0; i < WARMUP; i++) await checkout();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await checkout());
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `SimShop 7-call checkout (cart add, cart list, address add, quote, create, wallet pay, order info)\n` +
        `one buyer, sequential, SQLite, node ${process.version}, ${os.cpus().length} CPUs, load ${load.join(' ')}\n` +
        `${RUNS} runs after ${WARMUP} warm-up: median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms, ` +
        `min ${times[0]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
    );
  } finally {
    await app?.close();
    await dbh.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
