export { CouponView } from './components/coupon-view';
export { CouponCard, useCouponValue } from './components/coupon-card';
export { COUPON_KEY, couponOffersQuery, myCouponsQuery, useReceiveCoupon } from './api/coupon.api';
export { CouponSuggestion, bestOffer } from './components/coupon-suggestion';
