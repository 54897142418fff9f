import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Honest unlimited plans (issue 27): a spec's daily high-speed allowance and the speed after it. An unlimited
 * plan (daily allowance, no data cap) is published only with both and its hotspot rule.
 */
export const planFairUseMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('goods_spec').addColumn('high_speed_mb_per_day', 'integer').execute();
    await db.schema.alterTable('goods_spec').addColumn('throttle_kbps', 'integer').execute();
  },
};
