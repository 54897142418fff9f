import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';

// Number tracks (字軌, issue 28). The Ministry of Finance allots a seller's invoice numbers per two-month
// period (Jan-Feb, ..., Nov-Dec) as a 2-letter prefix and 8-digit numbers in booklets of 50; operators load
// the shop's tracks here. A number is taken by one guarded update of the track's `next_no` (never beyond
// `end_no`) in the transaction that writes it on the invoice: a number is never handed out twice, and one
// taken is never lost (the write on the invoice rolls back with it). Numbers a period leaves unused are
// reported blank after its end (blankNumbers).

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
export const BLOCK = 50;

/** The two-month period (yyyymm of its first, odd month) an instant falls in, in Taiwan time. */
export function periodOf(at: number): string {
  const d = new Date(at + TAIPEI_OFFSET_MS);
  const month = d.getUTCMonth() + 1;
  return `${d.getUTCFullYear()}${String(month - ((month - 1) % 2)).padStart(2, '0')}`;
}

/** When a period ends (its next period's first instant, epoch ms). */
export function periodEnd(period: string): number {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  return Date.UTC(y, m - 1 + 2, 1) - TAIPEI_OFFSET_MS;
}

export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(8, '0')}`;

/** Loads a track after checking its range: whole blocks of 50, not overlapping one of the same prefix. */
export async function addTrack(
  db: Db,
  t: { period: string; prefix: string; start: number; end: number },
  adminId: number,
  at: number,
) {
  if (t.start % BLOCK !== 0 || (t.end + 1) % BLOCK !== 0 || t.end < t.start) fail('INVOICE_TRACK_INVALID');
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('invoice_track')
      .select(['prefix', 'start_no', 'end_no'])
      .where('period', '=', t.period)
      .where('prefix', '=', t.prefix)
      .where('start_no', '<=', t.end)
      .where('end_no', '>=', t.start)
      .executeTakeFirst();
    if (clash)
      fail('INVOICE_TRACK_OVERLAP', {
        track: `${formatNumber(clash.prefix, Number(clash.start_no))}-${String(clash.end_no).padStart(8, '0')}`,
      });
    const row = await trx
      .insertInto('invoice_track')
      .values({
        period: t.period,
        prefix: t.prefix,
        start_no: t.start,
        end_no: t.end,
        next_no: t.start,
        admin_id: adminId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/**
 * Takes the next number of the period's tracks (oldest track first), inside the caller's transaction: one
 * guarded update (`next_no < end_no + 1`) that moves the counter and returns it. Null when every track of
 * the period is used up (or none is loaded).
 */
export async function takeNumber(trx: Db, period: string, at: number) {
  const tracks = await trx
    .selectFrom('invoice_track')
    .select(['id', 'prefix'])
    .where('period', '=', period)
    .whereRef('next_no', '<=', 'end_no')
    .orderBy('id')
    .execute();
  for (const t of tracks) {
    const moved = await trx
      .updateTable('invoice_track')
      .set((eb) => ({ next_no: eb('next_no', '+', 1), updated_at: at }))
      .where('id', '=', t.id)
      .whereRef('next_no', '<=', 'end_no')
      .returning('next_no')
      .executeTakeFirst();
    if (moved) return { trackId: Number(t.id), number: formatNumber(t.prefix, Number(moved.next_no) - 1) };
  }
  return null;
}

export const listTracks = (db: Db) =>
  db.selectFrom('invoice_track').selectAll().orderBy('period', 'desc').orderBy('id').limit(500).execute();

/**
 * Numbers the periods that have ended left unused, in whole blocks of 50 (a partly used booklet's rest is
 * reported from the next number on): what is filed as blank (空白未使用字軌) after each period.
 */
export async function blankNumbers(db: Db, now: number) {
  const rows = await db
    .selectFrom('invoice_track')
    .selectAll()
    .whereRef('next_no', '<=', 'end_no')
    .orderBy('period')
    .orderBy('prefix')
    .orderBy('start_no')
    .execute();
  return rows
    .filter((r) => periodEnd(r.period) <= now)
    .map((r) => ({ period: r.period, prefix: r.prefix, start: Number(r.next_no), end: Number(r.end_no) }));
}
