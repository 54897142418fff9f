import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** One round trip to the database; throws when it cannot answer. */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export const countOrdersByStatus = (db: Db) =>
  db
    .selectFrom('shop_order')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();

export const countPaymentsByStatus = (db: Db) =>
  db
    .selectFrom('payment_attempt')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();

/** Retried jobs by state, and those pending that already failed at least once (retrying). */
export async function countJobs(db: Db) {
  const byState = await db
    .selectFrom('job')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const retrying = await db
    .selectFrom('job')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .where('attempts', '>', 0)
    .executeTakeFirst();
  return { byState, retrying: Number(retrying?.n ?? 0) };
}

/** Age in ms of the oldest retried job that is due and not running under a live lease (0: none waiting). */
export async function oldestDueJobAge(db: Db, at: number): Promise<number> {
  const row = await db
    .selectFrom('job')
    .select((eb) => eb.fn.min('run_at').as('since'))
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<=', at)]),
      ]),
    )
    .executeTakeFirst();
  const since = row?.since === null || row?.since === undefined ? null : Number(row.since);
  return since === null ? 0 : Math.max(0, at - since);
}

/** Each scheduled job's lease: when it is next due, and whether a holder has it (and until when). */
export const jobLeases = (db: Db) =>
  db.selectFrom('job_lease').select(['name', 'holder', 'expires_at', 'next_run_at']).execute();
