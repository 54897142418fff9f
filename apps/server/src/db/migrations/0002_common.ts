import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag, withId, type AnyDb } from './helpers';

/**
 * Shared tables (issue 2): dictionaries, published app versions, parameters and uploads.
 */
export const commonMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('dict_type'))
      .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .execute();
    await withId(engine, db.schema.createTable('dict_info'))
      .addColumn('type_id', 'bigint', (c) => c.notNull().references('dict_type.id'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('value', 'varchar(128)')
      .addColumn('description', 'varchar(512)')
      .addColumn('parent_id', 'bigint')
      .addColumn('order_num', 'integer', flag)
      .execute();
    await db.schema.createIndex('dict_info_type').on('dict_info').column('type_id').execute();
    await withId(engine, db.schema.createTable('app_version'))
      .addColumn('version', 'varchar(32)', (c) => c.notNull())
      .addColumn('code', 'integer', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('url', 'varchar(512)')
      .addColumn('force_update', 'integer', flag)
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('param')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await withId(engine, db.schema.createTable('upload'))
      .addColumn('owner_kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('file_key', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('mime', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
