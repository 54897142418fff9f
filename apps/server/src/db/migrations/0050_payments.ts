import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * Payments (issue 10): one `payment_attempt` per try at paying (an order or a wallet top-up) with our own
 * attempt number; every raw callback in `payment_event`; refunds the payment core sends in `payment_refund`
 * (one per order refund, or per surplus payment); the wallet and points ledgers (`ledger_account` holds the
 * balance moved by conditional updates, `ledger_entry` the append-only entries with a unique idempotency key);
 * wallet top-ups.
 */
export const paymentsMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('wallet_topup'))
      .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('wallet_topup_user').on('wallet_topup').column('user_id').execute();

    await withId(engine, db.schema.createTable('payment_attempt'))
      .addColumn('attempt_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('order_id', 'bigint', (c) => c.references('shop_order.id'))
      .addColumn('topup_id', 'bigint', (c) => c.references('wallet_topup.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('method', 'varchar(16)')
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('provider_trade_no', 'varchar(64)')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('surplus', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`surplus in (0, 1)`),
      )
      .addColumn('paid_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('payment_attempt_order').on('payment_attempt').column('order_id').execute();
    await db.schema
      .createIndex('payment_attempt_status')
      .on('payment_attempt')
      .columns(['status', 'created_at'])
      .execute();

    await withId(engine, db.schema.createTable('payment_event'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempt_no', 'varchar(32)')
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().check(sql`verified in (0, 1)`))
      .addColumn('result', 'varchar(32)', (c) => c.notNull())
      .addColumn('error', 'varchar(400)')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('payment_event_attempt').on('payment_event').column('attempt_no').execute();

    await withId(engine, db.schema.createTable('payment_refund'))
      .addColumn('refund_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('attempt_id', 'bigint', (c) => c.notNull().references('payment_attempt.id'))
      .addColumn('order_refund_id', 'bigint')
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('reason', 'varchar(32)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('provider_refund_id', 'varchar(64)')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await db.schema
      .createTable('ledger_account')
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('balance', 'bigint', (c) => c.notNull().check(sql`balance >= 0`))
      .addColumn('updated_at', 'bigint', ms)
      .addPrimaryKeyConstraint('ledger_account_pk', ['kind', 'user_id'])
      .execute();
    await withId(engine, db.schema.createTable('ledger_entry'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('type', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
      .addColumn('order_id', 'bigint')
      .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull())
      .addColumn('note', 'varchar(200)')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('ledger_entry_key')
      .on('ledger_entry')
      .columns(['kind', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('ledger_entry_user')
      .on('ledger_entry')
      .columns(['kind', 'user_id', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of [
      'ledger_entry',
      'ledger_account',
      'payment_refund',
      'payment_event',
      'payment_attempt',
      'wallet_topup',
    ])
      await db.schema.dropTable(t).execute();
  },
});
