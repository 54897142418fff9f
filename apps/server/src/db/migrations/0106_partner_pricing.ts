import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * The plan partner's pricing rule as an operator set it (issue 15): markup percent and FX rate the catalogue
 * sync prices with. One row (id 1) once an operator saved it; none: the config (PARTNER_MARKUP_PERCENT,
 * PARTNER_FX_RATE) applies.
 */
export const partnerPricingMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('partner_pricing')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('markup_percent', 'double precision', (c) => c.notNull())
      .addColumn('fx_rate', 'double precision', (c) => c.notNull())
      .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admin_user.id'))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
