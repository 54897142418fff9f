import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, type TestApp } from './test/harness';
import { startPgBouncer, type PgBouncer } from './test/pg-cluster';
import { createUser } from './test/fixtures';
import { goodsFixture } from './modules/cart/cart.fixtures';
import { buyNow, stockOf } from './modules/order/order.fixtures';
import { postEntry } from './modules/wallet/wallet.fixtures';
import { createJobRunner } from './jobs/runner';
import { openPgPool } from './platform/db';
import { prepareQueries } from './platform/pg-prepared';

// PostgreSQL only: the app behind Debian's PgBouncer (1.18) in transaction pooling mode, in front of the
// run's PostgreSQL (DATABASE_URL). A database of its own: PgBouncer cannot carry a connection's search_path.

const server = process.env.DATABASE_URL!;
const dbname = `simshop_pgb_${crypto.randomBytes(4).toString('hex')}`;
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};
let bouncer: PgBouncer;
let t: TestApp;

beforeAll(async () => {
  await admin(`create database ${dbname} template template0 lc_collate 'C' lc_ctype 'C'`);
  // `shop`: the app's, 4 server connections for its 15 client connections; `one`: a single server connection
  bouncer = await startPgBouncer(server, { shop: { dbname, poolSize: 4 }, one: { dbname, poolSize: 1 } });
  t = await createTestApp({
    seed: false,
    newSchema: false,
    databaseUrl: bouncer.url('shop'),
    env: { DATABASE_POOLER: 'transaction' },
  });
}, 60_000);
// DROP DATABASE waits for a server-wide checkpoint (PostgreSQL 15): under a busy disk that alone has taken
// over 30 s, beyond the default hook limit, though nothing was wrong
afterAll(async () => {
  await t?.close();
  await bouncer?.close();
  await admin(`drop database if exists ${dbname} with (force)`);
}, 180_000);

const TIMEOUTS = {
  connectMs: 2000,
  statementMs: 4000,
  queryMs: 5000,
  idleInTransactionMs: 10_000,
  keepAliveMs: 10_000,
};

describe('behind PgBouncer in transaction mode (DATABASE_POOLER=transaction)', () => {
  it('connects without startup parameters, which PgBouncer 1.18 refuses', async () => {
    const withBounds = openPgPool(bouncer.url('shop'), { timeouts: TIMEOUTS });
    await expect(withBounds.query('select 1')).rejects.toThrow(/unsupported startup parameter/);
    await withBounds.end();
    const plain = openPgPool(bouncer.url('shop'), {
      timeouts: TIMEOUTS,
      sessionParameters: false,
      preparedStatements: false,
    });
    expect((await plain.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await plain.end();
  });

  it("would fail with named prepared statements: a second client meets the first one's on the same server connection", async () => {
    const pool = new pg.Pool({ connectionString: bouncer.url('one'), max: 2 });
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      prepareQueries(a);
      prepareQueries(b);
      const text = `select ${crypto.randomInt(1e9)} + $1::int as n`;
      expect((await a.query(text, [1])).rows).toHaveLength(1);
      // PgBouncer before 1.21 does not track protocol-level statements: b's Parse reaches the connection a used
      await expect(b.query(text, [1])).rejects.toMatchObject({ code: '42P05' });
    } finally {
      a.release();
      b.release();
      await pool.end();
    }
  });

  it('sells exactly the stock when 30 buyers race for 10 units, and each pays once from the wallet', async () => {
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 10 }] });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createUser(t.ctx)));
    const results = await Promise.all(buyers.map((b) => buyNow(t, b, plan.specIds[0]!)));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(10);
    expect(codes.filter((c) => c !== 1000).every((c) => c === 5005)).toBe(true);
    expect(await stockOf(t, plan.specIds[0]!)).toBe(0);
    // each winner funds its wallet and pays twice at once (row locks on the account and the order): paid once
    const winners = buyers.filter((_, i) => codes[i] === 1000);
    const orders = results.filter((r) => r.code === 1000).map((r) => Number(r.data.id));
    await Promise.all(
      winners.map((b) =>
        t.ctx.db.transaction().execute((trx) =>
          postEntry(trx, {
            kind: 'wallet',
            userId: b.id,
            type: 'ADJUST',
            amount: 5_000,
            key: `pgb-${b.id}`,
            at: Date.now(),
          }),
        ),
      ),
    );
    const pays = await Promise.all(
      winners.flatMap((b, i) =>
        [0, 1].map(() =>
          call(t.app, 'POST', 'app/order/pay/walletPay', { token: b.token, body: { orderId: orders[i] } }),
        ),
      ),
    );
    expect(pays.filter((p) => p.code === 1000).length).toBeGreaterThanOrEqual(10);
    expect(pays.filter((p) => p.status >= 500)).toEqual([]);
    const attempts = await t.ctx.db
      .selectFrom('payment_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', 'in', orders)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(10);
    // each wallet debited once: 5,000 in, one order of 1,000 out
    const entries = await t.ctx.db
      .selectFrom('ledger_entry')
      .select(['user_id', 'type', 'amount'])
      .where('kind', '=', 'wallet')
      .where(
        'user_id',
        'in',
        winners.map((b) => b.id),
      )
      .execute();
    for (const b of winners) {
      const mine = entries.filter((e) => Number(e.user_id) === b.id);
      expect(mine.filter((e) => e.type === 'PAY')).toHaveLength(1);
      expect(mine.reduce((sum, e) => sum + Math.abs(Number(e.amount)) * (e.type === 'PAY' ? -1 : 1), 0)).toBe(
        4_000,
      );
    }
  });

  it('runs a scheduled job on one of two runners through the pooler, under its lease', async () => {
    const runners = ['a', 'b'].map((h) => createJobRunner({ db: t.ctx.db, pollMs: 0, holder: `pgb-${h}` }));
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    for (const r of runners)
      r.schedule({
        name: 'test.pgbouncer',
        everyMs: 60_000,
        run: async () => {
          runs += 1;
          most = Math.max(most, (concurrent += 1));
          await new Promise((res) => setTimeout(res, 20));
          concurrent -= 1;
        },
      });
    await Promise.all(runners.flatMap((r) => [r.tick(), r.tick()]));
    await vi.waitFor(() => expect(runs).toBe(1));
    await Promise.all(runners.map((r) => r.tick()));
    expect(runs).toBe(1);
    expect(most).toBe(1);
    await Promise.all(runners.map((r) => r.stop(1000)));
  });
});
