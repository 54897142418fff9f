import {
  AMOUNT_MAX,
  chargeStep,
  floorToStep,
  withinAmountMax,
  payWayCode,
  type CartSaleTypeInfo,
  type Locale,
  type OrderLine,
  type OrderQuote,
  type OrderQuoteRequest,
  type PayWayCode,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { formatMoney } from '../../platform/money';
import { buyerPayWays } from '../../platform/pay-ways';
import {
  cachedTexts,
  cachedTextsJson,
  flag01,
  parseList,
  parseTexts,
  pickField,
} from '../../platform/columns';
import { addressInfo, defaultAddress } from '../address';
import { assertCartMixable, checkedCartLines } from '../cart';
import {
  assertGoodsOnSale,
  findGoodsForSale,
  findSaleType,
  findSpec,
  specName,
  type GoodsText,
  type SaleTypeText,
} from '../catalogue';
import { applicableCoupons, priceUserCoupon, type CouponLine } from '../coupon';
import { pointsQuote } from '../points';
import { accountKindOf } from '../user-info';
import { ledgerBalance } from '../wallet';

// Pricing: what the lines of a checkout cost now, by the catalogue and the shop's rules (quote and create).

/** A line priced from the catalogue now, with what checkout needs to know about its goods. */
export type PricedLine = OrderLine & {
  stock: number;
  typeId: number;
  saleTypeInfo: CartSaleTypeInfo;
  payWays: PayWayCode[];
  supportPointDiscount: 0 | 1;
  /** The goods' freight (minor units), as its snapshot records it. */
  freight: number;
  goodsSnapshot: string;
  specSnapshot: string;
};

export type Item = { specId: number; quantity: number };

/** Prices the items from the catalogue (pass `trx` inside the order transaction); throws when one cannot be bought. */
export async function priceItems(
  db: Db,
  ctx: AppContext,
  items: Item[],
  locale: Locale,
): Promise<PricedLine[]> {
  const out: PricedLine[] = [];
  for (const item of items) {
    const spec = await findSpec(db, item.specId);
    if (!spec || Number(spec.status) !== 1) return fail('SPEC_NOT_FOUND');
    const goods = await findGoodsForSale(db, Number(spec.goods_id));
    assertGoodsOnSale(goods);
    const saleType = await findSaleType(db, Number(goods.sale_type_id));
    const textsKey = `goods:${goods.id}`;
    const goodsTexts = cachedTexts<GoodsText>(textsKey, goods.texts);
    const title = pickField(goodsTexts, locale, 'title') ?? '';
    const name = specName(spec, locale);
    const stock = Math.max(0, Number(spec.stock));
    if (stock < item.quantity) fail('ORDER_STOCK_NOT_ENOUGH', { name: `${title} ${name}`.trim(), stock });
    const own = new Set(parseList(goods.pay_ways));
    const price = Number(spec.price);
    const picture = spec.picture ?? parseList(goods.pictures)[0] ?? null;
    const freight = Number(goods.freight);
    out.push({
      id: 0,
      goodsId: Number(goods.id),
      specId: Number(spec.id),
      title,
      specName: name,
      picture,
      price,
      quantity: item.quantity,
      subtotal: price * item.quantity,
      goodsType: flag01(goods.goods_type),
      noFreight: flag01(spec.no_freight),
      needFillCard: flag01(goods.need_fill_card),
      commented: false,
      stock,
      typeId: Number(goods.type_id),
      saleTypeInfo: {
        id: Number(goods.sale_type_id),
        code: saleType?.code ?? '',
        name:
          pickField(parseTexts<SaleTypeText>(saleType?.texts ?? null), locale, 'name') ??
          saleType?.code ??
          '',
        goodsType: flag01(saleType?.goods_type ?? goods.goods_type),
        canMixOrder: flag01(saleType?.can_mix_order ?? 0),
      },
      payWays: payWayCode.options.filter((w) => own.has(w) && ctx.config.payWays.includes(w)),
      supportPointDiscount: flag01(goods.support_point_discount),
      freight,
      // JSON.stringify({ texts, picture, ... }), the texts' JSON made once per content
      goodsSnapshot: `{"texts":${cachedTextsJson(textsKey, goods.texts)},${JSON.stringify({
        picture,
        typeId: Number(goods.type_id),
        saleTypeId: Number(goods.sale_type_id),
        freight,
        needFillCard: flag01(goods.need_fill_card),
      }).slice(1)}`,
      specSnapshot: JSON.stringify({
        texts: spec.texts,
        data_mb: spec.data_mb,
        allowance: spec.allowance,
        validity_days: spec.validity_days,
        sku: spec.sku,
      }),
    });
  }
  return out;
}

/** Lines that travel by carrier: physical and not collected (no-freight specs). */
const shipsByCarrier = (l: Pick<OrderLine, 'goodsType' | 'noFreight'>) =>
  l.goodsType === 0 && l.noFreight === 0;

/**
 * Shipping of an order: one parcel, charged the highest freight of its shipped goods; free from the shop's
 * free-shipping total (goods total before discounts); nothing when no line ships.
 */
export function shippingOf(
  lines: (Pick<OrderLine, 'goodsType' | 'noFreight' | 'subtotal'> & { freight: number })[],
  freeShippingMin: number | null,
) {
  const base = Math.max(0, ...lines.filter(shipsByCarrier).map((l) => l.freight));
  const goodsAmount = lines.reduce((s, l) => s + l.subtotal, 0);
  const free = base > 0 && freeShippingMin !== null && goodsAmount >= freeShippingMin;
  return { shippingAmount: free ? 0 : base, shippingFree: free };
}

/**
 * The payable total of an order (quote and create; issue 25, defect 8): goods and shipping less the coupon
 * and the points. Each discount is already a whole number of the currency's charge steps, rounded down
 * (`computeCouponDiscount`, `pointsQuote`), so with prices and freight in whole steps the total is too: the
 * discounts round down, the payable total rounds up. A price or freight with cents (the console takes
 * them) is the one case left: its total is rounded DOWN to the step, the shop giving up the cents, so the
 * order stays chargeable and the buyer never pays more than the prices shown. Never negative.
 */
export function payableTotal(
  currency: string,
  a: { goodsAmount: number; shippingAmount: number; couponDiscount: number; pointsDiscount: number },
) {
  const rest = a.goodsAmount + a.shippingAmount - a.couponDiscount - a.pointsDiscount;
  return floorToStep(rest, chargeStep(currency));
}

export const couponLinesOf = (lines: PricedLine[]): CouponLine[] =>
  lines.map((l) => ({ goodsId: l.goodsId, typeId: l.typeId, amount: l.subtotal }));

const commonPayWays = (lines: PricedLine[]) =>
  lines.length === 0 ? [] : payWayCode.options.filter((w) => lines.every((l) => l.payWays.includes(w)));

/**
 * Throws ORDER_AMOUNT_TOO_LARGE unless every line and the total are within the shop's AMOUNT_MAX: checked
 * before anything is written, so an order that could not be answered (or paid) is never made.
 */
export function assertOrderWithinAmountMax(
  ctx: AppContext,
  lines: Pick<OrderLine, 'subtotal'>[],
  total: number,
  locale: Locale,
) {
  if (!lines.every((l) => withinAmountMax(l.subtotal)) || !withinAmountMax(total))
    fail('ORDER_AMOUNT_TOO_LARGE', { max: formatMoney(locale, ctx.config.currency, AMOUNT_MAX) });
}

/**
 * Everything the rules decide about priced lines for this buyer (`buyerKind`: bank transfer is for company
 * accounts); the coupon discount is priced by the caller.
 */
export function checkoutFacts(
  ctx: AppContext,
  lines: PricedLine[],
  locale: Locale,
  buyerKind: string | null,
) {
  assertCartMixable(lines);
  const goodsAmount = lines.reduce((s, l) => s + l.subtotal, 0);
  const shipping = shippingOf(lines, ctx.config.order.freeShippingMin);
  assertOrderWithinAmountMax(ctx, lines, goodsAmount + shipping.shippingAmount, locale);
  return {
    goodsAmount,
    ...shipping,
    payMethods: buyerPayWays(ctx, commonPayWays(lines), buyerKind),
    needFillCard: lines.some((l) => l.needFillCard === 1),
    needAddress: lines.some(shipsByCarrier),
    supportPointDiscount: lines.length > 0 && lines.every((l) => l.supportPointDiscount === 1),
  };
}

const publicLine = (l: PricedLine): OrderLine => ({
  id: l.id,
  goodsId: l.goodsId,
  specId: l.specId,
  title: l.title,
  specName: l.specName,
  picture: l.picture,
  price: l.price,
  quantity: l.quantity,
  subtotal: l.subtotal,
  goodsType: l.goodsType,
  noFreight: l.noFreight,
  needFillCard: l.needFillCard,
  commented: false,
});

/** What checkout buys: one spec ("buy now"), or the checked, buyable cart lines (CART_EMPTY when none). */
export async function checkoutItems(
  ctx: AppContext,
  userId: number,
  req: Pick<OrderQuoteRequest, 'buyNow'>,
  locale: Locale,
  db: Db = ctx.db,
): Promise<Item[]> {
  if (req.buyNow) return [{ specId: req.buyNow.specId, quantity: req.buyNow.quantity }];
  const lines = await checkedCartLines(ctx, userId, locale, db);
  if (lines.length === 0) fail('CART_EMPTY');
  return lines.map((l) => ({ specId: l.specId, quantity: l.quantity }));
}

/** The chosen address (the caller's, else NOT_FOUND), or the default one when none is chosen. */
export async function chosenAddress(
  ctx: AppContext,
  userId: number,
  addressId: number | null | undefined,
  locale: Locale,
) {
  if (addressId) return addressInfo(ctx, userId, addressId, locale);
  return defaultAddress(ctx, userId, locale);
}

/**
 * What the caller's points would take off an order of `total` (after the coupon) when the buyer switches them
 * on and every line supports them: the same rule (`pointsQuote`) and inputs the pay step's usePoint applies
 * to the order this checkout creates (due = total, as nothing is paid yet).
 */
async function quotedPoints(ctx: AppContext, userId: number, wanted: boolean, total: number) {
  if (!wanted || !ctx.config.payWays.includes('points') || total <= 0)
    return { usablePoints: 0, discount: 0 };
  const points = await ledgerBalance(ctx.db, 'points', userId);
  return pointsQuote(ctx.config.points, total, total, points);
}

/** The submit page's price breakdown, computed by the server from the catalogue and the caller's coupon. */
export async function quoteOrder(
  ctx: AppContext,
  userId: number,
  req: OrderQuoteRequest,
  locale: Locale,
): Promise<OrderQuote> {
  const [lines, buyerKind] = await Promise.all([
    checkoutItems(ctx, userId, req, locale).then((items) => priceItems(ctx.db, ctx, items, locale)),
    accountKindOf(ctx, userId),
  ]);
  const facts = checkoutFacts(ctx, lines, locale, buyerKind);
  const couponLines = couponLinesOf(lines);
  const currency = ctx.config.currency;
  const couponDiscount = req.userCouponId
    ? (await priceUserCoupon(ctx.db, userId, req.userCouponId, couponLines, chargeStep(currency))).discount
    : 0;
  const address = facts.needAddress ? await chosenAddress(ctx, userId, req.addressId, locale) : null;
  const amounts = { goodsAmount: facts.goodsAmount, shippingAmount: facts.shippingAmount, couponDiscount };
  // the points go to the order's total as checkout creates it (the coupon taken off), as usePoint sees it
  const { discount: pointsDiscount, usablePoints } = await quotedPoints(
    ctx,
    userId,
    req.usePoints && facts.supportPointDiscount,
    payableTotal(currency, { ...amounts, pointsDiscount: 0 }),
  );
  return {
    currency,
    ...amounts,
    pointsDiscount,
    pointsUsed: usablePoints,
    totalAmount: payableTotal(currency, { ...amounts, pointsDiscount }),
    lines: lines.map((l) => ({ ...publicLine(l), payWays: l.payWays, stock: l.stock })),
    payMethods: facts.payMethods,
    needFillCard: facts.needFillCard,
    needAddress: facts.needAddress,
    supportPointDiscount: facts.supportPointDiscount,
    freeShippingMin: ctx.config.order.freeShippingMin,
    shippingFree: facts.shippingFree,
    address,
    coupons: await applicableCoupons(ctx, userId, couponLines, locale),
    userCouponId: req.userCouponId ?? null,
  };
}
