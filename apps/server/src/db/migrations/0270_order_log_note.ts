import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Structured order log notes: `note_kind` and `note_params` (JSON text) hold what an entry says beyond its
 * action (contracts `orderLogNote`), so the console names it in the operator's language without reading the
 * server's wording. Entries written before keep their free text in `note` (kind null), shown as written.
 */
export const orderLogNoteMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('order_log').addColumn('note_kind', 'varchar(32)').execute();
    await db.schema.alterTable('order_log').addColumn('note_params', 'text').execute();
  },
};
