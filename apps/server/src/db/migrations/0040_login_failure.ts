import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Failed password logins for identifiers that match no account, so the captcha rule cannot reveal which
 * accounts exist (key: HMAC of the identifier typed).
 */
export const loginFailureMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('login_failure')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
