import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderCorporateTransferPage() {
  return <UnderConstruction path="/pages/order/corporate-transfer" />;
}
