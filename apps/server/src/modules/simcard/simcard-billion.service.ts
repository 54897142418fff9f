import type { z } from 'zod';
import type {
  cardValidity,
  Locale,
  partnerCommodityPrice,
  partnerCommodityView,
  partnerOrderCreateResponse,
  partnerOrderInfo,
  SimCardOrderDelivery,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { iso } from '../../platform/columns';
import {
  PartnerRejectedError,
  type PartnerCommodity,
  type PlanPartner,
} from '../../providers/plan-partner/plan-partner';
import { adminShipOrder, findOrder, findOrderLines, isPartnerLine } from '../order';
import { paidWaysOfOrders } from '../payment';
import { deliverLine, PENDING_AT_PARTNER, refreshFromPartner } from './simcard-delivery.service';
import {
  deliveriesOfOrder,
  findDeliveryByLine,
  findOwnCard,
  type SimDeliveryRow,
} from './simcard.repository';
import { refreshCardUsage } from './simcard-usage.service';
import { markedUpPrice, pricingRule, type PricingRule } from './simcard-sync.service';
import { cardInfo } from './simcard.service';

/**
 * The plan partner's calls (`app/billion/api`), all through the one adapter (ctx.providers.planPartner).
 * Buyer calls work on the caller's own orders and cards only; the catalogue's wholesale view, logistics
 * updates and cancellations are operators' (admin, role-checked).
 */

function partner(ctx: AppContext): PlanPartner {
  return ctx.providers.planPartner ?? fail('PARTNER_UNAVAILABLE');
}

/** Adapter errors as our errors: a refusal says why, an outage says try later (never a 500). */
async function call<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof PartnerRejectedError) return fail('PARTNER_REJECTED', { reason: err.code });
    return fail('PARTNER_UNAVAILABLE');
  }
}

const commodityView = (rule: PricingRule, c: PartnerCommodity): z.infer<typeof partnerCommodityView> => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  countries: c.countries,
  dataBytes: c.dataBytes,
  validityDays: c.validityDays,
  wholesalePrice: c.price,
  wholesaleCurrency: c.currency,
  ourPrice: markedUpPrice(c.price, rule),
  topUpable: c.topUpable,
});

export const countries = (ctx: AppContext) => call(partner(ctx).countries());
export const logisticsCompanies = (ctx: AppContext) => call(partner(ctx).logisticsCompanies());
export const pickupSites = (ctx: AppContext, country?: string) =>
  call(partner(ctx).pickupSites(country ? { country } : undefined));

export async function commodities(ctx: AppContext, adminId: number, country?: string) {
  await requirePermission(ctx, adminId, 'partner.sync');
  const list = await call(partner(ctx).commodities(country ? { country } : undefined));
  const rule = await pricingRule(ctx);
  return list.map((c) => commodityView(rule, c));
}

export async function commodityPrice(
  ctx: AppContext,
  adminId: number,
  code: string,
): Promise<z.infer<typeof partnerCommodityPrice>> {
  await requirePermission(ctx, adminId, 'partner.sync');
  const c = (await call(partner(ctx).commodity(code))) ?? fail('NOT_FOUND');
  return { ...commodityView(await pricingRule(ctx), c), available: true };
}

/** A partner delivery as operators see it. */
export const lineView = (d: SimDeliveryRow, iccids: string[]) => ({
  orderLineId: Number(d.order_line_id),
  kind: d.kind,
  state: d.state,
  iccids,
});

/** The ICCIDs a delivery gave (or topped up). */
export async function iccidsOf(ctx: AppContext, d: SimDeliveryRow) {
  if (d.kind === 'topup') return d.iccid ? [d.iccid] : [];
  const rows = await ctx.db
    .selectFrom('sim_card')
    .select('iccid')
    .where('order_line_id', '=', d.order_line_id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.iccid);
}

/** How long an eSIM usually takes to arrive; past it the buyer reads that it takes longer than usual. */
export const USUAL_DELIVERY_MS = 2 * 60_000;

/**
 * GET app/simcard/iccid/delivery: the buyer's own order's eSIM and top-up delivery, read only (the order page
 * polls it). `retrying` once an attempt failed or the delivery outlasts the usual time; the job carries on.
 */
export async function orderDeliveryOf(
  ctx: AppContext,
  userId: number,
  orderId: number,
  now = Date.now(),
): Promise<SimCardOrderDelivery> {
  const order = (await findOrder(ctx.db, orderId, userId)) ?? fail('NOT_FOUND');
  const deliveries = await deliveriesOfOrder(ctx.db, orderId);
  const late = (since: number | null) => since !== null && now - since > USUAL_DELIVERY_MS;
  const delivering = order.delivery_state === 'delivering';
  const retrying =
    delivering &&
    (deliveries.length === 0
      ? late(order.paid_at === null ? null : Number(order.paid_at))
      : deliveries.some(
          (d) =>
            d.state === 'delivering' &&
            ((d.last_error !== null && d.last_error !== PENDING_AT_PARTNER) || late(Number(d.created_at))),
        ));
  return {
    orderId,
    delivery: order.delivery_state ?? null,
    retrying,
    lines: await Promise.all(deliveries.map(async (d) => lineView(d, await iccidsOf(ctx, d)))),
  };
}

/**
 * POST /order/card/create and /order/recharge/create: the buyer's paid order's partner orders, made now if
 * the job has not yet (same reference per line: never a second partner order). `kind` picks the lines.
 */
export async function createPartnerOrders(
  ctx: AppContext,
  userId: number,
  orderId: number,
  kind: 'esim' | 'topup',
): Promise<z.infer<typeof partnerOrderCreateResponse>> {
  const order = (await findOrder(ctx.db, orderId, userId)) ?? fail('NOT_FOUND');
  if (order.paid_at === null) fail('ORDER_STATUS_INVALID');
  const lines = (await findOrderLines(ctx.db, [orderId])).filter(isPartnerLine);
  for (const l of lines) {
    const d = await findDeliveryByLine(ctx.db, Number(l.id));
    if (d && d.kind !== kind) continue;
    if (!d || d.state === 'delivering') await deliverLine(ctx, Number(l.id)).catch(() => undefined); // still pending: the job carries on
  }
  const deliveries = (await deliveriesOfOrder(ctx.db, orderId)).filter((d) => d.kind === kind);
  if (deliveries.length === 0) fail('NOT_FOUND');
  const fresh = (await findOrder(ctx.db, orderId, userId))!;
  return {
    orderId,
    delivery: fresh.delivery_state ?? null,
    lines: await Promise.all(deliveries.map(async (d) => lineView(d, await iccidsOf(ctx, d)))),
  };
}

/** POST /order/info: one of the buyer's partner orders, as the partner has it now (no codes here). */
export async function partnerOrderOf(
  ctx: AppContext,
  userId: number,
  orderLineId: number,
): Promise<z.infer<typeof partnerOrderInfo>> {
  const d = await findDeliveryByLine(ctx.db, orderLineId);
  if (!d || Number(d.user_id) !== userId) return fail('NOT_FOUND');
  const remote = await call(refreshFromPartner(ctx, d));
  const now = (await findDeliveryByLine(ctx.db, orderLineId))!;
  return {
    orderLineId,
    reference: now.reference,
    partnerOrderNo: remote?.orderNo ?? now.partner_order_no,
    partnerState: remote?.state ?? null,
    delivery: now.state,
    commodityCode: now.commodity_code,
    iccids: await iccidsOf(ctx, now),
    failureReason: remote?.failureReason ?? null,
  };
}

async function refreshedOwnCard(ctx: AppContext, userId: number, iccid: string) {
  const card = (await findOwnCard(ctx.db, userId, iccid)) ?? fail('SIM_CARD_NOT_FOUND');
  await call(refreshCardUsage(ctx, card));
  return (await findOwnCard(ctx.db, userId, iccid))!;
}

/** POST /plan/usage: the partner's usage of one of the buyer's cards, now. */
export async function planUsage(ctx: AppContext, userId: number, iccid: string, locale: Locale) {
  await refreshedOwnCard(ctx, userId, iccid);
  return cardInfo(ctx, userId, iccid, locale);
}

/** POST /card/validity: status and validity of one of the buyer's cards, now. */
export async function cardValidityOf(
  ctx: AppContext,
  userId: number,
  iccid: string,
): Promise<z.infer<typeof cardValidity>> {
  const card = await refreshedOwnCard(ctx, userId, iccid);
  return {
    iccid,
    status: card.status as z.infer<typeof cardValidity>['status'],
    validFrom: iso(card.valid_from === null ? null : Number(card.valid_from)),
    validUntil: iso(card.valid_until === null ? null : Number(card.valid_until)),
  };
}

/** POST /logistics/update (operators): a physical SIM order ships with a carrier the partner knows. */
export async function updateLogistics(
  ctx: AppContext,
  adminId: number,
  req: { orderId: number; carrier: string; trackingNo: string },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'orders.write');
  const companies = await call(partner(ctx).logisticsCompanies());
  const company =
    companies.find((c) => c.code === req.carrier) ?? fail('VALIDATION', { field: 'carrier', rule: 'oneOf' });
  return adminShipOrder(
    ctx,
    adminId,
    { id: req.orderId, carrier: company.name, trackingNo: req.trackingNo },
    locale,
    paidWaysOfOrders,
  );
}
