/**
 * Fixed CPU shares for the scale bench (cgroups v1, the cpu controller at /sys/fs/cgroup/cpu): each shop
 * instance, the PostgreSQL backends serving the bench's database and the load generator get a group of their
 * own with a CFS quota, so a 1/2/4-instance curve measures what the shares allow, not who wins the shared
 * cores. BENCH_CPU_QUOTA names the shares in cores, e.g. `app=0.25,db=0.5,gen=0.5` (app: per instance).
 * The bench's parent group has the highest weight (cpu.shares 262144) and each group 8192 among its
 * siblings, so each reaches its quota on a machine other work keeps busy: the quotas bound what it takes.
 * The cluster primary (it only hands connections over) and the database's own background processes
 * (checkpointer, WAL writer: shared with every other database on the server) are left outside.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
const SHARES = 8192;
/** The bench's parent group's weight: the maximum, so the quotas, not others' load, bound its groups. */
const BASE_SHARES = 262_144;

export type Quota = { app: number; db: number; gen: number };

/** The shares asked for in BENCH_CPU_QUOTA, or null to run without groups. */
export function quotaFromEnv(): Quota | null {
  const spec = process.env.BENCH_CPU_QUOTA;
  if (!spec) return null;
  const q = Object.fromEntries(spec.split(',').map((kv) => kv.split('=') as [string, string]));
  const n = (k: string) => {
    const v = Number(q[k]);
    if (!(v > 0)) throw new Error(`BENCH_CPU_QUOTA: ${k}=<cores> is missing (${spec})`);
    return v;
  };
  return { app: n('app'), db: n('db'), gen: n('gen') };
}

export type CpuGroups = {
  quota: Quota;
  /** The shop's processes: the cluster primary first when there are workers (left outside), then each one. */
  placeShop(pids: number[]): void;
  placeGenerator(pid: number): void;
  /** Moves the database's backends for `url` into its group every 200 ms (new pooled connections too). */
  watchDatabase(url: string): () => Promise<void>;
  /** Throttled periods of each group so far (a group that never hits its quota was not limited by it). */
  throttled(): Record<string, number>;
  remove(): void;
};

function group(dir: string, cores: number) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
  fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
  // a weight well above a process's 1024, so on a machine others load the group still gets its quota
  // (the quota is the ceiling; without the weight, ten busy processes elsewhere would keep it below it)
  fs.writeFileSync(path.join(dir, 'cpu.shares'), String(SHARES));
}

const place = (dir: string, pid: number) => {
  try {
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  } catch {
    /* gone already */
  }
};

/** Groups of earlier runs whose process is gone (a database backend still exiting kept one busy then). */
function removeStale() {
  for (const name of fs.readdirSync(ROOT).filter((n) => n.startsWith('simshop-bench-'))) {
    if (fs.existsSync(`/proc/${name.slice('simshop-bench-'.length)}`)) continue;
    const dir = path.join(ROOT, name);
    try {
      for (const child of fs.readdirSync(dir, { withFileTypes: true }))
        if (child.isDirectory()) fs.rmdirSync(path.join(dir, child.name));
      fs.rmdirSync(dir);
    } catch {
      /* busy still: the next run tries again */
    }
  }
}

export function cpuGroups(quota: Quota, instances: number): CpuGroups {
  removeStale();
  const base = path.join(ROOT, `simshop-bench-${process.pid}`);
  fs.mkdirSync(base, { recursive: true });
  // the bench's groups compete as one entity with every process outside them: at the default weight (1024)
  // they were one process among ~25 on a loaded machine and never reached their quotas
  fs.writeFileSync(path.join(base, 'cpu.shares'), String(BASE_SHARES));
  const apps = Array.from({ length: instances }, (_, i) => path.join(base, `app${i}`));
  for (const a of apps) group(a, quota.app);
  const db = path.join(base, 'db');
  const gen = path.join(base, 'gen');
  group(db, quota.db);
  group(gen, quota.gen);
  const all = { ...Object.fromEntries(apps.map((a) => [path.basename(a), a])), db, gen };
  return {
    quota,
    placeShop(pids) {
      const workers = pids.length > 1 ? pids.slice(1) : pids;
      workers.forEach((pid, i) => place(apps[i % apps.length]!, pid));
    },
    placeGenerator: (pid) => place(gen, pid),
    watchDatabase(url) {
      const c = new pg.Client({ connectionString: url });
      const ready = c.connect();
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        try {
          await ready;
          const { rows } = await c.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          );
          for (const r of rows) place(db, Number(r.pid));
        } catch {
          /* the next tick tries again */
        } finally {
          busy = false;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), 200);
      return async () => {
        clearInterval(timer);
        await c.end().catch(() => undefined);
      };
    },
    throttled: () =>
      Object.fromEntries(
        Object.entries(all).map(([name, dir]) => {
          const stat = fs.readFileSync(path.join(dir, 'cpu.stat'), 'utf8');
          return [name, Number(/^nr_throttled (\d+)/m.exec(stat)?.[1] ?? 0)];
        }),
      ),
    remove() {
      // a group can go only once empty: its processes back to the root group first
      for (const dir of Object.values(all)) {
        for (const pid of fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
          place(ROOT, Number(pid));
        try {
          fs.rmdirSync(dir);
        } catch {
          /* still busy: left for the next run's cleanup */
        }
      }
      try {
        fs.rmdirSync(base);
      } catch {
        /* as above */
      }
    },
  };
}
