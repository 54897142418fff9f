import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow } from '../order/order.fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../payment/payment.fixtures';
import { createTelemetry, instrumentProvider } from '../../platform/telemetry';

/**
 * The on-call series of GET /metrics (issue 26): payment callbacks by outcome, provider calls, the
 * database pool and its failed queries, the event bus and rate-limit store, job lease holders, 429s per
 * route; and docs/alerts.yml and docs/grafana-dashboard.json use only series the app exports.
 */
const docs = path.resolve(__dirname, '../../../../../docs');
let t: TestApp;
let wechat: FakeChannel;
beforeAll(async () => {
  wechat = fakeChannel('wechat');
  t = await createTestApp({
    // one refused notification a minute per address: the second is answered 429 on its own route
    env: { CALLBACK_REFUSED_MAX: '1', ORDER_SWEEP_SECONDS: '0' },
    providers: { payments: { wechat: wechat.ch } },
  });
});
afterAll(async () => t?.close());

const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
const sample = (text: string, series: string) => {
  const esc = series.replace(/[{}"/.+|]/g, (c) => `\\${c}`);
  const m = new RegExp(`^${esc} ([\\d.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
};

describe('GET /metrics: what an operator needs to see', () => {
  it('counts payment callbacks by outcome and 429s on the callback route', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { specs: [{ price: 5_000, stock: 5 }], payWays: ['wechat'] });
    const order = await buyNow(t, buyer, g.specIds[0]!, { payWay: 'wechat' });
    expect(order.code, order.message).toBe(1000);
    const pay = await call(t.app, 'POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId: order.data.id, payWay: 'wechat', client: 'desktop_browser' },
    });
    expect(pay.code, pay.message).toBe(1000);
    const no = pay.data.attemptNo as string;
    const url = '/api/app/order/pay/wxNotify';
    expect((await postCallback(t, url, paidBody(no, 5_000))).statusCode).toBe(204);
    expect((await postCallback(t, url, paidBody(no, 5_000))).statusCode).toBe(204);
    expect((await postCallback(t, url, paidBody(no, 5_000), { signature: 'bad' })).statusCode).toBe(401);
    expect((await postCallback(t, url, paidBody(no, 5_000), { signature: 'bad' })).statusCode).toBe(429);

    const text = await scrape();
    const cb = (result: string) =>
      sample(text, `simshop_payment_callbacks_total{channel="wechat",kind="notify",result="${result}"}`);
    expect([cb('applied'), cb('duplicate'), cb('refused')]).toEqual([1, 1, 1]);
    expect(sample(text, `http_requests_total{method="POST",route="${url}",status="429"}`)).toBe(1);
  });

  it('times the built providers and counts their failures; test fakes and sync members pass as they are', async () => {
    const partner = t.ctx.providers.planPartner!;
    expect((await partner.countries()).length).toBeGreaterThan(0);
    const text = await scrape();
    expect(
      sample(
        text,
        'simshop_provider_call_duration_seconds_count{provider="plan_partner",call="countries",outcome="ok"}',
      ),
    ).toBe(1);
    // the fake channel handed to the app is not wrapped
    expect(t.ctx.providers.payments.wechat).toBe(wechat.ch);

    const tm = createTelemetry();
    const p = instrumentProvider(
      {
        n: 0,
        sync() {
          return (this.n += 1);
        },
        async ok() {
          return 'ok';
        },
        async fails(): Promise<never> {
          throw new Error('down');
        },
      },
      'demo',
      tm,
    );
    expect(p.sync()).toBe(1);
    expect(await p.ok()).toBe('ok');
    await expect(p.fails()).rejects.toThrow('down');
    const own = await tm.registry.metrics();
    expect(sample(own, 'simshop_provider_call_errors_total{provider="demo",call="fails"}')).toBe(1);
    expect(
      sample(own, 'simshop_provider_call_duration_seconds_count{provider="demo",call="ok",outcome="ok"}'),
    ).toBe(1);
    expect(own).not.toMatch(/call="sync"/);
  });

  it('shows the instance, the event bus, the kept answers, and on PostgreSQL the pool and failed queries', async () => {
    const lookups = (x: string, result: string) =>
      sample(x, `simshop_answer_cache_lookups_total{cache="catalogue",result="${result}"}`) ?? 0;
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
    let text = await scrape();
    expect(lookups(text, 'hit') - lookups(before, 'hit')).toBeGreaterThanOrEqual(2);
    expect(
      lookups(text, 'hit') + lookups(text, 'miss') - lookups(before, 'hit') - lookups(before, 'miss'),
    ).toBe(3);
    expect(
      sample(text, `simshop_instance_info{holder="${t.ctx.jobs.holder}",engine="${t.ctx.engine}"}`),
    ).toBe(1);
    expect(sample(text, 'simshop_event_bus_up{backend="memory"}')).toBe(1);
    if (t.ctx.engine !== 'postgres') {
      // one SQLite connection: no pool series
      expect(text).not.toMatch(/^simshop_db_pool_connections\{/m);
      return;
    }
    expect(sample(text, 'simshop_db_pool_connections{state="max"}')).toBe(15);
    expect(sample(text, 'simshop_db_pool_waiting')).toBe(0);
    const timeouts = sample(text, 'simshop_db_errors_total{kind="timeout"}') ?? 0;
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 20`.execute(trx);
        await sql`select pg_sleep(1)`.execute(trx);
      }),
    ).rejects.toThrow();
    await expect(sql`select 1 / 0`.execute(t.ctx.db)).rejects.toThrow();
    // a held connection shows as in use
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      text = await scrape();
      expect(sample(text, 'simshop_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(1);
    });
    text = await scrape();
    expect(sample(text, 'simshop_db_errors_total{kind="timeout"}')).toBe(timeouts + 1);
    expect(sample(text, 'simshop_db_errors_total{kind="other"}')).toBeGreaterThanOrEqual(1);
  });
});

/** Metric names an expression reads: identifiers outside label matchers, groupings and ranges. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, ' ');
  const words = [...bare.matchAll(/([a-zA-Z_:][\w:]*)\s*(\()?/g)]
    .filter((m) => !m[2]) // a function call
    .map((m) => m[1]!);
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without']);
  return words.filter((w) => !keywords.has(w));
}

describe('docs/alerts.yml and docs/grafana-dashboard.json', () => {
  it('use only series that GET /metrics exports (a renamed series fails here)', async () => {
    const text = await scrape();
    const exported = new Set<string>();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(m[1]!);
      if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(`${m[1]}${s}`);
    }
    // Prometheus' own series for a target
    exported.add('up');
    const alerts = parse(fs.readFileSync(path.join(docs, 'alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
    };
    const dashboard = JSON.parse(fs.readFileSync(path.join(docs, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const exprs = [
      ...alerts.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }))),
      ...dashboard.panels.flatMap((p) =>
        (p.targets ?? []).map((x) => ({ where: `panel ${p.title}`, expr: x.expr })),
      ),
    ];
    expect(alerts.groups.flatMap((g) => g.rules).length).toBeGreaterThanOrEqual(20);
    expect(exprs.length).toBeGreaterThanOrEqual(40);
    const unknown: string[] = [];
    const used = new Set<string>();
    for (const { where, expr } of exprs) {
      const names = seriesOf(expr);
      if (!names.length) unknown.push(`${where}: reads no series (${expr})`);
      for (const n of names) {
        used.add(n);
        if (!exported.has(n)) unknown.push(`${where}: ${n}`);
      }
    }
    expect(unknown).toEqual([]);
    // the checker sees what it should: every on-call series is in some alert or panel
    for (const n of [
      'simshop_db_pool_waiting',
      'simshop_db_errors_total',
      'simshop_jobs_oldest_due_seconds',
      'simshop_job_last_success_timestamp_seconds',
      'simshop_job_lease_holder',
      'simshop_payment_callbacks_total',
      'simshop_provider_call_errors_total',
      'simshop_provider_call_duration_seconds_bucket',
      'simshop_event_bus_up',
      'simshop_rate_limit_local',
      'http_requests_total',
    ])
      expect(used).toContain(n);
    expect(seriesOf('sum by (route) (rate(http_requests_totl{status="429"}[5m])) > 2e3')).toEqual([
      'http_requests_totl',
    ]);
  });
});
