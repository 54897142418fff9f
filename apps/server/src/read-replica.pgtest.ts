import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './test/harness';
import { startPrimaryAndReplica } from './test/pg-cluster';
import { startFaultProxy } from './test/tcp-fault';
import { createUser } from './test/fixtures';
import { goodsFixture } from './modules/cart/cart.fixtures';
import { buyNow } from './modules/order/order.fixtures';
import { openDb } from './platform/db';
import { openReadRouter } from './platform/read-replica';

// PostgreSQL only (with DATABASE_URL, though it runs on servers of its own): a primary and a real streaming
// replica started here from Debian's PostgreSQL 15 binaries; the app reads the catalogue from the replica
// through a TCP fault proxy (for the partition) while everything else uses the primary.

let cluster: Awaited<ReturnType<typeof startPrimaryAndReplica>>;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let t: TestApp;
const MAX_LAG_MS = 500;

beforeAll(async () => {
  cluster = await startPrimaryAndReplica({ replicaSettings: ['-c log_statement=all'] });
  proxy = await startFaultProxy(cluster.replica.port);
  t = await createTestApp({
    seed: false,
    databaseUrl: cluster.primary.url(),
    env: {
      DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_STATEMENT_TIMEOUT_MS: '500',
    },
  });
  schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.db)).rows[0]!.s;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await cluster?.close();
});

const router = () => t.ctx.replica!;
/** Statements on the goods table the replica logged (log_statement=all), the app's reads among them. */
const replicaGoodsReads = () =>
  (cluster.replica.log().match(/LOG: {2}(execute|statement)[^\n]*from "goods"/g) ?? []).length;
let n = 0;
/** A catalogue read no cache holds: a search for a word not asked before. */
const freshSearch = () =>
  call(t.app, 'POST', 'app/goods/info/page', { body: { keyWord: `nothing${(n += 1)}`, size: 5 } });
const ready = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/ready' });
  return { status: res.statusCode, body: res.json() };
};
const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
/** Checks until the replica holds every commit so far (it streams within milliseconds). */
async function caughtUp() {
  for (let i = 0; i < 100; i++) {
    const s = await router().check(2000);
    if (s.state === 'ok' && s.lagMs === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`replica never caught up: ${JSON.stringify(router().status())}`);
}
/** What the replica itself holds (the test app's tables are in a schema of its own). */
const stockOnReplica = async (specId: number) =>
  Number(
    (
      await cluster.replica.query<{ stock: number }>(
        `select stock from ${schema}.goods_spec where id = ${specId}`,
      )
    )[0]!.stock,
  );
let schema = '';

describe('catalogue reads from a streaming replica (DATABASE_READ_URL)', () => {
  it('answers catalogue reads from the replica, and says so in /ready and /metrics', async () => {
    await caughtUp();
    const before = { logged: replicaGoodsReads(), ...router().status().reads };
    for (let i = 0; i < 5; i++) {
      await caughtUp();
      expect((await freshSearch()).code).toBe(1000);
    }
    const after = router().status().reads;
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(5);
    expect(after.primary - before.primary).toBe(0);
    // the replica itself ran them
    expect(replicaGoodsReads() - before.logged).toBeGreaterThanOrEqual(5);
    const r = await ready();
    expect(r).toMatchObject({ status: 200, body: { status: 'ok', checks: { replica: 'ok' } } });
    const text = await metrics();
    expect(text).toMatch(/simshop_db_replica_state\{state="ok"\} 1/);
    expect(text).toMatch(/simshop_db_catalogue_reads_total\{target="replica"\} ([5-9]|\d\d+)/);
  });

  it("shows a buyer their order's stock at once while the replica lags, then reads the primary past the bound", async () => {
    const g = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 5 }] });
    await caughtUp();
    expect(await stockOnReplica(g.specIds[0]!)).toBe(5);
    await cluster.replica.query('select pg_wal_replay_pause()');
    try {
      const buyer = await createUser(t.ctx);
      expect((await buyNow(t, buyer, g.specIds[0]!)).code).toBe(1000);
      // the replica has not replayed the order: it still shows 5; the buyer is answered 4 (the primary)
      expect(await stockOnReplica(g.specIds[0]!)).toBe(5);
      const detail = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(g.goodsId) } });
      expect(detail.code).toBe(1000);
      expect(detail.data.specs[0].stock).toBe(4);
      // past the bound the replica is lagging: reads go to the primary, the instance is degraded, not unready
      await new Promise((r) => setTimeout(r, MAX_LAG_MS + 100));
      const r = await ready();
      expect(r).toMatchObject({
        status: 200,
        body: { ready: true, status: 'degraded', checks: { replica: 'lagging' } },
      });
      expect(r.body.replicaLagMs).toBeGreaterThan(MAX_LAG_MS);
      const before = router().status().reads;
      expect((await freshSearch()).code).toBe(1000);
      expect(router().status().reads.replica).toBe(before.replica);
      expect(await metrics()).toMatch(/simshop_db_replica_state\{state="lagging"\} 1/);
    } finally {
      await cluster.replica.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await stockOnReplica(g.specIds[0]!)).toBe(4);
    const before = router().status().reads.replica;
    expect((await freshSearch()).code).toBe(1000);
    expect(router().status().reads.replica).toBe(before + 1);
  });

  it('answers from the primary within the budget while the replica is partitioned away, and returns to it', async () => {
    await caughtUp();
    proxy.hold();
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const at = Date.now();
      expect((await freshSearch()).code).toBe(1000);
      times.push(Date.now() - at);
    }
    // the first may wait for its query's bound (statement 500 ms + 1 s), none longer; the rest at once
    expect(Math.max(...times)).toBeLessThan(2_500);
    expect(Math.max(...times.slice(1))).toBeLessThan(500);
    expect((await ready()).body).toMatchObject({
      ready: true,
      status: 'degraded',
      checks: { replica: 'down' },
    });
    proxy.pass();
    await caughtUp();
    const before = router().status().reads.replica;
    expect((await freshSearch()).code).toBe(1000);
    expect(router().status().reads.replica).toBe(before + 1);
  });

  it('falls back to the primary without an error when the replica stops, and uses it again once back', async () => {
    const { goodsId } = await goodsFixture(t.ctx);
    await caughtUp();
    const before = router().status();
    await cluster.replica.stop();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await freshSearch()).code);
    codes.push((await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(goodsId) } })).code);
    expect(codes).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    const after = router().status();
    expect(after.state).toBe('down');
    expect(after.reads.replica).toBe(before.reads.replica);
    expect(await ready()).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', replica: 'down' } },
    });
    expect(await metrics()).toMatch(/simshop_db_replica_state\{state="down"\} 1/);
    await cluster.replica.start();
    await caughtUp();
    expect((await freshSearch()).code).toBe(1000);
    expect(router().status().reads.replica).toBe(after.reads.replica + 1);
  });

  it('refuses writes and transactions on the read handle, and never reads a server that is not a standby', async () => {
    await expect(
      t.ctx.reads.updateTable('goods').set({ sales: 0 }).where('id', '=', -1).execute(),
    ).rejects.toThrow(/only reads/);
    await expect(t.ctx.reads.transaction().execute(async () => undefined)).rejects.toThrow(/no transactions/);
    // DATABASE_READ_URL pointing at the primary itself (or a promoted replica): not used
    const primary = openDb({ databaseUrl: cluster.primary.url() });
    const wrong = openReadRouter(primary, cluster.primary.url(), { maxLagMs: MAX_LAG_MS });
    try {
      expect((await wrong.check(2000)).state).toBe('not a standby');
      await wrong.reads
        .selectFrom('pg_class' as never)
        .select('relname' as never)
        .limit(1)
        .execute();
      expect(wrong.status().reads).toEqual({ replica: 0, primary: 1 });
    } finally {
      await wrong.close();
      await primary.close();
    }
  });
});
