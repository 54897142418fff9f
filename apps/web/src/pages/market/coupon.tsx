import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function MarketCouponPage() {
  return <UnderConstruction path="/pages/market/coupon" />;
}
