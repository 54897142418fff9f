import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * Company fleets (issue 28). `company`: one per company account (its owner), with the amount above which an
 * order waits for an approver. `company_member`: who belongs (one company per user: unique user_id) and
 * with which role. `company_invite`: a single-use, expiring code bound to a phone or e-mail and a role.
 * `company_batch`: one bulk purchase (one order), its approval state. `company_traveller`: the batch's
 * travellers as the CSV named them, the member each became and the eSIM assigned to them.
 * `order_approval_hold`: the order module's hold on an order that waits for an approver (not payable).
 */
export const companyMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('company'))
      .addColumn('owner_user_id', 'bigint', (c) => c.notNull().unique().references('user.id'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('approval_threshold', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('company_member'))
      .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('user.id'))
      .addColumn('role', 'varchar(12)', (c) =>
        c.notNull().check(sql`role in ('owner', 'buyer', 'approver', 'traveller')`),
      )
      .addColumn('display_name', 'varchar(120)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('company_member_company').on('company_member').column('company_id').execute();

    await withId(engine, db.schema.createTable('company_invite'))
      .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id'))
      .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('role', 'varchar(12)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(120)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)')
      .addColumn('email', 'varchar(254)')
      .addColumn('created_by', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', ms)
      .addColumn('used_by', 'bigint')
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema.createIndex('company_invite_company').on('company_invite').column('company_id').execute();

    await withId(engine, db.schema.createTable('company_batch'))
      .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id'))
      .addColumn('buyer_user_id', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('shop_order.id'))
      .addColumn('spec_id', 'bigint', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('total_amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) =>
        c.notNull().check(sql`status in ('awaiting_approval', 'approved', 'rejected', 'no_approval')`),
      )
      .addColumn('decided_by', 'bigint')
      .addColumn('decision_reason', 'varchar(500)')
      .addColumn('decided_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('company_batch_company')
      .on('company_batch')
      .columns(['company_id', 'id'])
      .execute();

    await withId(engine, db.schema.createTable('company_traveller'))
      .addColumn('batch_id', 'bigint', (c) => c.notNull().references('company_batch.id'))
      .addColumn('company_id', 'bigint', (c) => c.notNull())
      .addColumn('row_no', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)')
      .addColumn('email', 'varchar(254)')
      .addColumn('destination', 'varchar(12)')
      .addColumn('start_date', 'varchar(10)')
      .addColumn('end_date', 'varchar(10)')
      .addColumn('user_id', 'bigint')
      .addColumn('iccid', 'varchar(22)', (c) => c.unique())
      .addColumn('assigned_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('company_traveller_batch')
      .on('company_traveller')
      .column('batch_id')
      .execute();
    await db.schema
      .createIndex('company_traveller_company')
      .on('company_traveller')
      .columns(['company_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('order_approval_hold')
      .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('shop_order.id'))
      .addColumn('until', 'bigint', ms)
      .addColumn('released_at', 'bigint')
      .addColumn('created_at', 'bigint', ms)
      .execute();
  },
});
