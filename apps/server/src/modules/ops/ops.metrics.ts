import { Counter, Gauge, Histogram, collectDefaultMetrics } from 'prom-client';
import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { csConnections } from '../cs';
import { registerReplicaMetrics } from './ops.replica-metrics';
import {
  countJobs,
  countOrdersByStatus,
  countPaymentsByStatus,
  jobLeases,
  oldestDueJobAge,
} from './ops.repository';

const STATUS_NAMES = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([name, code]) => [code, name.toLowerCase()]),
) as Record<number, string>;

/** How often the shop-wide figures are computed (by one instance per period: a leased scheduled job). */
export const FIGURES_EVERY_MS = 15_000;
/** The bus topic on which the instance that computed the figures tells the others to stop exporting theirs. */
const FIGURES_TOPIC = 'ops.figures';

type Figures = {
  at: number;
  orders: { status: number; n: number }[];
  payments: { status: string; n: number }[];
  jobs: Awaited<ReturnType<typeof countJobs>>;
  oldestDueMs: number;
  leases: { name: string; overdueMs: number; holder: string | null }[];
};

/** The shop-wide figures, read from the database (the figures job; never a scrape). */
async function readFigures(ctx: AppContext): Promise<Figures> {
  const at = Date.now();
  const [orders, payments, jobs, oldestDueMs, leases] = await Promise.all([
    countOrdersByStatus(ctx.db),
    countPaymentsByStatus(ctx.db),
    countJobs(ctx.db),
    oldestDueJobAge(ctx.db, at),
    jobLeases(ctx.db),
  ]);
  return {
    at,
    orders: orders.map((r) => ({ status: Number(r.status), n: Number(r.n) })),
    payments: payments.map((r) => ({ status: String(r.status), n: Number(r.n) })),
    jobs,
    oldestDueMs,
    leases: leases.map((l) => {
      const held = l.holder !== null && Number(l.expires_at) > at;
      // held: running (or its holder died and the lease has not expired yet); free: due since next_run_at
      const since = l.holder !== null ? Number(l.expires_at) : Number(l.next_run_at);
      return { name: l.name, overdueMs: held ? 0 : Math.max(0, at - since), holder: held ? l.holder : null };
    }),
  };
}

/**
 * The Prometheus registry of one app instance. A scrape never waits on the database (issue 26): HTTP traffic
 * per routed URL (never the raw URL, so `/goods/123` and `/goods/124` are one series), chat sockets and job
 * runs are this instance's own counts in memory; the shop's state (orders, payments, jobs, job lag) is read
 * by a scheduled job every 15 s, which one instance at a time runs under its lease, and exported only by
 * the instance that computed the latest figures (it tells the others over the event bus), so summing a
 * series over instances does not multiply it. While the database is down the figures age
 * (`simshop_figures_age_seconds`) and vanish after three periods; the HTTP series go on.
 */
export function createMetrics(ctx: AppContext, everyMs = FIGURES_EVERY_MS) {
  let figures: Figures | null = null;
  /** This instance's figures while they are the latest and not stale; else none. */
  const current = () => (figures && Date.now() - figures.at < 3 * everyMs ? figures : null);
  ctx.events.subscribe(FIGURES_TOPIC, (payload, origin) => {
    const at = Number((payload as { at?: unknown })?.at);
    // another instance computed newer figures: it exports them now, not this one
    if (origin === 'remote' && figures && at >= figures.at) figures = null;
  });
  const refresh = async () => {
    const f = await readFigures(ctx);
    figures = f;
    ctx.events.publish(FIGURES_TOPIC, { at: f.at });
  };
  ctx.jobs.schedule({ name: 'metrics-figures', everyMs, run: refresh });
  // one registry per app: the counters other code moves (ctx.telemetry) and this module's series
  const registry = ctx.telemetry.registry;
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, routed URL and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a server fault (5xx), by method and routed URL',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and routed URL',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // the shop's state: read by the figures job below, never inside a scrape
  const orders = new Gauge({
    name: 'simshop_orders',
    help: 'Orders by status (the whole shop; exported by one instance, see simshop_figures_age_seconds)',
    labelNames: ['status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (!f) return;
      for (const name of Object.values(STATUS_NAMES)) this.set({ status: name }, 0);
      for (const r of f.orders) this.set({ status: STATUS_NAMES[r.status] ?? String(r.status) }, Number(r.n));
    },
  });
  const payments = new Gauge({
    name: 'simshop_payments',
    help: 'Payment attempts by state (the whole shop; exported by one instance)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) for (const r of f.payments) this.set({ state: r.status }, Number(r.n));
    },
  });
  const deliveries = new Gauge({
    name: 'simshop_deliveries_pending',
    help: 'Paid orders waiting to be shipped or delivered (the whole shop; exported by one instance)',
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) this.set(Number(f.orders.find((r) => r.status === ORDER_STATUS.PENDING_SHIPMENT)?.n ?? 0));
    },
  });
  const jobs = new Gauge({
    name: 'simshop_jobs',
    help: 'Retried jobs by state: pending, running, done, dead (gave up), retrying (pending after a failure)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (!f) return;
      for (const s of ['pending', 'running', 'done', 'dead']) this.set({ state: s }, 0);
      for (const r of f.jobs.byState) this.set({ state: r.state }, Number(r.n));
      this.set({ state: 'retrying' }, f.jobs.retrying);
    },
  });
  const oldestDue = new Gauge({
    name: 'simshop_jobs_oldest_due_seconds',
    help: 'Age of the oldest retried job that is due and not running (0: none waiting): the job lag',
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) this.set(f.oldestDueMs / 1000);
    },
  });
  const overdue = new Gauge({
    name: 'simshop_job_overdue_seconds',
    help: 'Per scheduled job: how long it has been due without running (a dead holder keeps it until its lease expires)',
    labelNames: ['scheduled_job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) for (const l of f.leases) this.set({ scheduled_job: l.name }, l.overdueMs / 1000);
    },
  });
  const figuresAge = new Gauge({
    name: 'simshop_figures_age_seconds',
    help: 'Age of the shop-wide figures above; only the instance that computed the latest exports them',
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) this.set((Date.now() - f.at) / 1000);
    },
  });
  const lastSuccess = new Gauge({
    name: 'simshop_job_last_success_timestamp_seconds',
    help: 'Per scheduled job: when its last successful run on this instance (holder) ended (max by job: the shop)',
    labelNames: ['scheduled_job', 'holder'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, at] of ctx.jobs.lastSuccess())
        this.set({ scheduled_job: job, holder: ctx.jobs.holder }, at / 1000);
    },
  });
  const leaseHolder = new Gauge({
    name: 'simshop_job_lease_holder',
    help: 'Per scheduled job running now: 1 for the instance (holder) whose lease it runs under; shop-wide',
    labelNames: ['scheduled_job', 'holder'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const f = current();
      if (f) for (const l of f.leases) if (l.holder) this.set({ scheduled_job: l.name, holder: l.holder }, 1);
    },
  });
  const instance = new Gauge({
    name: 'simshop_instance_info',
    help: 'Always 1; names this instance as the job runner knows it (the holder of leases and of job runs)',
    labelNames: ['holder', 'engine'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ holder: ctx.jobs.holder, engine: ctx.engine }, 1);
    },
  });
  const pool = new Gauge({
    name: 'simshop_db_pool_connections',
    help: 'PostgreSQL connections of this instance by state: in_use (a request or job holds it), idle, max',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const st = ctx.dbStats?.();
      if (!st) return;
      this.set({ state: 'in_use' }, st.pool.total - st.pool.idle);
      this.set({ state: 'idle' }, st.pool.idle);
      this.set({ state: 'max' }, st.pool.max);
    },
  });
  const poolWaiting = new Gauge({
    name: 'simshop_db_pool_waiting',
    help: 'Requests and jobs of this instance waiting for a free PostgreSQL connection',
    registers: [registry],
    collect() {
      this.reset();
      const st = ctx.dbStats?.();
      if (st) this.set(st.pool.waiting);
    },
  });
  const dbErrors = new Counter({
    name: 'simshop_db_errors_total',
    help:
      'Failed PostgreSQL queries and connection waits of this instance by kind: timeout (statement or query ' +
      'timeout), connection (dropped or refused), pool_timeout (no free connection in time), conflict ' +
      '(constraint, serialization, deadlock), other',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const st = ctx.dbStats?.();
      if (st) for (const [kind, n] of Object.entries(st.errors)) this.inc({ kind }, n);
    },
  });
  const busUp = new Gauge({
    name: 'simshop_event_bus_up',
    help: 'Whether the event bus answered its last check (backend redis: the watchdog PING every 3 s; memory: 1)',
    labelNames: ['backend'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ backend: ctx.events.kind }, ctx.events.healthy() ? 1 : 0);
    },
  });
  const limitsLocal = new Gauge({
    name: 'simshop_rate_limit_local',
    help: 'With REDIS_URL: 1 while rate limits count in this process because Redis does not answer, else 0',
    registers: [registry],
    collect() {
      this.reset();
      const st = ctx.limits?.();
      if (st) this.set(st.mode === 'local' ? 1 : 0);
    },
  });
  const limitFallbacks = new Counter({
    name: 'simshop_rate_limit_fallbacks_total',
    help: 'With REDIS_URL: times this instance switched its rate limits to in-process counts (Redis silent or down)',
    registers: [registry],
    collect() {
      this.reset();
      const st = ctx.limits?.();
      if (st) this.inc(st.fallbacks);
    },
  });
  const chat = new Gauge({
    name: 'simshop_chat_connections',
    help: 'Customer-service chat sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(csConnections(ctx));
    },
  });
  if (ctx.replica) registerReplicaMetrics(registry, ctx.replica);
  void [orders, payments, deliveries, jobs, oldestDue, overdue, figuresAge, lastSuccess, leaseHolder, chat];
  void [instance, pool, poolWaiting, dbErrors, busUp, limitsLocal, limitFallbacks];

  return {
    registry,
    /** Reads the shop-wide figures now (the scheduled job does this; tests call it). */
    refresh,
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ method, route });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
