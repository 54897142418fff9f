import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CouponInfo, UserCoupon, UserCouponState } from '@simshop/contracts';
import { request } from '../../../lib/request';

/** The coupon calls (issue 4), paths after `/api/`. */
export const COUPON_URLS = {
  offers: 'app/market/coupon/info/page',
  mine: 'app/market/coupon/user/list',
  receive: 'app/market/coupon/user/receive',
} as const;

export const COUPON_KEY = ['coupon'] as const;
const OFFERS_SIZE = 20;

type Paged<T> = { list: T[]; pagination: { page: number; size: number; total: number } };

/** Coupons on offer, each saying whether the caller can still receive it. */
export const couponOffersQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COUPON_KEY, lang, 'offers'] as const,
    queryFn: async ({ signal }) =>
      (
        await request<Paged<CouponInfo>>({
          url: COUPON_URLS.offers,
          method: 'POST',
          data: { page: 1, size: OFFERS_SIZE },
          signal,
        })
      ).list,
  });

/** The caller's coupons in one state (the page's tabs: unused, used, expired). */
export const myCouponsQuery = (lang: string, state: UserCouponState) =>
  queryOptions({
    queryKey: [...COUPON_KEY, lang, 'mine', state] as const,
    queryFn: ({ signal }) =>
      request<UserCoupon[]>({ url: COUPON_URLS.mine, method: 'POST', data: { state }, signal }),
  });

/** Receives a coupon on offer; refreshes offers and the caller's coupons (and checkout quotes). */
export function useReceiveCoupon() {
  const qc = useQueryClient();
  return async (couponId: number) => {
    try {
      return await request<UserCoupon>({ url: COUPON_URLS.receive, method: 'POST', data: { couponId } });
    } finally {
      await qc.invalidateQueries({ queryKey: COUPON_KEY });
      await qc.invalidateQueries({ queryKey: ['order', 'quote'] });
    }
  };
}
