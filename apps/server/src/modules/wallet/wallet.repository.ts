import type { Selectable } from 'kysely';
import { pageOf, type Db } from '../../platform/db';
import type { LedgerEntryTable, LedgerKind } from '../../db/schema';

export type LedgerEntryRow = Selectable<LedgerEntryTable>;

export const findEntryByKey = (db: Db, kind: LedgerKind, key: string) =>
  db
    .selectFrom('ledger_entry')
    .selectAll()
    .where('kind', '=', kind)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export async function balanceOf(db: Db, kind: LedgerKind, userId: number) {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** The account row exists before the conditional update moves it (idempotent). */
export const ensureAccount = (trx: Db, kind: LedgerKind, userId: number, at: number) =>
  trx
    .insertInto('ledger_account')
    .values({ kind, user_id: userId, balance: 0, updated_at: at })
    .onConflict((oc) => oc.columns(['kind', 'user_id']).doNothing())
    .execute();

/**
 * Moves the balance by `delta` with one conditional update: never below zero (`balance + delta >= 0`).
 * Returns the new balance, or null when the balance does not cover a debit.
 */
export async function moveBalance(trx: Db, kind: LedgerKind, userId: number, delta: number, at: number) {
  const row = await trx
    .updateTable('ledger_account')
    .set((eb) => ({ balance: eb('balance', '+', delta), updated_at: at }))
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where((eb) => eb(eb('balance', '+', delta), '>=', 0))
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

export const insertEntry = async (trx: Db, row: Omit<LedgerEntryRow, 'id'>): Promise<number> =>
  Number((await trx.insertInto('ledger_entry').values(row).returning('id').executeTakeFirstOrThrow()).id);

export async function entryPage(db: Db, kind: LedgerKind, userId: number, page: number, size: number) {
  const base = db.selectFrom('ledger_entry').where('kind', '=', kind).where('user_id', '=', userId);
  return pageOf(base, base.selectAll().orderBy('id', 'desc'), { page, size });
}

/** Sum of a user's entries (the balance must always equal it). */
export async function entrySum(db: Db, kind: LedgerKind, userId: number) {
  const row = await db
    .selectFrom('ledger_entry')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)), 'bigint').as('s'))
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}
