import {
  AMOUNT_MAX,
  CART_MAX_LINES,
  cartListResponse,
  withinAmountMax,
  payWayCode,
  type CartAddRequest,
  type CartChangeResponse,
  type CartLine,
  type CartSaleTypeGroups,
  type CartSummary,
  type CartUnavailableReason,
  type Locale,
  type PayWayCode,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lockUserRow, type Db } from '../../platform/db';
import type { CachedAnswer } from '../../platform/answer-cache';
import { buyerCounter } from '../../platform/revisions';
import { cachedTexts, flag01, parseList, pickField } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { t } from '../../platform/messages';
import { formatMoney } from '../../platform/money';
import {
  findGoodsForSale,
  findSpec,
  assertGoodsOnSale,
  cachedRead,
  goodsTag,
  specName,
  type GoodsText,
  type SaleTypeText,
} from '../catalogue';
import {
  clearCartLines,
  countCart,
  deleteCartLines,
  deleteCartSpecs,
  findCartLine,
  findCartLines,
  lineQuantity,
  ownedCartLineIds,
  setCartChecked,
  updateCartLine,
  upsertCartLine,
  type CartLineRow,
} from './cart.repository';

const PAY_WAY_ORDER = payWayCode.options;

// ---------------------------------------------------------------- shaping

/** Why a line cannot be bought now, or null when it can. */
export function unavailableReason(r: CartLineRow): CartUnavailableReason | null {
  if (r.spec_deleted_at !== null || Number(r.spec_status) !== 1 || r.goods_deleted_at !== null)
    return 'removed';
  if (Number(r.on_sale) !== 1 || r.min_price === null) return 'off_sale';
  if (Number(r.stock) <= 0) return 'sold_out';
  return null;
}

/** Pay ways of the goods that the shop offers, in the shop's order. */
const payWaysOf = (json: string, offered: readonly PayWayCode[]) => {
  const own = new Set(parseList(json));
  return PAY_WAY_ORDER.filter((w) => own.has(w) && offered.includes(w));
};

export function toCartLine(r: CartLineRow, locale: Locale, ctx: AppContext): CartLine {
  const reason = unavailableReason(r);
  const price = Number(r.price);
  const quantity = Number(r.quantity);
  return {
    id: Number(r.id),
    specId: Number(r.spec_id),
    goodsId: Number(r.goods_id),
    quantity,
    count: quantity,
    checked: Number(r.checked) === 1,
    specInfo: {
      id: Number(r.spec_id),
      name: specName(
        { texts: r.spec_texts, data_mb: r.data_mb, allowance: r.allowance, validity_days: r.validity_days },
        locale,
      ),
      price,
      originalPrice: r.original_price === null ? null : Number(r.original_price),
      currency: ctx.config.currency,
      stock: Math.max(0, Number(r.stock)),
      picture: r.picture,
      noFreight: flag01(r.no_freight),
    },
    goodsInfo: {
      id: Number(r.goods_id),
      title: pickField(cachedTexts<GoodsText>(`goods:${r.goods_id}`, r.goods_texts), locale, 'title') ?? '',
      mainPic: parseList(r.pictures)[0] ?? null,
      goodsType: flag01(r.goods_type),
      typeId: Number(r.type_id),
      saleTypeId: Number(r.sale_type_id),
      freight: Number(r.freight),
    },
    saleTypeInfo: {
      id: Number(r.sale_type_id),
      code: r.sale_type_code,
      name:
        pickField(
          cachedTexts<SaleTypeText>(`sale_type:${r.sale_type_id}`, r.sale_type_texts),
          locale,
          'name',
        ) ?? r.sale_type_code,
      goodsType: flag01(r.sale_type_goods_type),
      canMixOrder: flag01(r.can_mix_order),
    },
    supportPayWays: payWaysOf(r.pay_ways, ctx.config.payWays),
    needFillCard: flag01(r.need_fill_card),
    supportPointDiscount: flag01(r.support_point_discount),
    available: reason === null,
    unavailableReason: reason,
    subtotal: price * quantity,
    addedAt: new Date(Number(r.created_at)).toISOString(),
  };
}

// ---------------------------------------------------------------- cart-level rules (pure)

/** The lines an order would take: checked and buyable now. */
export const selectedLines = (lines: CartLine[]) => lines.filter((l) => l.checked && l.available);

/** Pay ways every line supports (empty for no lines). */
export function commonPayWays(lines: CartLine[]): PayWayCode[] {
  if (lines.length === 0) return [];
  return PAY_WAY_ORDER.filter((w) => lines.every((l) => l.supportPayWays.includes(w)));
}

/** Whether the points discount can be used: some line, and every line supports it. */
export const pointDiscountSupported = (lines: CartLine[]) =>
  lines.length > 0 && lines.every((l) => l.supportPointDiscount === 1);

/** Whether the order needs a card number (ICCID): any line asks for one. */
export const cardNumberNeeded = (lines: CartLine[]) => lines.some((l) => l.needFillCard === 1);

/**
 * Whether these lines may share one order: lines of one sale type always may; several sale types only
 * when each of them allows mixing. Returns the first sale type that refuses, or null.
 */
export function mixBlocker(lines: Pick<CartLine, 'saleTypeInfo'>[]) {
  const types = new Map(lines.map((l) => [l.saleTypeInfo.id, l.saleTypeInfo]));
  if (types.size <= 1) return null;
  return [...types.values()].find((s) => s.canMixOrder !== 1) ?? null;
}

/** Throws CART_MIX_FORBIDDEN (naming the sale type) when the lines may not share one order. */
export function assertCartMixable(lines: Pick<CartLine, 'saleTypeInfo'>[]) {
  const blocker = mixBlocker(lines);
  if (blocker) fail('CART_MIX_FORBIDDEN', { name: blocker.name });
}

const amountOf = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.subtotal, 0);

function checkoutVerdict(selected: CartLine[], locale: Locale) {
  const blocker = mixBlocker(selected);
  if (blocker)
    return {
      canCheckout: false,
      mixForbidden: true,
      reason: t(locale, 'CART_MIX_FORBIDDEN', { name: blocker.name }),
    };
  if (selected.length === 0)
    return { canCheckout: false, mixForbidden: false, reason: t(locale, 'CART_EMPTY') };
  return { canCheckout: true, mixForbidden: false, reason: null };
}

const groupSaleType = (s: CartLine['saleTypeInfo']) => ({
  id: s.id,
  code: s.code,
  name: s.name,
  goodsType: { type: s.goodsType, canMixOrder: s.canMixOrder },
});

/** Groups lines by sale type, keeping the order of their first line. */
function bySaleType(lines: CartLine[]) {
  const groups = new Map<number, CartLine[]>();
  for (const l of lines) groups.set(l.saleTypeInfo.id, [...(groups.get(l.saleTypeInfo.id) ?? []), l]);
  return [...groups.values()];
}

// ---------------------------------------------------------------- reads

/** The user's cart, newest line first, priced and described by the catalogue now (`db`: a transaction's). */
export async function cartList(ctx: AppContext, userId: number, locale: Locale, db: Db = ctx.db) {
  return (await findCartLines(db, userId)).map((r) => toCartLine(r, locale, ctx));
}

/**
 * The cart as a kept answer (issue 14), in the catalogue's cache: under the cart's revision (which the
 * database moves with any change to its lines) and dropped with the goods it shows (a price, stock or text
 * change invalidates them as it does their detail). One primary-key read when kept.
 */
export async function cartListAnswer(ctx: AppContext, userId: number, locale: Locale): Promise<CachedAnswer> {
  const revision = await buyerCounter(ctx.db, userId, 'cart');
  return cachedRead(
    ctx,
    {
      route: 'cart/list',
      locale,
      input: [userId, revision],
      tags: (lines) => [...new Set(lines.map((l) => goodsTag(l.goodsId)))],
    },
    cartListResponse,
    () => cartList(ctx, userId, locale),
  );
}

/**
 * The checked lines that can be bought now: what checkout starts from. Checkout passes its transaction
 * (after locking the user row), so two concurrent checkouts never both buy the same lines.
 */
export async function checkedCartLines(ctx: AppContext, userId: number, locale: Locale, db: Db = ctx.db) {
  return selectedLines(await cartList(ctx, userId, locale, db));
}

export const cartCount = (ctx: AppContext, userId: number) => countCart(ctx.db, userId);

export const supportedPayMethods = async (ctx: AppContext, userId: number, locale: Locale) =>
  commonPayWays(await checkedCartLines(ctx, userId, locale));

export const checkPointDiscountSupport = async (ctx: AppContext, userId: number, locale: Locale) =>
  pointDiscountSupported(await checkedCartLines(ctx, userId, locale));

export const checkNeedFillCard = async (ctx: AppContext, userId: number, locale: Locale) =>
  cardNumberNeeded(await checkedCartLines(ctx, userId, locale));

/** Every line grouped by sale type (each with saleType.goodsType.canMixOrder), and whether the checked ones can check out. */
export async function saleTypeGroups(
  ctx: AppContext,
  userId: number,
  locale: Locale,
): Promise<CartSaleTypeGroups> {
  const lines = await cartList(ctx, userId, locale);
  const groups = bySaleType(lines).map((group) => {
    const selected = selectedLines(group);
    return {
      saleType: groupSaleType(group[0]!.saleTypeInfo),
      lines: group,
      checkedCount: selected.length,
      checkedAmount: amountOf(selected),
    };
  });
  return { groups, ...checkoutVerdict(selectedLines(lines), locale) };
}

/** Every line grouped by sale type, then by goods. */
export async function groupedByTypeAndGoods(ctx: AppContext, userId: number, locale: Locale) {
  const lines = await cartList(ctx, userId, locale);
  return bySaleType(lines).map((group) => {
    const goods = new Map<number, CartLine[]>();
    for (const l of group) goods.set(l.goodsId, [...(goods.get(l.goodsId) ?? []), l]);
    return {
      saleType: groupSaleType(group[0]!.saleTypeInfo),
      goods: [...goods.values()].map((ls) => ({ goodsInfo: ls[0]!.goodsInfo, lines: ls })),
    };
  });
}

/** Every cart-level answer at once over the checked lines (the cart page footer). */
export async function cartSummary(ctx: AppContext, userId: number, locale: Locale): Promise<CartSummary> {
  return summarize(ctx, await cartList(ctx, userId, locale), locale);
}

function summarize(ctx: AppContext, lines: CartLine[], locale: Locale): CartSummary {
  const selected = selectedLines(lines);
  return {
    count: lines.length,
    checkedCount: selected.length,
    checkedQuantity: selected.reduce((n, l) => n + l.quantity, 0),
    checkedAmount: amountOf(selected),
    currency: ctx.config.currency,
    supportedPayMethods: commonPayWays(selected),
    supportPointDiscount: pointDiscountSupported(selected),
    needFillCard: cardNumberNeeded(selected),
    hasPhysical: selected.some((l) => l.goodsInfo.goodsType === 0),
    ...checkoutVerdict(selected, locale),
  };
}

// ---------------------------------------------------------------- writes

/** Throws unless the spec exists, is enabled and its goods is on sale; returns both rows. */
async function buyableSpec(db: Db, specId: number) {
  const spec = await findSpec(db, specId);
  if (!spec || Number(spec.status) !== 1) return fail('SPEC_NOT_FOUND');
  const goods = await findGoodsForSale(db, Number(spec.goods_id));
  assertGoodsOnSale(goods);
  return { spec, goods };
}

/** Throws CART_ITEM_MISMATCH when what the app sent names another goods or spec than the spec id. */
export function assertClientInfoMatches(
  input: Pick<CartAddRequest, 'goodsInfo' | 'specInfo' | 'specId'>,
  goodsId: number,
) {
  if (input.specInfo?.id !== undefined && input.specInfo.id !== input.specId) fail('CART_ITEM_MISMATCH');
  if (input.goodsInfo?.id !== undefined && input.goodsInfo.id !== goodsId) fail('CART_ITEM_MISMATCH');
}

export function assertInStock(stock: number) {
  if (stock <= 0) fail('STOCK_NOT_ENOUGH');
}

/** Throws CART_AMOUNT_TOO_LARGE when a line of `quantity` at `price` would pass the shop's AMOUNT_MAX. */
export function assertLineWithinAmountMax(ctx: AppContext, price: number, quantity: number, locale: Locale) {
  if (!withinAmountMax(price * quantity))
    fail('CART_AMOUNT_TOO_LARGE', { max: formatMoney(locale, ctx.config.currency, AMOUNT_MAX) });
}

async function changed(
  ctx: AppContext,
  userId: number,
  id: number,
  capped: boolean,
  locale: Locale,
): Promise<CartChangeResponse> {
  const row = await findCartLine(ctx.db, userId, id);
  if (!row) return fail('NOT_FOUND');
  const line = toCartLine(row, locale, ctx);
  return {
    line,
    capped,
    stock: line.specInfo.stock,
    notice: capped ? t(locale, 'CART_STOCK_CAPPED', { stock: line.specInfo.stock }) : null,
  };
}

/**
 * Adds a spec: a new line (quantity 1 by default), or the existing line raised, capped at the stock (the
 * answer says so). Goods, spec and price come from the catalogue; the app's goodsInfo/specInfo only have
 * to name the same goods and spec.
 */
export async function addToCart(ctx: AppContext, userId: number, input: CartAddRequest, locale: Locale) {
  const { spec, goods } = await buyableSpec(ctx.db, input.specId);
  assertClientInfoMatches(input, Number(goods.id));
  const stock = Number(spec.stock);
  assertInStock(stock);
  const at = Date.now();
  const { id, capped } = await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    const before = await lineQuantity(trx, ctx.engine, userId, input.specId);
    if (before === 0 && (await countCart(trx, userId)).count >= CART_MAX_LINES)
      fail('CART_LIMIT_REACHED', { max: CART_MAX_LINES });
    assertLineWithinAmountMax(ctx, Number(spec.price), Math.min(before + input.quantity, stock), locale);
    const row = await upsertCartLine(trx, {
      userId,
      specId: input.specId,
      goodsId: Number(goods.id),
      quantity: input.quantity,
      stock,
      at,
    });
    return { id: Number(row.id), capped: before + input.quantity > stock };
  });
  return changed(ctx, userId, id, capped, locale);
}

/** Sets a line's quantity (1..stock; above the stock it is capped and the answer says so) and/or its checked state. */
export async function updateCart(
  ctx: AppContext,
  userId: number,
  input: { id: number; quantity?: number; checked?: boolean },
  locale: Locale,
) {
  const row = await findCartLine(ctx.db, userId, input.id);
  if (!row) return fail('NOT_FOUND');
  let quantity: number | undefined;
  let capped = false;
  if (input.quantity !== undefined) {
    const reason = unavailableReason(row);
    if (reason === 'removed') fail('SPEC_NOT_FOUND');
    if (reason === 'off_sale') fail('GOODS_OFF_SALE');
    const stock = Number(row.stock);
    assertInStock(stock);
    capped = input.quantity > stock;
    quantity = Math.min(input.quantity, stock);
    assertLineWithinAmountMax(ctx, Number(row.price), quantity, locale);
  }
  await updateCartLine(ctx.db, userId, input.id, {
    ...(quantity !== undefined ? { quantity } : {}),
    ...(input.checked !== undefined ? { checked: input.checked ? 1 : 0 } : {}),
    updated_at: Date.now(),
  });
  return changed(ctx, userId, input.id, capped, locale);
}

/** Checks or unchecks some lines (all of them the user's, else NOT_FOUND) or every line; answers the new summary. */
export async function checkCart(
  ctx: AppContext,
  userId: number,
  input: { ids?: number[]; checked: boolean },
  locale: Locale,
) {
  const ids = input.ids ? [...new Set(input.ids)] : undefined;
  if (ids && (await ownedCartLineIds(ctx.db, userId, ids)).length !== ids.length) fail('NOT_FOUND');
  await setCartChecked(ctx.db, userId, ids, input.checked ? 1 : 0, Date.now());
  return cartSummary(ctx, userId, locale);
}

export async function removeCartLine(ctx: AppContext, userId: number, id: number) {
  const removed = await deleteCartLines(ctx.db, userId, [id]);
  if (removed === 0) fail('NOT_FOUND');
  return { removed };
}

export async function removeCartSpec(ctx: AppContext, userId: number, specId: number) {
  const removed = await deleteCartSpecs(ctx.db, userId, [specId]);
  if (removed === 0) fail('NOT_FOUND');
  return { removed };
}

/** Removes several lines at once: all of them the user's, else NOT_FOUND and nothing is removed. */
export async function batchRemoveCart(ctx: AppContext, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const owned = await ownedCartLineIds(trx, userId, unique);
    if (owned.length !== unique.length) fail('NOT_FOUND');
    return { removed: await deleteCartLines(trx, userId, owned) };
  });
}

/** Empties the cart and answers the (reset) cart-level state. */
export async function clearCart(ctx: AppContext, userId: number, locale: Locale) {
  await clearCartLines(ctx.db, userId);
  return summarize(ctx, [], locale);
}

/** Removes the specs an order bought from the buyer's cart; call inside the order transaction with `trx`. */
export const removeOrderedSpecs = (trx: Db, userId: number, specIds: number[]) =>
  deleteCartSpecs(trx, userId, specIds);

/** Account deletion (user-info's logoff, inside its transaction): the cart goes entirely. */
export const forgetCart = (trx: Db, userId: number) => clearCartLines(trx, userId);
