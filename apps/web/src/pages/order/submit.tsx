import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function OrderSubmitPage() {
  return <UnderConstruction path="/pages/order/submit" />;
}
