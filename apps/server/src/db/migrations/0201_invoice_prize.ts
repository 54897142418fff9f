import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * The winning-invoice check at each bimonthly draw (issue 28): one row per invoice that won (`invoice_id`
 * unique, so a repeated check finds it and notifies nobody twice), its prize and when its buyer was told.
 */
export const invoicePrizeMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('invoice_prize'))
      .addColumn('invoice_id', 'bigint', (c) => c.notNull().unique().references('invoice.id'))
      .addColumn('period', 'varchar(6)', (c) => c.notNull())
      .addColumn('prize', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('notified_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
  },
});
