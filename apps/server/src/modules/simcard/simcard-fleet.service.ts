import { forecastUsage, type Locale, type SimCardSummary } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { iso, parseList } from '../../platform/columns';
import { destinationCodesOf } from '../catalogue';
import { cardSummaries } from './simcard.service';
import { insertNotice, usageHistory } from './simcard.repository';

// What a company (issue 28) reads of the eSIMs its orders bought, and the one write it makes: handing a card
// not yet installed from one holder to another. Ownership stays the sim_card row's: the holder sees the card
// in My SIM cards, gets its notices and its install code; nobody else does.

const MB = 1024 * 1024;

/** The eSIMs delivered for the given orders: ICCID, holder and status, oldest first. */
export async function cardsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('sim_card')
    .select(['iccid', 'user_id', 'status', 'order_id'])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'esim')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    iccid: r.iccid,
    userId: Number(r.user_id),
    status: r.status,
    orderId: Number(r.order_id),
  }));
}

/**
 * The cards among `iccids` a top-up goods cannot serve (issue 28, bulk top-ups): the card's package takes no
 * top-up (the partner's `top_upable`), or the goods covers none of the card's countries; the order placed for
 * them would be refused by the partner after payment.
 */
export async function cardsUnfitForTopUp(db: Db, iccids: string[], goodsId: number): Promise<string[]> {
  if (iccids.length === 0) return [];
  const covered = new Set(await destinationCodesOf(db, goodsId));
  const cards = await db
    .selectFrom('sim_card as c')
    .leftJoin('partner_commodity as p', 'p.code', 'c.commodity_code')
    .select(['c.iccid', 'c.countries', 'p.top_upable'])
    .where('c.iccid', 'in', iccids)
    .execute();
  return cards
    .filter(
      (c) =>
        (c.top_upable !== null && Number(c.top_upable) !== 1) ||
        !parseList(c.countries).some((code) => covered.has(code)),
    )
    .map((c) => c.iccid);
}

export type FleetCardView = SimCardSummary & { forecastRunsOutAt: string | null; holderUserId: number };

/** Each card's summary, its holder and, at the current pace, when its data runs out (null: it does not). */
export async function fleetCardViews(ctx: AppContext, iccids: string[], locale: Locale, now = new Date()) {
  if (iccids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('sim_card')
    .selectAll()
    .where('iccid', 'in', iccids)
    .orderBy('id')
    .execute();
  const summaries = await cardSummaries(ctx, rows, locale);
  const views: FleetCardView[] = [];
  for (const [i, card] of rows.entries()) {
    const s = summaries[i]!;
    const history = await usageHistory(ctx.db, Number(card.id));
    const f = forecastUsage({
      history: history.map((p) => ({ at: iso(Number(p.as_of)), usedMb: Number(p.used_bytes) / MB })),
      dataLeftBytes: s.dataLeftBytes,
      usageAsOf: s.usageAsOf,
      validUntil: s.validUntil,
      now,
    });
    views.push({
      ...s,
      holderUserId: Number(card.user_id),
      forecastRunsOutAt: f.kind === 'runs_out' ? f.runsOutAt.toISOString() : null,
    });
  }
  return views;
}

/**
 * Hands a card that is not installed from `fromUserId` to `toUserId` (one guarded update: a card installed,
 * or handed on by someone else meanwhile, is left alone) and tells the new holder, with the install link's
 * notice. Inside the caller's transaction; true when this call moved it.
 */
export async function handOverCard(trx: Db, iccid: string, fromUserId: number, toUserId: number, at: number) {
  const res = await trx
    .updateTable('sim_card')
    .set({ user_id: toUserId, updated_at: at })
    .where('iccid', '=', iccid)
    .where('user_id', '=', fromUserId)
    .where('status', '=', 'not_installed')
    .where('kind', '=', 'esim')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  const card = await trx
    .selectFrom('sim_card')
    .select('plan_name')
    .where('iccid', '=', iccid)
    .executeTakeFirstOrThrow();
  await insertNotice(trx, {
    userId: toUserId,
    kind: 'esim_delivered',
    iccid,
    params: { planName: card.plan_name, count: 1 },
    at,
  });
  return true;
}
