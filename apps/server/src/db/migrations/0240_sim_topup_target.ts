import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { withId, type AnyDb } from './helpers';

/**
 * Bulk top-ups (issue 28): `sim_topup_target` lists the cards one top-up order line tops up, one each, in
 * order (a company tops up several travellers' eSIMs in one order). Written with the order at checkout; a
 * top-up line without targets tops up the order's card number, as before.
 */
export const simTopUpTargetMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('sim_topup_target'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('iccid', 'varchar(22)', (c) => c.notNull())
      .addUniqueConstraint('sim_topup_target_order_position', ['order_id', 'position'])
      .execute();
  },
});
