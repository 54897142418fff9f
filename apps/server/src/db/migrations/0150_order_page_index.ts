import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * A buyer's order page (newest first) read from an index instead of sorting all of the buyer's orders on
 * every call (issue 14): (user_id, created_at, id), walked backwards by both engines.
 */
export const orderPageIndexMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('shop_order_user_created')
      .on('shop_order')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
  },
};
