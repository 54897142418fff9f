import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderRefundPage() {
  return <UnderConstruction path="/pages/order/refund" />;
}
