import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { findGoodsForSale, findSpec } from '../catalogue';
import { cardsOfOrders, cardsUnfitForTopUp } from '../simcard';
import { BUYER_ROLES } from './company-bulk.service';
import { seatOf } from './company-members.service';
import { batchesOf } from './company.repository';

// Bulk top-ups (issue 28): the company (owner or buyer) tops up several of its eSIMs in one order, placed in
// the company account's name through the shop's checkout (flows/company-topup); on delivery each card gets
// its top-up as a single top-up by ICCID does.

export type TopUpPlan = { ownerUserId: number; specId: number; iccids: string[] };

/**
 * The cards a bulk top-up tops up: those chosen (each must be one of the company's eSIMs:
 * COMPANY_CARD_NOT_FOUND otherwise) or, with `all`, every one not expired; the spec must be a top-up.
 */
export async function planTopUp(
  ctx: AppContext,
  userId: number,
  req: { specId: number; iccids: string[]; all: boolean },
  locale: Locale,
): Promise<TopUpPlan> {
  void locale;
  const seat = await seatOf(ctx, userId, BUYER_ROLES);
  const spec = await findSpec(ctx.db, req.specId);
  const goods = spec && (await findGoodsForSale(ctx.db, Number(spec.goods_id)));
  if (!goods || Number(goods.need_fill_card) !== 1) fail('COMPANY_TOPUP_NOT_TOPUP');
  const batches = await batchesOf(ctx.db, Number(seat.company.id));
  const fleet = await cardsOfOrders(
    ctx.db,
    batches.map((b) => Number(b.order_id)),
  );
  const open = fleet.filter((c) => c.status !== 'expired');
  let iccids: string[];
  if (req.all) {
    // every open card this top-up can serve (a fleet may hold eSIMs for several destinations)
    const unfit = new Set(
      await cardsUnfitForTopUp(
        ctx.db,
        open.map((c) => c.iccid),
        Number(goods.id),
      ),
    );
    iccids = open.map((c) => c.iccid).filter((iccid) => !unfit.has(iccid));
  } else {
    iccids = [...new Set(req.iccids)];
    for (const iccid of iccids) if (!fleet.some((c) => c.iccid === iccid)) fail('COMPANY_CARD_NOT_FOUND');
    if (iccids.some((iccid) => !open.some((c) => c.iccid === iccid))) fail('COMPANY_TOPUP_NO_CARDS');
    const [unfit] = await cardsUnfitForTopUp(ctx.db, iccids, Number(goods.id));
    if (unfit) fail('COMPANY_TOPUP_CARD_UNFIT', { iccid: unfit });
  }
  if (iccids.length === 0) fail('COMPANY_TOPUP_NO_CARDS');
  return { ownerUserId: Number(seat.company.owner_user_id), specId: req.specId, iccids };
}
