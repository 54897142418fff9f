import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { goodsPayTerms } from '../catalogue';
import { findOrderLines, type OrderRow } from '../order';
import { pointsQuote } from '../points';
import { ledgerBalance } from '../wallet';
import { amountDue, payableOrder } from './payment.service';
import { attemptsOfOrder } from './payment.repository';

// ---------------------------------------------------------------- points

/** Whether every line of the order supports the points discount (snapshotted flag, else the goods now). */
export async function orderSupportsPoints(db: Db, order: OrderRow) {
  const lines = await findOrderLines(db, [Number(order.id)]);
  if (lines.length === 0) return false;
  const goodsIds = [...new Set(lines.map((l) => Number(l.goods_id)))];
  const rows = await goodsPayTerms(db, goodsIds);
  return goodsIds.every((g) =>
    rows.some((r) => Number(r.id) === g && Number(r.support_point_discount) === 1),
  );
}

export async function checkPointSupport(ctx: AppContext, userId: number, orderId: number) {
  const order = await payableOrder(ctx.db, userId, orderId);
  const points = await ledgerBalance(ctx.db, 'points', userId);
  const supported = ctx.config.payWays.includes('points') && (await orderSupportsPoints(ctx.db, order));
  const alreadyUsed = (await attemptsOfOrder(ctx.db, orderId)).some(
    (a) => a.channel === 'points' && a.status === 'paid',
  );
  if (!supported || alreadyUsed)
    return { supported: supported && !alreadyUsed, points, usablePoints: 0, discount: 0 };
  const q = pointsQuote(
    ctx.config.points,
    await amountDue(ctx.db, order),
    Number(order.total_amount),
    points,
  );
  return { supported: true, points, ...q };
}
