import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { flag, ms, withId, type AnyDb } from './helpers';

/**
 * Who may bind a physical SIM card (issue 25 defect 11). `sim_card_issue`: a physical card the shop sold,
 * entered by the operator who ships it: its ICCID (one row per card), a bind code printed with the card
 * (kept as an HMAC, never in clear), and the order it shipped with and that order's buyer when it went
 * out with an order. A buyer binds a card only when it shipped with one of their orders, or with its bind
 * code (attempts counted before the check, used once: `bound_user_id`/`bound_at`). A partner eSIM is never
 * here, so nobody can bind an ICCID the partner has not yet issued to them.
 * `sim_delivery.held_sims`: when a delivered ICCID is already held by another account, the delivery goes
 * `stuck` and the partner's cards are kept here (JSON [{iccid, activationEnc}], each code sealed as
 * sim_card.activation_enc is) for the operator, instead of being dropped.
 */
export const simCardIssueMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('sim_card_issue'))
      .addColumn('iccid', 'varchar(22)', (c) => c.notNull().unique())
      .addColumn('bind_code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.references('shop_order.id'))
      .addColumn('user_id', 'bigint')
      .addColumn('bind_attempts', 'integer', flag)
      .addColumn('bound_user_id', 'bigint')
      .addColumn('bound_at', 'bigint')
      .addColumn('admin_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('sim_card_issue_order').on('sim_card_issue').column('order_id').execute();
    await db.schema.alterTable('sim_delivery').addColumn('held_sims', 'text').execute();
  },
});
