import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { startOwnRedis } from '../../test/own-redis';
import { TestSocket } from '../../test/ws-client';
import { enqueueJob } from '../../jobs/runner';
import { addressOf, buyNow, physicalGoods } from '../order/order.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';
import { refreshFigures } from '.';

/**
 * Every series of GET /metrics moves with what it counts (a fresh shop, so the numbers are known): requests,
 * latency and faults per route; orders and payments by state; deliveries pending; jobs failing; chat sockets.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' },
    // a route that faults, to see the error series count a real 5xx
    beforeReady: (app) => {
      app.get('/api/test/metrics-fault', async () => {
        throw new Error('deliberate fault for the metrics test');
      });
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

const sample = (text: string, series: string) => {
  const esc = series.replace(/[{}"/.+]/g, (c) => `\\${c}`);
  const m = new RegExp(`^${esc} ([\\d.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
};
const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

describe('GET /metrics series', () => {
  it('each series exists and moves with what it counts', async () => {
    // requests, latency and faults per route
    for (let i = 0; i < 3; i += 1) await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
    const fault = await t.app.inject({ method: 'GET', url: '/api/test/metrics-fault' });
    expect(fault.statusCode).toBe(500);
    // a paid physical order (pending shipment: a delivery pending) and an unpaid one
    const buyer = await createUser(t.ctx);
    await t.ctx.db.transaction().execute((trx) =>
      postEntry(trx, {
        kind: 'wallet',
        userId: Number(buyer.id),
        type: 'ADJUST',
        amount: 1_000_000,
        key: `metrics-${buyer.id}`,
        at: Date.now(),
      }),
    );
    const g = await physicalGoods(t);
    const addressId = await addressOf(t, buyer);
    const paid = await buyNow(t, buyer, g.specIds[0]!, { addressId });
    const pay = await call(t.app, 'POST', 'app/order/pay/walletPay', {
      token: buyer.token,
      body: { orderId: paid.data.id },
    });
    expect(pay.code, pay.message).toBe(1000);
    expect((await buyNow(t, buyer, g.specIds[0]!, { addressId })).code).toBe(1000);
    // a job that fails and will be retried
    t.ctx.jobs.handle({
      kind: 'metrics-test-failing',
      run: async () => {
        throw new Error('always fails');
      },
    });
    await enqueueJob(t.ctx.db, 'metrics-test-failing', {});
    await t.ctx.jobs.tick();
    // one chat socket
    const ws = await TestSocket.open(`ws://127.0.0.1:${port}/api/app/cs/msg/ws`);
    ws.send({ type: 'auth', token: buyer.token });
    await ws.next((f) => f.type === 'ready');

    // the shop-wide figures come from their job (every 15 s), never from the scrape
    await refreshFigures(t.ctx);
    const text = await scrape();
    const route = 'route="/api/app/goods/type/list"';
    expect(sample(text, `http_requests_total{method="POST",${route},status="200"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{method="POST",${route}}`)).toBe(3);
    expect(sample(text, `http_request_errors_total{method="GET",route="/api/test/metrics-fault"}`)).toBe(1);
    expect(
      sample(text, `http_requests_total{method="GET",route="/api/test/metrics-fault",status="500"}`),
    ).toBe(1);
    expect(sample(text, 'simshop_orders{status="pending_shipment"}')).toBe(1);
    expect(sample(text, 'simshop_orders{status="pending_payment"}')).toBe(1);
    expect(sample(text, 'simshop_payments{state="paid"}')).toBe(1);
    expect(sample(text, 'simshop_deliveries_pending')).toBe(1);
    expect(sample(text, 'simshop_jobs{state="retrying"}')).toBe(1);
    expect(sample(text, 'simshop_chat_connections')).toBe(1);
    ws.close();
    for (let i = 0; i < 50 && sample(await scrape(), 'simshop_chat_connections') !== 0; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(sample(await scrape(), 'simshop_chat_connections')).toBe(0);
  });
});

describe('GET /metrics never waits on the database (issue 26)', () => {
  it('a scrape sends no query; the shop-wide figures come from their job', async () => {
    await refreshFigures(t.ctx);
    const executor = t.ctx.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^simshop_orders\{status="pending_payment"\} \d+$/m);
      expect(res.body).toMatch(/^simshop_figures_age_seconds [\d.e+-]+$/m);
      expect(res.body).toMatch(/^simshop_jobs_oldest_due_seconds [\d.e+-]+$/m);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('two instances: only the one that computed the latest figures exports them (no N-fold sum)', async () => {
    const redis = await startOwnRedis();
    const a = await createTestApp({ env: { REDIS_URL: redis.url }, seed: false });
    const b = await createTestApp({ env: { REDIS_URL: redis.url }, seed: false });
    const has = async (x: TestApp) =>
      /^simshop_orders\{/m.test((await x.app.inject({ method: 'GET', url: '/metrics' })).body);
    try {
      await refreshFigures(a.ctx);
      expect([await has(a), await has(b)]).toEqual([true, false]);
      await refreshFigures(b.ctx);
      let handedOver = false;
      for (let i = 0; i < 100 && !handedOver; i += 1) {
        handedOver = !(await has(a));
        if (!handedOver) await new Promise((r) => setTimeout(r, 20));
      }
      expect([await has(a), await has(b)]).toEqual([false, true]);
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });
});
