import { sql, type ColumnDefinitionBuilder, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

const money = (c: ColumnDefinitionBuilder) => c.notNull().check(sql`${sql.ref('goods_amount')} >= 0`);

/**
 * Orders (issue 4): `shop_order` (`order` is a reserved word), its lines with the goods/spec snapshots as
 * JSON text, the status log, tracking events and refund requests. One order per (user, idempotency key);
 * the deadline and automatic-transition sweeps read (status, time) indexes.
 */
export const orderMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('shop_order'))
      .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('status', 'integer', (c) => c.notNull().check(sql`status between 0 and 7`))
      .addColumn('idempotency_key', 'varchar(64)')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('goods_amount', 'bigint', money)
      .addColumn('shipping_amount', 'bigint', (c) => c.notNull().check(sql`shipping_amount >= 0`))
      .addColumn('coupon_discount', 'bigint', (c) => c.notNull().check(sql`coupon_discount >= 0`))
      .addColumn('points_discount', 'bigint', (c) => c.notNull().check(sql`points_discount >= 0`))
      .addColumn('total_amount', 'bigint', (c) => c.notNull().check(sql`total_amount >= 0`))
      .addColumn('pay_way', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_coupon_id', 'bigint')
      .addColumn('card_number', 'varchar(24)')
      .addColumn('note', 'varchar(400)', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('virtual_only', 'integer', (c) => c.notNull().check(sql`virtual_only in (0, 1)`))
      .addColumn('pay_deadline', 'bigint', ms)
      .addColumn('paid_at', 'bigint')
      .addColumn('shipped_at', 'bigint')
      .addColumn('received_at', 'bigint')
      .addColumn('completed_at', 'bigint')
      .addColumn('closed_at', 'bigint')
      .addColumn('close_reason', 'varchar(16)')
      .addColumn('carrier', 'varchar(64)')
      .addColumn('tracking_no', 'varchar(64)')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('shop_order_user_key')
      .on('shop_order')
      .columns(['user_id', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('shop_order_user_status')
      .on('shop_order')
      .columns(['user_id', 'status'])
      .execute();
    await db.schema
      .createIndex('shop_order_status_deadline')
      .on('shop_order')
      .columns(['status', 'pay_deadline'])
      .execute();

    await withId(engine, db.schema.createTable('order_line'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('goods_id', 'bigint', (c) => c.notNull())
      .addColumn('spec_id', 'bigint', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('goods_type', 'integer', (c) => c.notNull())
      .addColumn('no_freight', 'integer', (c) => c.notNull())
      .addColumn('goods_snapshot', 'text', (c) => c.notNull())
      .addColumn('spec_snapshot', 'text', (c) => c.notNull())
      .addColumn('comment_id', 'bigint')
      .execute();
    await db.schema.createIndex('order_line_order').on('order_line').column('order_id').execute();

    await withId(engine, db.schema.createTable('order_log'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('from_status', 'integer')
      .addColumn('to_status', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('actor', 'varchar(8)', (c) => c.notNull())
      .addColumn('actor_id', 'bigint')
      .addColumn('note', 'varchar(400)')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('order_log_order').on('order_log').column('order_id').execute();

    await withId(engine, db.schema.createTable('order_tracking'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('happened_at', 'bigint', ms)
      .addColumn('description', 'varchar(200)', (c) => c.notNull())
      .addColumn('location', 'varchar(100)')
      .addColumn('admin_id', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('order_tracking_order').on('order_tracking').column('order_id').execute();

    await withId(engine, db.schema.createTable('order_refund'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('from_status', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('pictures', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('provider_state', 'varchar(32)')
      .addColumn('provider_ref', 'varchar(64)')
      .addColumn('reject_reason', 'varchar(400)')
      .addColumn('admin_id', 'bigint')
      .addColumn('requested_at', 'bigint', ms)
      .addColumn('decided_at', 'bigint')
      .execute();
    await db.schema.createIndex('order_refund_order').on('order_refund').column('order_id').execute();
  },
});
