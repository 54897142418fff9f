import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag, withId, type AnyDb } from './helpers';

/**
 * Accounts (issue 1): users with their company profile and real-name record, tokens, verify codes,
 * captchas, the outbox of messages sent in demo mode, and operators.
 */
export const accountsMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('user'))
      .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('phone', 'varchar(32)', (c) => c.unique())
      .addColumn('username', 'varchar(64)', (c) => c.unique())
      .addColumn('email', 'varchar(254)')
      .addColumn('password_hash', 'varchar(256)')
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar_url', 'varchar(512)')
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('register_step', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('wechat_openid', 'varchar(64)', (c) => c.unique())
      .addColumn('order_receiving', 'integer', flag)
      .addColumn('message_notify', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('language', 'varchar(16)')
      .addColumn('password_failures', 'integer', flag)
      .addColumn('agreement_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createTable('company_profile')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
      .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('ubn', 'varchar(8)', (c) => c.notNull())
      .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('real_name')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
      .addColumn('legal_name_enc', 'text', (c) => c.notNull())
      .addColumn('id_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('id_number_enc', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)')
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint')
      .execute();
    await withId(engine, db.schema.createTable('auth_token'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('realm', 'varchar(8)', (c) => c.notNull())
      .addColumn('subject_id', 'bigint', (c) => c.notNull())
      .addColumn('family', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_token_family').on('auth_token').column('family').execute();
    await db.schema
      .createIndex('auth_token_subject')
      .on('auth_token')
      .columns(['realm', 'subject_id'])
      .execute();
    await withId(engine, db.schema.createTable('verify_code'))
      .addColumn('channel', 'varchar(8)', (c) => c.notNull())
      .addColumn('target', 'varchar(254)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', flag)
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verify_code_target')
      .on('verify_code')
      .columns(['channel', 'target', 'created_at'])
      .execute();
    await db.schema.createIndex('verify_code_ip').on('verify_code').columns(['ip', 'created_at']).execute();
    await db.schema
      .createTable('captcha')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('answer', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(engine, db.schema.createTable('outbox'))
      .addColumn('channel', 'varchar(8)', (c) => c.notNull())
      .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(engine, db.schema.createTable('admin_user'))
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
