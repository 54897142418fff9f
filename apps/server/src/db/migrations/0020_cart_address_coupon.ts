import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag01, ms, withId, type AnyDb } from './helpers';

/**
 * Cart lines, shipping addresses and coupons (issue 4). A cart holds one line per spec (unique), so a
 * concurrent double add upserts one line. At most one default address per user is enforced by a partial
 * unique index. Coupon counters only move by conditional updates (`remaining >= 0` is also checked).
 */
export const cartAddressCouponMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('cart_item'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('spec_id', 'bigint', (c) => c.notNull().references('goods_spec.id'))
      .addColumn('goods_id', 'bigint', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('checked', 'integer', flag01('checked', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('cart_item_user_spec')
      .on('cart_item')
      .columns(['user_id', 'spec_id'])
      .unique()
      .execute();

    await withId(engine, db.schema.createTable('address'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('contact', 'varchar(64)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('county_code', 'varchar(8)')
      .addColumn('district_code', 'varchar(8)')
      .addColumn('region', 'varchar(200)')
      .addColumn('postal_code', 'varchar(16)')
      .addColumn('detail', 'varchar(400)', (c) => c.notNull())
      .addColumn('is_default', 'integer', flag01('is_default'))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('address_user').on('address').column('user_id').execute();
    await db.schema
      .createIndex('address_one_default')
      .on('address')
      .column('user_id')
      .unique()
      .where(sql.ref('is_default'), '=', sql.lit(1))
      .execute();

    await withId(engine, db.schema.createTable('coupon_info'))
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('amount', 'percent')`))
      .addColumn('amount', 'bigint')
      .addColumn('percent', 'integer', (c) => c.check(sql`percent is null or (percent between 1 and 99)`))
      .addColumn('max_discount', 'bigint')
      .addColumn('min_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('scope', 'varchar(8)', (c) => c.notNull().check(sql`scope in ('all', 'goods', 'type')`))
      .addColumn('goods_ids', 'text', (c) => c.notNull())
      .addColumn('type_ids', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', ms)
      .addColumn('ends_at', 'bigint', ms)
      .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('coupon_info_offer')
      .on('coupon_info')
      .columns(['status', 'deleted_at', 'ends_at'])
      .execute();

    await withId(engine, db.schema.createTable('coupon_user'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('coupon_id', 'bigint', (c) => c.notNull().references('coupon_info.id'))
      .addColumn('status', 'integer', flag01('status'))
      .addColumn('order_id', 'bigint')
      .addColumn('received_at', 'bigint', ms)
      .addColumn('used_at', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('coupon_user_user')
      .on('coupon_user')
      .columns(['user_id', 'status'])
      .execute();
    await db.schema
      .createIndex('coupon_user_coupon')
      .on('coupon_user')
      .columns(['coupon_id', 'user_id'])
      .execute();
    await db.schema.createIndex('coupon_user_order').on('coupon_user').column('order_id').execute();
  },
});
