import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Structured order log notes: `note_kind` and `note_params` (JSON text) hold what an entry says beyond its
 * action (contracts `orderLogNote`), so the console names it in the operator's language without reading the
 * server's wording. Entries written before get their structured note where their text says it without doubt
 * (`structureOldNotes`); the rest keep their free text in `note` (kind null), shown as written.
 */
export const orderLogNoteMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('order_log').addColumn('note_kind', 'varchar(32)').execute();
    await db.schema.alterTable('order_log').addColumn('note_params', 'text').execute();
    await structureOldNotes(db);
  },
};

// the wordings the server wrote before 0270, frozen here (a migration never follows later code)
const PAY_WAYS = new Set(['wechat', 'alipay', 'tappay', 'newebpay', 'wallet', 'points', 'transfer']);
const PAID = /^(\S+) (\S+)$/;
const PARTIAL = /^partial (\d+(?:\.\d+)?) of (\d+(?:\.\d+)?) ([A-Z]{3})$/;

type OldRow = { action: string; note: string; carrier: string | null; tracking_no: string | null };
type Note = { kind: string; params: Record<string, unknown> };

/** The structured note an old entry's text says, or null when it does not say one without doubt. */
function noteOfOldText({ action, note, carrier, tracking_no }: OldRow): Note | null {
  switch (action) {
    case 'pay':
    case 'late_payment': {
      const m = PAID.exec(note);
      return m && PAY_WAYS.has(m[1]!) ? { kind: 'paid', params: { way: m[1], attempt: m[2] } } : null;
    }
    case 'refund':
      return { kind: 'refund_requested', params: { reason: note } };
    case 'update':
      return note === 'address' || note === 'note' ? { kind: 'changed', params: { field: note } } : null;
    case 'ship':
      return carrier !== null && tracking_no !== null && note === `${carrier} ${tracking_no}`
        ? { kind: 'shipped', params: { carrier, trackingNo: tracking_no } }
        : null;
    case 'refund_reject':
      return { kind: 'refund_rejected', params: { reason: note } };
    case 'refund_approve': {
      // amounts were written with every minor digit of the currency ("25.00" TWD, "25" JPY)
      const m = PARTIAL.exec(note);
      const minor = (s: string) => Number(s.replace('.', ''));
      return m
        ? {
            kind: 'refund_approved',
            params: {
              amount: minor(m[1]!),
              asked: minor(m[2]!),
              currency: m[3],
              installed: [],
              reason: null,
            },
          }
        : null;
    }
    default:
      return null;
  }
}

/**
 * Gives the entries written before 0270 their structured note where their text says it without doubt (a
 * payment's way and attempt, a refund reason, what the buyer changed, a shipment matching the order's
 * carrier and tracking number, a rejection's reason, a partial approval), in batches; their text stays.
 */
export async function structureOldNotes(db: AnyDb) {
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom('order_log as l')
      .innerJoin('shop_order as o', 'o.id', 'l.order_id')
      .select(['l.id', 'l.action', 'l.note', 'o.carrier', 'o.tracking_no'])
      .where('l.note_kind', 'is', null)
      .where('l.note', 'is not', null)
      .where('l.id', '>', after)
      .orderBy('l.id')
      .limit(500)
      .execute()) as (OldRow & { id: number })[];
    for (const row of rows) {
      const note = noteOfOldText(row);
      if (note)
        await db
          .updateTable('order_log')
          .set({ note_kind: note.kind, note_params: JSON.stringify(note.params) })
          .where('id', '=', row.id)
          .execute();
    }
    if (rows.length < 500) return;
    after = Number(rows.at(-1)!.id);
  }
}
