import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Partial refunds from the console (issue 15): an operator may approve less than the buyer asked. The refund's
 * `amount` is what goes back; `requested_amount` keeps the ask when it differs (null: the same).
 */
export const partialRefundMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('order_refund').addColumn('requested_amount', 'bigint').execute();
  },
};
