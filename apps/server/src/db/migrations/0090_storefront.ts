import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag01, ms, withId, type AnyDb } from './helpers';

/**
 * The storefront's plan facts (issue 12). `goods_spec.speed` ('4G' / '5G') and `hotspot` (0/1, null: not said)
 * let the goods page show each plan as a card. `goods.activation` is when a plan's validity starts
 * ('connect': on the first connection abroad, 'purchase': at once); `goods.networks` is JSON text, the
 * networks a plan uses per country code ({ "JP": ["Docomo", "SoftBank"] }). `esim_device`: the device
 * models known to support eSIM, by brand, for the compatibility check before buying.
 */
export const storefrontMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('goods_spec').addColumn('speed', 'varchar(8)').execute();
    await db.schema
      .alterTable('goods_spec')
      .addColumn('hotspot', 'integer', (c) => c.check(sql`hotspot in (0, 1)`))
      .execute();
    await db.schema.alterTable('goods').addColumn('activation', 'varchar(16)').execute();
    await db.schema.alterTable('goods').addColumn('networks', 'text').execute();

    await withId(engine, db.schema.createTable('esim_device'))
      .addColumn('brand', 'varchar(64)', (c) => c.notNull())
      .addColumn('model', 'varchar(128)', (c) => c.notNull())
      .addColumn('note', 'varchar(255)')
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('esim_device_brand_model')
      .on('esim_device')
      .columns(['brand', 'model'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('esim_device').execute();
    await db.schema.alterTable('goods').dropColumn('networks').execute();
    await db.schema.alterTable('goods').dropColumn('activation').execute();
    await db.schema.alterTable('goods_spec').dropColumn('hotspot').execute();
    await db.schema.alterTable('goods_spec').dropColumn('speed').execute();
  },
});
