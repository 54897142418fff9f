import { sql, type Migration } from 'kysely';
import type { Engine } from '../engine';
import type { AnyDb } from './helpers';

/**
 * Counters per buyer that move with every change to their orders and to their cart (issue 14):
 * `user_revision.orders` and `.cart`. The database keeps them, by triggers on shop_order, order_line,
 * order_refund and cart_item, so no writer (buyer, operator, payment, delivery, job, checkout) can change
 * them without the counter moving, on either engine. A buyer's order page and cart are kept under their
 * revision: one primary-key read tells whether the kept answer is still the answer.
 *
 * `user_revision.unpaid` is the number of the buyer's orders pending payment (status 0), moved by the same
 * shop_order triggers: the cap on unpaid orders (ORDER_MAX_UNPAID) reads it instead of counting them.
 */
/** How an order row's change moves its buyer's unpaid count (status 0 is pending payment). */
const UNPAID_DELTA = {
  insert: '(new.status = 0)',
  update: '(new.status = 0) - (old.status = 0)',
  delete: '- (old.status = 0)',
} as const;

const TABLES = [
  { table: 'shop_order', owner: 'own', counter: 'orders' },
  { table: 'order_line', owner: 'order', counter: 'orders' },
  { table: 'order_refund', owner: 'order', counter: 'orders' },
  { table: 'cart_item', owner: 'own', counter: 'cart' },
] as const;

async function sqliteTriggers(db: AnyDb) {
  for (const { table, owner, counter } of TABLES)
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      // the buyer: the row's own user_id, or its order's; no row when the order is gone
      const buyer = sql.raw(
        owner === 'own' ? `${row}.user_id` : `(select user_id from shop_order where id = ${row}.order_id)`,
      );
      const unpaid = table === 'shop_order' ? `, unpaid = unpaid + ${UNPAID_DELTA[event]}` : '';
      // no OR IGNORE: a statement's own conflict clause (the cart's upsert) overrides its triggers'
      await sql`
        create trigger ${sql.raw(`${table}_${event}_revision`)} after ${sql.raw(event)} on ${sql.raw(table)}
        begin
          insert into user_revision (user_id)
            select ${buyer} where ${buyer} is not null
            and not exists (select 1 from user_revision where user_id = ${buyer});
          update user_revision set ${sql.raw(`${counter} = ${counter} + 1${unpaid}`)} where user_id = ${buyer};
        end`.execute(db);
    }
}

async function postgresTriggers(db: AnyDb) {
  await sql`
    create function bump_user_revision() returns trigger language plpgsql as $$
    declare
      r record;
      buyer bigint;
      unpaid int := 0;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      -- the row images of the change itself, though the trigger runs at the commit
      if tg_table_name = 'shop_order' then
        if tg_op <> 'DELETE' then
          if new.status = 0 then unpaid := unpaid + 1; end if;
        end if;
        if tg_op <> 'INSERT' then
          if old.status = 0 then unpaid := unpaid - 1; end if;
        end if;
      end if;
      if tg_argv[0] = 'own' then buyer := r.user_id;
      else select user_id into buyer from shop_order where id = r.order_id;
      end if;
      if buyer is not null and tg_argv[1] = 'orders' then
        insert into user_revision (user_id, orders, unpaid) values (buyer, 1, unpaid)
        on conflict (user_id) do update
          set orders = user_revision.orders + 1, unpaid = user_revision.unpaid + excluded.unpaid;
      elsif buyer is not null then
        insert into user_revision (user_id, cart) values (buyer, 1)
        on conflict (user_id) do update set cart = user_revision.cart + 1;
      end if;
      return null;
    end $$`.execute(db);
  // deferred to the commit: the counter's row is locked only as the transaction ends, after every other lock
  // it takes, so it adds no lock-order cycle (a refund locking an order, then the wallet, while a wallet
  // payment locks the wallet, then another order of the same buyer)
  for (const { table, owner, counter } of TABLES)
    await sql`
      create constraint trigger ${sql.raw(`${table}_revision`)}
      after insert or update or delete on ${sql.raw(table)} deferrable initially deferred
      for each row execute function bump_user_revision(${sql.lit(owner)}, ${sql.lit(counter)})`.execute(db);
}

export const userRevisionMigration = (engine: Engine): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('user_revision')
      // SQLite: INTEGER PRIMARY KEY is the row id itself, no second index to write on every change
      .addColumn('user_id', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.primaryKey())
      .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cart', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('unpaid', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      insert into user_revision (user_id, unpaid)
      select user_id, count(*) from shop_order where status = 0 group by user_id`.execute(db);
    await (engine === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
  },
});
