import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { withId, type AnyDb } from './helpers';

/**
 * The operator console (issue 15). Roles become owner/catalogue/orders/support/finance: `super` -> owner,
 * `operator` -> orders (its day-to-day work was orders and users), `support` stays. The audit log of every
 * operator write, and documents (agreement, privacy policy, ...) per language.
 */
export const adminConsoleMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.updateTable('admin_user').set({ role: 'owner' }).where('role', '=', 'super').execute();
    await db.updateTable('admin_user').set({ role: 'orders' }).where('role', '=', 'operator').execute();
    await withId(engine, db.schema.createTable('admin_audit'))
      .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admin_user.id'))
      .addColumn('action', 'varchar(128)', (c) => c.notNull())
      .addColumn('entity', 'varchar(32)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(64)')
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute();
    await db.schema
      .createIndex('admin_audit_entity')
      .on('admin_audit')
      .columns(['entity', 'entity_id'])
      .execute();
    await db.schema.createIndex('admin_audit_admin').on('admin_audit').column('admin_id').execute();
    await withId(engine, db.schema.createTable('app_document'))
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('language', 'varchar(8)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('app_document_type_language', ['type', 'language'])
      .execute();
  },
});
