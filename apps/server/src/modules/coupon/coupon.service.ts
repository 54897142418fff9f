import type { z } from 'zod';
import { chargeStep, floorToStep } from '@simshop/contracts';
import type {
  AdminCoupon,
  AdminCouponAddRequest,
  ApplicableCoupon,
  CouponInfo,
  CouponTerms,
  Locale,
  UserCoupon,
  UserCouponState,
  adminCouponUpdateRequest,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lockUserRow, type Db } from '../../platform/db';
import { requirePermission } from '../../platform/auth';
import { iso, parseTexts, pickField } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { findGoods, findGoodsTypes, typeWithDescendants } from '../catalogue';
import {
  couponStats,
  findCoupon,
  findCouponsOnOffer,
  findUserCoupon,
  hideUserCoupons,
  insertCoupon,
  insertUserCoupon,
  markCouponReturned,
  markCouponUsed,
  ownedUserCouponIds,
  queryCoupons,
  queryUserCoupons,
  receivedCounts,
  setCouponTotal,
  softDeleteCoupons,
  takeCouponStock,
  updateCoupon,
  type CouponRow,
  type UserCouponWithTerms,
} from './coupon.repository';

type CouponText = { title: string; description?: string };
const num = (v: number | null) => (v === null ? null : Number(v));
const ids = (json: string): number[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
};

/** Roles that may define coupons; support staff read only. */
/** At most this many coupons are offered at once (the offer page is built in memory). */
const OFFER_MAX = 500;

// ---------------------------------------------------------------- discount rules

/** One goods line as a coupon sees it: `amount` is price x quantity in minor units. */
export type CouponLine = { goodsId: number; typeId: number; amount: number };
/** The discount terms of a coupon with its goods types already widened to their sub-types. */
export type CouponRule = {
  kind: 'amount' | 'percent';
  amount: number | null;
  percent: number | null;
  maxDiscount: number | null;
  minAmount: number;
  scope: 'all' | 'goods' | 'type';
  goodsIds: number[];
  typeIds: number[];
};
type TypeRef = { id: number; parent_id: number | null };

/** The rule of a coupon row; `types` (every goods type) widens a type scope to the sub-types. */
export function couponRuleOf(row: CouponRow, types: TypeRef[]): CouponRule {
  const typeIds =
    row.scope === 'type'
      ? [...new Set(ids(row.type_ids).flatMap((id) => typeWithDescendants(types, id)))]
      : [];
  return {
    kind: row.kind,
    amount: num(row.amount),
    percent: num(row.percent),
    maxDiscount: num(row.max_discount),
    minAmount: Number(row.min_amount),
    scope: row.scope,
    goodsIds: ids(row.goods_ids),
    typeIds,
  };
}

const lineEligible = (rule: CouponRule, line: CouponLine) =>
  rule.scope === 'all' ||
  (rule.scope === 'goods' && rule.goodsIds.includes(line.goodsId)) ||
  (rule.scope === 'type' && rule.typeIds.includes(line.typeId));

/**
 * What a coupon takes off these lines: the eligible lines' total, and the discount (0 when no line is
 * eligible or the total is under the threshold). Amount off: the amount; percent off: rounded down, at most
 * the cap. Never more than the eligible total. Then rounded DOWN to a whole number of the currency's charge
 * steps (`step`, contracts `chargeStep`: TWD 100, whole dollars), so the total stays chargeable and the shop
 * never sells below the coupon's rule (issue 25, defect 8). Pure: the order issue prices quotes and orders with it.
 */
export function computeCouponDiscount(rule: CouponRule, lines: CouponLine[], step: number) {
  const eligibleAmount = lines.filter((l) => lineEligible(rule, l)).reduce((sum, l) => sum + l.amount, 0);
  if (eligibleAmount <= 0 || eligibleAmount < rule.minAmount) return { eligibleAmount, discount: 0 };
  let discount =
    rule.kind === 'amount' ? (rule.amount ?? 0) : Math.floor((eligibleAmount * (rule.percent ?? 0)) / 100);
  if (rule.kind === 'percent' && rule.maxDiscount !== null) discount = Math.min(discount, rule.maxDiscount);
  return { eligibleAmount, discount: floorToStep(Math.min(discount, eligibleAmount), step) };
}

// ---------------------------------------------------------------- shaping

export function toTerms(r: CouponRow, locale: Locale, currency: string): CouponTerms {
  const texts = parseTexts<CouponText>(r.texts);
  return {
    id: Number(r.id),
    title: pickField(texts, locale, 'title') ?? '',
    description: pickField(texts, locale, 'description') ?? null,
    kind: r.kind,
    amount: num(r.amount),
    percent: num(r.percent),
    maxDiscount: num(r.max_discount),
    minAmount: Number(r.min_amount),
    scope: r.scope,
    goodsIds: ids(r.goods_ids),
    typeIds: ids(r.type_ids),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    currency,
  };
}

/** Whether the shop still honours a coupon: enabled and not deleted by an operator. */
export const couponHonoured = (c: Pick<CouponRow, 'status' | 'deleted_at'>) =>
  Number(c.status) === 1 && c.deleted_at === null;

export function userCouponState(status: number, endsAt: number, at: number): UserCouponState {
  if (Number(status) === 1) return 'used';
  return Number(endsAt) <= at ? 'expired' : 'unused';
}

function toUserCoupon(x: UserCouponWithTerms, locale: Locale, currency: string, at: number): UserCoupon {
  const state = userCouponState(x.userCoupon.status, x.coupon.ends_at, at);
  return {
    id: x.userCoupon.id,
    couponId: x.userCoupon.coupon_id,
    status: x.userCoupon.status === 1 ? 1 : 0,
    expired: state === 'expired',
    state,
    usableNow: state === 'unused' && Number(x.coupon.starts_at) <= at && couponHonoured(x.coupon),
    orderId: x.userCoupon.order_id,
    receivedAt: iso(x.userCoupon.received_at),
    usedAt: x.userCoupon.used_at === null ? null : iso(x.userCoupon.used_at),
    coupon: toTerms(x.coupon, locale, currency),
  };
}

// ---------------------------------------------------------------- coupons on offer

/** Whether a goods is inside a coupon's scope (for "coupons of this goods"). */
function coversGoods(rule: CouponRule, goods: { id: number; type_id: number }) {
  return lineEligible(rule, { goodsId: Number(goods.id), typeId: Number(goods.type_id), amount: 0 });
}

/** Enabled coupons not over yet, with what the caller holds of each (0 without a token); paged in memory. */
export async function couponOfferPage(
  ctx: AppContext,
  userId: number | null,
  req: { page: number; size: number; goodsId?: number },
  locale: Locale,
) {
  const at = Date.now();
  let rows = await findCouponsOnOffer(ctx.db, at, OFFER_MAX);
  if (req.goodsId !== undefined) {
    const goods = await findGoods(ctx.db, req.goodsId);
    const types = await findGoodsTypes(ctx.db, { activeOnly: false });
    rows = goods ? rows.filter((r) => coversGoods(couponRuleOf(r, types), goods)) : [];
  }
  const total = rows.length;
  const pageRows = rows.slice((req.page - 1) * req.size, req.page * req.size);
  const held = userId
    ? await receivedCounts(
        ctx.db,
        userId,
        pageRows.map((r) => Number(r.id)),
      )
    : new Map<number, number>();
  const list = pageRows.map((r): CouponInfo => {
    const received = held.get(Number(r.id)) ?? 0;
    return {
      ...toTerms(r, locale, ctx.config.currency),
      perUserLimit: Number(r.per_user_limit),
      total: Number(r.total),
      remaining: Number(r.remaining),
      status: 1,
      received,
      canReceive: Number(r.remaining) > 0 && received < Number(r.per_user_limit),
    };
  });
  return { list, pagination: { page: req.page, size: req.size, total } };
}

// ---------------------------------------------------------------- receiving

export function assertCouponReceivable(row: CouponRow | undefined, at: number): asserts row is CouponRow {
  if (!row) fail('NOT_FOUND');
  else if (Number(row.status) !== 1) fail('COUPON_UNAVAILABLE');
  else if (Number(row.ends_at) <= at) fail('COUPON_EXPIRED');
}

export function assertUnderReceiveLimit(received: number, row: CouponRow) {
  if (received >= Number(row.per_user_limit))
    fail('COUPON_RECEIVE_LIMIT', { limit: Number(row.per_user_limit) });
}

/**
 * Gives the user one coupon: within their limit (checked under a per-user lock) and out of what is left
 * (a conditional decrement), so concurrent receives never hand out more than there are.
 */
export async function receiveCoupon(ctx: AppContext, userId: number, couponId: number, locale: Locale) {
  const at = Date.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    const coupon = await findCoupon(trx, couponId);
    assertCouponReceivable(coupon, at);
    const received = (await receivedCounts(trx, userId, [couponId])).get(couponId) ?? 0;
    assertUnderReceiveLimit(received, coupon);
    if (!(await takeCouponStock(trx, couponId, at))) fail('COUPON_SOLD_OUT');
    return insertUserCoupon(trx, {
      user_id: userId,
      coupon_id: couponId,
      status: 0,
      order_id: null,
      received_at: at,
      used_at: null,
      deleted_at: null,
    });
  });
  return userCouponInfo(ctx, userId, id, locale);
}

// ---------------------------------------------------------------- the user's coupons

export async function userCouponList(
  ctx: AppContext,
  userId: number,
  f: { status?: 0 | 1; state?: UserCouponState },
  locale: Locale,
) {
  const at = Date.now();
  const { rows } = await queryUserCoupons(ctx.db, userId, { ...f, at });
  return rows.map((r) => toUserCoupon(r, locale, ctx.config.currency, at));
}

export async function userCouponPage(
  ctx: AppContext,
  userId: number,
  req: { page: number; size: number; status?: 0 | 1; state?: UserCouponState },
  locale: Locale,
) {
  const at = Date.now();
  const { total, rows } = await queryUserCoupons(
    ctx.db,
    userId,
    { status: req.status, state: req.state, at },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  return {
    list: rows.map((r) => toUserCoupon(r, locale, ctx.config.currency, at)),
    pagination: { page: req.page, size: req.size, total },
  };
}

/** One of the user's coupons; NOT_FOUND for anyone else's. */
export async function userCouponInfo(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const row = await findUserCoupon(ctx.db, userId, id);
  if (!row) return fail('NOT_FOUND');
  return toUserCoupon(row, locale, ctx.config.currency, Date.now());
}

/** Hides coupons from the user's list (all of them must be theirs, else NOT_FOUND and nothing changes). */
export async function hideCoupons(ctx: AppContext, userId: number, couponIds: number[]) {
  const unique = [...new Set(couponIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const owned = await ownedUserCouponIds(trx, userId, unique);
    if (owned.length !== unique.length) fail('NOT_FOUND');
    return { deleted: await hideUserCoupons(trx, userId, owned, Date.now()) };
  });
}

// ---------------------------------------------------------------- checkout (called by the orders issue)

/**
 * The user's coupons usable now on these lines, best discount first, each with what it takes off. Use it
 * for the checkout's coupon choice (lines from the checked cart or a "buy now").
 */
export async function applicableCoupons(
  ctx: AppContext,
  userId: number,
  lines: CouponLine[],
  locale: Locale,
  at = Date.now(),
): Promise<ApplicableCoupon[]> {
  const { rows } = await queryUserCoupons(ctx.db, userId, { state: 'unused', at });
  const usable = rows.filter((r) => Number(r.coupon.starts_at) <= at && couponHonoured(r.coupon));
  if (usable.length === 0) return [];
  const types = await findGoodsTypes(ctx.db, { activeOnly: false });
  return usable
    .map((r) => ({
      r,
      price: computeCouponDiscount(couponRuleOf(r.coupon, types), lines, chargeStep(ctx.config.currency)),
    }))
    .filter((x) => x.price.discount > 0)
    .sort(
      (a, b) =>
        b.price.discount - a.price.discount || Number(a.r.coupon.ends_at) - Number(b.r.coupon.ends_at),
    )
    .map((x) => ({
      userCoupon: toUserCoupon(x.r, locale, ctx.config.currency, at),
      eligibleAmount: x.price.eligibleAmount,
      discount: x.price.discount,
    }));
}

/**
 * What one of the user's coupons takes off these lines, for a quote or inside the order transaction (pass
 * `trx`). Throws NOT_FOUND (not theirs), COUPON_NOT_USABLE (used, expired, not started, disabled or deleted) or
 * COUPON_NOT_APPLICABLE (no eligible goods, or under the threshold).
 */
export async function priceUserCoupon(
  db: Db,
  userId: number,
  userCouponId: number,
  lines: CouponLine[],
  step: number,
  at = Date.now(),
) {
  const row = await findUserCoupon(db, userId, userCouponId);
  if (!row) return fail('NOT_FOUND');
  if (
    userCouponState(row.userCoupon.status, row.coupon.ends_at, at) !== 'unused' ||
    Number(row.coupon.starts_at) > at ||
    !couponHonoured(row.coupon)
  )
    return fail('COUPON_NOT_USABLE');
  const types = row.coupon.scope === 'type' ? await findGoodsTypes(db, { activeOnly: false }) : [];
  const price = computeCouponDiscount(couponRuleOf(row.coupon, types), lines, step);
  if (price.discount <= 0) return fail('COUPON_NOT_APPLICABLE');
  return { couponId: Number(row.coupon.id), userCouponId, ...price };
}

/**
 * Marks the coupon used by the order inside the order transaction; throws COUPON_NOT_USABLE when it is not
 * the user's unused coupon inside its window any more (a concurrent order took it), so the order rolls back.
 */
export async function useCoupon(
  trx: Db,
  userCouponId: number,
  orderId: number,
  opts: { userId?: number; at?: number } = {},
) {
  const done = await markCouponUsed(trx, {
    id: userCouponId,
    orderId,
    userId: opts.userId,
    at: opts.at ?? Date.now(),
  });
  if (!done) fail('COUPON_NOT_USABLE');
}

/** Gives a used coupon back (its order was cancelled or closed); false when it was not used (nothing changed). */
export const returnCoupon = (trx: Db, userCouponId: number, orderId?: number) =>
  markCouponReturned(trx, { id: userCouponId, orderId });

// ---------------------------------------------------------------- operators

function toAdminCoupon(
  r: CouponRow,
  stats: { received: number; used: number } | undefined,
  locale: Locale,
  currency: string,
): AdminCoupon {
  return {
    ...toTerms(r, locale, currency),
    texts: parseTexts<CouponText>(r.texts) as Record<string, CouponText>,
    perUserLimit: Number(r.per_user_limit),
    total: Number(r.total),
    remaining: Number(r.remaining),
    status: Number(r.status) === 1 ? 1 : 0,
    receivedCount: stats?.received ?? 0,
    usedCount: stats?.used ?? 0,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Creates a coupon (operators and the demo seed); returns its id. */
export async function createCoupon(db: Db, input: AdminCouponAddRequest, at = Date.now()) {
  return insertCoupon(db, {
    texts: JSON.stringify(input.texts),
    kind: input.kind,
    amount: input.kind === 'amount' ? input.amount : null,
    percent: input.kind === 'percent' ? input.percent : null,
    max_discount: input.kind === 'percent' ? input.maxDiscount : null,
    min_amount: input.minAmount,
    scope: input.scope,
    goods_ids: JSON.stringify(input.scope === 'goods' ? [...new Set(input.goodsIds)] : []),
    type_ids: JSON.stringify(input.scope === 'type' ? [...new Set(input.typeIds)] : []),
    starts_at: Date.parse(input.startsAt),
    ends_at: Date.parse(input.endsAt),
    per_user_limit: input.perUserLimit,
    total: input.total,
    remaining: input.total,
    status: input.status,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  });
}

export async function adminAddCoupon(ctx: AppContext, adminId: number, input: AdminCouponAddRequest) {
  await requirePermission(ctx, adminId, 'catalogue.write');
  return { id: await createCoupon(ctx.db, input) };
}

export async function adminChangeCoupon(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminCouponUpdateRequest>,
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'catalogue.write');
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findCoupon(trx, input.id);
    if (!row) return fail('NOT_FOUND');
    if (input.endsAt !== undefined && Date.parse(input.endsAt) <= Number(row.starts_at))
      fail('COUPON_WINDOW_INVALID');
    if (input.total !== undefined && !(await setCouponTotal(trx, input.id, input.total, at)))
      fail('COUPON_TOTAL_BELOW_RECEIVED', { received: Number(row.total) - Number(row.remaining) });
    await updateCoupon(trx, input.id, {
      ...(input.texts ? { texts: JSON.stringify(input.texts) } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.endsAt !== undefined ? { ends_at: Date.parse(input.endsAt) } : {}),
      ...(input.perUserLimit !== undefined ? { per_user_limit: input.perUserLimit } : {}),
      updated_at: at,
    });
  });
  return adminCouponInfo(ctx, input.id, locale);
}

export async function adminRemoveCoupons(ctx: AppContext, adminId: number, couponIds: number[]) {
  await requirePermission(ctx, adminId, 'catalogue.write');
  const res = await softDeleteCoupons(ctx.db, [...new Set(couponIds)], Date.now());
  return { count: Number(res.numUpdatedRows) };
}

export async function adminCouponPage(
  ctx: AppContext,
  req: { page: number; size: number; status?: 0 | 1 },
  locale: Locale,
) {
  const { total, rows } = await queryCoupons(
    ctx.db,
    { status: req.status },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  const stats = await couponStats(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  return {
    list: rows.map((r) => toAdminCoupon(r, stats.get(Number(r.id)), locale, ctx.config.currency)),
    pagination: { page: req.page, size: req.size, total },
  };
}

export async function adminCouponInfo(ctx: AppContext, id: number, locale: Locale) {
  const row = await findCoupon(ctx.db, id);
  if (!row) return fail('NOT_FOUND');
  const stats = await couponStats(ctx.db, [id]);
  return toAdminCoupon(row, stats.get(id), locale, ctx.config.currency);
}
