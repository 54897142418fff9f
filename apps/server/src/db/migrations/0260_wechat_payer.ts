import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * WeChat Pay inside WeChat (JSAPI, issue 27). `wechat_payer`: the buyer's openid under the Official Account
 * that pays (from a silent `snsapi_base` authorisation), kept per account and appid, so a returning buyer
 * inside WeChat pays without authorising again. It is not a sign-in: one WeChat may pay for several
 * accounts, so the openid is not unique here (`user.wechat_openid` is the sign-in link).
 * `wechat_pay_state`: an authorisation under way, bound to the account and the order it pays, ten minutes,
 * spent once by a guarded update.
 */
export const wechatPayerMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('wechat_payer')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('appid', 'varchar(32)', (c) => c.notNull())
      .addColumn('openid', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wechat_payer_pk', ['user_id', 'appid'])
      .execute();
    await db.schema
      .createTable('wechat_pay_state')
      .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('wechat_pay_state_expires')
      .on('wechat_pay_state')
      .column('expires_at')
      .execute();
  },
};
