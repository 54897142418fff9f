import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { PartnerRejectedError, type PlanPartner } from '../../providers/plan-partner/plan-partner';
import { deliveriesOfOrder, type SimDeliveryRow } from './simcard.repository';
import { fetchParts, linePartsOf } from './simcard-parts';

// Taking back what a refund or a partner cancellation takes back: the eSIMs and top-ups of an order, revoked
// at the plan partner, their cards expired. flows/order-fulfilment calls these (through ./commands.ts) in the
// same flow that returns the money.

function partner(ctx: AppContext): PlanPartner {
  return ctx.providers.planPartner ?? fail('PARTNER_UNAVAILABLE');
}

export type OrderEsim = { delivery: SimDeliveryRow; iccids: string[]; installed: boolean };

/**
 * The partner deliveries of an order not yet cancelled, each with whether one of its cards is installed
 * (the partner's word: anything but `not_installed`; a card the partner cannot answer for counts as
 * installed, so it is never revoked blind). A top-up that landed on a card counts as installed: it cannot
 * be taken back; so does a bulk top-up still under way of which one card's top-up completed at the partner
 * (or the partner cannot say).
 */
export async function orderEsims(ctx: AppContext, orderId: number): Promise<OrderEsim[]> {
  const out: OrderEsim[] = [];
  for (const d of await deliveriesOfOrder(ctx.db, orderId)) {
    if (d.state === 'cancelled') continue;
    const cards =
      d.kind === 'esim'
        ? await ctx.db
            .selectFrom('sim_card')
            .select('iccid')
            .where('order_line_id', '=', Number(d.order_line_id))
            .execute()
        : [];
    // a delivered top-up is on a card already: the partner cannot take it back
    let installed = d.kind === 'topup' && (d.state === 'delivered' || (await toppedUpAtPartner(ctx, d)));
    for (const c of cards) {
      const status = await partner(ctx)
        .usage(c.iccid)
        .then((u) => u.status)
        .catch(() => 'unknown');
      if (status !== 'not_installed') installed = true;
    }
    out.push({ delivery: d, iccids: cards.map((c) => c.iccid), installed });
  }
  return out;
}

/** Whether one card of a top-up line still under way was topped up at the partner (or it cannot say). */
async function toppedUpAtPartner(ctx: AppContext, d: SimDeliveryRow) {
  if (d.state === 'cancelled') return false;
  const parts = await fetchParts(partner(ctx), await linePartsOf(ctx.db, d)).catch(() => null);
  return parts === null || parts.some((p) => p?.state === 'completed');
}

/**
 * Cancels one delivery's partner orders, every part under its current reference (each idempotent there: a
 * cancelled order answers cancelled). Network: outside any transaction. PARTNER_REJECTED when the partner
 * refuses (a card is installed, a top-up delivered); PARTNER_UNAVAILABLE on an outage.
 */
export async function cancelAtPartner(ctx: AppContext, d: SimDeliveryRow) {
  for (const { reference: ref } of await linePartsOf(ctx.db, d)) {
    try {
      await partner(ctx).cancel(ref);
    } catch (err) {
      // a line still on its way that never reached the partner (it was down when paid): nothing to cancel
      if (neverOrdered(d, err)) continue;
      if (err instanceof PartnerRejectedError) return fail('PARTNER_REJECTED', { reason: err.code });
      return fail('PARTNER_UNAVAILABLE');
    }
  }
}

// a part the partner has no order for (it was down when the line, or the part's retry, was to be ordered):
// nothing to cancel there
const neverOrdered = (d: SimDeliveryRow, err: unknown) =>
  err instanceof PartnerRejectedError && err.code === 'order_not_found' && d.state !== 'delivered';

/**
 * In the caller's transaction: the delivery is cancelled (guarded: not already) and its cards expire, so the
 * activation code stops being offered. False when it was cancelled before: whoever cancelled it settled it.
 */
export async function markDeliveryCancelled(trx: Db, d: SimDeliveryRow, reason: string, at: number) {
  const res = await trx
    .updateTable('sim_delivery')
    .set({ state: 'cancelled', last_error: reason, updated_at: at })
    .where('id', '=', Number(d.id))
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('sim_card')
    .set({ status: 'expired', updated_at: at })
    .where('order_line_id', '=', Number(d.order_line_id))
    .execute();
  return true;
}

/** Cancels a delivery at the partner, then marks it cancelled with its cards expired. */
export async function revokeDelivery(ctx: AppContext, d: SimDeliveryRow, reason: string) {
  await cancelAtPartner(ctx, d);
  const at = Date.now();
  await ctx.db.transaction().execute((trx) => markDeliveryCancelled(trx, d, reason, at));
}

/** Every delivery an order still has (cancelled ones left out) is delivered, and it has at least one. */
export function allDelivered(deliveries: Pick<SimDeliveryRow, 'state'>[]) {
  const live = deliveries.filter((d) => d.state !== 'cancelled');
  return live.length > 0 && live.every((d) => d.state === 'delivered');
}

/** Whether what an order still has from the partner is all delivered (after a line was cancelled). */
export const restDelivered = async (db: Db, orderId: number) =>
  allDelivered(await deliveriesOfOrder(db, orderId));

/** How many partner deliveries of an order are not cancelled. */
export const openDeliveryCount = async (db: Db, orderId: number) =>
  (await deliveriesOfOrder(db, orderId)).filter((d) => d.state !== 'cancelled').length;
