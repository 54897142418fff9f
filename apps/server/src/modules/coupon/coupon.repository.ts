import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { UserCouponState } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import type { CouponInfoTable, CouponUserTable } from '../../db/schema';

export type CouponRow = Selectable<CouponInfoTable>;
export type UserCouponRow = Selectable<CouponUserTable>;

// ---------------------------------------------------------------- coupon info

export const insertCoupon = async (db: Db, row: Insertable<CouponInfoTable>) =>
  (await db.insertInto('coupon_info').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const findCoupon = (db: Db, id: number) =>
  db
    .selectFrom('coupon_info')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findCouponsByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([] as CouponRow[])
    : db.selectFrom('coupon_info').selectAll().where('id', 'in', ids).execute();

export const updateCoupon = (db: Db, id: number, set: Updateable<CouponInfoTable>) =>
  db
    .updateTable('coupon_info')
    .set(set)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Sets a new total and moves `remaining` by the same difference, in one conditional update: never below
 * zero (coupons already received stay received). False when that would go below zero.
 */
export async function setCouponTotal(db: Db, id: number, total: number, at: number) {
  const res = await db
    .updateTable('coupon_info')
    .set((eb) => ({
      remaining: eb('remaining', '+', eb(eb.val(total), '-', eb.ref('total'))),
      total,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb('remaining', '+', eb(eb.val(total), '-', eb.ref('total'))), '>=', 0))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const softDeleteCoupons = (db: Db, ids: number[], at: number) =>
  db
    .updateTable('coupon_info')
    .set({ deleted_at: at, status: 0, updated_at: at })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Coupons shoppers can see now: enabled and not over yet (sold-out ones too, shown as such); newest first. */
export const findCouponsOnOffer = (db: Db, at: number, limit: number) =>
  db
    .selectFrom('coupon_info')
    .selectAll()
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .where('ends_at', '>', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Operator listing, every coupon not deleted. */
export async function queryCoupons(
  db: Db,
  f: { status?: number },
  paging: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('coupon_info')
    .where('deleted_at', 'is', null)
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status!));
  const [row] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return { total: Number(row?.total ?? 0), rows };
}

/**
 * Takes one coupon out of what is left, in one conditional update (never below zero, never read-then-write).
 * False when none is left, or the coupon is disabled, deleted or over.
 */
export async function takeCouponStock(trx: Db, couponId: number, at: number) {
  const res = await trx
    .updateTable('coupon_info')
    .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
    .where('id', '=', couponId)
    .where('remaining', '>', 0)
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .where('ends_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many of each coupon were received and used (operators). */
export async function couponStats(db: Db, couponIds: number[]) {
  if (couponIds.length === 0) return new Map<number, { received: number; used: number }>();
  const rows = await db
    .selectFrom('coupon_user')
    .select([
      'coupon_id',
      (eb) => eb.fn.countAll<number>().as('received'),
      sql<number>`cast(coalesce(sum(status), 0) as bigint)`.as('used'),
    ])
    .where('coupon_id', 'in', couponIds)
    .groupBy('coupon_id')
    .execute();
  return new Map(
    rows.map((r) => [Number(r.coupon_id), { received: Number(r.received), used: Number(r.used) }]),
  );
}

// ---------------------------------------------------------------- user coupons

/** How many of each coupon the user received (hidden ones count too: hiding does not give another). */
export async function receivedCounts(db: Db, userId: number, couponIds: number[]) {
  if (couponIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('coupon_user')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('coupon_id', 'in', couponIds)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.coupon_id), Number(r.n)]));
}

export const insertUserCoupon = async (db: Db, row: Insertable<CouponUserTable>) =>
  (await db.insertInto('coupon_user').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** The user coupon's own columns, aliased apart from the coupon's (both have `id` and `status`). */
const userCouponColumns = [
  'coupon_user.id as uc_id',
  'coupon_user.user_id as uc_user_id',
  'coupon_user.status as uc_status',
  'coupon_user.order_id as uc_order_id',
  'coupon_user.received_at as uc_received_at',
  'coupon_user.used_at as uc_used_at',
] as const;

function ownCoupons(db: Db, userId: number) {
  return db
    .selectFrom('coupon_user')
    .innerJoin('coupon_info', 'coupon_info.id', 'coupon_user.coupon_id')
    .where('coupon_user.user_id', '=', userId)
    .where('coupon_user.deleted_at', 'is', null);
}

export type UserCouponFilter = { status?: number; state?: UserCouponState; at: number };

function filtered(db: Db, userId: number, f: UserCouponFilter) {
  let q = ownCoupons(db, userId);
  if (f.status !== undefined) q = q.where('coupon_user.status', '=', f.status);
  if (f.state === 'used') q = q.where('coupon_user.status', '=', 1);
  if (f.state === 'unused') q = q.where('coupon_user.status', '=', 0).where('coupon_info.ends_at', '>', f.at);
  if (f.state === 'expired')
    q = q.where('coupon_user.status', '=', 0).where('coupon_info.ends_at', '<=', f.at);
  return q;
}

/** The user's coupons with their terms: unused ones ending soonest first, then the most recent. */
export async function queryUserCoupons(
  db: Db,
  userId: number,
  f: UserCouponFilter,
  paging?: { limit: number; offset: number },
) {
  const base = filtered(db, userId, f);
  let total = 0;
  if (paging) {
    const [row] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    total = Number(row?.total ?? 0);
  }
  const rows = await base
    .selectAll('coupon_info')
    .select(userCouponColumns)
    .orderBy('coupon_user.status', 'asc')
    .orderBy('coupon_info.ends_at', 'asc')
    .orderBy('coupon_user.id', 'desc')
    .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
    .execute();
  return { total: paging ? total : rows.length, rows: rows.map(splitJoined) };
}

/** One of the user's coupons with its terms; undefined when it is someone else's, hidden or gone. */
export async function findUserCoupon(db: Db, userId: number, id: number) {
  const row = await ownCoupons(db, userId)
    .selectAll('coupon_info')
    .select(userCouponColumns)
    .where('coupon_user.id', '=', id)
    .executeTakeFirst();
  return row ? splitJoined(row) : undefined;
}

type Joined = CouponRow & {
  uc_id: number;
  uc_user_id: number;
  uc_status: number;
  uc_order_id: number | null;
  uc_received_at: number;
  uc_used_at: number | null;
};
export type UserCouponWithTerms = { userCoupon: Omit<UserCouponRow, 'deleted_at'>; coupon: CouponRow };

function splitJoined({
  uc_id,
  uc_user_id,
  uc_status,
  uc_order_id,
  uc_received_at,
  uc_used_at,
  ...coupon
}: Joined) {
  return {
    userCoupon: {
      id: Number(uc_id),
      user_id: Number(uc_user_id),
      coupon_id: Number(coupon.id),
      status: Number(uc_status),
      order_id: uc_order_id === null ? null : Number(uc_order_id),
      received_at: Number(uc_received_at),
      used_at: uc_used_at === null ? null : Number(uc_used_at),
    },
    coupon: coupon as CouponRow,
  } satisfies UserCouponWithTerms;
}

/** Hides the user's coupons from their list; returns how many. */
export const hideUserCoupons = async (db: Db, userId: number, ids: number[], at: number) =>
  Number(
    (
      await db
        .updateTable('coupon_user')
        .set({ deleted_at: at })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

/** Ids among `ids` that are the user's visible coupons. */
export const ownedUserCouponIds = async (db: Db, userId: number, ids: number[]) =>
  (
    await db
      .selectFrom('coupon_user')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((r) => Number(r.id));

/**
 * Marks an unused coupon used by an order, with one guarded update: only the owner's, only unused, only
 * inside the coupon's window, only while the coupon is enabled and not deleted. False when any of that does not hold (nothing changed).
 */
export async function markCouponUsed(
  trx: Db,
  o: { id: number; userId?: number; orderId: number; at: number },
) {
  const res = await trx
    .updateTable('coupon_user')
    .set({ status: 1, order_id: o.orderId, used_at: o.at })
    .where('id', '=', o.id)
    .where('status', '=', 0)
    .where('deleted_at', 'is', null)
    .$if(o.userId !== undefined, (q) => q.where('user_id', '=', o.userId!))
    .where((eb) =>
      eb(
        'coupon_id',
        'in',
        eb
          .selectFrom('coupon_info')
          .select('coupon_info.id')
          .where('coupon_info.starts_at', '<=', o.at)
          .where('coupon_info.ends_at', '>', o.at)
          .where('coupon_info.status', '=', 1)
          .where('coupon_info.deleted_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Puts a used coupon back to unused (its order was cancelled or closed), shown again if it was hidden. */
export async function markCouponReturned(trx: Db, o: { id: number; orderId?: number }) {
  const res = await trx
    .updateTable('coupon_user')
    .set({ status: 0, order_id: null, used_at: null, deleted_at: null })
    .where('id', '=', o.id)
    .where('status', '=', 1)
    .$if(o.orderId !== undefined, (q) => q.where('order_id', '=', o.orderId!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
