import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderLogisticsPage() {
  return <UnderConstruction path="/pages/order/logistics" />;
}
