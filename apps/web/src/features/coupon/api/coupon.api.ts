import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { UserCouponState } from '@simshop/contracts';
import { api } from '../../../lib/api/client';

export const COUPON_KEY = ['coupon'] as const;
const OFFERS_SIZE = 20;

/** Coupons on offer, each saying whether the caller can still receive it. */
export const couponOffersQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COUPON_KEY, lang, 'offers'] as const,
    queryFn: async ({ signal }) =>
      (await api.post('app/market/coupon/info/page', { body: { page: 1, size: OFFERS_SIZE }, signal })).list,
  });

/** The caller's coupons in one state (the page's tabs: unused, used, expired). */
export const myCouponsQuery = (lang: string, state: UserCouponState) =>
  queryOptions({
    queryKey: [...COUPON_KEY, lang, 'mine', state] as const,
    queryFn: ({ signal }) => api.post('app/market/coupon/user/list', { body: { state }, signal }),
  });

/** Receives a coupon on offer; refreshes offers and the caller's coupons (and checkout quotes). */
export function useReceiveCoupon() {
  const qc = useQueryClient();
  return async (couponId: number) => {
    try {
      return await api.post('app/market/coupon/user/receive', { body: { couponId } });
    } finally {
      await qc.invalidateQueries({ queryKey: COUPON_KEY });
      await qc.invalidateQueries({ queryKey: ['order', 'quote'] });
    }
  };
}
