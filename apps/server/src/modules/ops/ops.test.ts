import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { startOwnRedis } from '../../test/own-redis';
import { openDb } from '../../platform/db';
import { readiness, refreshFigures } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const metricsText = async (app: TestApp['app'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', headers });

describe('probes', () => {
  it('GET /health answers while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready says the database answers and Redis is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      status: 'ok',
      checks: { database: 'ok', redis: 'not configured' },
    });
  });

  it('reports a database that does not answer as not ready', async () => {
    const dead = openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', sqliteFile: ':memory:' });
    try {
      const r = await readiness({ ...t.ctx, db: dead.db });
      expect(r).toEqual({
        ready: false,
        status: 'not ready',
        checks: { database: 'down', redis: 'not configured' },
      });
    } finally {
      await dead.close();
    }
  });

  // issue 26: Redis down is reported (degraded), never "not ready": the shop keeps selling without it, and a
  // balancer following /ready would otherwise take every instance out at once
  it('GET /ready stays 200 when its Redis stops, reporting Redis down (degraded), and ok when it is back', async () => {
    const redis = await startOwnRedis();
    const r = await createTestApp({ env: { REDIS_URL: redis.url } });
    try {
      const up = await r.app.inject({ method: 'GET', url: '/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json().checks.redis).toBe('ok');
      await redis.stop();
      const t0 = performance.now();
      const down = await r.app.inject({ method: 'GET', url: '/ready' });
      expect(performance.now() - t0).toBeLessThan(1500);
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({
        ready: true,
        status: 'degraded',
        checks: { database: 'ok', redis: 'down' },
      });
      // the shop itself still answers on this instance
      const health = await r.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect((await call(r.app, 'POST', 'app/goods/type/list', { body: {} })).code).toBe(1000);
      await redis.start();
      let back = '';
      for (let i = 0; i < 100 && back !== 'ok'; i += 1) {
        back = (await r.app.inject({ method: 'GET', url: '/ready' })).json().checks.redis;
        if (back !== 'ok') await new Promise((res) => setTimeout(res, 100));
      }
      expect(back).toBe('ok');
    } finally {
      await r.close();
      await redis.stop();
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests per routed URL, not per raw URL, with latency and faults', async () => {
    await t.app.inject({ method: 'GET', url: '/api/app/goods/info/detail?id=999991' });
    await t.app.inject({ method: 'GET', url: '/api/app/goods/info/detail?id=999992' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const res = await metricsText(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/health"\}/);
    expect(text).toContain('route="unmatched"');
    // no label holds a raw URL's path or query (a sample's value may hold any digits: compare labels only)
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).join('\n');
    expect(labels).toContain('route="unmatched"');
    expect(labels).not.toContain('12345');
    expect(labels).not.toContain('999991');
    expect(text).toContain('# TYPE http_request_errors_total counter');
  });

  it('shows orders and payments by state, deliveries pending, jobs failing and chat connections', async () => {
    await createUser(t.ctx);
    // the shop-wide figures come from their job (every 15 s), never from the scrape
    await refreshFigures(t.ctx);
    const text = (await metricsText(t.app)).body;
    expect(text).toMatch(/simshop_orders\{status="pending_payment"\} \d+/);
    expect(text).toMatch(/simshop_orders\{status="closed"\} \d+/);
    expect(text).toContain('# TYPE simshop_payments gauge');
    expect(text).toMatch(/simshop_deliveries_pending \d+/);
    expect(text).toMatch(/simshop_jobs\{state="dead"\} \d+/);
    expect(text).toMatch(/simshop_jobs\{state="retrying"\} \d+/);
    expect(text).toMatch(/simshop_chat_connections 0/);
  });

  it('in production: only local callers no proxy relayed, or the METRICS_TOKEN bearer', async () => {
    const prod = await createTestApp({ env: PRODUCTION_ENV, seed: false });
    const withToken = await createTestApp({
      env: { ...PRODUCTION_ENV, METRICS_TOKEN: 'scrape-token-0123456789' },
      seed: false,
    });
    try {
      expect((await metricsText(prod.app)).statusCode).toBe(200);
      expect((await metricsText(prod.app, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await metricsText(withToken.app)).statusCode).toBe(404);
      expect((await metricsText(withToken.app, { authorization: 'Bearer wrong' })).statusCode).toBe(404);
      await refreshFigures(withToken.ctx);
      const ok = await metricsText(withToken.app, { authorization: 'Bearer scrape-token-0123456789' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('simshop_orders');
    } finally {
      await prod.close();
      await withToken.close();
    }
  });
});
