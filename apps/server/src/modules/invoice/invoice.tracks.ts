import type { Updateable } from 'kysely';
import type { InvoiceTrackTable, TrackRegistration } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';

// Number tracks (字軌, issue 28): the shop's register. The Ministry of Finance allots a seller's invoice
// numbers per two-month period (Jan-Feb, ..., Nov-Dec) as a 2-letter prefix and 8-digit numbers in booklets
// of 50. ezPay numbers each invoice itself from the tracks registered on its platform (see
// providers/invoice/ezpay.wire.ts); operators load the tracks here, the shop registers each with ezPay
// through its number track API when the member's credentials are configured (invoice-tracks.service.ts;
// by hand on ezPay's site otherwise), and every number ezPay answers is checked against them: it must fall
// in a loaded track of the period and never be stored already (the unique index on invoice.number).
// `next_no` is one past the highest number recorded (end_no + 1 when the track is used up); numbers below
// it that no invoice holds are skipped ones, shown to operators and, once the period has ended, filed blank
// with the rest of the unused numbers (invoice.blank.ts).

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
export const BLOCK = 50;

/** The two-month period (yyyymm of its first, odd month) an instant falls in, in Taiwan time. */
export function periodOf(at: number): string {
  const d = new Date(at + TAIPEI_OFFSET_MS);
  const month = d.getUTCMonth() + 1;
  return `${d.getUTCFullYear()}${String(month - ((month - 1) % 2)).padStart(2, '0')}`;
}

/** When a period starts (its first instant, epoch ms). */
export function periodStart(period: string): number {
  return Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4, 6)) - 1, 1) - TAIPEI_OFFSET_MS;
}

/** When a period ends (its next period's first instant, epoch ms). */
export function periodEnd(period: string): number {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  return Date.UTC(y, m - 1 + 2, 1) - TAIPEI_OFFSET_MS;
}

export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(8, '0')}`;

/** The retried job that registers a loaded track with the e-invoice service (invoice-tracks.service.ts). */
export const INVOICE_TRACK_REGISTER_JOB = 'invoice.track.register';

/** Puts a track on its registration job in the caller's transaction; `again` keys a retry. Returns the job id. */
export const enqueueTrackRegistration = (trx: Db, trackId: number, at: number, again?: string) =>
  enqueueJob(
    trx,
    INVOICE_TRACK_REGISTER_JOB,
    { trackId },
    { key: `${INVOICE_TRACK_REGISTER_JOB}:${trackId}${again ? `:${again}` : ''}`, at },
  );

/**
 * Loads a track after checking its range: whole blocks of 50, not overlapping one of the same prefix.
 * `registration`: pending puts it on its registration job in the same transaction (the caller runs the job
 * after the commit: never the network inside it); manual when tracks are registered on ezPay's site by hand.
 */
export async function addTrack(
  db: Db,
  t: { period: string; prefix: string; start: number; end: number },
  adminId: number,
  at: number,
  registration: 'manual' | 'pending',
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
        registration,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    return { id, jobId: registration === 'pending' ? await enqueueTrackRegistration(trx, id, at) : null };
  });
}

export const findTrack = (db: Db, id: number) =>
  db.selectFrom('invoice_track').selectAll().where('id', '=', id).executeTakeFirst();
export type TrackRow = NonNullable<Awaited<ReturnType<typeof findTrack>>>;

/** Moves a track's registration from one of `from` (a guarded update); false when it was elsewhere. */
export async function moveRegistration(
  db: Db,
  id: number,
  from: TrackRegistration[],
  set: Omit<Updateable<InvoiceTrackTable>, 'id'>,
  at: number,
) {
  const r = await db
    .updateTable('invoice_track')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('registration', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether a track of the period with numbers left is loaded but not (yet) registered with the service. */
export async function unregisteredRoom(db: Db, period: string) {
  const row = await db
    .selectFrom('invoice_track')
    .select('id')
    .where('period', '=', period)
    .where('registration', 'in', ['pending', 'failed'])
    .whereRef('next_no', '<=', 'end_no')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the period's loaded tracks still have a number above the highest recorded. */
export async function roomLeft(db: Db, period: string) {
  const row = await db
    .selectFrom('invoice_track')
    .select('id')
    .where('period', '=', period)
    .whereRef('next_no', '<=', 'end_no')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Splits an invoice number into its track prefix and 8-digit number; null when it is not one. */
export function splitNumber(number: string) {
  const m = /^([A-Z]{2})(\d{8})$/.exec(number);
  return m?.[1] && m[2] ? { prefix: m[1], n: Number(m[2]) } : null;
}

/** The loaded track of one of `periods` a number falls in, or undefined. */
export async function trackOf(db: Db, number: string, periods: string[]) {
  const split = splitNumber(number);
  if (!split) return undefined;
  return db
    .selectFrom('invoice_track')
    .select(['id', 'period'])
    .where('period', 'in', periods)
    .where('prefix', '=', split.prefix)
    .where('start_no', '<=', split.n)
    .where('end_no', '>=', split.n)
    .executeTakeFirst();
}

/** Moves the track's `next_no` past a recorded number (a guarded update: it only ever goes up). */
export async function advanceTrack(db: Db, trackId: number, number: string, at: number) {
  const split = splitNumber(number);
  if (!split) return;
  await db
    .updateTable('invoice_track')
    .set({ next_no: split.n + 1, updated_at: at })
    .where('id', '=', trackId)
    .where('next_no', '<=', split.n)
    .execute();
}

/** The loaded tracks (or the one of `id`), newest period first, each with how many numbers invoices hold. */
export const listTracks = (db: Db, id?: number) =>
  db
    .selectFrom('invoice_track')
    .selectAll('invoice_track')
    .select((eb) =>
      eb
        .selectFrom('invoice')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('invoice.track_id', '=', 'invoice_track.id')
        .as('recorded'),
    )
    .$if(id !== undefined, (q) => q.where('invoice_track.id', '=', id ?? 0))
    .orderBy('period', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();

/** The numbers of a track that invoices hold, ascending (as 8-digit integers). */
export async function recordedNumbers(db: Db, trackId: number) {
  const rows = await db
    .selectFrom('invoice')
    .select('number')
    .where('track_id', '=', trackId)
    .where('number', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.number ? [splitNumber(r.number)?.n ?? -1] : [])).sort((a, b) => a - b);
}

/** The ranges of [start, end] that no number in `used` (ascending) covers. */
export function unusedRanges(start: number, end: number, used: number[]) {
  const out: { start: number; end: number }[] = [];
  let from = start;
  for (const n of used) {
    if (n < from || n > end) continue;
    if (n > from) out.push({ start: from, end: n - 1 });
    from = n + 1;
  }
  if (from <= end) out.push({ start: from, end });
  return out;
}

/**
 * What the periods that have ended left unused, per track and range (skipped numbers included): what is
 * filed blank (空白未使用字軌) after each period.
 */
export async function blankNumbers(db: Db, now: number) {
  const tracks = await db
    .selectFrom('invoice_track')
    .selectAll()
    .orderBy('period')
    .orderBy('prefix')
    .orderBy('start_no')
    .execute();
  const out: { period: string; prefix: string; start: number; end: number }[] = [];
  for (const t of tracks.filter((r) => periodEnd(r.period) <= now))
    for (const r of unusedRanges(
      Number(t.start_no),
      Number(t.end_no),
      await recordedNumbers(db, Number(t.id)),
    ))
      out.push({ period: t.period, prefix: t.prefix, ...r });
  return out;
}
