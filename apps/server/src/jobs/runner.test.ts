import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createJobRunner, enqueueJob, findJob, findLease } from './runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

/** A promise with its resolve, to hold a job in the middle of its run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
const runnerOn = (holder: string, leaseMs = 60_000) =>
  createJobRunner({ db: t.ctx.db, pollMs: 0, holder, leaseMs });

describe('scheduled jobs', () => {
  it('runs a job on one of two runners sharing the database, never on both at once', async () => {
    const a = runnerOn('instance-a');
    const b = runnerOn('instance-b');
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const held = gate();
    const job = (name: string) => ({
      name,
      everyMs: 30_000,
      run: async () => {
        runs += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        await held.opened;
        concurrent -= 1;
      },
    });
    a.schedule(job('test.both'));
    b.schedule(job('test.both'));
    const ticks = [a.tick(), b.tick(), a.tick(), b.tick()];
    // one of the four ticks takes the lease and runs; wait for it without a fixed sleep (a loaded machine
    // may need more than a few milliseconds for the lease round trip on PostgreSQL)
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000 });
    held.open();
    const [ra, rb] = await Promise.all(ticks);
    expect([...ra!, ...rb!]).toEqual([{ job: 'test.both', ok: true }]);
    expect(most).toBe(1);
    // the next run is spaced for every instance: not due again until the interval has passed
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    await b.tick(Date.now() + 31_000);
    expect(runs).toBe(2);
  });

  it('lets another runner take over a lease whose holder died, once it expires', async () => {
    const b = runnerOn('instance-b');
    let runs = 0;
    b.schedule({ name: 'test.orphan', everyMs: 1000, run: async () => void (runs += 1) });
    const at = Date.now();
    await t.ctx.db
      .insertInto('job_lease')
      .values({ name: 'test.orphan', holder: 'dead-instance', expires_at: at + 60_000, next_run_at: 0 })
      .execute();
    await b.tick(at);
    expect(runs).toBe(0);
    await b.tick(at + 60_001);
    expect(runs).toBe(1);
    expect(await findLease(t.ctx.db, 'test.orphan')).toMatchObject({ holder: null, expires_at: 0 });
  });
});

describe('retried jobs', () => {
  it('claims a job once among racing runners, backs off after a failure, and gives up after its attempts', async () => {
    const a = runnerOn('instance-a');
    const b = runnerOn('instance-b');
    const calls: number[] = [];
    const gaveUp: unknown[] = [];
    for (const r of [a, b])
      r.handle<{ n: number }>({
        kind: 'test.flaky',
        maxAttempts: 2,
        backoffMs: () => 10_000,
        run: async (payload, job) => {
          calls.push(job.attempt);
          expect(payload).toEqual({ n: 7 });
          throw new Error('still failing');
        },
        onGiveUp: async (payload) => void gaveUp.push(payload),
      });
    const id = await enqueueJob(t.ctx.db, 'test.flaky', { n: 7 });
    await Promise.all([a.tick(), b.tick(), a.runJob(id), b.runJob(id)]);
    expect(calls).toEqual([1]);
    expect(await findJob(t.ctx.db, id)).toMatchObject({ state: 'pending', attempts: 1, holder: null });
    await Promise.all([a.tick(), b.tick()]);
    expect(calls).toEqual([1]);
    await Promise.all([a.tick(Date.now() + 20_000), b.tick(Date.now() + 20_000)]);
    expect(calls).toEqual([1, 2]);
    expect(await findJob(t.ctx.db, id)).toMatchObject({
      state: 'dead',
      attempts: 2,
      last_error: 'still failing',
    });
    expect(gaveUp).toEqual([{ n: 7 }]);
    await a.tick(Date.now() + 3_600_000);
    expect(calls).toEqual([1, 2]);
  });

  it('enqueues a job once per key', async () => {
    const first = await enqueueJob(t.ctx.db, 'test.keyed', { a: 1 }, { key: 'test.keyed:1' });
    const again = await t.ctx.db
      .transaction()
      .execute((trx) => enqueueJob(trx, 'test.keyed', { a: 1 }, { key: 'test.keyed:1' }));
    expect(again).toBe(first);
    const rows = await t.ctx.db.selectFrom('job').select('id').where('key', '=', 'test.keyed:1').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('start and stop', () => {
  it('runs due jobs on its timer once started, and stop() waits for the run in progress', async () => {
    const r = createJobRunner({ db: t.ctx.db, pollMs: 20, holder: 'timer' });
    const held = gate();
    let started = false;
    let finished = false;
    r.schedule({
      name: 'test.slow',
      everyMs: 20,
      run: async () => {
        started = true;
        await held.opened;
        finished = true;
      },
    });
    r.start();
    for (let i = 0; i < 100 && !started; i += 1) await new Promise((res) => setTimeout(res, 10));
    expect(started).toBe(true);
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await new Promise((res) => setTimeout(res, 50));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(true);
    // the lease was given back before stop() resolved: the database is still needed until then
    expect(await findLease(t.ctx.db, 'test.slow')).toMatchObject({ holder: null });
  });
});
