import { sql, type Migration } from 'kysely';
import type { Engine } from '../platform/db';
import { catalogueMigration } from './migrations/0010_catalogue';
import { cartAddressCouponMigration } from './migrations/0020_cart_address_coupon';
import { orderMigration } from './migrations/0030_order';
import { authSecurityMigration } from './migrations/0040_auth_security';
import { flag, withId, type AnyDb } from './migrations/helpers';

export { flag, withId } from './migrations/helpers';

/** The ordered migration set. New migrations are appended, never edited once landed. */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_accounts': {
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
        await db.schema
          .createIndex('verify_code_ip')
          .on('verify_code')
          .columns(['ip', 'created_at'])
          .execute();
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
    },
    '0002_common': {
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
        void sql;
      },
    },
    '0003_dict_i18n': {
      async up(db: AnyDb) {
        // JSON text {"en": "...", "zh-Hant": "..."}: names in other languages; `name` stays the zh-Hans default
        await db.schema.alterTable('dict_type').addColumn('name_i18n', 'text').execute();
        await db.schema.alterTable('dict_info').addColumn('name_i18n', 'text').execute();
      },
    },
    '0010_catalogue': catalogueMigration(engine),
    '0020_cart_address_coupon': cartAddressCouponMigration(engine),
    '0030_order': orderMigration(engine),
    '0040_login_failure': {
      // failed password logins for identifiers that match no account, so the captcha rule cannot reveal
      // which accounts exist (key: HMAC of the identifier typed)
      async up(db: AnyDb) {
        await db.schema
          .createTable('login_failure')
          .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0040_auth_security': authSecurityMigration(engine),
  };
}
