import type { SimCardStatus } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { PartnerUsage } from '../../providers/plan-partner/plan-partner';
import { cardsToRefresh, insertNotice, insertUsagePoint, type SimCardRow } from './simcard.repository';

/**
 * Usage refresh (a scheduled job): the partner's usage per card, kept as the card's last known state and
 * as a history point (the client forecasts from the history). The low-data alert fires once per crossing:
 * when data left falls below the buyer's threshold, one notice in the message list and the flag set with
 * a guarded update (0 -> 1); it re-arms when data left is above the threshold again (a top-up).
 */

export const USAGE_REFRESH_JOB = 'simcard.usage-refresh';
export const USAGE_REFRESH_BATCH = 200;
const MB = 1024 * 1024;

export const simStatusOf = (s: PartnerUsage['status']): SimCardStatus => (s === 'depleted' ? 'used_up' : s);

export async function refreshCardUsage(ctx: AppContext, card: SimCardRow, at = Date.now()) {
  const partner = ctx.providers.planPartner;
  if (!partner) return false;
  const u = await partner.usage(card.iccid);
  await applyUsage(ctx, card, u, at);
  return true;
}

/**
 * When the card's validity started: the partner's own start (activation: purchase, install or first
 * attach by the plan's rule) when it says; otherwise, the first reading that showed an expiry, kept.
 */
export function validFrom(card: Pick<SimCardRow, 'valid_from'>, u: PartnerUsage, at: number) {
  if (u.expiresAt === null) return card.valid_from === null ? null : Number(card.valid_from);
  if (u.startedAt !== null) return u.startedAt;
  return card.valid_from === null ? Math.min(u.asOf, at) : Number(card.valid_from);
}

/** Stores one usage reading and fires the low-data alert on a crossing (one transaction). */
export async function applyUsage(ctx: AppContext, card: SimCardRow, u: PartnerUsage, at = Date.now()) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sim_card')
      .set({
        status: simStatusOf(u.status),
        used_bytes: u.usedBytes,
        total_bytes: u.totalBytes,
        usage_as_of: u.asOf,
        valid_from: validFrom(card, u, at),
        valid_until: u.expiresAt,
        updated_at: at,
      })
      .where('id', '=', card.id)
      .execute();
    await insertUsagePoint(trx, Number(card.id), u.usedBytes, u.asOf);
    if (card.alert_mb === null || u.remainingBytes === null) return;
    const leftMb = u.remainingBytes / MB;
    const below = leftMb < Number(card.alert_mb);
    const res = await trx
      .updateTable('sim_card')
      .set({ alert_fired: below ? 1 : 0 })
      .where('id', '=', card.id)
      .where('alert_fired', '=', below ? 0 : 1)
      .executeTakeFirst();
    if (below && Number(res.numUpdatedRows) === 1)
      await insertNotice(trx, {
        userId: Number(card.user_id),
        kind: 'low_data',
        iccid: card.iccid,
        params: { leftMb: Math.floor(leftMb), thresholdMb: Number(card.alert_mb), planName: card.plan_name },
        at,
      });
  });
}

/** One run of the scheduled refresh: the cards measured longest ago first; a failing card does not stop it. */
export async function refreshUsage(ctx: AppContext, at = Date.now()) {
  let refreshed = 0;
  let failed = 0;
  for (const card of await cardsToRefresh(ctx.db, USAGE_REFRESH_BATCH)) {
    const ok = await refreshCardUsage(ctx, card, at).catch(() => false);
    if (ok) refreshed += 1;
    else failed += 1;
  }
  return { refreshed, failed };
}
