import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * SIM cards and eSIM delivery (issue 11).
 * `sim_card`: a card bound to a buyer (one owner per ICCID); the activation data (activation code, SM-DP+,
 * matching id, confirmation code) is one AES-256-GCM value (platform/crypto) bound to the ICCID; the last
 * known usage and the low-data alert state (threshold, whether it has fired for the current crossing).
 * `sim_delivery`: one partner order per order line (unique), keyed by our line for the partner's
 * idempotency; its state is what the order's `delivery` shows. `sim_usage`: usage history points.
 * `sim_notice`: the buyer's message list (low-data alerts, deliveries). `partner_commodity`: what the
 * catalogue sync last saw of each partner package. `shop_order.delivery_state`: the order's delivery.
 */
export const simcardMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('sim_card'))
      .addColumn('iccid', 'varchar(22)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('esim', 'physical')`))
      .addColumn('commodity_code', 'varchar(64)')
      .addColumn('plan_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('countries', 'text', (c) => c.notNull())
      .addColumn('order_id', 'bigint')
      .addColumn('order_line_id', 'bigint')
      .addColumn('activation_enc', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('total_bytes', 'bigint')
      .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_as_of', 'bigint')
      .addColumn('valid_from', 'bigint')
      .addColumn('valid_until', 'bigint')
      .addColumn('alert_mb', 'bigint')
      .addColumn('alert_fired', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`alert_fired in (0, 1)`),
      )
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('sim_card_user').on('sim_card').column('user_id').execute();

    await withId(engine, db.schema.createTable('sim_delivery'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('order_line_id', 'bigint', (c) => c.notNull().unique().references('order_line.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('esim', 'topup')`))
      .addColumn('commodity_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('iccid', 'varchar(22)')
      .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('state', 'varchar(16)', (c) =>
        c.notNull().check(sql`state in ('delivering', 'delivered', 'stuck', 'cancelled')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('partner_order_no', 'varchar(64)')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('sim_delivery_state').on('sim_delivery').columns(['state', 'id']).execute();
    await db.schema.createIndex('sim_delivery_order').on('sim_delivery').column('order_id').execute();

    await withId(engine, db.schema.createTable('sim_usage'))
      .addColumn('sim_card_id', 'bigint', (c) => c.notNull().references('sim_card.id'))
      .addColumn('used_bytes', 'bigint', (c) => c.notNull())
      .addColumn('as_of', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('sim_usage_card')
      .on('sim_usage')
      .columns(['sim_card_id', 'as_of'])
      .unique()
      .execute();

    await withId(engine, db.schema.createTable('sim_notice'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('iccid', 'varchar(22)')
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('sim_notice_user').on('sim_notice').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('partner_commodity')
      .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('countries', 'text', (c) => c.notNull())
      .addColumn('data_bytes', 'bigint')
      .addColumn('validity_days', 'integer', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('top_upable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`available in (0, 1)`),
      )
      .addColumn('synced_at', 'bigint', ms)
      .execute();

    await db.schema.alterTable('shop_order').addColumn('delivery_state', 'varchar(16)').execute();
  },
});
