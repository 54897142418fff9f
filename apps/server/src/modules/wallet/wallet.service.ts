import type { LedgerEntry, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { LedgerKind } from '../../db/schema';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import {
  balanceOf,
  ensureAccount,
  entryPage,
  findEntryByKey,
  insertEntry,
  moveBalance,
  type LedgerEntryRow,
} from './wallet.repository';

export type LedgerType = 'TOPUP' | 'PAY' | 'REFUND' | 'ADJUST' | 'EARN';

export type Posting = {
  kind: LedgerKind;
  userId: number;
  type: LedgerType;
  /** Signed minor units (wallet) or points: credits positive, debits negative. */
  amount: number;
  orderId?: number | null;
  /** Unique per ledger: a repeat with the same key answers the first entry and moves nothing. */
  key: string;
  note?: string | null;
  at: number;
};

export type Posted = { entryId: number; balance: number; replayed: boolean };

/**
 * Posts one ledger entry inside the caller's transaction: the balance moves by a conditional update (never
 * below zero) and the entry records the balance after it. Returns null when a debit is not covered. A key
 * seen before answers its first entry (`replayed`), provided it was for the same user, type and amount;
 * otherwise LEDGER_KEY_REUSED. Concurrent twins with one key: the unique index refuses the second insert
 * and its transaction fails; the caller reads the first result with `entryByKey`.
 */
export async function postEntry(trx: Db, p: Posting): Promise<Posted | null> {
  const seen = await findEntryByKey(trx, p.kind, p.key);
  if (seen) return replayOf(seen, p);
  await ensureAccount(trx, p.kind, p.userId, p.at);
  const balance = await moveBalance(trx, p.kind, p.userId, p.amount, p.at);
  if (balance === null) return null;
  const entryId = await insertEntry(trx, {
    kind: p.kind,
    user_id: p.userId,
    type: p.type,
    amount: p.amount,
    balance_after: balance,
    order_id: p.orderId ?? null,
    idempotency_key: p.key,
    note: p.note ?? null,
    created_at: p.at,
  });
  return { entryId, balance, replayed: false };
}

function replayOf(seen: LedgerEntryRow, p: Pick<Posting, 'userId' | 'type' | 'amount'>): Posted {
  if (Number(seen.user_id) !== p.userId || seen.type !== p.type || Number(seen.amount) !== p.amount)
    fail('LEDGER_KEY_REUSED');
  return { entryId: Number(seen.id), balance: Number(seen.balance_after), replayed: true };
}

/** The first entry posted with `key`, for answering a retry after its twin won. */
export async function entryByKey(db: Db, p: Pick<Posting, 'kind' | 'key' | 'userId' | 'type' | 'amount'>) {
  const seen = await findEntryByKey(db, p.kind, p.key);
  return seen ? replayOf(seen, p) : null;
}

export const ledgerBalance = (db: Db, kind: LedgerKind, userId: number) => balanceOf(db, kind, userId);

const toEntry = (r: LedgerEntryRow): LedgerEntry => ({
  id: Number(r.id),
  type: r.type as LedgerEntry['type'],
  amount: Number(r.amount),
  balanceAfter: Number(r.balance_after),
  orderId: r.order_id === null ? null : Number(r.order_id),
  note: r.note,
  createdAt: new Date(Number(r.created_at)).toISOString(),
});

export async function ledgerPage(
  ctx: AppContext,
  kind: LedgerKind,
  userId: number,
  req: { page: number; size: number },
) {
  const { rows, total } = await entryPage(ctx.db, kind, userId, req.page, req.size);
  return { list: rows.map(toEntry), pagination: { page: req.page, size: req.size, total } };
}

export async function walletInfo(ctx: AppContext, userId: number) {
  return { balance: await balanceOf(ctx.db, 'wallet', userId), currency: ctx.config.currency };
}

/** An operator credits or debits a ledger (ADJUST), idempotent by key; INSUFFICIENT when a debit is not covered. */
export async function adjustLedger(
  ctx: AppContext,
  req: { userPublicId: string; kind: LedgerKind; amount: number; note: string; idempotencyKey: string },
  _locale: Locale,
) {
  const user = await ctx.db
    .selectFrom('user')
    .select('id')
    .where('public_id', '=', req.userPublicId)
    .executeTakeFirst();
  if (!user) return fail('NOT_FOUND');
  const p: Posting = {
    kind: req.kind,
    userId: Number(user.id),
    type: 'ADJUST',
    amount: req.amount,
    key: `adjust:${req.idempotencyKey}`,
    note: req.note,
    at: Date.now(),
  };
  let posted: Posted | null;
  try {
    posted = await ctx.db.transaction().execute((trx) => postEntry(trx, p));
  } catch (err) {
    posted = await entryByKey(ctx.db, p);
    if (!posted) throw err;
  }
  if (!posted) return fail(req.kind === 'wallet' ? 'WALLET_INSUFFICIENT' : 'POINTS_INSUFFICIENT');
  return { balance: posted.balance };
}
