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
