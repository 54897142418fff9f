import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { switchFlag } from './user';
import { localeTexts, minorAmount } from './catalogue';

/**
 * Coupons (issue 4). Operators define coupons (coupon info, status 0 disabled / 1 enabled); shoppers receive
 * them into their own list (user coupon, status 0 unused / 1 used; expired is derived from the window).
 * Kinds: `amount` takes a fixed amount off once the eligible goods reach `minAmount`; `percent` takes
 * `percent`% off the eligible goods, at most `maxDiscount`. Scope: every goods, some goods, or some goods
 * types (with their sub-types). Money in minor units of the shop currency.
 */

export const COUPON_PER_USER_MAX = 100;
export const COUPON_TOTAL_MAX = 10_000_000;

const entityId = z.coerce.number().int().positive();
const isoTime = z.string();

export const couponKind = z.enum(['amount', 'percent']);
export type CouponKind = z.infer<typeof couponKind>;
export const couponScope = z.enum(['all', 'goods', 'type']);
export type CouponScope = z.infer<typeof couponScope>;
/** What a user coupon is now: unused (can be used in its window), used, or expired unused. */
export const userCouponState = z.enum(['unused', 'used', 'expired']);
export type UserCouponState = z.infer<typeof userCouponState>;

/** The terms of a coupon, as a shopper sees them. */
export const couponTerms = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  kind: couponKind,
  amount: minorAmount.nullable().describe('amount kind: taken off'),
  percent: z.number().int().nullable().describe('percent kind: percent taken off (15 = 15% off)'),
  maxDiscount: minorAmount.nullable().describe('percent kind: the most taken off; null: no cap'),
  minAmount: minorAmount.describe('the eligible goods must reach this; 0: no threshold'),
  scope: couponScope,
  goodsIds: z.array(z.number().int()),
  typeIds: z.array(z.number().int()),
  startsAt: isoTime,
  endsAt: isoTime,
  currency: z.string(),
});
export type CouponTerms = z.infer<typeof couponTerms>;

/** A coupon on offer (app/market/coupon/info), with what the caller already received (0 without a token). */
export const couponInfo = couponTerms.extend({
  perUserLimit: z.number().int(),
  total: z.number().int(),
  remaining: z.number().int(),
  status: switchFlag.describe('0 disabled, 1 enabled'),
  received: z.number().int().describe('how many the caller holds of it'),
  canReceive: z.boolean().describe('enabled, not over, some left and the caller under the limit'),
});
export type CouponInfo = z.infer<typeof couponInfo>;
export const couponInfoPageRequest = pageRequest.extend({
  status: z.coerce.number().pipe(switchFlag).optional().describe('shoppers only ever see enabled coupons'),
  goodsId: entityId.optional().describe('only coupons usable on this goods'),
});
export const couponInfoPageResponse = pageOf(couponInfo);

export const userCoupon = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  status: switchFlag.describe('0 unused, 1 used'),
  expired: z.boolean().describe('unused and past its window'),
  state: userCouponState,
  usableNow: z.boolean().describe('unused and inside its window now'),
  orderId: z.number().int().nullable(),
  receivedAt: isoTime,
  usedAt: isoTime.nullable(),
  coupon: couponTerms,
});
export type UserCoupon = z.infer<typeof userCoupon>;
const userCouponFilter = z.object({
  status: z.coerce.number().pipe(switchFlag).optional(),
  state: userCouponState.optional().describe('the tabs: unused, used, expired'),
});
export const userCouponListRequest = userCouponFilter;
export const userCouponPageRequest = pageRequest.extend(userCouponFilter.shape);
export const userCouponListResponse = z.array(userCoupon);
export const userCouponPageResponse = pageOf(userCoupon);
export const couponReceiveRequest = z.object({ couponId: entityId });
export const userCouponDeleteRequest = z.object({ ids: z.array(entityId).min(1).max(100) });
export const userCouponDeleteResponse = z.object({ deleted: z.number().int() });

/** A coupon the caller can use on the given goods, with what it takes off. */
export const applicableCoupon = z.object({
  userCoupon,
  eligibleAmount: minorAmount.describe('the part of the goods total the coupon applies to'),
  discount: minorAmount,
});
export type ApplicableCoupon = z.infer<typeof applicableCoupon>;
export const applicableCouponsResponse = z.array(applicableCoupon);

// ---------------------------------------------------------------- operator calls (admin/market/coupon)

const couponText = z.object({
  title: z.string().trim().min(1).max(60),
  description: z.string().trim().max(300).optional(),
});
const couponTermsInput = z.object({
  texts: localeTexts(couponText),
  kind: couponKind,
  amount: minorAmount.min(1).nullable().default(null),
  percent: z.number().int().min(1).max(99).nullable().default(null),
  maxDiscount: minorAmount.min(1).nullable().default(null),
  minAmount: minorAmount.default(0),
  scope: couponScope.default('all'),
  goodsIds: z.array(entityId).max(200).default([]),
  typeIds: z.array(entityId).max(200).default([]),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  perUserLimit: z.number().int().min(1).max(COUPON_PER_USER_MAX).default(1),
  total: z.number().int().min(1).max(COUPON_TOTAL_MAX),
  status: switchFlag.default(1),
});
type TermsCheck = {
  kind: CouponKind;
  amount: number | null;
  percent: number | null;
  scope: CouponScope;
  goodsIds: number[];
  typeIds: number[];
  startsAt: string;
  endsAt: string;
};
export const adminCouponAddRequest = couponTermsInput
  .refine((v: TermsCheck) => v.kind !== 'amount' || v.amount !== null, {
    path: ['amount'],
    params: { rule: 'required' },
  })
  .refine((v: TermsCheck) => v.kind !== 'percent' || v.percent !== null, {
    path: ['percent'],
    params: { rule: 'required' },
  })
  .refine((v: TermsCheck) => v.scope !== 'goods' || v.goodsIds.length > 0, {
    path: ['goodsIds'],
    params: { rule: 'required' },
  })
  .refine((v: TermsCheck) => v.scope !== 'type' || v.typeIds.length > 0, {
    path: ['typeIds'],
    params: { rule: 'required' },
  })
  .refine((v: TermsCheck) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    path: ['endsAt'],
    params: { rule: 'endsAfterStart' },
  });
export type AdminCouponAddRequest = z.infer<typeof adminCouponAddRequest>;
/**
 * What may change once a coupon exists: texts, status, the end of the window, the per-user limit and the
 * total (the remaining count moves by the same amount, never below what is left). The discount terms are
 * fixed, since shoppers already hold coupons on them.
 */
export const adminCouponUpdateRequest = z.object({
  id: entityId,
  texts: localeTexts(couponText).optional(),
  status: switchFlag.optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  perUserLimit: z.number().int().min(1).max(COUPON_PER_USER_MAX).optional(),
  total: z.number().int().min(0).max(COUPON_TOTAL_MAX).optional(),
});
export const adminCouponPageRequest = pageRequest.extend({
  status: z.coerce.number().pipe(switchFlag).optional(),
});
export const adminCouponIdsRequest = z.object({ ids: z.array(entityId).min(1).max(100) });
export const adminCoupon = couponTerms.extend({
  texts: z.record(z.string(), couponText),
  perUserLimit: z.number().int(),
  total: z.number().int(),
  remaining: z.number().int(),
  status: switchFlag,
  receivedCount: z.number().int(),
  usedCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminCoupon = z.infer<typeof adminCoupon>;
export const adminCouponPageResponse = pageOf(adminCoupon);
export const adminCouponIdResponse = z.object({ id: z.number().int() });
export const adminCouponCountResponse = z.object({ count: z.number().int() });
