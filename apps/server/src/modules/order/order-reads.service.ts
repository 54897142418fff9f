import {
  ORDER_STATUS,
  ORDER_TABS,
  orderPageResponse,
  type Address,
  type Locale,
  type Order,
  type OrderDetail,
  type OrderLine,
  type OrderPaidWay,
  type OrderTab,
  type PayWayCode,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { ownAnswers, type CachedAnswer } from '../../platform/answer-cache';
import { buyerCounter } from '../../platform/revisions';
import { cachedJson, flag01, iso, parseList, pickField } from '../../platform/columns';
import { specName, type GoodsText } from '../catalogue';
import { userIdsMatching } from '../user-info';
import {
  countByStatus,
  findOrder,
  findOrderLog,
  findShownOrderLines,
  findTracking,
  latestRefunds,
  queryOrders,
  type OrderQuery,
  type OrderLogRow,
  type OrderRefundRow,
  type ShownOrderLineRow,
  type OrderRow,
} from './order.repository';

// Reads: orders shaped for the buyer and the operator, from their rows and snapshots.

/**
 * What actually paid each order (the payment module's `paidWaysOfOrders`, issue 25 defect 9). Taken as an
 * argument: the payment module imports this one's index, so these reads cannot import it back (a cycle);
 * the routes and the services above them pass it.
 */
export type PaidWaysOf = (db: Db, orderIds: number[]) => Promise<Map<number, OrderPaidWay[]>>;

const S = ORDER_STATUS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's order, or NOT_FOUND (anyone else's orders do not exist for them). */
export async function ownOrder(db: Db, userId: number, id: number) {
  const row = await findOrder(db, id, userId);
  if (!row) return fail('NOT_FOUND');
  return row;
}

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

const parseSnapshot = (text: string | null) => JSON.parse(text ?? 'null') as GoodsSnapshot;

function toLine(l: ShownOrderLineRow, locale: Locale): OrderLine {
  const g = cachedJson(`order_line:${l.id}`, l.goods_snapshot, parseSnapshot);
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
    requestedAmount: Number(r.requested_amount ?? r.amount),
    providerState: r.provider_state,
    rejectReason: r.reject_reason,
    requestedAt: iso(r.requested_at),
    decidedAt: iso(r.decided_at),
  };
}

export function toOrder(
  o: OrderRow,
  lines: ShownOrderLineRow[],
  refund: OrderRefundRow | undefined,
  paid: OrderPaidWay[],
  locale: Locale,
  now = Date.now(),
): Order {
  const status = Number(o.status);
  const shaped = lines.map((l) => toLine(l, locale));
  // the points applied show as a discount (the order row's column predates usePoint and stays 0)
  const pointsDiscount =
    Number(o.points_discount) + paid.filter((w) => w.channel === 'points').reduce((n, w) => n + w.amount, 0);
  return {
    id: Number(o.id),
    publicId: o.public_id,
    orderNo: o.order_no,
    status,
    currency: o.currency,
    goodsAmount: Number(o.goods_amount),
    shippingAmount: Number(o.shipping_amount),
    couponDiscount: Number(o.coupon_discount),
    pointsDiscount,
    totalAmount: Number(o.total_amount),
    payableAmount: Math.max(0, Number(o.total_amount) - pointsDiscount),
    paidWays: paid,
    payWay: o.pay_way as PayWayCode,
    cardNumber: o.card_number,
    note: o.note,
    address: o.address ? (JSON.parse(o.address) as Address) : null,
    lines: shaped,
    quantity: shaped.reduce((n, l) => n + l.quantity, 0),
    payDeadline: iso(o.pay_deadline),
    createdAt: iso(o.created_at),
    paidAt: iso(o.paid_at),
    shippedAt: iso(o.shipped_at),
    receivedAt: iso(o.received_at),
    completedAt: iso(o.completed_at),
    closedAt: iso(o.closed_at),
    closeReason: o.close_reason,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    refund: refund ? toRefund(refund) : null,
    delivery: o.delivery_state ?? null,
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

/** Each row with its shaped order (lines and latest refund read in two queries for all of them). */
async function shapeRows(db: Db, rows: OrderRow[], locale: Locale, paidOf: PaidWaysOf) {
  const ids = rows.map((r) => Number(r.id));
  const lines = await findShownOrderLines(db, ids);
  const refunds = await latestRefunds(db, ids);
  const paid = await paidOf(db, ids);
  const now = Date.now();
  return rows.map((row) => ({
    row,
    order: toOrder(
      row,
      lines.filter((l) => Number(l.order_id) === Number(row.id)),
      refunds.get(Number(row.id)),
      paid.get(Number(row.id)) ?? [],
      locale,
      now,
    ),
  }));
}

const shapeOrders = async (db: Db, rows: OrderRow[], locale: Locale, paidOf: PaidWaysOf) =>
  (await shapeRows(db, rows, locale, paidOf)).map((s) => s.order);

type LogEntry = Pick<OrderLogRow, 'from_status' | 'to_status' | 'action' | 'actor' | 'note' | 'created_at'>;

/** An order with its timeline, from its rows, and when it completes by itself (`completeDays` after receipt). */
function detailOf(order: Order, log: LogEntry[], complete?: { row: OrderRow; days: number }): OrderDetail {
  const from = complete && Number(complete.row.status) === S.PENDING_REVIEW ? complete.row.received_at : null;
  return {
    ...order,
    autoCompleteAt: complete && from !== null ? iso(Number(from) + complete.days * DAY_MS) : null,
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

async function withLog(
  ctx: AppContext,
  row: OrderRow,
  locale: Locale,
  paidOf: PaidWaysOf,
): Promise<OrderDetail> {
  const [order] = await shapeOrders(ctx.db, [row], locale, paidOf);
  // one row in, one order out
  if (!order) throw new Error('an order row shaped to nothing');
  return detailOf(order, await findOrderLog(ctx.db, Number(row.id)), {
    row,
    days: ctx.config.order.autoCompleteDays,
  });
}

/**
 * The detail of an order just opened, from the rows its transaction wrote (no refund yet): the same answer
 * as reading it back (`orderDetail`), without the four reads (issue 14).
 */
export function openedOrderDetail(
  row: OrderRow,
  lines: ShownOrderLineRow[],
  log: LogEntry[],
  locale: Locale,
): OrderDetail {
  // nothing has paid an order in the transaction that opens it
  return detailOf(toOrder(row, lines, undefined, [], locale), log);
}

/** One of the user's orders with its timeline; NOT_FOUND for anyone else's. */
export async function orderDetail(
  ctx: AppContext,
  userId: number,
  id: number,
  locale: Locale,
  paidOf: PaidWaysOf,
) {
  return withLog(ctx, await ownOrder(ctx.db, userId, id), locale, paidOf);
}

const statusesOf = (req: { tab?: OrderTab; status?: number }) =>
  req.status !== undefined ? [req.status] : req.tab && req.tab !== 'all' ? ORDER_TABS[req.tab] : undefined;

/** The user's orders, newest first, filtered by one status or a tab. */
export async function orderPage(
  ctx: AppContext,
  userId: number,
  req: { page: number; size: number; tab?: OrderTab; status?: number },
  locale: Locale,
  paidOf: PaidWaysOf,
) {
  const { total, rows } = await queryOrders(
    ctx.db,
    { userId, statuses: statusesOf(req) },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  return {
    list: await shapeOrders(ctx.db, rows, locale, paidOf),
    pagination: { page: req.page, size: req.size, total },
  };
}

/**
 * The buyer's order page as a kept answer (issue 14): built once per revision of their orders (which the
 * database moves with any change to them), language and request, and kept no longer than until an order on
 * it stops being payable (its `pay` action turns off at its deadline). One primary-key read when kept.
 */
export async function orderPageAnswer(
  ctx: AppContext,
  userId: number,
  req: { page: number; size: number; tab?: OrderTab; status?: number },
  locale: Locale,
  paidOf: PaidWaysOf,
): Promise<CachedAnswer> {
  const revision = await buyerCounter(ctx.db, userId, 'orders');
  const key = `orders\n${userId}\n${revision}\n${locale}\n${JSON.stringify(req)}`;
  return ownAnswers(ctx).read(key, [], async () => {
    const page = await orderPage(ctx, userId, req, locale, paidOf);
    const now = Date.now();
    const payable = page.list.filter((o) => o.actions.pay).map((o) => Date.parse(o.payDeadline ?? '') - now);
    return {
      data: orderPageResponse.parse(page),
      ttlMs: payable.length > 0 ? Math.max(0, Math.min(...payable)) : undefined,
    };
  });
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
    shippedAt: iso(order.shipped_at),
    address: order.address ? (JSON.parse(order.address) as Address) : null,
    events: events.map((e) => ({ at: iso(e.happened_at), description: e.description, location: e.location })),
  };
}

/** The operator's order filters (admin/order/info/page and /export). */
export type AdminOrderFilter = {
  tab?: OrderTab;
  status?: number;
  userId?: number;
  orderNo?: string;
  payChannel?: string;
  from?: number;
  to?: number;
  buyer?: string;
  goods?: string;
};

/** The filters as an order query: the buyer resolved to users (by id, public id or phone) first. */
export async function adminOrderQuery(ctx: AppContext, f: AdminOrderFilter): Promise<OrderQuery> {
  const goods = f.goods?.trim();
  return {
    userId: f.userId,
    userIds: f.buyer?.trim() ? await userIdsMatching(ctx, f.buyer) : undefined,
    statuses: statusesOf(f),
    orderNo: f.orderNo || undefined,
    payWay: f.payChannel || undefined,
    from: f.from,
    to: f.to,
    ...(goods && (/^\d+$/.test(goods) ? { goodsId: Number(goods) } : { goodsText: goods })),
  };
}

export async function adminOrderPage(
  ctx: AppContext,
  req: AdminOrderFilter & { page: number; size: number },
  locale: Locale,
  paidOf: PaidWaysOf,
) {
  const { total, rows } = await queryOrders(ctx.db, await adminOrderQuery(ctx, req), {
    limit: req.size,
    offset: (req.page - 1) * req.size,
  });
  const shaped = await shapeRows(ctx.db, rows, locale, paidOf);
  return {
    list: shaped.map(({ row, order }) => ({ ...order, userId: Number(row.user_id) })),
    pagination: { page: req.page, size: req.size, total },
  };
}

/** Orders of the filter, newest first, shaped (at most `max`), for the CSV export. */
export async function adminOrdersForExport(
  ctx: AppContext,
  f: AdminOrderFilter,
  locale: Locale,
  max: number,
  paidOf: PaidWaysOf,
) {
  const { rows } = await queryOrders(ctx.db, await adminOrderQuery(ctx, f), { limit: max, offset: 0 });
  return (await shapeRows(ctx.db, rows, locale, paidOf)).map(({ row, order }) => ({
    ...order,
    userId: Number(row.user_id),
  }));
}

export async function adminOrderDetail(ctx: AppContext, id: number, locale: Locale, paidOf: PaidWaysOf) {
  const row = await findOrder(ctx.db, id);
  if (!row) return fail('NOT_FOUND');
  return { ...(await withLog(ctx, row, locale, paidOf)), userId: Number(row.user_id) };
}
