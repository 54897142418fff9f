import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reportFigure } from '../test/figures';
import { startOwnRedis } from '../test/own-redis';
import { serverHome, stopProcess, type ServerHome } from '../test/server-process';
import { startFaultProxy, type FaultProxy } from '../test/tcp-fault';

/**
 * Issue 26, faults 3 and 4, in the form production meets them: the real server (src/main.ts in its own
 * process) with REDIS_URL through a TCP proxy in front of a private redis-server. The proxy then holds every
 * byte, keeping the connections open: a Redis that stopped answering without closing anything (SIGSTOP, a
 * stuck event loop, a partition). Every /api request still answers within its budget, rate limits go on
 * counting in process, /ready stays 200 and says Redis is down (degraded), and when Redis answers again
 * the instance uses it again without a restart.
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const LIMIT = 40;
/** A request's budget while Redis is silent: one Redis command timeout (300 ms) and the request itself. */
const BUDGET_MS = 1500;

let home: ServerHome;
let proxy: FaultProxy;
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let server: ChildProcess | undefined;

beforeAll(async () => {
  redis = await startOwnRedis();
  proxy = await startFaultProxy(redis.port);
  home = await serverHome('redisfault', inject('simKeysDir'));
  server = await home.start(['--import', 'tsx', 'src/main.ts'], {
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    RATE_LIMIT_MAX: String(LIMIT),
    TRUST_PROXY: 'loopback',
  });
}, 60_000);

afterAll(async () => {
  await stopProcess(server, 'SIGKILL');
  await proxy?.close();
  await redis?.stop();
  await home?.close();
});

/** One API read as the client `ip` (the test plays the reverse proxy); its status, code and time. */
async function read(ip: string) {
  const t0 = performance.now();
  const res = await fetch(`${home.base}/api/app/goods/type/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, language: 'en' },
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json()) as { code: number };
  return { status: res.status, code: json.code, ms: performance.now() - t0 };
}

const ready = async () => {
  const t0 = performance.now();
  const res = await fetch(`${home.base}/ready`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: (await res.json()) as Record<string, any>, ms: performance.now() - t0 };
};

describe(`a Redis that accepts and never answers (${engine}, server process)`, () => {
  it('answers /api within its budget, limits in process, /ready 200 degraded, and recovers', async () => {
    // shared limits through Redis at first: one client's 41st request in the minute is refused
    const before = await Promise.all(Array.from({ length: LIMIT + 1 }, () => read('198.51.100.1')));
    expect(before.filter((r) => r.status === 429).length).toBe(1);
    expect((await ready()).body).toMatchObject({ ready: true, checks: { redis: 'ok' } });

    proxy.hold();
    const heldAt = Date.now();
    // every client's requests answer, none waits on Redis past the command timeout
    const during = await Promise.all(
      Array.from({ length: 30 }, (_, i) => read(`198.51.100.${10 + (i % 10)}`)),
    );
    expect(during.map((r) => r.code)).toEqual(Array(30).fill(1000));
    const slowest = Math.max(...during.map((r) => r.ms));
    expect(slowest).toBeLessThan(BUDGET_MS);
    // limits still hold, counted in this process: one client's requests past the limit are refused
    const burst: Awaited<ReturnType<typeof read>>[] = [];
    for (let i = 0; i < LIMIT + 5; i += 1) burst.push(await read('198.51.100.99'));
    expect(burst.filter((r) => r.status === 429).length).toBe(5);
    expect(Math.max(...burst.map((r) => r.ms))).toBeLessThan(BUDGET_MS);
    // ready stays 200 (the shop sells), Redis reported down, on time
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ready: true, status: 'degraded', checks: { database: 'ok', redis: 'down' } });
    expect(r.ms).toBeLessThan(BUDGET_MS);
    // still silent a while later: nothing piles up
    await new Promise((res) => setTimeout(res, 2000));
    const later = await read('198.51.100.50');
    expect(later.code).toBe(1000);
    expect(later.ms).toBeLessThan(BUDGET_MS);

    // Redis answers again (new connections flow; the held ones stay silent and must be replaced)
    proxy.pass();
    const healedAt = Date.now();
    let back = false;
    for (let i = 0; i < 300 && !back; i += 1) {
      back = (await ready()).body.checks?.redis === 'ok';
      if (!back) await new Promise((res) => setTimeout(res, 100));
    }
    expect(back).toBe(true);
    const readyBackMs = Date.now() - healedAt;
    // and limits are shared through Redis again: a fresh client's limit is counted there
    let shared = false;
    for (let round = 0; round < 100 && !shared; round += 1) {
      await read(`198.51.100.${200 + (round % 50)}`);
      shared = Number(await redisKeys()) > 0;
      if (!shared) await new Promise((res) => setTimeout(res, 100));
    }
    expect(shared).toBe(true);
    expect(server!.exitCode).toBe(null);
    reportFigure(
      `redis-faults: silent Redis (${engine}): 30 concurrent /api reads all answered, slowest ${Math.round(slowest)} ms ` +
        `(budget ${BUDGET_MS}); in-process limit refused 5 of ${LIMIT + 5}; /ready 200 degraded in ${Math.round(r.ms)} ms; ` +
        `Redis silent ${Math.round((healedAt - heldAt) / 1000)} s, reported ok again ${readyBackMs} ms after it answered, no restart`,
    );
  }, 120_000);
});

/** How many rate-limit keys for the 198.51.100.2xx clients Redis holds (asked directly, not through the proxy). */
async function redisKeys(): Promise<number> {
  const { Redis } = await import('ioredis');
  const c = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await c.connect();
    return (await c.keys('*198.51.100.2*')).length;
  } finally {
    c.disconnect();
  }
}
