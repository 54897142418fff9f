import crypto from 'node:crypto';
import { ulid } from 'ulid';
import {
  AMOUNT_MAX,
  ORDER_STATUS,
  withinAmountMax,
  ORDER_TABS,
  payWayCode,
  type Address,
  type CartSaleTypeInfo,
  type Locale,
  type Order,
  type OrderCreateRequest,
  type OrderDetail,
  type OrderLine,
  type OrderQuote,
  type OrderQuoteRequest,
  type OrderTab,
  type PayWayCode,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { formatMoney } from '../../platform/money';
import { uploadOwnedBy } from '../../platform/upload';
import { requireRole } from '../admin/admin.service';
import { lockUserRow } from '../address/address.repository';
import { addressInfo, defaultAddress } from '../address/address.service';
import { assertCartMixable, checkedCartLines, removeOrderedSpecs } from '../cart/cart.service';
import {
  findGoods,
  findSaleType,
  findSpec,
  insertGoodsComment,
  returnStock,
  takeStock,
} from '../catalogue/catalogue.repository';
import { invalidateGoods } from '../catalogue/catalogue.cache';
import {
  assertGoodsOnSale,
  specName,
  type GoodsText,
  type SaleTypeText,
} from '../catalogue/catalogue.service';
import { parseList, parseTexts, pickField } from '../catalogue/catalogue.text';
import {
  applicableCoupons,
  priceUserCoupon,
  returnCoupon,
  useCoupon,
  type CouponLine,
} from '../coupon/coupon.service';
import { findDictItems, findDictTypes } from '../dict/dict.repository';
import { enqueueRefund, flagLatePaymentRefund } from './order.refunds';
import {
  countByStatus,
  countUnpaidOrders,
  countUncommentedLines,
  decideRefund,
  dueOrders,
  findOrder,
  findOrderByKey,
  findOrderLines,
  findOrderLog,
  findTracking,
  insertOrder,
  insertOrderLines,
  insertOrderLog,
  insertRefund,
  insertTracking,
  latestRefunds,
  markLineCommented,
  moveOrderStatus,
  queryOrders,
  updateOrderFields,
  type OrderLineRow,
  type OrderRefundRow,
  type OrderRow,
} from './order.repository';

const S = ORDER_STATUS;
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const flag01 = (v: number) => (Number(v) === 1 ? 1 : 0) as 0 | 1;
/** Roles that may ship orders and decide refunds; support staff read only. */
const ORDER_OPERATORS = ['super', 'operator'] as const;

type Actor = { kind: 'user' | 'admin' | 'system'; id: number | null };

// ---------------------------------------------------------------- pricing (quote and create)

/** A line priced from the catalogue now, with what checkout needs to know about its goods. */
type PricedLine = OrderLine & {
  stock: number;
  typeId: number;
  saleTypeInfo: CartSaleTypeInfo;
  payWays: PayWayCode[];
  supportPointDiscount: 0 | 1;
  goodsSnapshot: string;
  specSnapshot: string;
};

type Item = { specId: number; quantity: number };

/** Prices the items from the catalogue (pass `trx` inside the order transaction); throws when one cannot be bought. */
async function priceItems(db: Db, ctx: AppContext, items: Item[], locale: Locale): Promise<PricedLine[]> {
  const out: PricedLine[] = [];
  for (const item of items) {
    const spec = await findSpec(db, item.specId);
    if (!spec || Number(spec.status) !== 1) return fail('SPEC_NOT_FOUND');
    const goods = await findGoods(db, Number(spec.goods_id));
    assertGoodsOnSale(goods);
    const saleType = await findSaleType(db, Number(goods.sale_type_id));
    const goodsTexts = parseTexts<GoodsText>(goods.texts);
    const title = pickField(goodsTexts, locale, 'title') ?? '';
    const name = specName(spec, locale);
    const stock = Math.max(0, Number(spec.stock));
    if (stock < item.quantity) fail('ORDER_STOCK_NOT_ENOUGH', { name: `${title} ${name}`.trim(), stock });
    const own = new Set(parseList(goods.pay_ways));
    const price = Number(spec.price);
    const picture = spec.picture ?? parseList(goods.pictures)[0] ?? null;
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
      goodsSnapshot: JSON.stringify({
        texts: goodsTexts,
        picture,
        typeId: Number(goods.type_id),
        saleTypeId: Number(goods.sale_type_id),
        freight: Number(goods.freight),
        needFillCard: flag01(goods.need_fill_card),
      }),
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

const couponLinesOf = (lines: PricedLine[]): CouponLine[] =>
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

/** Everything the rules decide about priced lines; the coupon discount is priced by the caller. */
function checkoutFacts(ctx: AppContext, lines: PricedLine[], locale: Locale) {
  assertCartMixable(lines);
  const goodsAmount = lines.reduce((s, l) => s + l.subtotal, 0);
  const shipping = shippingOf(
    lines.map((l) => ({ ...l, freight: (JSON.parse(l.goodsSnapshot) as { freight: number }).freight })),
    ctx.config.order.freeShippingMin,
  );
  assertOrderWithinAmountMax(ctx, lines, goodsAmount + shipping.shippingAmount, locale);
  return {
    goodsAmount,
    ...shipping,
    payMethods: commonPayWays(lines),
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
async function checkoutItems(
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
async function chosenAddress(
  ctx: AppContext,
  userId: number,
  addressId: number | null | undefined,
  locale: Locale,
) {
  if (addressId) return addressInfo(ctx, userId, addressId, locale);
  return defaultAddress(ctx, userId, locale);
}

/** The submit page's price breakdown, computed by the server from the catalogue and the caller's coupon. */
export async function quoteOrder(
  ctx: AppContext,
  userId: number,
  req: OrderQuoteRequest,
  locale: Locale,
): Promise<OrderQuote> {
  const lines = await priceItems(ctx.db, ctx, await checkoutItems(ctx, userId, req, locale), locale);
  const facts = checkoutFacts(ctx, lines, locale);
  const couponLines = couponLinesOf(lines);
  const couponDiscount = req.userCouponId
    ? (await priceUserCoupon(ctx.db, userId, req.userCouponId, couponLines)).discount
    : 0;
  const address = facts.needAddress ? await chosenAddress(ctx, userId, req.addressId, locale) : null;
  const pointsDiscount = 0; // priced by the payments issue (points ledger)
  return {
    currency: ctx.config.currency,
    goodsAmount: facts.goodsAmount,
    shippingAmount: facts.shippingAmount,
    couponDiscount,
    pointsDiscount,
    totalAmount: Math.max(0, facts.goodsAmount + facts.shippingAmount - couponDiscount - pointsDiscount),
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

// ---------------------------------------------------------------- create

/** Throws ORDER_UNPAID_LIMIT when the user already holds the configured number of unpaid orders (under the user lock). */
async function assertUnpaidUnderLimit(ctx: AppContext, trx: Db, userId: number) {
  const max = ctx.config.order.maxUnpaid;
  if ((await countUnpaidOrders(trx, userId)) >= max) fail('ORDER_UNPAID_LIMIT', { max });
}

export function assertPayWaySupported(payWay: PayWayCode, payMethods: PayWayCode[]) {
  if (!payMethods.includes(payWay)) fail('ORDER_PAY_WAY_UNSUPPORTED');
}
export function assertCardNumberGiven(needFillCard: boolean, cardNumber: string | undefined) {
  if (needFillCard && !cardNumber) fail('ORDER_CARD_NUMBER_REQUIRED');
}
export function assertAddressGiven(
  needAddress: boolean,
  address: Address | null,
): asserts address is Address {
  if (needAddress && !address) fail('ORDER_ADDRESS_REQUIRED');
}

/** A human-readable order number: the UTC date and ten random digits. */
export function newOrderNo(at: number) {
  const d = new Date(at);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${day}${String(crypto.randomInt(0, 1e10)).padStart(10, '0')}`;
}

const logEntry = (
  orderId: number,
  from: number | null,
  to: number,
  action: string,
  actor: Actor,
  note: string | null,
  at: number,
) => ({
  order_id: orderId,
  from_status: from,
  to_status: to,
  action,
  actor: actor.kind,
  actor_id: actor.id,
  note,
  created_at: at,
});

/**
 * Opens an order in one transaction: re-prices from the catalogue, takes stock (conditional, logged), uses
 * the coupon, snapshots goods/spec/prices/address, removes the bought lines from the cart, status 0 with a
 * payment deadline. With an idempotency key a repeat (even a concurrent one) answers the same order.
 */
export async function createOrder(
  ctx: AppContext,
  userId: number,
  req: OrderCreateRequest,
  locale: Locale,
): Promise<OrderDetail> {
  const key = req.idempotencyKey ?? null;
  if (key) {
    const seen = await findOrderByKey(ctx.db, userId, key);
    if (seen) return orderDetail(ctx, userId, Number(seen.id), locale);
  }
  const at = Date.now();
  let orderId: number;
  let goodsIds: number[] = [];
  try {
    // user-owned and read outside the transaction (the address module reads through ctx.db); snapshotted below
    const address = await chosenAddress(ctx, userId, req.addressId, locale);
    orderId = await ctx.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, ctx.engine, userId);
      if (key) {
        const seen = await findOrderByKey(trx, userId, key);
        if (seen) return Number(seen.id);
      }
      await assertUnpaidUnderLimit(ctx, trx, userId);
      // the cart is read after the lock: a concurrent checkout of the same cart waits, then finds it bought
      const items = await checkoutItems(ctx, userId, req, locale, trx);
      // stock is taken in spec order so two multi-line orders never wait on each other (PostgreSQL deadlocks)
      const lines = (await priceItems(trx, ctx, items, locale)).sort((a, b) => a.specId - b.specId);
      const facts = checkoutFacts(ctx, lines, locale);
      assertPayWaySupported(req.payWay, facts.payMethods);
      assertCardNumberGiven(facts.needFillCard, req.cardNumber);
      if (facts.needAddress) assertAddressGiven(true, address);
      const coupon = req.userCouponId
        ? await priceUserCoupon(trx, userId, req.userCouponId, couponLinesOf(lines), at)
        : null;
      const couponDiscount = coupon?.discount ?? 0;
      const id = await insertOrder(trx, {
        public_id: ulid(),
        order_no: newOrderNo(at),
        user_id: userId,
        status: S.PENDING_PAYMENT,
        idempotency_key: key,
        currency: ctx.config.currency,
        goods_amount: facts.goodsAmount,
        shipping_amount: facts.shippingAmount,
        coupon_discount: couponDiscount,
        points_discount: 0,
        total_amount: Math.max(0, facts.goodsAmount + facts.shippingAmount - couponDiscount),
        pay_way: req.payWay,
        user_coupon_id: coupon ? req.userCouponId! : null,
        card_number: facts.needFillCard ? req.cardNumber! : null,
        note: req.note,
        address: facts.needAddress ? JSON.stringify(address) : null,
        virtual_only: lines.every((l) => l.goodsType === 1) ? 1 : 0,
        pay_deadline: at + ctx.config.order.payMinutes * 60_000,
        paid_at: null,
        shipped_at: null,
        received_at: null,
        completed_at: null,
        closed_at: null,
        close_reason: null,
        carrier: null,
        tracking_no: null,
        created_at: at,
        updated_at: at,
      });
      for (const l of lines) {
        const taken = await takeStock(
          trx,
          {
            specId: l.specId,
            quantity: l.quantity,
            orderId: id,
            type: l.goodsType === 0 && l.noFreight === 1 ? 'no_freight_goods' : 'order',
          },
          at,
        );
        if (!taken) fail('ORDER_STOCK_NOT_ENOUGH', { name: `${l.title} ${l.specName}`.trim(), stock: 0 });
      }
      if (coupon) await useCoupon(trx, req.userCouponId!, id, { userId, at });
      await insertOrderLines(
        trx,
        lines.map((l) => ({
          order_id: id,
          goods_id: l.goodsId,
          spec_id: l.specId,
          quantity: l.quantity,
          price: l.price,
          amount: l.subtotal,
          goods_type: l.goodsType,
          no_freight: l.noFreight,
          goods_snapshot: l.goodsSnapshot,
          spec_snapshot: l.specSnapshot,
          comment_id: null,
        })),
      );
      if (!req.buyNow)
        await removeOrderedSpecs(
          trx,
          userId,
          lines.map((l) => l.specId),
        );
      await insertOrderLog(
        trx,
        logEntry(id, null, S.PENDING_PAYMENT, 'create', { kind: 'user', id: userId }, null, at),
      );
      goodsIds = lines.map((l) => l.goodsId);
      return id;
    });
  } catch (err) {
    // a concurrent twin with the same key committed first: its order is the answer
    const seen = key ? await findOrderByKey(ctx.db, userId, key) : undefined;
    if (!seen) throw err;
    orderId = Number(seen.id);
  }
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  return orderDetail(ctx, userId, orderId, locale);
}

// ---------------------------------------------------------------- transitions

/** Moves an order with a guarded update and logs it; ORDER_STATUS_INVALID when it is not in `from`. */
async function transition(
  trx: Db,
  order: Pick<OrderRow, 'id'>,
  from: number,
  to: number,
  action: string,
  actor: Actor,
  opts: { set?: Parameters<typeof moveOrderStatus>[4]; note?: string | null; at: number },
) {
  const moved = await moveOrderStatus(trx, Number(order.id), from, to, { ...opts.set, updated_at: opts.at });
  if (!moved) fail('ORDER_STATUS_INVALID');
  await insertOrderLog(trx, logEntry(Number(order.id), from, to, action, actor, opts.note ?? null, opts.at));
}

export function assertStatusIn(order: Pick<OrderRow, 'status'>, allowed: readonly number[]) {
  if (!allowed.includes(Number(order.status))) fail('ORDER_STATUS_INVALID');
}

/** The user's order, or NOT_FOUND (anyone else's orders do not exist for them). */
async function ownOrder(db: Db, userId: number, id: number) {
  const row = await findOrder(db, id, userId);
  if (!row) return fail('NOT_FOUND');
  return row;
}

/** Puts an unpaid order's stock and coupon back and closes it (0 -> 7); inside the caller's transaction. */
async function closeOrder(
  trx: Db,
  order: OrderRow,
  reason: 'cancelled' | 'expired',
  actor: Actor,
  at: number,
) {
  await transition(
    trx,
    order,
    S.PENDING_PAYMENT,
    S.CLOSED,
    reason === 'cancelled' ? 'cancel' : 'expire',
    actor,
    {
      set: { closed_at: at, close_reason: reason },
      at,
    },
  );
  const lines = await findOrderLines(trx, [Number(order.id)]);
  for (const l of [...lines].sort((a, b) => Number(a.spec_id) - Number(b.spec_id)))
    await returnStock(
      trx,
      { specId: Number(l.spec_id), quantity: Number(l.quantity), orderId: Number(order.id) },
      at,
    );
  if (order.user_coupon_id !== null) await returnCoupon(trx, Number(order.user_coupon_id), Number(order.id));
  return lines.map((l) => Number(l.goods_id));
}

/** The buyer cancels an unpaid order (0 -> 7): stock and coupon come back. */
export async function cancelOrder(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const at = Date.now();
  const goodsIds = await ctx.db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, userId, id);
    assertStatusIn(order, [S.PENDING_PAYMENT]);
    return closeOrder(trx, order, 'cancelled', { kind: 'user', id: userId }, at);
  });
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  return orderDetail(ctx, userId, id, locale);
}

/**
 * Records a verified payment (for the payments issue, inside its transaction): 0 -> 1, or for an order of
 * virtual goods only 0 -> 3 (fulfilled at once, as plans and eSIMs are). A payment after the deadline never
 * opens the order: it closes here (0 -> 7, stock and coupon back) and the payment (`amount`, default the
 * total) goes on the refund job; false. Also false when the order is not pending payment any more (closed or
 * already paid): the caller refunds or flags that payment.
 */
export async function markOrderPaid(
  trx: Db,
  orderId: number,
  opts: { at?: number; note?: string; amount?: number } = {},
) {
  const at = opts.at ?? Date.now();
  const order = await findOrder(trx, orderId);
  if (!order || Number(order.status) !== S.PENDING_PAYMENT) return false;
  if (Number(order.pay_deadline) <= at) {
    const system: Actor = { kind: 'system', id: null };
    const closed = await closeOrder(trx, order, 'expired', system, at).catch((err: unknown) => {
      // the closer or a cancel won the guarded update first: the order is closed, the caller flags the payment
      if (err instanceof AppError && err.codeName === 'ORDER_STATUS_INVALID') return null;
      throw err;
    });
    if (!closed) return false;
    await insertOrderLog(
      trx,
      logEntry(orderId, S.CLOSED, S.CLOSED, 'late_payment', system, opts.note ?? null, at),
    );
    await flagLatePaymentRefund(trx, order, { amount: opts.amount, note: opts.note, at });
    return false;
  }
  const virtual = Number(order.virtual_only) === 1;
  const to = virtual ? S.PENDING_REVIEW : S.PENDING_SHIPMENT;
  const moved = await moveOrderStatus(trx, orderId, S.PENDING_PAYMENT, to, {
    paid_at: at,
    updated_at: at,
    ...(virtual ? { received_at: at } : {}),
  });
  if (!moved) return false;
  await insertOrderLog(
    trx,
    logEntry(orderId, S.PENDING_PAYMENT, to, 'pay', { kind: 'system', id: null }, opts.note ?? null, at),
  );
  return true;
}

/** The buyer confirms receipt (2 -> 3). */
export async function confirmOrder(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, userId, id);
    assertStatusIn(order, [S.PENDING_RECEIPT]);
    await transition(
      trx,
      order,
      S.PENDING_RECEIPT,
      S.PENDING_REVIEW,
      'confirm',
      { kind: 'user', id: userId },
      {
        set: { received_at: at },
        at,
      },
    );
  });
  return orderDetail(ctx, userId, id, locale);
}

/** The values of the refundReason dictionary. */
async function refundReasons(db: Db) {
  const types = await findDictTypes(db, ['refundReason']);
  const items = await findDictItems(
    db,
    types.map((t) => t.id),
  );
  return new Set(items.map((i) => i.value ?? String(i.id)));
}

async function assertPicturesOwned(db: Db, userId: number, pictures: string[]) {
  for (const url of pictures) if (!(await uploadOwnedBy(db, url, userId))) fail('ORDER_PICTURE_NOT_OWNED');
}

/** The buyer asks for a refund (1, 2 or 3 -> 5) with a reason from the dictionary, a description and pictures. */
export async function requestRefund(
  ctx: AppContext,
  userId: number,
  req: { id: number; reason: string; description: string; pictures: string[] },
  locale: Locale,
) {
  await ownOrder(ctx.db, userId, req.id);
  if (!(await refundReasons(ctx.db)).has(req.reason)) fail('ORDER_REFUND_REASON_INVALID');
  await assertPicturesOwned(ctx.db, userId, req.pictures);
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, userId, req.id);
    const from = Number(order.status);
    assertStatusIn(order, [S.PENDING_SHIPMENT, S.PENDING_RECEIPT, S.PENDING_REVIEW]);
    await transition(
      trx,
      order,
      from,
      S.REFUNDING,
      'refund',
      { kind: 'user', id: userId },
      { note: req.reason, at },
    );
    await insertRefund(trx, {
      order_id: Number(order.id),
      from_status: from,
      state: 'requested',
      reason: req.reason,
      description: req.description,
      pictures: JSON.stringify(req.pictures),
      amount: Number(order.total_amount),
      provider_state: null,
      provider_ref: null,
      reject_reason: null,
      admin_id: null,
      requested_at: at,
      decided_at: null,
    });
  });
  return orderDetail(ctx, userId, req.id, locale);
}

/** What a buyer may change before shipment (0 or 1): the address (of an order that ships) and the note. */
export async function updateOrder(
  ctx: AppContext,
  userId: number,
  req: { id: number; addressId?: number; note?: string },
  locale: Locale,
) {
  const order = await ownOrder(ctx.db, userId, req.id);
  assertStatusIn(order, [S.PENDING_PAYMENT, S.PENDING_SHIPMENT]);
  let address: string | undefined;
  if (req.addressId !== undefined) {
    if (order.address === null) fail('ORDER_STATUS_INVALID'); // nothing of this order ships
    address = JSON.stringify(await addressInfo(ctx, userId, req.addressId, locale));
  }
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const done = await updateOrderFields(trx, req.id, [S.PENDING_PAYMENT, S.PENDING_SHIPMENT], {
      ...(address !== undefined ? { address } : {}),
      ...(req.note !== undefined ? { note: req.note } : {}),
      updated_at: at,
    });
    if (!done) fail('ORDER_STATUS_INVALID');
    const status = Number(order.status);
    await insertOrderLog(
      trx,
      logEntry(
        req.id,
        status,
        status,
        'update',
        { kind: 'user', id: userId },
        address ? 'address' : 'note',
        at,
      ),
    );
  });
  return orderDetail(ctx, userId, req.id, locale);
}

// ---------------------------------------------------------------- reviews

/** Reviews one line of a pending-review order; when every line is reviewed the order completes (3 -> 4). */
export async function submitOrderComment(
  ctx: AppContext,
  userId: number,
  req: {
    orderId: number;
    specId: number;
    rating: number;
    content: string;
    pictures: string[];
    anonymous: 0 | 1;
  },
) {
  const order = await ownOrder(ctx.db, userId, req.orderId);
  assertStatusIn(order, [S.PENDING_REVIEW]);
  const line = (await findOrderLines(ctx.db, [req.orderId])).find((l) => Number(l.spec_id) === req.specId);
  if (!line) return fail('NOT_FOUND');
  await assertPicturesOwned(ctx.db, userId, req.pictures);
  const user = await ctx.db
    .selectFrom('user')
    .select(['nickname', 'avatar_url'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const at = Date.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await ownOrder(trx, userId, req.orderId);
    assertStatusIn(fresh, [S.PENDING_REVIEW]);
    const id = await insertGoodsComment(trx, {
      goodsId: Number(line.goods_id),
      specId: req.specId,
      orderId: req.orderId,
      userId,
      nickname: user.nickname,
      avatarUrl: user.avatar_url,
      anonymous: req.anonymous,
      rating: req.rating,
      content: req.content,
      pictures: req.pictures,
      createdAt: at,
    });
    if (!(await markLineCommented(trx, req.orderId, req.specId, id))) fail('ORDER_LINE_ALREADY_COMMENTED');
    const completed = (await countUncommentedLines(trx, req.orderId)) === 0;
    if (completed)
      await transition(
        trx,
        fresh,
        S.PENDING_REVIEW,
        S.COMPLETED,
        'review',
        { kind: 'user', id: userId },
        {
          set: { completed_at: at },
          at,
        },
      );
    return { id, completed };
  });
  invalidateGoods(ctx, Number(line.goods_id));
  return {
    id: result.id,
    orderStatus: result.completed ? S.COMPLETED : S.PENDING_REVIEW,
    completed: result.completed,
  };
}

// ---------------------------------------------------------------- timers

const SWEEP_BATCH = 200;

/** Closes unpaid orders past their deadline (0 -> 7), returning stock and coupons; returns how many closed. */
export async function closeExpiredOrders(ctx: AppContext, now = Date.now()) {
  let closed = 0;
  for (;;) {
    const ids = await dueOrders(ctx.db, S.PENDING_PAYMENT, 'pay_deadline', now, SWEEP_BATCH);
    let progressed = 0;
    for (const id of ids) {
      const goodsIds = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const order = await findOrder(trx, id);
          // paid or cancelled since it was listed: nothing to do
          if (!order || Number(order.status) !== S.PENDING_PAYMENT || Number(order.pay_deadline) > now)
            return null;
          return closeOrder(trx, order, 'expired', { kind: 'system', id: null }, now);
        })
        .catch((err: unknown) => {
          // paid between the read and the guarded update: the payment won, the order stays open
          if (err instanceof AppError && err.codeName === 'ORDER_STATUS_INVALID') return null;
          throw err;
        });
      if (goodsIds) {
        closed += 1;
        progressed += 1;
        for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
      }
    }
    if (ids.length < SWEEP_BATCH || progressed === 0) return closed;
  }
}

/** Moves orders whose time has come: 2 -> 3 N days after shipment, 3 -> 4 M days after receipt. */
export async function advanceOrders(ctx: AppContext, now = Date.now()) {
  const { autoReceiveDays, autoCompleteDays } = ctx.config.order;
  const steps = [
    {
      from: S.PENDING_RECEIPT,
      to: S.PENDING_REVIEW,
      column: 'shipped_at' as const,
      days: autoReceiveDays,
      action: 'auto_receive',
    },
    {
      from: S.PENDING_REVIEW,
      to: S.COMPLETED,
      column: 'received_at' as const,
      days: autoCompleteDays,
      action: 'auto_complete',
    },
  ];
  const moved = { received: 0, completed: 0 };
  for (const step of steps) {
    for (;;) {
      const ids = await dueOrders(ctx.db, step.from, step.column, now - step.days * DAY_MS, SWEEP_BATCH);
      for (const id of ids) {
        const ok = await ctx.db.transaction().execute(async (trx) => {
          const done = await moveOrderStatus(trx, id, step.from, step.to, {
            updated_at: now,
            ...(step.to === S.PENDING_REVIEW ? { received_at: now } : { completed_at: now }),
          });
          if (done)
            await insertOrderLog(
              trx,
              logEntry(id, step.from, step.to, step.action, { kind: 'system', id: null }, null, now),
            );
          return done;
        });
        if (ok) moved[step.to === S.PENDING_REVIEW ? 'received' : 'completed'] += 1;
      }
      if (ids.length < SWEEP_BATCH) break;
    }
  }
  return moved;
}

/** One run of the order timer: deadlines, then automatic receipt and completion. */
export async function sweepOrders(ctx: AppContext, now = Date.now()) {
  const closed = await closeExpiredOrders(ctx, now);
  return { closed, ...(await advanceOrders(ctx, now)) };
}

// ---------------------------------------------------------------- operators

/** An operator ships a paid order (1 -> 2) with the carrier and tracking number. */
export async function adminShipOrder(
  ctx: AppContext,
  adminId: number,
  req: { id: number; carrier: string; trackingNo: string },
  locale: Locale,
) {
  await requireRole(ctx, adminId, ORDER_OPERATORS);
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, req.id);
    if (!order) return fail('NOT_FOUND');
    assertStatusIn(order, [S.PENDING_SHIPMENT]);
    await transition(
      trx,
      order,
      S.PENDING_SHIPMENT,
      S.PENDING_RECEIPT,
      'ship',
      { kind: 'admin', id: adminId },
      {
        set: { shipped_at: at, carrier: req.carrier, tracking_no: req.trackingNo },
        note: `${req.carrier} ${req.trackingNo}`,
        at,
      },
    );
  });
  return adminOrderDetail(ctx, req.id, locale);
}

/** An operator adds a tracking event to a shipped order. */
export async function adminAddTracking(
  ctx: AppContext,
  adminId: number,
  req: { id: number; description: string; location: string | null; at?: string },
  locale: Locale,
) {
  await requireRole(ctx, adminId, ORDER_OPERATORS);
  const order = await findOrder(ctx.db, req.id);
  if (!order) return fail('NOT_FOUND');
  if (order.shipped_at === null) fail('ORDER_STATUS_INVALID');
  const at = Date.now();
  await insertTracking(ctx.db, {
    order_id: req.id,
    happened_at: req.at ? Date.parse(req.at) : at,
    description: req.description,
    location: req.location,
    admin_id: adminId,
    created_at: at,
  });
  return orderLogistics(ctx, null, req.id, locale);
}

/**
 * An operator approves a refund (5 -> 6). Unshipped goods go back to stock. The money goes back through the
 * refund job (enqueued in the same transaction, first tried right after the commit, retried on failure);
 * the gateway's answer is recorded on the refund.
 */
export async function adminApproveRefund(ctx: AppContext, adminId: number, id: number, locale: Locale) {
  await requireRole(ctx, adminId, ORDER_OPERATORS);
  const at = Date.now();
  const { jobId, goodsIds } = await ctx.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, id);
    if (!order) return fail('NOT_FOUND');
    assertStatusIn(order, [S.REFUNDING]);
    const refund = await decideRefund(trx, id, {
      state: 'approved',
      admin_id: adminId,
      decided_at: at,
      provider_state: 'requesting',
    });
    if (!refund) return fail('ORDER_STATUS_INVALID');
    await transition(
      trx,
      order,
      S.REFUNDING,
      S.REFUNDED,
      'refund_approve',
      { kind: 'admin', id: adminId },
      { at },
    );
    const goodsIds: number[] = [];
    if (refund.fromStatus === S.PENDING_SHIPMENT) {
      const lines = await findOrderLines(trx, [id]);
      for (const l of [...lines].sort((a, b) => Number(a.spec_id) - Number(b.spec_id))) {
        await returnStock(trx, { specId: Number(l.spec_id), quantity: Number(l.quantity), orderId: id }, at);
        goodsIds.push(Number(l.goods_id));
      }
    }
    return { jobId: await enqueueRefund(trx, refund.id, at), goodsIds };
  });
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  // first attempt at once; when it fails (or the process dies first) the job runner retries it
  await ctx.jobs.runJob(jobId);
  return adminOrderDetail(ctx, id, locale);
}

/** An operator rejects a refund: the order goes back to the status it came from. */
export async function adminRejectRefund(
  ctx: AppContext,
  adminId: number,
  req: { id: number; reason: string },
  locale: Locale,
) {
  await requireRole(ctx, adminId, ORDER_OPERATORS);
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, req.id);
    if (!order) return fail('NOT_FOUND');
    assertStatusIn(order, [S.REFUNDING]);
    const refund = await decideRefund(trx, req.id, {
      state: 'rejected',
      admin_id: adminId,
      decided_at: at,
      reject_reason: req.reason,
    });
    if (!refund) return fail('ORDER_STATUS_INVALID');
    await transition(
      trx,
      order,
      S.REFUNDING,
      refund.fromStatus,
      'refund_reject',
      { kind: 'admin', id: adminId },
      {
        note: req.reason,
        at,
      },
    );
  });
  return adminOrderDetail(ctx, req.id, locale);
}

// ---------------------------------------------------------------- reads and shaping

type GoodsSnapshot = {
  texts: Partial<Record<Locale, GoodsText>>;
  picture: string | null;
  needFillCard?: 0 | 1;
};
type SpecSnapshot = {
  texts: string | null;
  data_mb: number | null;
  allowance: 'total' | 'daily' | null;
  validity_days: number | null;
};

function toLine(l: OrderLineRow, locale: Locale): OrderLine {
  const g = JSON.parse(l.goods_snapshot) as GoodsSnapshot;
  const s = JSON.parse(l.spec_snapshot) as SpecSnapshot;
  return {
    id: Number(l.id),
    goodsId: Number(l.goods_id),
    specId: Number(l.spec_id),
    title: pickField(g.texts, locale, 'title') ?? '',
    specName: specName(s, locale),
    picture: g.picture,
    price: Number(l.price),
    quantity: Number(l.quantity),
    subtotal: Number(l.amount),
    goodsType: flag01(l.goods_type),
    noFreight: flag01(l.no_freight),
    needFillCard: flag01(g.needFillCard ?? 0),
    commented: l.comment_id !== null,
  };
}

function toRefund(r: OrderRefundRow) {
  return {
    id: Number(r.id),
    reason: r.reason,
    description: r.description,
    pictures: parseList(r.pictures),
    fromStatus: Number(r.from_status),
    state: r.state,
    amount: Number(r.amount),
    providerState: r.provider_state,
    rejectReason: r.reject_reason,
    requestedAt: iso(r.requested_at),
    decidedAt: isoOrNull(r.decided_at),
  };
}

export function toOrder(
  o: OrderRow,
  lines: OrderLineRow[],
  refund: OrderRefundRow | undefined,
  locale: Locale,
  now = Date.now(),
): Order {
  const status = Number(o.status);
  const shaped = lines.map((l) => toLine(l, locale));
  return {
    id: Number(o.id),
    publicId: o.public_id,
    orderNo: o.order_no,
    status,
    currency: o.currency,
    goodsAmount: Number(o.goods_amount),
    shippingAmount: Number(o.shipping_amount),
    couponDiscount: Number(o.coupon_discount),
    pointsDiscount: Number(o.points_discount),
    totalAmount: Number(o.total_amount),
    payWay: o.pay_way as PayWayCode,
    cardNumber: o.card_number,
    note: o.note,
    address: o.address ? (JSON.parse(o.address) as Address) : null,
    lines: shaped,
    quantity: shaped.reduce((n, l) => n + l.quantity, 0),
    payDeadline: iso(o.pay_deadline),
    createdAt: iso(o.created_at),
    paidAt: isoOrNull(o.paid_at),
    shippedAt: isoOrNull(o.shipped_at),
    receivedAt: isoOrNull(o.received_at),
    completedAt: isoOrNull(o.completed_at),
    closedAt: isoOrNull(o.closed_at),
    closeReason: o.close_reason,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    refund: refund ? toRefund(refund) : null,
    actions: {
      cancel: status === S.PENDING_PAYMENT,
      pay: status === S.PENDING_PAYMENT && Number(o.pay_deadline) > now,
      update: status === S.PENDING_PAYMENT || status === S.PENDING_SHIPMENT,
      confirm: status === S.PENDING_RECEIPT,
      refund: status === S.PENDING_SHIPMENT || status === S.PENDING_RECEIPT || status === S.PENDING_REVIEW,
      comment: status === S.PENDING_REVIEW && shaped.some((l) => !l.commented),
      logistics: o.shipped_at !== null,
    },
  };
}

async function shapeOrders(db: Db, rows: OrderRow[], locale: Locale) {
  const ids = rows.map((r) => Number(r.id));
  const lines = await findOrderLines(db, ids);
  const refunds = await latestRefunds(db, ids);
  const now = Date.now();
  return rows.map((r) =>
    toOrder(
      r,
      lines.filter((l) => Number(l.order_id) === Number(r.id)),
      refunds.get(Number(r.id)),
      locale,
      now,
    ),
  );
}

async function withLog(db: Db, row: OrderRow, locale: Locale): Promise<OrderDetail> {
  const [order] = await shapeOrders(db, [row], locale);
  const log = await findOrderLog(db, Number(row.id));
  return {
    ...order!,
    log: log.map((e) => ({
      fromStatus: e.from_status === null ? null : Number(e.from_status),
      toStatus: Number(e.to_status),
      action: e.action,
      actor: e.actor,
      note: e.note,
      at: iso(e.created_at),
    })),
  };
}

/** One of the user's orders with its timeline; NOT_FOUND for anyone else's. */
export async function orderDetail(ctx: AppContext, userId: number, id: number, locale: Locale) {
  return withLog(ctx.db, await ownOrder(ctx.db, userId, id), locale);
}

const statusesOf = (req: { tab?: OrderTab; status?: number }) =>
  req.status !== undefined ? [req.status] : req.tab && req.tab !== 'all' ? ORDER_TABS[req.tab] : undefined;

/** The user's orders, newest first, filtered by one status or a tab. */
export async function orderPage(
  ctx: AppContext,
  userId: number,
  req: { page: number; size: number; tab?: OrderTab; status?: number },
  locale: Locale,
) {
  const { total, rows } = await queryOrders(
    ctx.db,
    { userId, statuses: statusesOf(req) },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  return {
    list: await shapeOrders(ctx.db, rows, locale),
    pagination: { page: req.page, size: req.size, total },
  };
}

/** Counts per status for the badges on "my". */
export async function orderUserCount(ctx: AppContext, userId: number) {
  const rows = await countByStatus(ctx.db, userId);
  const by = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  const sum = (statuses: readonly number[]) => statuses.reduce((n, s) => n + (by.get(s) ?? 0), 0);
  return {
    pendingPayment: sum(ORDER_TABS.pendingPayment),
    notShipped: sum(ORDER_TABS.notShipped),
    shipped: sum(ORDER_TABS.shipped),
    pendingReview: sum(ORDER_TABS.pendingReview),
    afterSales: sum([S.REFUNDING]),
    byStatus: Object.fromEntries([...by.entries()].map(([s, n]) => [String(s), n])),
  };
}

/** Carrier, number and tracking events of an order (the user's own, or any for an operator: `userId` null). */
export async function orderLogistics(ctx: AppContext, userId: number | null, id: number, locale: Locale) {
  const order = userId === null ? await findOrder(ctx.db, id) : await ownOrder(ctx.db, userId, id);
  if (!order) return fail('NOT_FOUND');
  void locale;
  const events = await findTracking(ctx.db, id);
  return {
    orderId: Number(order.id),
    orderNo: order.order_no,
    status: Number(order.status),
    carrier: order.carrier,
    trackingNo: order.tracking_no,
    shippedAt: isoOrNull(order.shipped_at),
    address: order.address ? (JSON.parse(order.address) as Address) : null,
    events: events.map((e) => ({ at: iso(e.happened_at), description: e.description, location: e.location })),
  };
}

export async function adminOrderPage(
  ctx: AppContext,
  req: { page: number; size: number; tab?: OrderTab; status?: number; userId?: number; orderNo?: string },
  locale: Locale,
) {
  const { total, rows } = await queryOrders(
    ctx.db,
    { userId: req.userId, statuses: statusesOf(req), orderNo: req.orderNo },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  const list = await shapeOrders(ctx.db, rows, locale);
  return {
    list: list.map((o, i) => ({ ...o, userId: Number(rows[i]!.user_id) })),
    pagination: { page: req.page, size: req.size, total },
  };
}

export async function adminOrderDetail(ctx: AppContext, id: number, locale: Locale) {
  const row = await findOrder(ctx.db, id);
  if (!row) return fail('NOT_FOUND');
  return { ...(await withLog(ctx.db, row, locale)), userId: Number(row.user_id) };
}
