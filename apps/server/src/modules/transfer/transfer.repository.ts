import type { Insertable, Selectable } from 'kysely';
import { pageOf, type Db } from '../../platform/db';
import type { TransferPaymentTable, TransferProofTable, TransferStatus } from '../../db/schema';

export type TransferRow = Selectable<TransferPaymentTable>;
export type ProofRow = Selectable<TransferProofTable>;

export const findTransferOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('transfer_payment').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** Creates the order's transfer once (a concurrent twin finds the first). */
export async function ensureTransfer(db: Db, row: Insertable<TransferPaymentTable>) {
  await db
    .insertInto('transfer_payment')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  return (await findTransferOfOrder(db, Number(row.order_id)))!;
}

export async function moveTransfer(
  trx: Db,
  id: number,
  from: TransferStatus[],
  to: TransferStatus,
  set: Partial<Pick<TransferRow, 'reject_reason' | 'admin_id' | 'decided_at'>>,
  at: number,
) {
  const res = await trx
    .updateTable('transfer_payment')
    .set({ ...set, status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const insertProof = (trx: Db, row: Insertable<TransferProofTable>) =>
  trx.insertInto('transfer_proof').values(row).execute();

export const proofsOf = (db: Db, transferIds: number[]) =>
  transferIds.length === 0
    ? Promise.resolve([] as ProofRow[])
    : db
        .selectFrom('transfer_proof')
        .selectAll()
        .where('transfer_id', 'in', transferIds)
        .orderBy('id')
        .execute();

export const findProof = (db: Db, id: number) =>
  db.selectFrom('transfer_proof').selectAll().where('id', '=', id).executeTakeFirst();

export async function transferPage(db: Db, status: TransferStatus | undefined, page: number, size: number) {
  const base = db
    .selectFrom('transfer_payment')
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
  return pageOf(base, base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'), { page, size });
}

/**
 * An open transfer asks for what is still due: when points lower the order's due before any proof is in,
 * the amount follows (guarded: awaiting transfer or rejected). True when it moved.
 */
export async function followAmountDue(db: Db, orderId: number, amount: number, at: number) {
  const res = await db
    .updateTable('transfer_payment')
    .set({ amount, updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['awaiting_transfer', 'rejected'])
    .where('amount', '!=', amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What a company's open transfers hold: those not verified on orders still waiting for payment. */
export async function openTransferTotal(db: Db, userId: number) {
  const row = await db
    .selectFrom('transfer_payment as t')
    .innerJoin('shop_order as o', 'o.id', 't.order_id')
    .select((eb) =>
      eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('t.amount'), eb.lit(0)), 'bigint').as('s'),
    )
    .where('t.user_id', '=', userId)
    .where('t.status', 'in', ['awaiting_transfer', 'proof_submitted', 'rejected'])
    .where('o.status', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

/** The first order of the buyer whose transfer proof waits for finance (money sent, not yet matched). */
export async function proofAwaitingOrder(db: Db, userId: number) {
  const row = await db
    .selectFrom('transfer_payment as t')
    .innerJoin('shop_order as o', 'o.id', 't.order_id')
    .select(['o.id', 'o.order_no'])
    .where('t.user_id', '=', userId)
    .where('t.status', '=', 'proof_submitted')
    .orderBy('o.id')
    .executeTakeFirst();
  return row ? { id: Number(row.id), orderNo: row.order_no } : null;
}
