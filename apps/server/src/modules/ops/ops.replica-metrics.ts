import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReadRouter } from '../../platform/read-replica';

const STATES = ['ok', 'lagging', 'down', 'not a standby', 'unchecked'] as const;

/**
 * The read replica's series (DATABASE_READ_URL), this instance's own, read from the router's counters at
 * scrape time (no query): which state it is in, its lag at the last check, and where catalogue reads went.
 */
export function registerReplicaMetrics(registry: Registry, replica: ReadRouter) {
  new Gauge({
    name: 'simshop_db_replica_state',
    help: 'Read replica state on this instance (1 for the current one): ok, lagging, down, not a standby, unchecked',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = replica.status().state;
      for (const s of STATES) this.set({ state: s }, s === now ? 1 : 0);
    },
  });
  new Gauge({
    name: 'simshop_db_replica_lag_seconds',
    help: 'How far behind the primary the read replica was at its last check (absent: unknown)',
    registers: [registry],
    collect() {
      this.reset();
      const lag = replica.status().lagMs;
      if (lag !== null) this.set(lag / 1000);
    },
  });
  // counters mirror the router's own counts: each scrape adds what happened since the last one
  const seen = { replica: 0, primary: 0, fallbacks: 0 };
  new Counter({
    name: 'simshop_db_catalogue_reads_total',
    help: 'Catalogue read queries by the server that answered them (replica, or primary when it was not current)',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      const { reads } = replica.status();
      this.inc({ target: 'replica' }, reads.replica - seen.replica);
      this.inc({ target: 'primary' }, reads.primary - seen.primary);
      seen.replica = reads.replica;
      seen.primary = reads.primary;
    },
  });
  new Counter({
    name: 'simshop_db_replica_fallbacks_total',
    help: 'Catalogue read queries that failed on the replica and were answered by the primary',
    registers: [registry],
    collect() {
      const { fallbacks } = replica.status();
      this.inc(fallbacks - seen.fallbacks);
      seen.fallbacks = fallbacks;
    },
  });
}
