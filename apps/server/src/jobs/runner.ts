import crypto from 'node:crypto';
import type { Db } from '../platform/db';

/**
 * The one job runner of the app: scheduled jobs (every N ms) and retried jobs (a row per job, retried with
 * backoff until done or given up). Every run happens under a lease stored in the database and taken with a
 * guarded update, so two instances on one database never run the same job at once; a lease that expires
 * (its instance died) lets another instance take the job over. Built and started with the app (buildApp),
 * stopped with it: `stop()` waits for the runs in progress, so the database is closed after them.
 */

export type ScheduledJob = {
  /** Unique name; also the lease's name. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
};

export type RetriedJob<P = unknown> = {
  kind: string;
  /** Does the work; throws to be retried. Must be idempotent: a job can run again after a crash. */
  run: (payload: P, job: { id: number; attempt: number }) => Promise<void>;
  /** Attempts before giving up (default 8). */
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1` (default 2^(attempt-1) s, at most an hour). */
  backoffMs?: (attempt: number) => number;
  /** Called once when the last attempt failed. */
  onGiveUp?: (payload: P, err: unknown) => Promise<void>;
};

export type JobLogger = { error: (obj: object, msg: string) => void };

export type JobRunnerOptions = {
  db: Db;
  /** Timer period; 0: no timer (tests drive `tick()`). */
  pollMs: number;
  /**
   * How long a lease holds without being renewed (default 15 s; renewed every third of it while running):
   * the longest a holder that died delays its jobs before another instance takes them over.
   */
  leaseMs?: number;
  /** Identifies this instance in the lease rows (default: random). */
  holder?: string;
  log?: JobLogger;
  now?: () => number;
};

export type RunOutcome = { job: string; ok: boolean; error?: unknown };

/** Adds a retried job in the caller's transaction (so it exists exactly when the change that needs it commits). */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: unknown,
  opts: { key?: string; runAt?: number; at?: number } = {},
): Promise<number> {
  const at = opts.at ?? Date.now();
  const row = await db
    .insertInto('job')
    .values({
      kind,
      key: opts.key ?? null,
      payload: JSON.stringify(payload ?? null),
      state: 'pending',
      attempts: 0,
      run_at: opts.runAt ?? at,
      holder: null,
      lease_until: 0,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .$if(opts.key !== undefined, (q) => q.onConflict((oc) => oc.column('key').doNothing()))
    .returning('id')
    .executeTakeFirst();
  if (row) return Number(row.id);
  // the same key was enqueued before: that job is this one
  const seen = await db.selectFrom('job').select('id').where('key', '=', opts.key!).executeTakeFirstOrThrow();
  return Number(seen.id);
}

/** A lease's default length (JOB_LEASE_SECONDS); it was 60 s, which paused a dead holder's jobs for a minute. */
export const DEFAULT_LEASE_MS = 15_000;

const defaultBackoff = (attempt: number) => Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
const DUE_BATCH = 50;

export type JobRunner = ReturnType<typeof createJobRunner>;

export function createJobRunner(opts: JobRunnerOptions) {
  const { db } = opts;
  const holder = opts.holder ?? `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = opts.now ?? Date.now;
  const scheduled = new Map<string, ScheduledJob>();
  const handlers = new Map<string, RetriedJob<any>>();
  const running = new Set<Promise<unknown>>();
  /** When each scheduled job last ended well on this instance (metrics: the job lag). */
  const succeeded = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<RunOutcome[]> | null = null;
  let stopped = false;

  /** Keeps a run in the set `stop()` waits for. */
  function track<T>(p: Promise<T>): Promise<T> {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => {});
    return p;
  }

  /** Renews a lease every third of its length while `work` runs. */
  async function withRenewal<T>(renew: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => void renew().catch(() => {}), Math.max(10, Math.floor(leaseMs / 3)));
    beat.unref();
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  /** Takes the lease of a scheduled job when it is due and free (one guarded update); true when taken. */
  async function takeLease(name: string, at: number) {
    await db
      .insertInto('job_lease')
      .values({ name, holder: null, expires_at: 0, next_run_at: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const res = await db
      .updateTable('job_lease')
      .set({ holder, expires_at: at + leaseMs })
      .where('name', '=', name)
      .where('expires_at', '<=', at)
      .where('next_run_at', '<=', at)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function runScheduled(job: ScheduledJob, at: number): Promise<RunOutcome | null> {
    if (!(await takeLease(job.name, at))) return null;
    const renew = () =>
      db
        .updateTable('job_lease')
        .set({ expires_at: clock() + leaseMs })
        .where('name', '=', job.name)
        .where('holder', '=', holder)
        .execute();
    let outcome: RunOutcome;
    try {
      await withRenewal(renew, job.run);
      outcome = { job: job.name, ok: true };
      succeeded.set(job.name, clock());
    } catch (error) {
      opts.log?.error({ err: error, job: job.name }, 'scheduled job failed');
      outcome = { job: job.name, ok: false, error };
    }
    await db
      .updateTable('job_lease')
      .set({ holder: null, expires_at: 0, next_run_at: clock() + job.everyMs })
      .where('name', '=', job.name)
      .where('holder', '=', holder)
      .execute();
    return outcome;
  }

  /** Claims one retried job (guarded update: due and pending, or running under an expired lease). */
  async function claim(id: number, at: number) {
    return db
      .updateTable('job')
      .set((eb) => ({
        state: 'running',
        holder,
        lease_until: at + leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: at,
      }))
      .where('id', '=', id)
      .where('kind', 'in', [...handlers.keys()].length ? [...handlers.keys()] : [''])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<=', at)]),
        ]),
      )
      .returning(['id', 'kind', 'payload', 'attempts'])
      .executeTakeFirst();
  }

  async function runRetried(id: number, at: number): Promise<RunOutcome | null> {
    const row = await claim(id, at);
    if (!row) return null;
    const handler = handlers.get(row.kind)!;
    const attempt = Number(row.attempts);
    const payload = JSON.parse(row.payload) as unknown;
    const mine = (q: any) =>
      q.where('id', '=', id).where('holder', '=', holder).where('state', '=', 'running');
    const renew = () =>
      mine(db.updateTable('job').set({ lease_until: clock() + leaseMs })).execute() as Promise<unknown>;
    try {
      await withRenewal(renew, () => handler.run(payload, { id, attempt }));
      await mine(db.updateTable('job').set({ state: 'done', holder: null, updated_at: clock() })).execute();
      return { job: row.kind, ok: true };
    } catch (error) {
      const giveUp = attempt >= (handler.maxAttempts ?? 8);
      const later = clock() + (handler.backoffMs ?? defaultBackoff)(attempt);
      await mine(
        db.updateTable('job').set({
          state: giveUp ? 'dead' : 'pending',
          holder: null,
          run_at: giveUp ? clock() : later,
          last_error: String((error as Error)?.message ?? error).slice(0, 400),
          updated_at: clock(),
        }),
      ).execute();
      if (giveUp) {
        opts.log?.error({ err: error, job: row.kind, id }, 'job given up');
        await handler.onGiveUp?.(payload, error);
      }
      return { job: row.kind, ok: false, error };
    }
  }

  async function dueJobIds(at: number) {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const rows = await db
      .selectFrom('job')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<=', at)]),
        ]),
      )
      .orderBy('run_at')
      .limit(DUE_BATCH)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async function tickOnce(at: number): Promise<RunOutcome[]> {
    const out: RunOutcome[] = [];
    for (const job of scheduled.values()) {
      if (stopped) break;
      const o = await track(runScheduled(job, at));
      if (o) out.push(o);
    }
    for (const id of await dueJobIds(at)) {
      if (stopped) break;
      const o = await track(runRetried(id, at));
      if (o) out.push(o);
    }
    return out;
  }

  /** Gives up every lease this instance holds (scheduled and retried jobs) so another instance takes them now. */
  async function releaseHeld() {
    try {
      await db
        .updateTable('job_lease')
        .set({ holder: null, expires_at: 0 })
        .where('holder', '=', holder)
        .execute();
      await db
        .updateTable('job')
        .set({ lease_until: 0 })
        .where('holder', '=', holder)
        .where('state', '=', 'running')
        .execute();
    } catch (err) {
      opts.log?.error({ err }, 'job leases not released at shutdown; they expire by themselves');
    }
  }

  function tick(at = clock()): Promise<RunOutcome[]> {
    if (stopped) return Promise.resolve([]);
    if (ticking) return ticking;
    const p = track(tickOnce(at)).finally(() => {
      ticking = null;
    });
    ticking = p;
    return p;
  }

  return {
    holder,
    /** When each scheduled job's last successful run on this instance ended (ms since the epoch). */
    lastSuccess: (): ReadonlyMap<string, number> => succeeded,
    /** Registers a scheduled job (before start). */
    schedule(job: ScheduledJob) {
      scheduled.set(job.name, job);
    },
    /** Registers the handler of a kind of retried job. */
    handle<P>(job: RetriedJob<P>) {
      handlers.set(job.kind, job as RetriedJob<any>);
    },
    /**
     * Runs what is due now, once: each scheduled job whose lease this instance can take, then the due retried
     * jobs. A tick already in progress is joined, not doubled. Returns what ran (tests drive the runner with it).
     */
    tick,
    /** Attempts one retried job now (after the commit that enqueued it); null when another run holds it. */
    runJob(id: number, at = clock()): Promise<RunOutcome | null> {
      if (stopped) return Promise.resolve(null);
      return track(runRetried(id, at));
    },
    /** Starts the timer (none when the poll period is 0). */
    start() {
      stopped = false;
      if (opts.pollMs <= 0 || timer) return;
      const every = Math.min(opts.pollMs, ...[...scheduled.values()].map((j) => j.everyMs));
      timer = setInterval(() => {
        void tick().catch((err: unknown) => opts.log?.error({ err }, 'job runner tick failed'));
      }, every);
      timer.unref();
    },
    /**
     * Stops the timer and waits for every run in progress (call before closing the database), at most
     * `graceMs`: past it, the leases this instance still holds are released so another instance takes the
     * jobs over at once instead of after the lease (the process is about to exit; retried jobs are
     * idempotent, a run cut short is run again).
     */
    async stop(graceMs = Infinity) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      const until = Date.now() + graceMs;
      while (running.size > 0 && Date.now() < until) {
        const left = until - Date.now();
        await Promise.race([
          Promise.allSettled([...running]),
          ...(Number.isFinite(left) ? [new Promise((r) => setTimeout(r, left).unref())] : []),
        ]);
      }
      if (running.size > 0) await releaseHeld();
    },
  };
}

/** The lease row of a scheduled job (tests and operators' diagnostics). */
export const findLease = (db: Db, name: string) =>
  db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirst();

/** A retried job's row. */
export const findJob = (db: Db, id: number) =>
  db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
