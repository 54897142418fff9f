import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Each part's own partner reference (issue 28). A line of more than ten eSIMs, or a bulk top-up (one partner
 * top-up per card), is ordered from the plan partner in parts: `<reference>`, `<reference>.p1`, ... When the
 * partner fails one part, an operator's retry orders only that part again under a fresh reference
 * (`<part>.r<n>`), and the parts that completed keep theirs. `sim_delivery.part_refs`: the current reference
 * of every part in part order (JSON string[]), null while every part has its first one.
 */
export const simDeliveryPartsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sim_delivery').addColumn('part_refs', 'text').execute();
  },
};
