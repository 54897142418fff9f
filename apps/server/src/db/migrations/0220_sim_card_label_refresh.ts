import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * The traveller's cards (issue 27). `sim_card.label`: the buyer's own name for a card ("Mum's phone"), set
 * by its owner only, null until named. `sim_card.refresh_asked_at`: when the buyer last asked for a usage
 * reading now ("Refresh now"): the guarded update on it lets one request per card through per interval.
 */
export const simCardLabelRefreshMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sim_card').addColumn('label', 'varchar(40)').execute();
    await db.schema.alterTable('sim_card').addColumn('refresh_asked_at', 'bigint').execute();
  },
};
