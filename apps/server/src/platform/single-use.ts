import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from './db';

// Single-use state: a row that can be spent once before it expires (a WeChat login's or pay authorisation's
// state, a one-time code, a captcha). Each lives in its own table with `expires_at`, `used_at` and
// `created_at` (epoch ms) and is bound to some columns of that row (a state hash, a nonce, an account and an
// order, a row id). Spending is one guarded update, so of racing spends exactly one gets the row on either
// engine: on PostgreSQL the losers wait for the winner's row lock and then no longer match `used_at is null`.

type SingleUseColumns = { expires_at: number; used_at: number | null; created_at: number };

/** The tables holding single-use state. */
export type SingleUseTable = {
  [T in keyof Database]: Database[T] extends SingleUseColumns ? T : never;
}[keyof Database];

type Row<T extends SingleUseTable> = Selectable<Database[T]>;
type Column<T extends SingleUseTable> = keyof Row<T> & string;

/** The columns a state is bound to, each of which must equal the given value for the state to be found or spent. */
export type Binding<T extends SingleUseTable> = Partial<Row<T>>;

// The functions below are generic over the table; Kysely cannot check column names of a table it does not
// know yet, so they build their queries on this loosely typed view of the same database. Callers are typed
// by the signatures.
type LooseTables = Record<string, SingleUseColumns & Record<string, unknown>>;
const loose = (db: Db) => db as unknown as Kysely<LooseTables>;

/**
 * Records a state, live from `at` until `expiresAt` and unspent. `purgeExpired`: first deletes the table's
 * states expired at `at` (for tables whose rows serve nothing once expired; one-time codes count towards send
 * limits after that and are purged by their own rule).
 */
export async function insertSingleUse<T extends SingleUseTable>(
  db: Db,
  table: T,
  row: Omit<Insertable<Database[T]>, keyof SingleUseColumns>,
  life: { at: number; expiresAt: number; purgeExpired?: boolean },
) {
  if (life.purgeExpired) await purgeExpired(db, table, life.at);
  await loose(db)
    .insertInto(table as string)
    .values({ ...row, expires_at: life.expiresAt, used_at: null, created_at: life.at })
    .execute();
}

/** Deletes the states expired at `at` (spent or not): nothing can use them any more. */
export async function purgeExpired(db: Db, table: SingleUseTable, at: number) {
  await loose(db)
    .deleteFrom(table as string)
    .where('expires_at', '<=', at)
    .execute();
}

// the live, unspent state with this binding; `below`: further columns that must stay under a limit
const live =
  (binding: object, at: number, below: object = {}) =>
  (eb: ExpressionBuilder<LooseTables, string>) =>
    eb.and([
      ...Object.entries(binding).map(([column, value]) => eb(column, '=', value)),
      ...Object.entries(below).map(([column, limit]) => eb(column, '<', limit)),
      eb('used_at', 'is', null),
      eb('expires_at', '>', at),
    ]);

/** The live, unspent state with this binding (its `columns`), or undefined; spends nothing. */
export async function findLive<T extends SingleUseTable, C extends Column<T>>(
  db: Db,
  table: T,
  binding: Binding<T>,
  at: number,
  columns: readonly C[],
): Promise<Pick<Row<T>, C> | undefined> {
  const row = await loose(db)
    .selectFrom(table as string)
    .select(columns)
    .where(live(binding, at))
    .executeTakeFirst();
  return row as Pick<Row<T>, C> | undefined;
}

/**
 * Spends the live, unspent state with this binding at `at` and returns its `returning` columns; undefined when
 * there was none (unknown, bound otherwise, expired, already spent, or a column of `below` at its limit). Of
 * concurrent spends of one state exactly one gets it.
 */
export async function spendOnce<T extends SingleUseTable, C extends Column<T>>(
  db: Db,
  table: T,
  binding: Binding<T>,
  at: number,
  opts: { returning: readonly C[]; below?: Partial<Record<Column<T>, number>> },
): Promise<Pick<Row<T>, C> | undefined> {
  const row = await loose(db)
    .updateTable(table as string)
    .set({ used_at: at })
    .where(live(binding, at, opts.below))
    .returning(opts.returning)
    .executeTakeFirst();
  return row as Pick<Row<T>, C> | undefined;
}
