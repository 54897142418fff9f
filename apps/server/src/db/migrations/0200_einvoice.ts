import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag, ms, withId, type AnyDb } from './helpers';

/**
 * Taiwan e-invoices (issue 28).
 * `invoice_track`: a number track (字軌) an operator loaded for a two-month period (`period`: the period's
 * first month, yyyymm, odd months only): 2 capital letters and a range of 8-digit numbers in whole blocks
 * of 50; `next_no` is the next number to hand out (end_no + 1 when used up), moved only by a guarded update.
 * `invoice`: one per paid order; `number` unique (never reused); `lines` and `choice` JSON text; amounts in
 * whole TWD; `deadline` the legal upload deadline (2 days B2C, 7 days B2B from payment).
 * `invoice_return`: a void or an allowance (折讓) decided by a refund, keyed by that refund (`refund_key`).
 * `invoice_choice`: the buyer's choice per order (`order_id`) and remembered per buyer (`order_id` 0).
 */
export const einvoiceMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('invoice_track'))
      .addColumn('period', 'varchar(6)', (c) => c.notNull())
      .addColumn('prefix', 'varchar(2)', (c) => c.notNull())
      .addColumn('start_no', 'integer', (c) => c.notNull())
      .addColumn('end_no', 'integer', (c) => c.notNull())
      .addColumn('next_no', 'integer', (c) => c.notNull())
      .addColumn('admin_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('invoice_track_period')
      .on('invoice_track')
      .columns(['period', 'id'])
      .execute();

    await withId(engine, db.schema.createTable('invoice'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('shop_order.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('category', 'varchar(3)', (c) => c.notNull())
      .addColumn('choice', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('track_id', 'bigint')
      .addColumn('number', 'varchar(10)', (c) => c.unique())
      .addColumn('random_code', 'varchar(4)')
      .addColumn('period', 'varchar(6)')
      .addColumn('tax_type', 'varchar(1)', (c) => c.notNull())
      .addColumn('sales_amount', 'integer', (c) => c.notNull())
      .addColumn('tax_amount', 'integer', (c) => c.notNull())
      .addColumn('total_amount', 'integer', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('attempts', 'integer', flag)
      .addColumn('deadline', 'bigint', ms)
      .addColumn('issued_at', 'bigint')
      .addColumn('voided_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('invoice_state').on('invoice').columns(['state', 'deadline']).execute();

    await withId(engine, db.schema.createTable('invoice_return'))
      .addColumn('invoice_id', 'bigint', (c) => c.notNull().references('invoice.id'))
      .addColumn('refund_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('number', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('invoice_return_invoice').on('invoice_return').column('invoice_id').execute();

    await withId(engine, db.schema.createTable('invoice_choice'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      .addColumn('choice', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('invoice_choice_key')
      .on('invoice_choice')
      .columns(['user_id', 'order_id'])
      .unique()
      .execute();
  },
});
