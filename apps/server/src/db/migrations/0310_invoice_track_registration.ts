import { sql, type Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * A number track's registration with the e-invoice service (issue 28, tracks). `registration`: `manual`
 * (registered on ezPay's site by hand: every track loaded before this, and every one loaded while the
 * member's credentials are not configured), `pending` (the registration job has it), `registered`, or
 * `failed` (ezPay refused, or could not be reached: `registration_error` says which; the track stays loaded
 * and an operator retries). `provider_ref`: ezPay's ManagementNo; `provider_state`: ezPay's flag of it
 * (enabled, paused, disabled) as last answered; `registered_at` when it was registered.
 */
export const invoiceTrackRegistrationMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('invoice_track')
      .addColumn('registration', 'varchar(12)', (c) =>
        c
          .notNull()
          .defaultTo('manual')
          .check(sql`registration in ('manual', 'pending', 'registered', 'failed')`),
      )
      .execute();
    await db.schema.alterTable('invoice_track').addColumn('registration_error', 'text').execute();
    await db.schema.alterTable('invoice_track').addColumn('provider_ref', 'varchar(32)').execute();
    await db.schema
      .alterTable('invoice_track')
      .addColumn('provider_state', 'varchar(8)', (c) =>
        c.check(sql`provider_state in ('enabled', 'paused', 'disabled')`),
      )
      .execute();
    await db.schema.alterTable('invoice_track').addColumn('registered_at', 'bigint').execute();
  },
};
