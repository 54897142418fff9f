import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * The job runner's tables. `job_lease`: one row per scheduled job; an instance runs the job only after a
 * guarded update made it the holder of an unexpired lease, and `next_run_at` spaces the runs across every
 * instance. `job`: retried jobs (refunds, ...), each claimed by the same kind of guarded update, retried with
 * backoff until done or given up; `key` makes enqueueing idempotent.
 */
export const jobsMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('job_lease')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)')
      .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('next_run_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await withId(engine, db.schema.createTable('job'))
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('key', 'varchar(128)', (c) => c.unique())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(8)', (c) =>
        c.notNull().check(sql`state in ('pending', 'running', 'done', 'dead')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_at', 'bigint', ms)
      .addColumn('holder', 'varchar(64)')
      .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'varchar(400)')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('job_due').on('job').columns(['state', 'run_at']).execute();
  },
});
