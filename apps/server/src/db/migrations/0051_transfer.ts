import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * Corporate bank transfer (issue 10): one `transfer_payment` per order with its reference for the memo and
 * its state (awaiting_transfer -> proof_submitted -> verified | rejected -> proof_submitted ...), and the
 * proofs, several per transfer, kept privately (copied out of the public uploads) with sha256 and uploader.
 */
export const transferMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('transfer_payment'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('shop_order.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('reference', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('reject_reason', 'varchar(200)')
      .addColumn('admin_id', 'bigint')
      .addColumn('decided_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('transfer_payment_status')
      .on('transfer_payment')
      .columns(['status', 'updated_at'])
      .execute();
    await withId(engine, db.schema.createTable('transfer_proof'))
      .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('transfer_payment.id'))
      .addColumn('file_key', 'varchar(120)', (c) => c.notNull())
      .addColumn('mime', 'varchar(40)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('uploader_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('transfer_proof_transfer')
      .on('transfer_proof')
      .column('transfer_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('transfer_proof').execute();
    await db.schema.dropTable('transfer_payment').execute();
  },
});
