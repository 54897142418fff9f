import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import type { AnyDb } from './helpers';

/**
 * Sign-in hardening (issue 8): WeChat login states bound to the browser that started them and spent
 * once; operators' failed-login count and lock; indexes for purging codes and demo messages by age.
 */
export const authSecurityMigration = (_engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('wechat_state')
      .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('nonce_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('redirect', 'varchar(512)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wechat_state_expires').on('wechat_state').column('expires_at').execute();
    await db.schema
      .alterTable('admin_user')
      .addColumn('password_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('admin_user').addColumn('locked_until', 'bigint').execute();
    await db.schema.createIndex('verify_code_created').on('verify_code').column('created_at').execute();
    await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
  },
});
