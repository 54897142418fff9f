import type { Config } from '../config';
import type { Db } from '../platform/db';
import { enqueueTrackRegistration } from '../modules/invoice';

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/** yyyymm of the two-month period `ahead` periods from the one `at` falls in (Taiwan time). */
function period(at: number, ahead: number) {
  const d = new Date(at + TAIPEI_OFFSET_MS);
  const first = d.getUTCMonth() - (d.getUTCMonth() % 2) + ahead * 2;
  const y = d.getUTCFullYear() + Math.floor(first / 12);
  return `${y}${String((first % 12) + 1).padStart(2, '0')}`;
}

/**
 * Demo only, with e-invoices on (issue 28): number tracks (字軌) for this period and the next six, 1,000
 * numbers each, so demo orders get invoices without an operator's load; once (when no track exists). Each
 * is put on its registration job: once the app runs, it is registered with the simulated ezPay through its
 * number track API, as a track an operator loads would be. Production never gets these: operators load the
 * tracks the tax office allotted.
 */
export async function seedDemoInvoiceTracks(db: Db, config: Config) {
  if (!config.demo || !config.invoice.enabled) return;
  if (await db.selectFrom('invoice_track').select('id').limit(1).executeTakeFirst()) return;
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 7; i++) {
      const row = await trx
        .insertInto('invoice_track')
        .values({
          period: period(at, i),
          prefix: 'DM',
          start_no: 10_000_000,
          end_no: 10_000_999,
          next_no: 10_000_000,
          admin_id: 0,
          registration: 'pending',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueTrackRegistration(trx, Number(row.id), at);
    }
  });
}
