import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderListPage() {
  return <UnderConstruction path="/pages/order/list" />;
}
