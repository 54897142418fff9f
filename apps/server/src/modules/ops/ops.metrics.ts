import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { csConnections } from '../cs';
import { countJobs, countOrdersByStatus, countPaymentsByStatus } from './ops.repository';

const STATUS_NAMES = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([name, code]) => [code, name.toLowerCase()]),
) as Record<number, string>;

/**
 * The Prometheus registry of one app instance: HTTP traffic per routed URL (never the raw URL, so
 * `/goods/123` and `/goods/124` are one series) and the shop's state, read from the database on scrape.
 */
export function createMetrics(ctx: AppContext) {
  const registry = new Registry();
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
  const orders = new Gauge({
    name: 'simshop_orders',
    help: 'Orders by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const name of Object.values(STATUS_NAMES)) this.set({ status: name }, 0);
      for (const r of await countOrdersByStatus(ctx.db))
        this.set({ status: STATUS_NAMES[r.status] ?? String(r.status) }, Number(r.n));
    },
  });
  const payments = new Gauge({
    name: 'simshop_payments',
    help: 'Payment attempts by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await countPaymentsByStatus(ctx.db)) this.set({ state: r.status }, Number(r.n));
    },
  });
  const deliveries = new Gauge({
    name: 'simshop_deliveries_pending',
    help: 'Paid orders waiting to be shipped or delivered',
    registers: [registry],
    async collect() {
      const rows = await countOrdersByStatus(ctx.db);
      this.set(Number(rows.find((r) => r.status === ORDER_STATUS.PENDING_SHIPMENT)?.n ?? 0));
    },
  });
  const jobs = new Gauge({
    name: 'simshop_jobs',
    help: 'Retried jobs by state: pending, running, done, dead (gave up), retrying (pending after a failure)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { byState, retrying } = await countJobs(ctx.db);
      for (const s of ['pending', 'running', 'done', 'dead']) this.set({ state: s }, 0);
      for (const r of byState) this.set({ state: r.state }, Number(r.n));
      this.set({ state: 'retrying' }, retrying);
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
  void [orders, payments, deliveries, jobs, chat];

  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ method, route });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
