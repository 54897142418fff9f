/** The table `npm run bench` prints. */
export type Row = {
  name: string;
  kind?: string;
  method: string;
  path: string;
  status: 'ok' | 'failed';
  note?: string;
  reqPerSec?: number;
  p99Ms?: number;
  ratio?: number;
  non2xx?: number;
  errors?: number;
  requests?: number;
  load1?: number;
  /** Share of one core the server used during the call (warm-up included). */
  serverCpu?: number;
  /** Server CPU time per request in µs: what a shared machine's load does not change much. */
  cpuUsPerReq?: number;
  /** PostgreSQL backends' CPU time per request in µs (the shop's database only; PostgreSQL runs only). */
  dbCpuUsPerReq?: number;
  /** CPU seconds each shop process used during the call (cluster primary first), and the database's. */
  cpuSeconds?: { shop: number[]; db?: number };
  /** PostgreSQL round trips per request (BENCH_COUNT_TRIPS), Redis commands per request (BENCH_REDIS_URL). */
  dbTripsPerReq?: number;
  /** Mean time the relay held a chunk (BENCH_PG_DELAY_US: the delay really applied). */
  relayHeldUs?: number;
  redisOpsPerReq?: number;
  /** Kept-answer hits over lookups during the call, over every instance the bench's scrapes reached. */
  cacheHitRatio?: number;
  cacheInstancesSeen?: number;
  /** CFS periods each CPU group was throttled in during the call (BENCH_CPU_QUOTA). */
  throttledPeriods?: Record<string, number>;
};

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '-' : n.toFixed(digits));

export function printTable(rows: Row[]) {
  const head = ['call', 'req/s', 'p99 ms', 'ratio', 'server cpu', 'cpu µs/req', 'db µs/req', 'load', 'note'];
  const body = rows.map((r) => [
    r.name,
    fmt(r.reqPerSec),
    fmt(r.p99Ms, 1),
    r.ratio === undefined ? '-' : r.ratio.toFixed(3),
    fmt(r.serverCpu, 2),
    fmt(r.cpuUsPerReq),
    fmt(r.dbCpuUsPerReq),
    fmt(r.load1, 2),
    [r.note, r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : '']
      .filter(Boolean)
      .join('; '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}
