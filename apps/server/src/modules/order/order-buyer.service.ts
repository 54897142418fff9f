import { ORDER_STATUS, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { uploadOwnedBy } from '../../platform/upload';
import { addressInfo } from '../address';
import { insertGoodsComment, invalidateGoods } from '../catalogue';
import { findDictItems, findDictTypes } from '../dict';
import { paidWaysOfOrders } from '../payment';
import { orderDetail, ownOrder } from './order-reads.service';
import { assertStatusIn, closeOrder, logEntry, orderIn, transition } from './order-status.service';
import {
  countUncommentedLines,
  findOrderLines,
  insertOrderLog,
  insertRefund,
  markLineCommented,
  updateOrderFields,
} from './order.repository';

// What a buyer does with an order after checkout: cancel, confirm receipt, ask for a refund, change the
// address or note, review the lines.

const S = ORDER_STATUS;

/** The buyer cancels an unpaid order (0 -> 7): stock and coupon come back. */
export async function cancelOrder(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const at = Date.now();
  const goodsIds = await ctx.db.transaction().execute(async (trx) => {
    const order = await orderIn(trx, id, [S.PENDING_PAYMENT], userId);
    return closeOrder(trx, order, 'cancelled', { kind: 'user', id: userId }, at);
  });
  for (const g of new Set(goodsIds)) invalidateGoods(ctx, g);
  return orderDetail(ctx, userId, id, locale, paidWaysOfOrders);
}

/** The buyer confirms receipt (2 -> 3). */
export async function confirmOrder(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await orderIn(trx, id, [S.PENDING_RECEIPT], userId);
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
  return orderDetail(ctx, userId, id, locale, paidWaysOfOrders);
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
      { note: { kind: 'refund_requested', params: { reason: req.reason } }, at },
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
  return orderDetail(ctx, userId, req.id, locale, paidWaysOfOrders);
}

/** What a buyer may change before shipment (0 or 1): the address (of an order that ships) and the note. */
export async function updateOrder(
  ctx: AppContext,
  userId: number,
  req: { id: number; addressId?: number; note?: string },
  locale: Locale,
) {
  const order = await orderIn(ctx.db, req.id, [S.PENDING_PAYMENT, S.PENDING_SHIPMENT], userId);
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
        { kind: 'changed', params: { field: address ? 'address' : 'note' } },
        at,
      ),
    );
  });
  return orderDetail(ctx, userId, req.id, locale, paidWaysOfOrders);
}

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
  await orderIn(ctx.db, req.orderId, [S.PENDING_REVIEW], userId);
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
    const fresh = await orderIn(trx, req.orderId, [S.PENDING_REVIEW], userId);
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
