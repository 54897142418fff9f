/**
 * The processes `npm run bench` measures: the shop as production starts it (the built dist/main.js), the bare
 * Fastify route, and one autocannon run per call, each its own process. Everything listens on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const rootDir = path.resolve(benchDir, '..');
const serverDir = path.join(rootDir, 'apps/server');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the server to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Builds the server the way `npm start` runs it (apps/server/scripts/build.mjs -> dist/main.js). */
export async function buildServer(): Promise<void> {
  await run(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], serverDir);
}

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, stdio: 'inherit' });
    p.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${code}`)),
    );
  });
}

/**
 * How `npm start` runs the shop, read from the root package.json's "start" script so the bench cannot drift
 * from it: the environment it sets before `node` (glibc malloc settings: two arenas and an eager trim, without
 * which the threads' arenas held ~70 MiB, issue 14) and the node options after it (a young generation of at
 * most 4 MiB per semi-space, so a busy server does not hold ~100 MiB of young garbage).
 */
export function productionStart(): { env: Record<string, string>; nodeArgs: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error('the start script runs no node');
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split('=') as [string, string]));
  return { env, nodeArgs: words.slice(node + 1).filter((w) => w.startsWith('--')) };
}

export type Shop = {
  base: string;
  child: ChildProcess;
  /** Every process serving requests: the shop, or the cluster primary and its workers. */
  pids: number[];
  startMs: number;
  stop: () => Promise<void>;
};

/**
 * Starts `node dist/main.js` with `env` and waits for its first answer; `startMs` is the time from spawn to
 * that answer. BENCH_NODE_ARGS adds node options (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). With
 * `instances` > 1 the shop runs as that many workers of Node's cluster on one port (bench/cluster.mjs).
 */
export async function startShop(env: Record<string, string>, instances = 1): Promise<Shop> {
  const port = await freePort();
  const production = productionStart();
  const nodeArgs = [
    ...production.nodeArgs,
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const t0 = performance.now();
  const entry = instances > 1 ? path.join(benchDir, 'cluster.mjs') : 'dist/main.js';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...production.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BENCH_INSTANCES: String(instances),
    },
    stdio: ['ignore', instances > 1 ? 'pipe' : 'ignore', 'inherit'],
  });
  const workers =
    instances > 1
      ? new Promise<number[]>((resolve) => {
          let out = '';
          child.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            // the workers' own log lines (JSON objects, e.g. a warning at start) share this stdout
            const list = out
              .split('\n')
              .slice(0, -1)
              .find((l) => l.startsWith('['));
            if (list) resolve(JSON.parse(list) as number[]);
          });
        })
      : Promise.resolve([]);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${base}/api/app/app/version/check?code=1`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const pids = [child.pid!, ...(await workers)];
  const startMs = performance.now() - t0;
  return {
    base,
    child,
    pids,
    startMs,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The peak resident set of a live process (VmHWM) and its current one (VmRSS), in MiB. */
export function memoryOf(pid: number): { peakMiB: number; rssMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMiB: kb('VmHWM') / 1024, rssMiB: kb('VmRSS') / 1024 };
}

/** CPU seconds a live process has used so far (user + system, from /proc/<pid>/stat). */
export function cpuSecondsOf(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // gone (a database backend that closed)
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; ticks of 1/100 s on Linux
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The bare Fastify route (bench/bare.mjs) in its own process; resolves with its base URL. */
export async function startBare(): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(benchDir, 'bare.mjs')], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`bare route exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type LoadSpec = {
  url: string;
  method: string;
  connections: number;
  duration: number;
  warmup: number;
  headers: Record<string, string>;
  body?: string;
  idReplacement?: boolean;
  requests?: Record<string, unknown>[];
};
export type LoadResult = {
  reqPerSec: number;
  p99Ms: number;
  requests: number;
  /** Requests of the unmeasured warm-up run before it (0 without one): load that still cost CPU. */
  warmupRequests: number;
  non2xx: number;
  errors: number;
};

/** One autocannon run in a process of its own (bench/load.mjs); `warmup` seconds first, not counted. */
export async function loadRun(spec: LoadSpec, onSpawn?: (pid: number) => void): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(benchDir, 'load.mjs'), JSON.stringify(spec)], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // e.g. into the load generator's CPU group (bench/cgroups.ts), before it has loaded autocannon
    if (child.pid) onSpawn?.(child.pid);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult);
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}
