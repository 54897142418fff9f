import crypto from 'node:crypto';
import { newPublicId } from '../../platform/crypto';
import {
  ORDER_STATUS,
  chargeStep,
  type Address,
  type Locale,
  type OrderCreateRequest,
  type OrderDetail,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lockUserRow, type Db, type Trx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { assertBuyerPayWay } from '../../platform/pay-ways';
import { removeOrderedSpecs } from '../cart';
import { invalidateGoods, takeStock } from '../catalogue';
import { priceUserCoupon, useCoupon } from '../coupon';
import { accountKindOf } from '../user-info';
import {
  checkoutFacts,
  checkoutItems,
  chosenAddress,
  couponLinesOf,
  payableTotal,
  priceItems,
} from './order-pricing.service';
import { openedOrderDetail, orderDetail, type PaidWaysOf } from './order-reads.service';
import { logEntry } from './order-status.service';
import {
  countUnpaidOrders,
  findOrderByKey,
  insertOrder,
  insertOrderLines,
  insertOrderLog,
} from './order.repository';

// Checkout: opening an order from priced lines in one transaction.

const S = ORDER_STATUS;

/** Throws ORDER_UNPAID_LIMIT when the user already holds the configured number of unpaid orders (under the user lock). */
async function assertUnpaidUnderLimit(ctx: AppContext, trx: Db, userId: number) {
  const max = ctx.config.order.maxUnpaid;
  if ((await countUnpaidOrders(trx, userId)) >= max) fail('ORDER_UNPAID_LIMIT', { max });
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

/** The rows an order create wrote, for its answer; none when its key named an order made before. */
type OpenedRows = Parameters<typeof openedOrderDetail>;
type Opened = { id: number; opened: OpenedRows | null };

/** The order just written, as what checkout writes beside it sees it. */
export type CreatedOrder = { id: number; totalAmount: number; currency: string; at: number };
/**
 * What a checkout writes beside its order (the e-invoice choice, a company batch and its approval hold),
 * inside the order's own transaction: a failure there rolls the order back. Not run when the idempotency
 * key names an order made before (its side writes were committed with it).
 */
export type OnCreated = (trx: Trx, order: CreatedOrder) => Promise<void>;

/**
 * Opens an order in one transaction: re-prices from the catalogue, takes stock (conditional, logged), uses
 * the coupon, snapshots goods/spec/prices/address, removes the bought lines from the cart, status 0 with a
 * payment deadline, then `onCreated` in the same transaction. With an idempotency key a repeat (even a
 * concurrent one) answers the same order.
 */
export async function createOrder(
  ctx: AppContext,
  userId: number,
  req: OrderCreateRequest,
  locale: Locale,
  paidOf: PaidWaysOf,
  onCreated?: OnCreated,
): Promise<OrderDetail> {
  const key = req.idempotencyKey ?? null;
  if (key) {
    const seen = await findOrderByKey(ctx.db, userId, key);
    if (seen) return orderDetail(ctx, userId, Number(seen.id), locale, paidOf);
  }
  const at = Date.now();
  let goodsIds: number[] = [];
  let done: Opened;
  try {
    // user-owned and read outside the transaction (the address module reads through ctx.db); snapshotted below
    const [address, buyerKind] = await Promise.all([
      chosenAddress(ctx, userId, req.addressId, locale),
      accountKindOf(ctx, userId),
    ]);
    done = await ctx.db.transaction().execute(async (trx): Promise<Opened> => {
      await lockUserRow(trx, ctx.engine, userId);
      if (key) {
        const seen = await findOrderByKey(trx, userId, key);
        if (seen) return { id: Number(seen.id), opened: null };
      }
      await assertUnpaidUnderLimit(ctx, trx, userId);
      // the cart is read after the lock: a concurrent checkout of the same cart waits, then finds it bought
      const items = await checkoutItems(ctx, userId, req, locale, trx);
      // stock is taken in spec order so two multi-line orders never wait on each other (PostgreSQL deadlocks)
      const lines = (await priceItems(trx, ctx, items, locale)).sort((a, b) => a.specId - b.specId);
      const facts = checkoutFacts(ctx, lines, locale, buyerKind);
      assertBuyerPayWay(facts.payMethods, req.payWay, buyerKind);
      assertCardNumberGiven(facts.needFillCard, req.cardNumber);
      if (facts.needAddress) assertAddressGiven(true, address);
      const userCouponId = req.userCouponId;
      const coupon = userCouponId
        ? {
            ...(await priceUserCoupon(
              trx,
              userId,
              userCouponId,
              couponLinesOf(lines),
              chargeStep(ctx.config.currency),
              at,
            )),
            userCouponId,
          }
        : null;
      const couponDiscount = coupon?.discount ?? 0;
      const order = {
        public_id: newPublicId(),
        order_no: newOrderNo(at),
        user_id: userId,
        status: S.PENDING_PAYMENT,
        idempotency_key: key,
        currency: ctx.config.currency,
        goods_amount: facts.goodsAmount,
        shipping_amount: facts.shippingAmount,
        coupon_discount: couponDiscount,
        points_discount: 0,
        total_amount: payableTotal(ctx.config.currency, {
          goodsAmount: facts.goodsAmount,
          shippingAmount: facts.shippingAmount,
          couponDiscount,
          pointsDiscount: 0,
        }),
        pay_way: req.payWay,
        user_coupon_id: coupon?.userCouponId ?? null,
        card_number: facts.needFillCard ? (req.cardNumber ?? null) : null,
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
      };
      const id = await insertOrder(trx, order);
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
      if (coupon) await useCoupon(trx, coupon.userCouponId, id, { userId, at });
      const lineRows = lines.map((l) => ({
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
      }));
      const inserted = await insertOrderLines(trx, lineRows);
      if (!req.buyNow)
        await removeOrderedSpecs(
          trx,
          userId,
          lines.map((l) => l.specId),
        );
      const log = logEntry(id, null, S.PENDING_PAYMENT, 'create', { kind: 'user', id: userId }, null, at);
      await insertOrderLog(trx, log);
      if (onCreated)
        await onCreated(trx, { id, totalAmount: order.total_amount, currency: order.currency, at });
      goodsIds = lines.map((l) => l.goodsId);
      const rows: OpenedRows = [
        { ...order, id, delivery_state: null },
        inserted.map((l) => ({ ...l, goods_snapshot: Buffer.from(l.goods_snapshot) })),
        [log],
        locale,
      ];
      return { id, opened: rows };
    });
  } catch (err) {
    // a concurrent twin with the same key committed first: its order is the answer
    const seen = key ? await findOrderByKey(ctx.db, userId, key) : undefined;
    if (!seen) throw err;
    done = { id: Number(seen.id), opened: null };
  }
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  return done.opened ? openedOrderDetail(...done.opened) : orderDetail(ctx, userId, done.id, locale, paidOf);
}
