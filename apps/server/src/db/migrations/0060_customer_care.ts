import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { ms, withId, type AnyDb } from './helpers';

/**
 * Customer care (issue 13). `cs_session`: one conversation of a buyer with the shop; at most one open per
 * buyer (partial unique index). Read receipts are the last message id each side has read, so unread counts
 * are one indexed count. `cs_message`: the client message id is unique per session and sender, which makes
 * a resend (offline queue, a retry after a lost ack) return the stored message instead of a second one.
 * `care_ticket`: complaints and feedback (kind), with the operator's reply and a status.
 */
export const customerCareMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await withId(engine, db.schema.createTable('cs_session'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('status', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`status in (0, 1)`),
      )
      .addColumn('admin_id', 'bigint', (c) => c.references('admin_user.id'))
      .addColumn('user_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('admin_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_msg_at', 'bigint', ms)
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('cs_session_one_open')
      .on('cs_session')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), '=', 0)
      .execute();
    await db.schema
      .createIndex('cs_session_inbox')
      .on('cs_session')
      .columns(['status', 'last_msg_at'])
      .execute();

    await withId(engine, db.schema.createTable('cs_message'))
      .addColumn('session_id', 'bigint', (c) => c.notNull().references('cs_session.id'))
      .addColumn('sender', 'varchar(8)', (c) => c.notNull().check(sql`sender in ('user', 'admin')`))
      .addColumn('sender_id', 'bigint', (c) => c.notNull())
      .addColumn('client_id', 'varchar(64)')
      .addColumn('type', 'varchar(8)', (c) =>
        c.notNull().check(sql`type in ('text', 'image', 'order', 'goods')`),
      )
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('cs_message_client')
      .on('cs_message')
      .columns(['session_id', 'sender', 'client_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('cs_message_session')
      .on('cs_message')
      .columns(['session_id', 'id'])
      .execute();

    await withId(engine, db.schema.createTable('cs_quick_reply'))
      .addColumn('text', 'varchar(500)', (c) => c.notNull())
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();

    await withId(engine, db.schema.createTable('care_ticket'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('complain', 'feedback')`))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('pictures', 'text', (c) => c.notNull())
      .addColumn('contact', 'varchar(64)', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.references('shop_order.id'))
      .addColumn('status', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`status in (0, 1, 2)`),
      )
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'bigint')
      .addColumn('admin_id', 'bigint', (c) => c.references('admin_user.id'))
      .addColumn('created_at', 'bigint', ms)
      .addColumn('updated_at', 'bigint', ms)
      .execute();
    await db.schema
      .createIndex('care_ticket_user')
      .on('care_ticket')
      .columns(['user_id', 'kind', 'id'])
      .execute();
    await db.schema
      .createIndex('care_ticket_inbox')
      .on('care_ticket')
      .columns(['kind', 'status', 'id'])
      .execute();
  },
});
