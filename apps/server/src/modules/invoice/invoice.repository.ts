import { sql, type Insertable, type Updateable } from 'kysely';
import type { InvoiceReturnTable, InvoiceTable } from '../../db/schema';
import { pageOf, type Db } from '../../platform/db';

// Queries of the invoice module (issue 28): invoices, their voids and allowances, the buyer's choice.

export type InvoiceRow = Awaited<ReturnType<typeof findInvoice>> & object;
export type InvoiceReturnRow = Awaited<ReturnType<typeof findReturn>> & object;

export const findInvoice = (db: Db, id: number) =>
  db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirst();
export const findInvoiceOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('invoice').selectAll().where('order_id', '=', orderId).executeTakeFirst();
export const findReturn = (db: Db, id: number) =>
  db.selectFrom('invoice_return').selectAll().where('id', '=', id).executeTakeFirst();
export const returnsOf = (db: Db, invoiceId: number) =>
  db.selectFrom('invoice_return').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();

/** Inserts an order's invoice unless it has one (a repeated payment); returns its id and whether it is new. */
export async function insertInvoice(db: Db, row: Insertable<InvoiceTable>) {
  const seen = await findInvoiceOfOrder(db, row.order_id);
  if (seen) return { id: Number(seen.id), created: false };
  const r = await db.insertInto('invoice').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: Number(r.id), created: true };
}

/** Moves an invoice from one of `from` states; false when it was not in one of them. */
export async function moveInvoice(
  db: Db,
  id: number,
  from: InvoiceTable['state'][],
  set: Updateable<InvoiceTable>,
  at: number,
) {
  const r = await db
    .updateTable('invoice')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertReturn(db: Db, row: Insertable<InvoiceReturnTable>) {
  const seen = await db
    .selectFrom('invoice_return')
    .select('id')
    .where('refund_key', '=', row.refund_key)
    .executeTakeFirst();
  if (seen) return Number(seen.id);
  const r = await db.insertInto('invoice_return').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function moveReturn(
  db: Db,
  id: number,
  from: InvoiceReturnTable['state'][],
  set: Updateable<InvoiceReturnTable>,
  at: number,
) {
  const r = await db
    .updateTable('invoice_return')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The choice for an order (order_id > 0) or the buyer's remembered one (order_id 0). */
export const findChoice = (db: Db, userId: number, orderId: number) =>
  db
    .selectFrom('invoice_choice')
    .select('choice')
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();

export async function saveChoice(db: Db, userId: number, orderId: number, choice: string, at: number) {
  const done = await db
    .updateTable('invoice_choice')
    .set({ choice, updated_at: at })
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await db
      .insertInto('invoice_choice')
      .values({ user_id: userId, order_id: orderId, choice, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'order_id']).doUpdateSet({ choice, updated_at: at }))
      .execute();
}

/** Invoices operators must look at: failed, rejected, late, waiting on a problem, or numbered outside the register. */
export const problemInvoices = (db: Db, now: number) =>
  db
    .selectFrom('invoice')
    .innerJoin('shop_order', 'shop_order.id', 'invoice.order_id')
    .select([
      'invoice.id',
      'invoice.order_id',
      'shop_order.order_no',
      'invoice.category',
      'invoice.state',
      'invoice.number',
      'invoice.total_amount',
      'invoice.deadline',
      'invoice.last_error',
    ])
    .where((eb) =>
      eb.or([
        eb('invoice.state', 'in', ['failed', 'rejected']),
        // issued with a number the register does not hold (INVOICE_NUMBER_UNREGISTERED)
        eb.and([eb('invoice.state', '=', 'issued'), eb('invoice.last_error', 'is not', null)]),
        // pending past its deadline, or waiting on a problem (an exhausted track, the service down)
        eb.and([
          eb('invoice.state', '=', 'pending'),
          eb.or([eb('invoice.deadline', '<', now), eb('invoice.last_error', 'is not', null)]),
        ]),
      ]),
    )
    .orderBy('invoice.deadline')
    .limit(200)
    .execute();

export const problemReturns = (db: Db) =>
  db
    .selectFrom('invoice_return')
    .innerJoin('invoice', 'invoice.id', 'invoice_return.invoice_id')
    .innerJoin('shop_order', 'shop_order.id', 'invoice.order_id')
    .select([
      'invoice_return.id',
      'invoice.order_id',
      'shop_order.order_no',
      'invoice.category',
      'invoice_return.state',
      'invoice.number',
      'invoice_return.amount',
      'invoice.deadline',
      'invoice_return.last_error',
    ])
    .where('invoice_return.state', 'in', ['failed', 'rejected'])
    .orderBy('invoice_return.id')
    .limit(200)
    .execute();

export const orderNoOf = async (db: Db, orderId: number) =>
  (await db.selectFrom('shop_order').select('order_no').where('id', '=', orderId).executeTakeFirst())
    ?.order_no ?? null;

export type DocumentQuery = {
  page: number;
  size: number;
  kind?: 'invoice' | 'allowance' | 'void';
  state?: string;
  /** The period's instants [from, to): an invoice numbered in it, or made in it while not numbered. */
  period?: { name: string; from: number; to: number };
  orderNo?: string;
};

/**
 * One page of invoices with the allowances and voids made of them (newest first), filtered: the two tables
 * as one list (union all), each row with its order and, for a return, its invoice. A return's period is
 * the one it was decided in; an invoice's the one it was numbered in.
 */
export async function invoiceDocuments(db: Db, q: DocumentQuery) {
  const period = q.period;
  const invoices = db
    .selectFrom('invoice as i')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      sql<string>`'invoice'`.as('kind'),
      'i.order_id',
      'o.order_no',
      'i.category',
      sql<string>`i.state`.as('state'),
      sql<string | null>`i.number`.as('number'),
      'i.number as invoice_number',
      'i.total_amount as amount',
      'i.total_amount as invoice_amount',
      'i.tax_amount as invoice_tax',
      'i.period',
      'i.deadline',
      'i.last_error',
      'i.created_at',
      sql<number>`coalesce(i.issued_at, i.created_at)`.as('at'),
    ])
    .$if(q.state !== undefined, (b) => b.where(sql.ref('i.state'), '=', q.state))
    .$if(q.orderNo !== undefined, (b) => b.where('o.order_no', '=', q.orderNo!))
    .$if(period !== undefined, (b) =>
      b.where((eb) =>
        eb.or([
          eb('i.period', '=', period!.name),
          eb.and([
            eb('i.period', 'is', null),
            eb('i.created_at', '>=', period!.from),
            eb('i.created_at', '<', period!.to),
          ]),
        ]),
      ),
    );
  const returns = db
    .selectFrom('invoice_return as r')
    .innerJoin('invoice as i', 'i.id', 'r.invoice_id')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select([
      'r.id',
      sql<string>`r.kind`.as('kind'),
      'i.order_id',
      'o.order_no',
      'i.category',
      sql<string>`r.state`.as('state'),
      sql<string | null>`r.number`.as('number'),
      'i.number as invoice_number',
      'r.amount',
      'i.total_amount as invoice_amount',
      'i.tax_amount as invoice_tax',
      sql<string | null>`null`.as('period'),
      'i.deadline',
      'r.last_error',
      'r.created_at',
      sql<number>`case when r.state = 'done' then r.updated_at else r.created_at end`.as('at'),
    ])
    .$if(q.kind !== undefined, (b) => b.where('r.kind', '=', q.kind as 'allowance' | 'void'))
    .$if(q.state !== undefined, (b) => b.where(sql.ref('r.state'), '=', q.state))
    .$if(q.orderNo !== undefined, (b) => b.where('o.order_no', '=', q.orderNo!))
    .$if(period !== undefined, (b) =>
      b.where('r.created_at', '>=', period!.from).where('r.created_at', '<', period!.to),
    );
  const both = q.kind === 'invoice' ? invoices : q.kind === undefined ? invoices.unionAll(returns) : returns;
  const base = db.selectFrom(both.as('d'));
  return pageOf(
    base,
    base.selectAll().orderBy('d.created_at', 'desc').orderBy('d.kind').orderBy('d.id', 'desc'),
    q,
  );
}
