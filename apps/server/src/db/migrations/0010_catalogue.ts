import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag01, ms, withId, type AnyDb } from './helpers';

/**
 * The catalogue (issue 3): goods types, sale types, goods with their destinations and specs, banners,
 * hot keywords, reviews and the stock log. Texts are JSON `{ locale: {...} }` columns; `search_title`
 * and `search_text` hold NFKC-lowercased text of every language for LIKE search (architecture 6a).
 */
export const catalogueMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('goods_type'))
      .addColumn('parent_id', 'bigint')
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('icon', 'varchar(512)')
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('sale_type'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('goods_type', 'integer', flag01('goods_type'))
      .addColumn('can_mix_order', 'integer', flag01('can_mix_order', 1))
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('goods'))
      .addColumn('type_id', 'bigint', (c) => c.notNull().references('goods_type.id'))
      .addColumn('sale_type_id', 'bigint', (c) => c.notNull().references('sale_type.id'))
      .addColumn('goods_type', 'integer', flag01('goods_type'))
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('pictures', 'text', (c) => c.notNull())
      .addColumn('video', 'varchar(512)')
      .addColumn('pay_ways', 'text', (c) => c.notNull())
      .addColumn('support_point_discount', 'integer', flag01('support_point_discount'))
      .addColumn('need_fill_card', 'integer', flag01('need_fill_card'))
      .addColumn('destinations', 'text', (c) => c.notNull())
      .addColumn('freight', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', flag01('on_sale', 1))
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sales', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('min_price', 'bigint')
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('search_title', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('goods_listing')
      .on('goods')
      .columns(['on_sale', 'deleted_at', 'order_num'])
      .execute();
    await db.schema.createIndex('goods_type_id').on('goods').column('type_id').execute();
    await db.schema.createIndex('goods_sale_type_id').on('goods').column('sale_type_id').execute();

    await db.schema
      .createTable('goods_destination')
      .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
      .addColumn('code', 'varchar(16)', (c) => c.notNull())
      .addPrimaryKeyConstraint('goods_destination_pk', ['goods_id', 'code'])
      .execute();
    await db.schema.createIndex('goods_destination_code').on('goods_destination').column('code').execute();

    await withId(engine, db.schema.createTable('goods_spec'))
      .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
      .addColumn('texts', 'text')
      .addColumn('data_mb', 'integer')
      .addColumn('allowance', 'varchar(8)')
      .addColumn('validity_days', 'integer')
      .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('original_price', 'bigint')
      .addColumn('stock', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`stock >= 0`),
      )
      .addColumn('picture', 'varchar(512)')
      .addColumn('no_freight', 'integer', flag01('no_freight'))
      .addColumn('sku', 'varchar(64)')
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('goods_spec_goods').on('goods_spec').column('goods_id').execute();

    await withId(engine, db.schema.createTable('banner'))
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('picture', 'varchar(512)', (c) => c.notNull())
      .addColumn('link_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('link_value', 'varchar(512)')
      .addColumn('position', 'varchar(16)', (c) => c.notNull())
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', 'bigint')
      .addColumn('ends_at', 'bigint')
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('search_keyword'))
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('goods_comment'))
      .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
      .addColumn('spec_id', 'bigint')
      .addColumn('order_id', 'bigint')
      .addColumn('user_id', 'bigint')
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar_url', 'varchar(512)')
      .addColumn('anonymous', 'integer', flag01('anonymous'))
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('pictures', 'text', (c) => c.notNull())
      .addColumn('has_pictures', 'integer', flag01('has_pictures'))
      .addColumn('status', 'integer', flag01('status', 1))
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('goods_comment_goods')
      .on('goods_comment')
      .columns(['goods_id', 'status', 'created_at'])
      .execute();
    await db.schema.createIndex('goods_comment_order').on('goods_comment').column('order_id').execute();
    await db.schema.createIndex('goods_comment_user').on('goods_comment').column('user_id').execute();

    await withId(engine, db.schema.createTable('stock_log'))
      .addColumn('goods_id', 'bigint', (c) => c.notNull())
      .addColumn('spec_id', 'bigint', (c) => c.notNull())
      .addColumn('type', 'varchar(24)', (c) => c.notNull())
      .addColumn('change', 'integer', (c) => c.notNull())
      .addColumn('stock_after', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'bigint')
      .addColumn('admin_id', 'bigint')
      .addColumn('remark', 'varchar(200)')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('stock_log_spec')
      .on('stock_log')
      .columns(['spec_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('stock_log_goods')
      .on('stock_log')
      .columns(['goods_id', 'created_at'])
      .execute();
    await db.schema.createIndex('stock_log_order').on('stock_log').column('order_id').execute();
  },
});
