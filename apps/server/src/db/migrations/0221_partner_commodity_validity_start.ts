import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * The validity clock of each partner package (issue 27): when its days start counting, as the partner
 * states it (`purchase`, `install` or `first_attach`), kept by the catalogue sync so the card page can say
 * it. Null for rows synced before: read as `first_attach`, the partner's default.
 */
export const partnerCommodityValidityStartMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('partner_commodity').addColumn('validity_start', 'varchar(16)').execute();
  },
};
